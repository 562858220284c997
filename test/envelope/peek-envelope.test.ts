import {
  clone,
  createFileRegistry,
  type DescMessage,
  equals,
  type Message,
} from "@bufbuild/protobuf";
import { FieldDescriptorProto_Type, FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeSchemaRegistryFrame } from "../../src/framing/index.js";
import {
  CodecError,
  createEnvelope,
  decodeEnvelope,
  decodeMessage,
  type EnvelopePeek,
  encodeEnvelope,
  encodeMessage,
  envelopeKinds,
  envelopeMemberSchemas,
  file_kafka_grpc_kafka_grpc,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
  isCodecError,
  peekEnvelope,
} from "../../src/index.js";
import { readSchemaRegistryHeader } from "../../src/internal/read-schema-registry-header.js";
import { string as edgeString } from "../../src/testing/edge-arbitraries.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { goldenBinaries } from "../../tools/fuzz/corpus.js";
import { mutateBytes } from "../../tools/fuzz/mutate-bytes.js";
import { createRandom } from "../../tools/fuzz/random.js";
import { B, concat, wire } from "../helpers/bytes.js";
import { mutated } from "../helpers/mutated-bytes.js";
import { checkWire } from "../oracle/check-wire.js";

const envelopeText = "cannot decode kafka_grpc.GRPC_AttendantPayload from binary: ";
const frameText = "cannot decode schema registry frame: ";

/** The result of a peek that must succeed. */
function peekOk(bytes: Uint8Array, options?: Parameters<typeof peekEnvelope>[1]): EnvelopePeek {
  const result = peekEnvelope(bytes, options);
  if (result.kind === "error") throw result.error;
  return result;
}

/** The `[code, message]` of a peek that must fail. */
function peekError(bytes: Uint8Array, options?: Parameters<typeof peekEnvelope>[1]) {
  const result = peekEnvelope(bytes, options);
  if (result.kind !== "error") throw new Error(`peeked ${JSON.stringify(result)}`);
  expect(result.error).toBeInstanceOf(CodecError);
  return [result.error.code, result.error.rawMessage];
}

/** The bytes of the member a peek found. */
function dataOf(bytes: Uint8Array, peek: EnvelopePeek): Uint8Array {
  if (peek.dataOffset === undefined) throw new Error("no Data member");
  return bytes.subarray(peek.dataOffset, peek.dataOffset + peek.dataLength);
}

/** The member a peek found, decoded on its own from its range. */
function memberOf(bytes: Uint8Array, peek: EnvelopePeek): Message {
  if (peek.envelopeKind === undefined) throw new Error("no known Data member");
  return decodeMessage(envelopeMemberSchemas[peek.envelopeKind], dataOf(bytes, peek));
}

/** Equal as protobuf-es sees them, unknown fields included (through their bytes). */
function sameMember(envelope: GRPC_AttendantPayload, member: Message): boolean {
  const kind = envelope.Data.case;
  if (kind === undefined) return false;
  const schema = envelopeMemberSchemas[kind] as DescMessage;
  const value = envelope.Data.value as Message;
  return (
    equals(schema, value, member) &&
    Buffer.compare(encodeMessage(schema, value), encodeMessage(schema, member)) === 0
  );
}

/**
 * The envelope with each `Data` member as `bytes`: what the wire check (test/oracle) then checks
 * is exactly the envelope's own fields, which peekEnvelope reads, and never a member's inside.
 */
const opaqueEnvelope: DescMessage = (() => {
  const file = clone(FileDescriptorProtoSchema, file_kafka_grpc_kafka_grpc.proto);
  const members = new Set(envelopeKinds.map((kind) => kindFieldName(kind)));
  const envelope = file.messageType[0];
  for (const field of envelope?.field ?? []) {
    if (!members.has(field.name)) continue;
    field.type = FieldDescriptorProto_Type.BYTES;
    field.typeName = "";
  }
  return createFileRegistry(file, () => undefined).getMessage(
    "kafka_grpc.GRPC_AttendantPayload",
  ) as DescMessage;
})();

/** The proto name of the member of `kind`. */
function kindFieldName(kind: string): string {
  const field = GRPC_AttendantPayloadSchema.oneofs[0]?.fields.find((f) => f.localName === kind);
  if (field === undefined) throw new Error(`no member ${kind}`);
  return field.name;
}

/** How the wire check of the envelope's own fields ends: undefined, or its code and message. */
function ownFieldsError(bytes: Uint8Array): [string, string] | undefined {
  try {
    checkWire(opaqueEnvelope, bytes, 100);
    return undefined;
  } catch (error) {
    if (!isCodecError(error)) throw error;
    return [error.code, error.rawMessage];
  }
}

/**
 * What peekEnvelope must give for `bytes`: it fails exactly where the envelope's own fields
 * fail (same code and message); where decodeEnvelope succeeds, it gives its kind and handler,
 * and the range decodes to the same member unless the member was merged.
 */
function expectPeekAgrees(bytes: Uint8Array): void {
  const result = peekEnvelope(bytes);
  if (bytes[0] === 0x00) {
    // A Schema Registry frame: its header's error, or what the envelope after it gives.
    let offset: number;
    try {
      offset = readSchemaRegistryHeader(bytes).start;
    } catch (error) {
      if (!isCodecError(error)) throw error;
      expect(result.kind === "error" && [result.error.code, result.error.rawMessage]).toEqual([
        error.code,
        error.rawMessage,
      ]);
      return;
    }
    const own = ownFieldsError(bytes.subarray(offset));
    expect(result.kind === "error" ? result.error.code : result.framing).toBe(
      own?.[0] ?? "schema-registry",
    );
    return;
  }
  const own = ownFieldsError(bytes);
  if (own !== undefined) {
    expect(result.kind === "error" && [result.error.code, result.error.rawMessage]).toEqual(own);
    return;
  }
  expect(result.kind).toBe("ok");
  if (result.kind !== "ok") return;
  let envelope: GRPC_AttendantPayload;
  try {
    envelope = decodeEnvelope(bytes, { requireData: false });
  } catch (error) {
    // Only the inside of a member can fail where the envelope's own fields do not.
    if (!isCodecError(error)) throw error;
    expect(error.code).not.toBe("missing_data");
    expect(result.fieldNumber).toBeTypeOf("number");
    return;
  }
  expect(result.handler).toBe(envelope.handler);
  expect(result.envelopeKind).toBe(envelope.Data.case);
  if (result.envelopeKind !== undefined && !result.merged) {
    expect(sameMember(envelope, memberOf(bytes, result))).toBe(true);
  }
  if (result.envelopeKind === undefined && result.fieldNumber !== undefined) {
    // A newer member: the envelope keeps it among its unknown fields.
    expect(envelope.$unknown?.map((field) => field.no)).toContain(result.fieldNumber);
  }
}

describe("peekEnvelope()", () => {
  it.each(envelopeKinds)("gives the kind, the handler and the member's range of %s", (kind) => {
    const envelope = sampleEnvelope(kind);
    const bytes = encodeEnvelope(envelope);
    const peek = peekOk(bytes);
    expect(peek).toMatchObject({
      kind: "ok",
      handler: `ota.${kind}`,
      framing: "raw",
      schemaId: undefined,
      envelopeKind: kind,
      fieldNumber: envelopeKinds.indexOf(kind) + 2,
      merged: false,
    });
    expect(sameMember(envelope, memberOf(bytes, peek))).toBe(true);
    // The member's range ends the envelope, as encodeEnvelope writes the handler first.
    expect((peek.dataOffset ?? 0) + (peek.dataLength ?? 0)).toBe(bytes.length);
  });

  it("reads a Schema Registry frame, with offsets from the start of the frame", () => {
    const envelope = sampleEnvelope("dtcEntry");
    const frame = encodeSchemaRegistryFrame(envelope, { schemaId: 42 });
    const bare = peekOk(encodeEnvelope(envelope));
    const peek = peekOk(frame);
    expect(peek).toStrictEqual({
      ...bare,
      framing: "schema-registry",
      schemaId: 42,
      dataOffset: (bare.dataOffset ?? 0) + 6, // 0x00, 4 bytes of schema id, 0x00 for [0]
    });
    expect(sameMember(envelope, memberOf(frame, peek))).toBe(true);
  });

  it("counts offsets from the start of the view it is given (a Buffer into a larger fetch)", () => {
    const bytes = encodeEnvelope(sampleEnvelope("order"));
    const fetch = Buffer.concat([Buffer.from([1, 2, 3]), bytes, Buffer.from([4])]);
    const view = fetch.subarray(3, 3 + bytes.length);
    expect(peekOk(view)).toStrictEqual(peekOk(bytes));
  });

  it("gives every field of its result in one order, whatever the envelope holds", () => {
    const keys = [
      "kind",
      "handler",
      "framing",
      "schemaId",
      "envelopeKind",
      "fieldNumber",
      "dataOffset",
      "dataLength",
      "merged",
    ];
    expect(Object.keys(peekOk(encodeEnvelope(sampleEnvelope("keys"))))).toEqual(keys);
    expect(Object.keys(peekOk(B()))).toEqual(keys);
    expect(Object.keys(peekOk(wire("6a 00")))).toEqual(keys);
    expect(Object.keys(peekOk(wire("0a 02 c3 bc")))).toEqual(keys);
  });

  // Proto3 decides: the last handler and the last member win; a member given again before
  // another is merged with the earlier one.
  it.each([
    ["no field at all", "", { handler: "", envelopeKind: undefined, fieldNumber: undefined }],
    [
      "only a handler",
      "0a 01 61",
      { handler: "a", envelopeKind: undefined, fieldNumber: undefined, dataOffset: undefined },
    ],
    ["the handler twice: the last", "0a 01 61 0a 01 62", { handler: "b" }],
    [
      "the handler after the member",
      "2a 00 0a 01 61",
      { handler: "a", envelopeKind: "keys", dataOffset: 2, dataLength: 0 },
    ],
    [
      "two members of two kinds: the last",
      "2a 01 0a 12 00",
      { envelopeKind: "carUpdateStatus", fieldNumber: 2, dataOffset: 5, merged: false },
    ],
    [
      "one member twice: merged, the range of the last",
      "2a 01 0a 0a 01 61 2a 02 0a 00",
      { handler: "a", envelopeKind: "keys", dataOffset: 8, dataLength: 2, merged: true },
    ],
    [
      "a member, another, the first again: not merged",
      "2a 00 32 00 2a 01 08",
      { envelopeKind: "keys", dataOffset: 6, dataLength: 1, merged: false },
    ],
    [
      "a member, an unknown field, the member again: merged",
      "2a 00 6a 00 2a 00",
      { envelopeKind: "keys", dataOffset: 6, merged: true },
    ],
    [
      "a length-delimited unknown field and no member: a newer member",
      "0a 01 61 6a 03 08 01 10",
      { envelopeKind: undefined, fieldNumber: 13, dataOffset: 5, dataLength: 3, merged: false },
    ],
    [
      "a newer member with a two-byte tag",
      "a2 06 01 00",
      { envelopeKind: undefined, fieldNumber: 100, dataOffset: 3, dataLength: 1 },
    ],
    [
      "two newer members: the last",
      "6a 00 72 01 00",
      { envelopeKind: undefined, fieldNumber: 14, dataOffset: 4, dataLength: 1 },
    ],
    [
      "a known member and an unknown field after it: the known member",
      "3a 00 6a 00",
      { envelopeKind: "updateGet", fieldNumber: 7, dataOffset: 2 },
    ],
    [
      "unknown fields of other wire types: no member",
      "68 01 75 00 00 00 00 69 00 00 00 00 00 00 00 00 6b 08 01 6c",
      { envelopeKind: undefined, fieldNumber: undefined, dataOffset: undefined },
    ],
    [
      "a padded length (a varint longer than it needs)",
      "2a 81 80 80 00 00",
      { envelopeKind: "keys", dataOffset: 5, dataLength: 1 },
    ],
    ["a handler in UTF-8", "0a 06 47 72 c3 bc c3 9f", { handler: "Grüß" }],
  ] as const)("reads %s", (_, hex, expected) => {
    expect(peekOk(wire(hex))).toMatchObject({ kind: "ok", ...expected });
  });

  it("gives each handler for its own bytes, however many handlers of one length come in turn", () => {
    const handlers = Array.from({ length: 40 }, (_, i) => `ota.h${String(i).padStart(2, "0")}`);
    for (let round = 0; round < 3; round++) {
      for (const handler of [...handlers, ...handlers.slice(0, 5).reverse()]) {
        const bytes = encodeEnvelope(createEnvelope("updateGet", {}, { handler }));
        expect(peekOk(bytes).handler).toBe(handler);
      }
    }
  });

  it("does not look inside the member: its errors are decodeEnvelope's to find", () => {
    const bytes = wire("0a 01 61", "2a 03 ff ff ff");
    expect(peekOk(bytes)).toMatchObject({ envelopeKind: "keys", dataOffset: 5, dataLength: 3 });
    expect(() => decodeEnvelope(bytes)).toThrow(CodecError);
  });

  it.each([
    [
      "a truncated length",
      "0a 05 61",
      "truncated",
      "length-delimited field of 5 bytes at offset 1 runs past the end of the input",
    ],
    [
      "a truncated member",
      "2a 02 00",
      "truncated",
      "length-delimited field of 2 bytes at offset 1 runs past the end of the input",
    ],
    ["a length cut off", "2a 80", "truncated", "varint at offset 1 runs past the end of the input"],
    ["a tag cut off", "0a 00 80", "truncated", "varint at offset 2 runs past the end of the input"],
    ["a tag of 6 bytes", "80 80 80 80 80 01", "malformed", "tag at offset 0 does not fit 32 bits"],
    ["field number 0", "02 00", "malformed", "field number 0 at offset 0"],
    ["wire type 6", "0e", "malformed", "invalid wire type 6 at offset 0"],
    ["wire type 7", "0a 00 6f", "malformed", "invalid wire type 7 at offset 2"],
    [
      "an END_GROUP without its group",
      "6c",
      "malformed",
      "unexpected END_GROUP for field 13 at offset 0",
    ],
    [
      "a group closed by another field's END_GROUP",
      "6b 74",
      "malformed",
      "unexpected END_GROUP for field 14 at offset 1",
    ],
    [
      "a group left open",
      "6b 08 01",
      "truncated",
      "group 13 at offset 0 runs past the end of the input",
    ],
    [
      "the handler as a varint",
      "08 01",
      "malformed",
      "field kafka_grpc.GRPC_AttendantPayload.handler at offset 0 has wire type VARINT, expected LEN",
    ],
    [
      "a member as a varint",
      "28 01",
      "malformed",
      "field kafka_grpc.GRPC_AttendantPayload.keys at offset 0 has wire type VARINT, expected LEN",
    ],
    [
      "a member as a group",
      "0a 00 13 14",
      "malformed",
      "field kafka_grpc.GRPC_AttendantPayload.carUpdateStatus at offset 2 has wire type SGROUP, expected LEN",
    ],
    [
      "a handler in invalid UTF-8",
      "0a 02 c3 28",
      "invalid_utf8",
      "invalid UTF-8 in kafka_grpc.GRPC_AttendantPayload.handler at offset 1",
    ],
    [
      "a handler in CESU-8",
      "0a 03 ed a0 80",
      "invalid_utf8",
      "invalid UTF-8 in kafka_grpc.GRPC_AttendantPayload.handler at offset 1",
    ],
    [
      "a fixed64 cut off",
      "69 00 00",
      "truncated",
      "fixed64 value at offset 1 runs past the end of the input",
    ],
    [
      "a value starting 0x01 (another magic byte?)",
      "01 00 00 00 2a",
      "malformed",
      "field number 0 at offset 0",
    ],
  ])("fails for %s: %s, with decodeEnvelope's text", (_, hex, code, text) => {
    const bytes = wire(hex);
    expect(peekError(bytes)).toEqual([code, envelopeText + text]);
    expect(() => decodeEnvelope(bytes)).toThrow(`[${code}] ${envelopeText}${text}`);
  });

  it.each([
    [
      "a frame shorter than its header",
      "00 00 00",
      "truncated",
      "frame of 3 bytes is shorter than its 5-byte header (magic byte and schema id)",
    ],
    [
      "a negative schema id",
      "00 80 00 00 00 00",
      "malformed",
      "schema id at offset 1 is -2147483648, expected 0 to 2147483647",
    ],
    [
      "indexes other than [0]",
      "00 00 00 00 01 02 02",
      "malformed",
      "message indexes [1] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])",
    ],
    [
      "a frame without its index count",
      "00 00 00 00 01",
      "truncated",
      "message index count at offset 5 runs past the end of the frame",
    ],
  ])("fails for %s: %s, with the Schema Registry frame's text", (_, hex, code, text) => {
    expect(peekError(wire(hex))).toEqual([code, frameText + text]);
  });

  it("counts the offsets of an error in a frame from the start of the frame", () => {
    const frame = concat(wire("00 00 00 00 2a 00"), wire("0a 05 61"));
    expect(peekError(frame)).toEqual([
      "truncated",
      `${envelopeText}length-delimited field of 5 bytes at offset 7 runs past the end of the input`,
    ]);
  });

  it("fails for a value over maxBytes with too_large, frame and all", () => {
    const frame = encodeSchemaRegistryFrame(sampleEnvelope("updateGet"), { schemaId: 1 });
    expect(peekError(frame, { maxBytes: frame.length - 1 })).toEqual([
      "too_large",
      `${envelopeText}message of ${frame.length} bytes exceeds maxBytes ${frame.length - 1}`,
    ]);
    expect(peekOk(frame, { maxBytes: frame.length }).envelopeKind).toBe("updateGet");
  });

  it("fails for unknown groups nested deeper than recursionLimit with too_deep", () => {
    const bytes = wire("6b 6b 6c 6c");
    expect(peekOk(bytes, { recursionLimit: 3 }).fieldNumber).toBe(undefined);
    expect(peekError(bytes, { recursionLimit: 2 })).toEqual([
      "too_deep",
      `${envelopeText}group 13 in group 13 in kafka_grpc.GRPC_AttendantPayload at offset 2 nests deeper than recursionLimit 2`,
    ]);
    expect(() => decodeEnvelope(bytes, { recursionLimit: 2, requireData: false })).toThrow(
      `[too_deep] ${envelopeText}group 13 in group 13 in kafka_grpc.GRPC_AttendantPayload at offset 2 nests deeper than recursionLimit 2`,
    );
  });

  it.each([
    [
      "a string",
      "x",
      "cannot decode kafka_grpc.GRPC_AttendantPayload from binary: expected a Uint8Array, got string",
    ],
    [
      "null",
      null,
      "cannot decode kafka_grpc.GRPC_AttendantPayload from binary: expected a Uint8Array, got null",
    ],
    [
      "an array",
      [10, 0],
      "cannot decode kafka_grpc.GRPC_AttendantPayload from binary: expected a Uint8Array, got array",
    ],
    [
      "a Proxy around a Uint8Array",
      new Proxy(B(0x0a, 0x00), {}),
      "cannot decode kafka_grpc.GRPC_AttendantPayload from binary: expected a Uint8Array, got object",
    ],
  ])("throws invalid_argument for %s instead of bytes", (_, value, text) => {
    expect(() => peekEnvelope(value as never)).toThrow(`[invalid_argument] ${text}`);
  });

  it.each([
    [{ maxBytes: -1 }, "option maxBytes must be a whole number of at least 0, got -1"],
    [{ recursionLimit: 0 }, "option recursionLimit must be a whole number of at least 1, got 0"],
    ["fast", "options must be an object, got string"],
  ])("throws invalid_argument for the options %j", (options, text) => {
    expect(() => peekEnvelope(B(), options as never)).toThrow(`[invalid_argument] ${text}`);
  });

  describe("agrees with decodeEnvelope and the wire check of the envelope's own fields", () => {
    it("on arbitrary envelopes, handlers of every kind of text among them", () => {
      fc.assert(
        fc.property(arbitraryEnvelope(), edgeString(), (envelope, handler) => {
          envelope.handler = handler;
          const bytes = encodeEnvelope(envelope);
          const peek = peekOk(bytes);
          expect(peek.handler).toBe(handler);
          expect(peek.envelopeKind).toBe(envelope.Data.case);
          expect(sameMember(envelope, memberOf(bytes, peek))).toBe(true);
          const frame = encodeSchemaRegistryFrame(envelope, { schemaId: 7 });
          expect(peekOk(frame)).toStrictEqual({
            ...peek,
            framing: "schema-registry",
            schemaId: 7,
            dataOffset: (peek.dataOffset ?? 0) + 6,
          });
        }),
        { numRuns: 300 },
      );
    });

    it("on the fixtures damaged by 1 to 4 mutations", () => {
      const fixtures = fc.constantFrom(
        ...envelopeKinds.map((kind) => encodeEnvelope(sampleEnvelope(kind))),
      );
      fc.assert(fc.property(mutated(fixtures), expectPeekAgrees), { numRuns: 2000 });
    });

    it("on random bytes", () => {
      fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), expectPeekAgrees), {
        numRuns: 2000,
      });
    });

    it("on the fuzz corpus mutated as the fuzzer does, in both framings", () => {
      const corpus = goldenBinaries();
      const random = createRandom(35);
      const codes = new Set<string>();
      let peeked = 0;
      for (let i = 0; i < 3000; i++) {
        const input = mutateBytes(random, random.pick(corpus), corpus);
        expectPeekAgrees(input);
        const bare = peekEnvelope(input);
        if (bare.kind === "error") codes.add(bare.error.code);
        else peeked++;
        // In a frame, the same outcome: offsets move by the header's 6 bytes. (A mutant that
        // starts with 0x00 is itself a frame.)
        if (input[0] === 0x00) continue;
        const framed = peekEnvelope(concat(wire("00 00 00 00 09 00"), input));
        if (bare.kind === "error") {
          expect(framed.kind === "error" && framed.error.code).toBe(bare.error.code);
        } else {
          expect(framed).toStrictEqual({
            ...bare,
            framing: "schema-registry",
            schemaId: 9,
            dataOffset: bare.dataOffset === undefined ? undefined : bare.dataOffset + 6,
          });
        }
      }
      // The mutants reach the envelope's own failures, and many stay peekable.
      expect([...codes].sort()).toEqual(["invalid_utf8", "malformed", "truncated"]);
      expect(peeked).toBeGreaterThan(300);
    });
  });

  it("builds its answers from envelopes createEnvelope makes, kind by kind", () => {
    for (const kind of envelopeKinds) {
      const envelope = createEnvelope(kind, {} as never, { handler: "h" });
      expect(peekOk(encodeEnvelope(envelope))).toMatchObject({
        handler: "h",
        envelopeKind: kind,
        dataLength: 0,
      });
    }
  });
});
