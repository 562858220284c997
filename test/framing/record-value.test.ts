import { MockClient, ProtobufSerializer, SerdeType } from "@confluentinc/schemaregistry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeRecordValue, encodeSchemaRegistryFrame } from "../../src/framing/index.js";
import {
  createEnvelope,
  encodeEnvelope,
  GRPC_AttendantPayloadSchema,
  isCodecError,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { envelopeTable } from "../helpers/accepted-by-protobuf-es.js";
import { B, concat, wire } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { schemaIds } from "../helpers/framing-arbitraries.js";
import { sameEnvelope } from "../helpers/wire-fields.js";

const bin = "cannot decode kafka_grpc.GRPC_AttendantPayload from binary";
const envelope = createEnvelope("messageStatus", { messageId: "m-1", status: 2 }, { handler: "s" });
describe("decodeRecordValue()", () => {
  it("decodes bare protobuf and says so", () => {
    const value = decodeRecordValue(encodeEnvelope(envelope));
    expect(value.framing).toBe("raw");
    expect(Object.keys(value)).toEqual(["framing", "envelope"]);
    expect(sameEnvelope(value.envelope, envelope)).toBe(true);
  });

  it("decodes a Schema Registry frame and returns its schema id and indexes", () => {
    const value = decodeRecordValue(encodeSchemaRegistryFrame(envelope, { schemaId: 77 }));
    expect(value).toMatchObject({ framing: "schema-registry", schemaId: 77, messageIndexes: [0] });
    expect(sameEnvelope(value.envelope, envelope)).toBe(true);
  });

  it("decodes what Confluent's ProtobufSerializer writes", async () => {
    const serializer = new ProtobufSerializer(new MockClient(), SerdeType.VALUE, {
      autoRegisterSchemas: true,
    });
    serializer.registry.add(GRPC_AttendantPayloadSchema);
    const value = decodeRecordValue(await serializer.serialize("topic", envelope));
    expect(value.framing === "schema-registry" && value.schemaId).toBe(1);
    expect(sameEnvelope(value.envelope, envelope)).toBe(true);
  });

  it("takes empty bytes for bare protobuf: an empty envelope", () => {
    expect(codecErrorOf(() => decodeRecordValue(B())).message).toBe(
      "[missing_data] cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    );
    const value = decodeRecordValue(B(), null, { requireData: false });
    expect(value.framing).toBe("raw");
    expect(value.envelope.Data.case).toBeUndefined();
  });

  it.each<[string, Uint8Array, object, string, string]>([
    [
      "a bad frame",
      B(0x00, 0x00, 0x00),
      {},
      "truncated",
      "cannot decode schema registry frame: frame of 3 bytes is shorter than its 5-byte header (magic byte and schema id)",
    ],
    [
      "a frame over maxBytes",
      encodeSchemaRegistryFrame(envelope, { schemaId: 1 }),
      { maxBytes: 10 },
      "too_large",
      "cannot decode schema registry frame: frame of 18 bytes exceeds maxBytes 10",
    ],
    [
      "bare protobuf over maxBytes",
      encodeEnvelope(envelope),
      { maxBytes: 10 },
      "too_large",
      `${bin}: message of 12 bytes exceeds maxBytes 10`,
    ],
    [
      "bare protobuf starting with field number 0 (the GUID framing 0x01)",
      concat(B(0x01), new Uint8Array(16), B(0x00), encodeEnvelope(envelope)),
      {},
      "malformed",
      "cannot decode a record value: first byte 0x01 is neither the Schema Registry magic byte 0x00 nor the start of a protobuf envelope (field number 0): a frame with another magic byte?",
    ],
    [
      "bare protobuf cut off",
      encodeEnvelope(envelope).subarray(0, 5),
      {},
      "truncated",
      `${bin}: length-delimited field of 7 bytes at offset 4 runs past the end of the input`,
    ],
    [
      "null, a tombstone",
      null as never,
      {},
      "invalid_argument",
      `${bin}: expected a Uint8Array, got null`,
    ],
    [
      "a Proxy around a Uint8Array",
      new Proxy(new Uint8Array([0x0a, 0x00]), {}),
      {},
      "invalid_argument",
      `${bin}: expected a Uint8Array, got object`,
    ],
  ])("rejects %s", (_, bytes, options, code, message) => {
    const error = codecErrorOf(() => decodeRecordValue(bytes, null, options));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`[${code}] ${message}`);
  });
});

describe("decodeRecordValue() on envelopes protobuf-es reads without an error", () => {
  const frame = (payload: Uint8Array) =>
    new Uint8Array([
      ...wire(
        "00", // magic byte
        "00 00 00 2a", // schema id 42, big-endian
        "00", // message indexes [0], short form
      ),
      ...payload,
    ]);

  it.each(envelopeTable)("rejects %s as bare protobuf with decodeEnvelope's message", (_, c) => {
    const error = codecErrorOf(() => decodeRecordValue(c.bytes));
    expect(error.message).toBe(`[malformed] ${c.message}`);
  });

  it.each(envelopeTable)("rejects %s in a Schema Registry frame, at offset 6", (_, c) => {
    const error = codecErrorOf(() => decodeRecordValue(frame(c.bytes)));
    expect(error.code).toBe("malformed");
    expect(error.rawMessage).toBe(
      `cannot decode schema registry frame: envelope at offset 6: ${c.message}`,
    );
    expect(isCodecError(error.cause)).toBe(true);
  });
});

// The identities, with fast-check, on the envelopes of vehicle-update-codec/testing.

describe("decodeRecordValue() identities", () => {
  it("tells bare protobuf from a Schema Registry frame, and decodes both", () => {
    const values = fc.array(
      fc.tuple(arbitraryEnvelope(), fc.option(schemaIds, { nil: undefined })),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(values, (records) => {
        for (const [envelope, schemaId] of records) {
          const bytes =
            schemaId === undefined
              ? encodeEnvelope(envelope)
              : encodeSchemaRegistryFrame(envelope, { schemaId });
          const value = decodeRecordValue(bytes);
          if (schemaId === undefined) {
            expect(value.framing).toBe("raw");
          } else {
            expect(value).toMatchObject({ framing: "schema-registry", schemaId });
          }
          expect(sameEnvelope(value.envelope, envelope)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("fails on any bytes with a CodecError only", () => {
    const frames = fc.oneof(
      fc.uint8Array({ maxLength: 40 }).map((b) => concat(new Uint8Array([0]), b)),
      fc
        .tuple(arbitraryEnvelope(), schemaIds, fc.nat({ max: 40 }), fc.uint8Array({ maxLength: 4 }))
        .map(([envelope, schemaId, at, junk]) => {
          const frame = encodeSchemaRegistryFrame(envelope, { schemaId });
          const i = Math.min(at, frame.length);
          return concat(frame.subarray(0, i), junk, frame.subarray(i));
        }),
    );
    fc.assert(
      fc.property(frames, (frame) => {
        try {
          decodeRecordValue(frame, null, { requireData: false });
        } catch (error) {
          if (!isCodecError(error)) throw error;
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("decodeRecordValue() on values that are no envelope", () => {
  it.each([1, 2, 7])("names a first byte 0x0%i: a frame with another magic byte", (byte) => {
    const frame = encodeSchemaRegistryFrame(envelope, { schemaId: 3 });
    frame[0] = byte;
    const error = codecErrorOf(() => decodeRecordValue(frame));
    expect(error.code).toBe("malformed");
    expect(error.rawMessage).toBe(
      `cannot decode a record value: first byte 0x0${byte} is neither the Schema Registry magic byte 0x00 nor the start of a protobuf envelope (field number 0): a frame with another magic byte?`,
    );
  });

  it.each(['{"handler":"h","updateGet":{"vin":"WVWZZZ1JZXW000001"}}', '[{"handler":"h"}]'])(
    "says that JSON text %s is JSON",
    (text) => {
      const error = codecErrorOf(() => decodeRecordValue(new TextEncoder().encode(text)));
      expect(error.code).toBe("malformed");
      expect(error.rawMessage).toBe(
        "cannot decode a record value: the value is JSON text, not a protobuf envelope nor a Schema Registry frame (read proto3 JSON with envelopeFromJson)",
      );
    },
  );

  it("never refuses an arbitrary envelope, bare or framed, by these checks", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), schemaIds, (value, schemaId) => {
        expect(decodeRecordValue(encodeEnvelope(value)).framing).toBe("raw");
        expect(decodeRecordValue(encodeSchemaRegistryFrame(value, { schemaId })).framing).toBe(
          "schema-registry",
        );
      }),
      { numRuns: 200 },
    );
  });
});
