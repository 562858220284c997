import { describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeSchemaRegistryFrame, VALUE_SCHEMA_ID_HEADER } from "../../src/framing/index.js";
import { createEnvelope, encodeEnvelope, envelopeKinds, isCodecError } from "../../src/index.js";
import {
  decodeKafkaMessage,
  encodeKafkaMessage,
  type KafkaMessage,
} from "../../src/kafka/index.js";
import { B, concat, hex } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { sameEnvelope } from "../helpers/wire-fields.js";

const envelope = createEnvelope("updateGet", { vin: "V1" }, { handler: "h" });
const bare = encodeEnvelope(envelope);
const GUID = "0123abcd-4567-89ef-0011-223344556677";
const guidBytes = B(
  0x01,
  0x23,
  0xab,
  0xcd,
  0x45,
  0x67,
  0x89,
  0xef,
  0x00,
  0x11,
  0x22,
  0x33,
  0x44,
  0x55,
  0x66,
  0x77,
);
const bin = "cannot decode kafka_grpc.GRPC_AttendantPayload from binary";

function payload(value: Uint8Array | null, headers?: KafkaMessage["headers"]) {
  const message: KafkaMessage = {
    value,
    key: Buffer.from("k"),
    offset: "42",
    timestamp: "1700000000000",
    ...(headers ? { headers } : {}),
  };
  return { topic: "updates", partition: 3, message };
}

describe("decodeKafkaMessage()", () => {
  it("decodes bare protobuf, keeping topic, partition, offset and key", () => {
    expect(decodeKafkaMessage(payload(Buffer.from(bare)))).toStrictEqual({
      kind: "ok",
      topic: "updates",
      partition: 3,
      offset: "42",
      key: Buffer.from("k"),
      headers: undefined,
      timestamp: "1700000000000",
      framing: "raw",
      envelope: expect.anything(),
    });
  });

  it("decodes a Schema Registry frame and returns its schema id", () => {
    const result = decodeKafkaMessage(
      payload(encodeSchemaRegistryFrame(envelope, { schemaId: 77 })),
    );
    expect(result).toMatchObject({ kind: "ok", framing: "schema-registry", schemaId: 77 });
    expect(result.kind === "ok" && sameEnvelope(result.envelope, envelope)).toBe(true);
  });

  it.each([
    ["a Buffer", (h: Uint8Array) => Buffer.from(h)],
    ["a Uint8Array", (h: Uint8Array) => h],
    ["an array, the last value counting", (h: Uint8Array) => [Buffer.from([0x09]), Buffer.from(h)]],
    ["a string of its bytes", (h: Uint8Array) => Buffer.from(h).toString("latin1")],
  ])("reads the schema id header given as %s", (_, shape) => {
    const header = concat(B(0x00, 0, 0, 0, 0x2a), B(0x00)); // id 42, indexes [0]
    if (_ === "a string of its bytes") {
      // a string is read as UTF-8: only ASCII bytes survive it
      const result = decodeKafkaMessage(
        payload(bare, { [VALUE_SCHEMA_ID_HEADER]: "\u0000\u0000\u0000\u0000*\u0000" }),
      );
      expect(result).toMatchObject({ kind: "ok", framing: "schema-registry-header", schemaId: 42 });
      return;
    }
    const result = decodeKafkaMessage(
      payload(bare, { [VALUE_SCHEMA_ID_HEADER]: shape(header) as never }),
    );
    expect(result).toMatchObject({ kind: "ok", framing: "schema-registry-header", schemaId: 42 });
  });

  it("reads a schema GUID from the header, and the long form of [0]", () => {
    const header = concat(B(0x01), guidBytes, B(0x02, 0x00));
    const result = decodeKafkaMessage(
      payload(bare, { [VALUE_SCHEMA_ID_HEADER]: Buffer.from(header) }),
    );
    expect(result).toMatchObject({
      kind: "ok",
      framing: "schema-registry-header",
      schemaGuid: GUID,
    });
    expect("schemaId" in result).toBe(false);
  });

  it("lets the header decide, as Confluent's DualSchemaIdDeserializer does", () => {
    const frame = encodeSchemaRegistryFrame(envelope, { schemaId: 1 });
    const header = Buffer.from(concat(B(0x01), guidBytes, B(0x00)));
    const result = decodeKafkaMessage(payload(frame, { [VALUE_SCHEMA_ID_HEADER]: header }));
    expect(result.kind === "error" && result.error.code).toBe("malformed");
  });

  it("gives a tombstone for a null value, keeping the record's origin", () => {
    expect(decodeKafkaMessage(payload(null, { trace: "t" }))).toStrictEqual({
      kind: "tombstone",
      topic: "updates",
      partition: 3,
      offset: "42",
      key: Buffer.from("k"),
      headers: { trace: "t" },
      timestamp: "1700000000000",
    });
  });

  it("fails a value that is not an envelope, keeping the record", () => {
    const value = Buffer.from([0xff, 0x01]);
    const result = decodeKafkaMessage(payload(value, { trace: "t" }));
    expect(result).toStrictEqual({
      kind: "error",
      error: expect.anything(),
      value,
      topic: "updates",
      partition: 3,
      offset: "42",
      key: Buffer.from("k"),
      headers: { trace: "t" },
      timestamp: "1700000000000",
    });
    expect(result.kind === "error" && result.value).toBe(value); // the same Buffer, untouched
    expect(result.kind === "error" && result.error.message).toBe(
      `[malformed] ${bin}: invalid wire type 7 at offset 0`,
    );
  });

  it("fails an envelope with no Data member this schema knows: a kind newer than it", () => {
    const result = decodeKafkaMessage(payload(B(0x98, 0x06, 0x01)));
    expect(result.kind === "error" && result.error.code).toBe("missing_data");
    const lenient = decodeKafkaMessage(payload(B(0x98, 0x06, 0x01)), { requireData: false });
    expect(lenient.kind === "ok" && lenient.envelope.Data.case).toBeUndefined();
  });

  it("passes maxBytes to each value", () => {
    const value = encodeKafkaMessage(sampleEnvelope("updateManifest")).value;
    const result = decodeKafkaMessage(payload(value), { maxBytes: value.length - 1 });
    expect(result.kind === "error" && result.error.message).toBe(
      `[too_large] ${bin}: message of ${value.length} bytes exceeds maxBytes ${value.length - 1}`,
    );
    expect(decodeKafkaMessage(payload(value), { maxBytes: value.length }).kind).toBe("ok");
  });

  it("takes options that any record would fail as good options, failing the record", () => {
    // maxBytes 0 is a good option under which every value is too large: not thrown, but each
    // record's failure (the options are checked on a small envelope, which they reject too).
    const result = decodeKafkaMessage(payload(bare), { maxBytes: 0 });
    expect(result.kind === "error" && result.error.code).toBe("too_large");
    expect(decodeKafkaMessage(payload(null), { maxBytes: 0 }).kind).toBe("tombstone");
  });

  it("reads each record's own GUID when records of several schemas alternate", () => {
    const other = "ffeeddcc-bbaa-9988-7766-554433221100";
    const otherBytes = Buffer.from(other.replaceAll("-", ""), "hex");
    const header = (guid: Uint8Array) => Buffer.from(concat(B(0x01), guid, B(0x00)));
    const guids = [guidBytes, otherBytes, otherBytes, guidBytes].map((guid) => {
      const result = decodeKafkaMessage(payload(bare, { [VALUE_SCHEMA_ID_HEADER]: header(guid) }));
      return result.kind === "ok" && result.schemaGuid;
    });
    expect(guids).toStrictEqual([GUID, other, other, GUID]);
  });

  it("fails a value that is not bytes with invalid_argument, without throwing", () => {
    const result = decodeKafkaMessage({
      topic: "t",
      partition: 0,
      message: { value: "text" as never, offset: "1" },
    });
    expect(result.kind === "error" && result.error.code).toBe("invalid_argument");
    expect(result.kind === "error" && result.value).toBe("text");
  });

  it.each([
    [{ maxBytes: -1 }, "option maxBytes must be a whole number of at least 0, got -1"],
    [{ requireData: "yes" }, "option requireData must be true or false, got string"],
    [{ recursionLimit: 0 }, "option recursionLimit must be a whole number of at least 1, got 0"],
    ["fast", "options must be an object, got string"],
  ])("throws invalid_argument for the bad options %j", (options, message) => {
    const error = codecErrorOf(() => decodeKafkaMessage(payload(bare), options as never));
    expect(error.message).toBe(`[invalid_argument] ${message}`);
  });

  it.each([
    [null, "payload must be an object with topic and partition, got null"],
    [{ partition: 0, message: {} }, "payload.topic must be a string, got undefined"],
    [
      { topic: "t", partition: -1, message: {} },
      "payload.partition must be a whole number of at least 0, got -1",
    ],
    [{ topic: "t", partition: 0 }, "payload.message must be a Kafka message object, got undefined"],
    [
      { topic: "t", partition: 0, message: { value: null, offset: 5 } },
      "payload.message.offset must be a string, got 5",
    ],
  ])("throws invalid_argument for the payload %j", (bad, message) => {
    const error = codecErrorOf(() => decodeKafkaMessage(bad as never));
    expect(error.message).toBe(`[invalid_argument] cannot decode Kafka record: ${message}`);
  });

  it("never throws for bytes: every mutation of a frame is a result", () => {
    const frame = encodeKafkaMessage(sampleEnvelope("dtcEntry"), {
      framing: "schema-registry",
      schemaId: 1,
    }).value;
    for (let i = 0; i < frame.length; i++) {
      for (const byte of [0x00, 0x80, 0xff]) {
        const value = Buffer.from(frame);
        value[i] = byte;
        const result = decodeKafkaMessage(payload(value));
        expect(result.kind !== "error" || isCodecError(result.error), hex(value)).toBe(true);
      }
    }
  });
});

describe("decodeKafkaMessage() with kinds", () => {
  const progress = encodeKafkaMessage(sampleEnvelope("carUpdateProgress")).value;
  const kinds = ["carUpdateProgress", "keys"] as const;

  it("decodes a record of a kind asked for as without kinds", () => {
    expect(decodeKafkaMessage(payload(progress), { kinds })).toStrictEqual(
      decodeKafkaMessage(payload(progress)),
    );
  });

  it("skips a record of another kind, with its kind, handler, framing and origin", () => {
    const frame = encodeSchemaRegistryFrame(envelope, { schemaId: 9 });
    expect(decodeKafkaMessage(payload(frame), { kinds })).toStrictEqual({
      kind: "skipped",
      topic: "updates",
      partition: 3,
      offset: "42",
      key: Buffer.from("k"),
      headers: undefined,
      timestamp: "1700000000000",
      envelopeKind: "updateGet",
      fieldNumber: 7,
      handler: "h",
      framing: "schema-registry",
      schemaId: 9,
      schemaGuid: undefined,
      value: frame,
    });
  });

  it("skips a record in the header framing with the header's schema GUID", () => {
    const header = Buffer.from(concat(B(0x01), guidBytes, B(0x00)));
    const result = decodeKafkaMessage(payload(bare, { [VALUE_SCHEMA_ID_HEADER]: header }), {
      kinds,
    });
    expect(
      result.kind === "skipped" && [result.framing, result.schemaId, result.schemaGuid],
    ).toStrictEqual(["schema-registry-header", undefined, GUID]);
  });

  it("skips a kind newer than the schema with its field number, not failing it", () => {
    const newer = B(0x0a, 0x01, 0x68, 0x6a, 0x01, 0x08); // handler "h", field 13: 1 byte
    const result = decodeKafkaMessage(payload(newer), { kinds });
    expect(result.kind === "skipped" && [result.envelopeKind, result.fieldNumber]).toStrictEqual([
      undefined,
      13,
    ]);
    const all = decodeKafkaMessage(payload(newer));
    expect(all.kind === "error" && all.error.code).toBe("missing_data");
  });

  it("fails an envelope without a member as decoding does, and skips it with requireData false", () => {
    const empty = B(0x0a, 0x01, 0x68);
    const result = decodeKafkaMessage(payload(empty), { kinds });
    expect(result.kind === "error" && result.error.message).toBe(
      "[missing_data] cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    );
    const lenient = decodeKafkaMessage(payload(empty), { kinds, requireData: false });
    expect(
      lenient.kind === "skipped" && [lenient.envelopeKind, lenient.fieldNumber, lenient.handler],
    ).toStrictEqual([undefined, undefined, "h"]);
  });

  it.each([
    ["bytes that are no envelope", B(0xff, 0x01)],
    ["a frame with another magic byte", B(0x01, 0x0a)],
    ["a truncated frame", B(0x00, 0x00, 0x00)],
  ])("fails %s as decoding does", (_, value) => {
    expect(decodeKafkaMessage(payload(value), { kinds })).toStrictEqual(
      decodeKafkaMessage(payload(value)),
    );
  });

  it("fails a bad schema id header as decoding does, whatever the kind", () => {
    const headers = { [VALUE_SCHEMA_ID_HEADER]: Buffer.from([0x02]) };
    const result = decodeKafkaMessage(payload(bare, headers), { kinds });
    expect(result.kind).toBe("error");
    expect(result).toStrictEqual(decodeKafkaMessage(payload(bare, headers)));
  });

  it("applies maxBytes before skipping, as decoding does", () => {
    const result = decodeKafkaMessage(payload(bare), { kinds, maxBytes: 2 });
    expect(result.kind === "error" && result.error.code).toBe("too_large");
  });

  it("skips every record for an empty set of kinds, tombstones aside", () => {
    expect(decodeKafkaMessage(payload(progress), { kinds: new Set() }).kind).toBe("skipped");
    expect(decodeKafkaMessage(payload(null), { kinds: [] }).kind).toBe("tombstone");
  });

  it.each([
    [
      ["carUpdateProgress", "CarUpdateProgress"],
      `option kinds holds "CarUpdateProgress", which is not an envelope kind (${envelopeKinds.join(", ")})`,
    ],
    [[7], `option kinds holds 7, which is not an envelope kind (${envelopeKinds.join(", ")})`],
    ["keys", "option kinds must be an array or a Set of envelope kinds, got string"],
    [null, "option kinds must be an array or a Set of envelope kinds, got null"],
    [{ keys: true }, "option kinds must be an array or a Set of envelope kinds, got object"],
  ])("throws invalid_argument for the option kinds %j", (bad, message) => {
    const error = codecErrorOf(() => decodeKafkaMessage(payload(bare), { kinds: bad as never }));
    expect(error.message).toBe(`[invalid_argument] cannot decode Kafka record: ${message}`);
  });
});
