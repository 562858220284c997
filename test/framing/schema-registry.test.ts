import { create } from "@bufbuild/protobuf";
import {
  MockClient,
  ProtobufDeserializer,
  ProtobufSerializer,
  SerdeType,
} from "@confluentinc/schemaregistry";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import {
  decodeRecordValue,
  decodeSchemaRegistryFrame,
  ENVELOPE_MESSAGE_INDEXES,
  encodeSchemaRegistryFrame,
} from "../../src/framing/index.js";
import {
  type BinaryReadOptions,
  type CodecError,
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  file_kafka_grpc_kafka_grpc,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
  VehicleDataSchema,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { B, concat, hex } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { schemaIds } from "../helpers/framing-arbitraries.js";
import { sameEnvelope } from "../helpers/wire-fields.js";

const ctx = "cannot decode schema registry frame";
const enc = "cannot encode schema registry frame";
const bin = "cannot decode kafka_grpc.GRPC_AttendantPayload from binary";
const topic = "vehicle-updates";

const envelope = createEnvelope("updateGet", { vin: "V1" }, { handler: "h" });
const payload = encodeEnvelope(envelope); // 0a01683a040a025631
const header = (id: number) => B(0x00, id >>> 24, (id >>> 16) & 0xff, (id >>> 8) & 0xff, id & 0xff);

describe("the contract", () => {
  it("keeps GRPC_AttendantPayload the first message of kafka_grpc.proto, index [0]", () => {
    expect(file_kafka_grpc_kafka_grpc.messages[0]).toBe(GRPC_AttendantPayloadSchema);
    expect(ENVELOPE_MESSAGE_INDEXES).toEqual([0]);
  });
});

describe("encodeSchemaRegistryFrame()", () => {
  it("writes 0x00, the schema id big-endian, 0x00 for the indexes [0], then the envelope", () => {
    expect(hex(payload)).toBe("0a01683a040a025631");
    expect(hex(encodeSchemaRegistryFrame(envelope, { schemaId: 1 }))).toBe(
      "00" + "00000001" + "00" + "0a01683a040a025631",
    );
    expect(
      hex(encodeSchemaRegistryFrame(envelope, { schemaId: 0x01020304, messageIndexes: [0] })),
    ).toBe("00" + "01020304" + "00" + "0a01683a040a025631");
  });

  it("writes other indexes as a zigzag-varint count and zigzag-varint indexes", () => {
    const frame = encodeSchemaRegistryFrame(envelope, { schemaId: 7, messageIndexes: [1, 2] });
    expect(hex(frame)).toBe("00" + "00000007" + "04" + "02" + "04" + "0a01683a040a025631");
    const big = encodeSchemaRegistryFrame(envelope, { schemaId: 7, messageIndexes: [2 ** 31 - 1] });
    expect(hex(big.subarray(5, 11))).toBe("02" + "feffffff0f");
  });

  it("writes the largest schema id, 2^31 - 1", () => {
    const frame = encodeSchemaRegistryFrame(envelope, { schemaId: 2 ** 31 - 1 });
    expect(hex(frame.subarray(0, 6))).toBe("007fffffff00");
  });

  it("passes the write options through", () => {
    const empty = create(GRPC_AttendantPayloadSchema);
    expect(codecErrorOf(() => encodeSchemaRegistryFrame(empty, { schemaId: 1 })).code).toBe(
      "missing_data",
    );
    expect(hex(encodeSchemaRegistryFrame(empty, { schemaId: 1, requireData: false }))).toBe(
      "000000000100",
    );
  });

  it.each<[string, unknown, string]>([
    ["no options", undefined, "options must be an object with a schemaId, got undefined"],
    [
      "no schemaId",
      {},
      "option schemaId must be a whole number from 0 to 2147483647, got undefined",
    ],
    [
      "a negative schemaId",
      { schemaId: -1 },
      "option schemaId must be a whole number from 0 to 2147483647, got -1",
    ],
    [
      "a schemaId of 2^31",
      { schemaId: 2 ** 31 },
      "option schemaId must be a whole number from 0 to 2147483647, got 2147483648",
    ],
    [
      "a fractional schemaId",
      { schemaId: 1.5 },
      "option schemaId must be a whole number from 0 to 2147483647, got 1.5",
    ],
    [
      "a schemaId string",
      { schemaId: "1" },
      "option schemaId must be a whole number from 0 to 2147483647, got string",
    ],
    [
      "empty messageIndexes",
      { schemaId: 1, messageIndexes: [] },
      "option messageIndexes must be a non-empty array, got []",
    ],
    [
      "messageIndexes not an array",
      { schemaId: 1, messageIndexes: 0 },
      "option messageIndexes must be a non-empty array, got number",
    ],
    [
      "a negative message index",
      { schemaId: 1, messageIndexes: [0, -1] },
      "option messageIndexes[1] must be a whole number from 0 to 2147483647, got -1",
    ],
    [
      "a message index of 2^31",
      { schemaId: 1, messageIndexes: [2 ** 31] },
      "option messageIndexes[0] must be a whole number from 0 to 2147483647, got 2147483648",
    ],
  ])("rejects %s", (_, options, message) => {
    const error = codecErrorOf(() => encodeSchemaRegistryFrame(envelope, options as never));
    expect(error.code).toBe("invalid_argument");
    expect(error.message).toBe(`[invalid_argument] ${enc}: ${message}`);
  });
});

describe("decodeSchemaRegistryFrame()", () => {
  it("decodes a frame with the short indexes 0x00", () => {
    const frame = concat(header(42), B(0x00), payload);
    const decoded = decodeSchemaRegistryFrame(frame);
    expect(decoded.schemaId).toBe(42);
    expect(decoded.messageIndexes).toEqual([0]);
    expect(sameEnvelope(decoded.envelope, envelope)).toBe(true);
  });

  it("decodes a frame with the long indexes 0x02 0x00", () => {
    const decoded = decodeSchemaRegistryFrame(concat(header(2 ** 31 - 1), B(0x02, 0x00), payload));
    expect(decoded.schemaId).toBe(2 ** 31 - 1);
    expect(decoded.messageIndexes).toEqual([0]);
    expect(sameEnvelope(decoded.envelope, envelope)).toBe(true);
  });

  it("decodes a frame from a Buffer that is a view into a larger pool", () => {
    const pool = Buffer.alloc(64, 0xee);
    const frame = encodeSchemaRegistryFrame(envelope, { schemaId: 9 });
    pool.set(frame, 11);
    const view = pool.subarray(11, 11 + frame.length);
    expect(decodeSchemaRegistryFrame(view).schemaId).toBe(9);
  });

  it("passes requireData, readUnknownFields and recursionLimit through", () => {
    const empty = concat(header(1), B(0x00));
    expect(decodeSchemaRegistryFrame(empty, { requireData: false }).envelope.Data.case).toBe(
      undefined,
    );
    const unknown = concat(header(1), B(0x00), payload, B(0xf8, 0x06, 0x01));
    expect(decodeSchemaRegistryFrame(unknown).envelope.$unknown).toHaveLength(1);
    expect(
      decodeSchemaRegistryFrame(unknown, { readUnknownFields: false }).envelope.$unknown,
    ).toBeUndefined();
    const deep = encodeEnvelope(
      createEnvelope("updateManifest", { ecuUpdates: [{ files: [{ writeRegion: {} }] }] }),
    );
    const inner = codecErrorOf(() => decodeEnvelope(deep, { recursionLimit: 3 }));
    const error = codecErrorOf(() =>
      decodeSchemaRegistryFrame(concat(header(1), B(0x00), deep), { recursionLimit: 3 }),
    );
    expect(error.code).toBe("too_deep");
    expect(error.rawMessage).toBe(`${ctx}: envelope at offset 6: ${inner.rawMessage}`);
    expect((error.cause as CodecError).rawMessage).toBe(inner.rawMessage);
  });

  const frame = concat(header(1), B(0x00), payload); // 15 bytes
  it.each<[string, Uint8Array, Partial<BinaryReadOptions>, string, string]>([
    [
      "an empty frame",
      B(),
      {},
      "truncated",
      "frame of 0 bytes is shorter than its 5-byte header (magic byte and schema id)",
    ],
    [
      "a frame cut inside the schema id",
      B(0x00, 0x00, 0x00, 0x01),
      {},
      "truncated",
      "frame of 4 bytes is shorter than its 5-byte header (magic byte and schema id)",
    ],
    [
      "a frame without message indexes",
      header(1),
      {},
      "truncated",
      "message index count at offset 5 runs past the end of the frame",
    ],
    ["bare protobuf", payload, {}, "malformed", "magic byte at offset 0 is 0x0a, expected 0x00"],
    [
      "the magic byte 0x01 of the GUID format",
      concat(B(0x01), new Uint8Array(16), B(0x00), payload),
      {},
      "malformed",
      "magic byte at offset 0 is 0x01, expected 0x00",
    ],
    [
      "a one-byte frame with a bad magic byte",
      B(0xff),
      {},
      "malformed",
      "magic byte at offset 0 is 0xff, expected 0x00",
    ],
    [
      "a negative schema id",
      concat(B(0x00, 0xff, 0xff, 0xff, 0xff, 0x00), payload),
      {},
      "malformed",
      "schema id at offset 1 is -1, expected 0 to 2147483647",
    ],
    [
      "a schema id of -2^31",
      concat(B(0x00, 0x80, 0x00, 0x00, 0x00, 0x00), payload),
      {},
      "malformed",
      "schema id at offset 1 is -2147483648, expected 0 to 2147483647",
    ],
    [
      "a negative index count",
      concat(header(1), B(0x01), payload),
      {},
      "malformed",
      "message index count at offset 5 is -1, expected 0 or more",
    ],
    [
      "bare protobuf after the schema id",
      concat(header(1), payload),
      {},
      "malformed",
      "message index at offset 6 is -1, expected 0 or more",
    ],
    [
      "a count larger than the bytes left",
      concat(header(1), B(0x0a, 0x00, 0x00)),
      {},
      "truncated",
      "message index count at offset 5 is 5, more than the 2 bytes left in the frame",
    ],
    [
      "a huge count",
      concat(header(1), B(0xfe, 0xff, 0xff, 0xff, 0x0f), payload),
      {},
      "truncated",
      "message index count at offset 5 is 2147483647, more than the 9 bytes left in the frame",
    ],
    [
      "a count varint over 5 bytes",
      concat(header(1), B(0x80, 0x80, 0x80, 0x80, 0x80, 0x00), payload),
      {},
      "malformed",
      "message index count at offset 5 is longer than 5 bytes",
    ],
    [
      "a count varint over 32 bits",
      concat(header(1), B(0x80, 0x80, 0x80, 0x80, 0x10), payload),
      {},
      "malformed",
      "message index count at offset 5 does not fit 32 bits",
    ],
    [
      "a count varint cut off",
      concat(header(1), B(0x80)),
      {},
      "truncated",
      "message index count at offset 5 runs past the end of the frame",
    ],
    [
      "a negative index",
      concat(header(1), B(0x02, 0x03), payload),
      {},
      "malformed",
      "message index at offset 6 is -2, expected 0 or more",
    ],
    [
      "an index varint cut off",
      concat(header(1), B(0x02, 0x80)),
      {},
      "truncated",
      "message index at offset 6 runs past the end of the frame",
    ],
    [
      "an index varint over 5 bytes",
      concat(header(1), B(0x02, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00), payload),
      {},
      "malformed",
      "message index at offset 6 is longer than 5 bytes",
    ],
    [
      "indexes [1, 2]",
      concat(header(1), B(0x04, 0x02, 0x04), payload),
      {},
      "malformed",
      "message indexes [1, 2] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])",
    ],
    [
      "indexes [1]",
      concat(header(1), B(0x02, 0x02), payload),
      {},
      "malformed",
      "message indexes [1] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])",
    ],
    [
      "indexes [0, 0] (a nested message)",
      concat(header(1), B(0x04, 0x00, 0x00), payload),
      {},
      "malformed",
      "message indexes [0, 0] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])",
    ],
    [
      "a long list of indexes",
      concat(header(1), B(0x18), new Uint8Array(12).fill(0x02), payload),
      {},
      "malformed",
      "message indexes [1, 1, 1, 1, 1, 1, 1, 1, … 4 more] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])",
    ],
    [
      "a frame over maxBytes",
      frame,
      { maxBytes: 14 },
      "too_large",
      "frame of 15 bytes exceeds maxBytes 14",
    ],
    [
      "an envelope with a field past its end",
      concat(header(1), B(0x00, 0x3a, 0x05, 0x0a)),
      {},
      "truncated",
      `envelope at offset 6: ${bin}: length-delimited field of 5 bytes at offset 1 runs past the end of the input`,
    ],
    [
      "an envelope with a long-form index",
      concat(header(1), B(0x02, 0x00, 0x00, 0x00)),
      {},
      "malformed",
      `envelope at offset 7: ${bin}: field number 0 at offset 0`,
    ],
    [
      "an empty envelope",
      concat(header(1), B(0x00)),
      {},
      "missing_data",
      "envelope at offset 6: cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    ],
  ])("rejects %s", (_, bytes, options, code, message) => {
    const error = codecErrorOf(() => decodeSchemaRegistryFrame(bytes, options));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`[${code}] ${ctx}: ${message}`);
  });

  it.each<[string, () => unknown, string]>([
    [
      "a string",
      () => decodeSchemaRegistryFrame("00" as never),
      `${ctx}: expected a Uint8Array, got string`,
    ],
    [
      "null",
      () => decodeSchemaRegistryFrame(null as never),
      `${ctx}: expected a Uint8Array, got null`,
    ],
    [
      "a Proxy around a Uint8Array",
      () => decodeSchemaRegistryFrame(new Proxy(frame, {})),
      `${ctx}: expected a Uint8Array, got object`,
    ],
    [
      "a bad maxBytes",
      () => decodeSchemaRegistryFrame(frame, { maxBytes: 1.5 }),
      "option maxBytes must be a whole number of at least 0, got 1.5",
    ],
    [
      "options that are not an object",
      () => decodeSchemaRegistryFrame(frame, "x" as never),
      "options must be an object, got string",
    ],
  ])("rejects %s with invalid_argument", (_, fn, message) => {
    expect(codecErrorOf(fn).message).toBe(`[invalid_argument] ${message}`);
  });
});

describe("Confluent's ProtobufSerializer and ProtobufDeserializer", () => {
  let client: MockClient;
  let serializer: ProtobufSerializer;
  let deserializer: ProtobufDeserializer;

  beforeEach(() => {
    client = new MockClient();
    serializer = new ProtobufSerializer(client, SerdeType.VALUE, { autoRegisterSchemas: true });
    serializer.registry.add(GRPC_AttendantPayloadSchema);
    deserializer = new ProtobufDeserializer(client, SerdeType.VALUE, {});
  });

  it("writes 0x00, the schema id, 0x00 and the envelope: the bytes we write", async () => {
    const theirs = await serializer.serialize(topic, envelope);
    expect(hex(theirs)).toBe("00" + "00000001" + "00" + "0a01683a040a025631");
    expect(hex(encodeSchemaRegistryFrame(envelope, { schemaId: 1 }))).toBe(hex(theirs));
  });

  it("writes what we decode to the same envelope", async () => {
    const rich = createEnvelope(
      "carUpdateProgress",
      { fileCurrent: 18446744073709551615n, errCode: -9223372036854775808n, status: "ünïcode 😀" },
      { handler: "progress" },
    );
    for (const original of [envelope, rich]) {
      const decoded = decodeSchemaRegistryFrame(await serializer.serialize(topic, original));
      expect(decoded.schemaId).toBe(1);
      expect(decoded.messageIndexes).toEqual([0]);
      expect(sameEnvelope(decoded.envelope, original)).toBe(true);
    }
  });

  it("reads what we write, with the short and the long form of [0]", async () => {
    const schemaId = (await serializer.serialize(topic, envelope)).readInt32BE(1);
    const short = encodeSchemaRegistryFrame(envelope, { schemaId });
    const long = concat(header(schemaId), B(0x02, 0x00), payload);
    for (const frame of [short, long]) {
      const read = await deserializer.deserialize(topic, Buffer.from(frame));
      expect(sameEnvelope(read as GRPC_AttendantPayload, envelope)).toBe(true);
    }
  });

  it("writes another message of the file with indexes we reject", async () => {
    serializer.registry.add(VehicleDataSchema);
    const vehicle = create(VehicleDataSchema, { vin: "V1" });
    const theirs = await serializer.serialize("vehicles", vehicle);
    expect(hex(theirs)).toBe("00" + "00000001" + "0214" + "0a025631");
    expect(codecErrorOf(() => decodeSchemaRegistryFrame(theirs)).message).toBe(
      `[malformed] ${ctx}: message indexes [10] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])`,
    );
  });
});

// The identities, with fast-check, on the envelopes of vehicle-update-codec/testing.

describe("encodeSchemaRegistryFrame() and decodeSchemaRegistryFrame() identities", () => {
  it("read back the envelope, the schema id and the indexes [0], as decodeRecordValue() does", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), schemaIds, (envelope, schemaId) => {
        const frame = encodeSchemaRegistryFrame(envelope, { schemaId });
        expect(frame[0]).toBe(0x00); // magic byte
        expect(new DataView(frame.buffer, frame.byteOffset).getInt32(1)).toBe(schemaId);
        const decoded = decodeSchemaRegistryFrame(frame);
        expect(decoded.schemaId).toBe(schemaId);
        expect(decoded.messageIndexes).toEqual([0]);
        expect(sameEnvelope(decoded.envelope, envelope)).toBe(true);
        const value = decodeRecordValue(frame);
        expect(value.framing === "schema-registry" && value.schemaId).toBe(schemaId);
      }),
      { numRuns: 200 },
    );
  });

  it("read the long form of the indexes [0] (0x02 0x00) as the short form", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), schemaIds, (envelope, schemaId) => {
        const short = encodeSchemaRegistryFrame(envelope, { schemaId });
        const long = concat(
          short.subarray(0, 5), // magic byte and schema id
          new Uint8Array([0x02, 0x00]), // count 1 (zigzag 2), index 0
          short.subarray(6), // the envelope
        );
        const decoded = decodeSchemaRegistryFrame(long);
        expect(decoded.schemaId).toBe(schemaId);
        expect(sameEnvelope(decoded.envelope, envelope)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
