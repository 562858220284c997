import { fromBinary, toBinary } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createEnvelope,
  DEFAULT_MAX_ELEMENTS,
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  GRPC_AttendantPayloadSchema,
  UpdateManifestSchema,
} from "../../src/index.js";
import { binaryReadDefaults } from "../../src/internal/option-defaults.js";
import { arbitraryEnvelope, arbitraryEnvelopeBytes } from "../../src/testing/index.js";
import {
  envelopeTable,
  envelopeText,
  lenient,
  unknownOf,
} from "../helpers/accepted-by-protobuf-es.js";
import { B, wire } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { mutated } from "../helpers/mutated-bytes.js";
import { expectSameOutcome } from "../helpers/outcome.js";
import { decodeEnvelopeByOracle } from "../oracle/decode-envelope-by-oracle.js";

const S = GRPC_AttendantPayloadSchema;

describe("decodeEnvelope() errors", () => {
  it.each([
    [
      "a length that runs past the input",
      B(0x3a, 0x05, 0x0a, 0x03, 0x41),
      "truncated",
      `${envelopeText}length-delimited field of 5 bytes at offset 1 runs past the end of the input`,
    ],
    [
      "a truncated varint",
      B(0x32, 0x02, 0x08, 0x96),
      "truncated",
      `${envelopeText}varint at offset 3 runs past the end of the input`,
    ],
    [
      "a truncated tag",
      B(0x3a, 0x00, 0x80),
      "truncated",
      `${envelopeText}varint at offset 2 runs past the end of the input`,
    ],
    [
      "a group not closed before the input ends",
      B(0x3a, 0x00, 0x6b, 0x08, 0x01),
      "truncated",
      `${envelopeText}group 13 at offset 2 runs past the end of the input`,
    ],
    [
      "a nested length past its parent's end",
      B(0x3a, 0x03, 0x0a, 0x05, 0x41, 0x42, 0x43, 0x44, 0x45),
      "malformed",
      `${envelopeText}length-delimited field of 5 bytes at offset 3 runs past the end of kafka_grpc.VehicleData at offset 5`,
    ],
    [
      "a length prefix of 2^32",
      B(0x3a, 0x80, 0x80, 0x80, 0x80, 0x10, 0x0a),
      "malformed",
      `${envelopeText}length prefix at offset 1 is 4294967296, 2^32 or more`,
    ],
    [
      "a varint of 11 bytes in an unknown field",
      B(0x68, ...Array(10).fill(0xff), 0x01),
      "malformed",
      `${envelopeText}varint at offset 1 is longer than 10 bytes`,
    ],
    [
      "an unknown group closed outside its message",
      B(0x3a, 0x01, 0x6b, 0x6c),
      "malformed",
      `${envelopeText}group 13 at offset 2 runs past the end of kafka_grpc.VehicleData at offset 3`,
    ],
    [
      "a group closed with another field number",
      B(0x6b, 0x74, 0x3a, 0x00),
      "malformed",
      `${envelopeText}unexpected END_GROUP for field 14 at offset 1`,
    ],
    [
      "an END_GROUP without a group",
      B(0x3a, 0x00, 0x6c),
      "malformed",
      `${envelopeText}unexpected END_GROUP for field 13 at offset 2`,
    ],
    [
      "a known field with the wrong wire type",
      B(0x08, 0x01, 0x3a, 0x00),
      "malformed",
      `${envelopeText}field kafka_grpc.GRPC_AttendantPayload.handler at offset 0 has wire type VARINT, expected LEN`,
    ],
    ["wire type 7", B(0x0f), "malformed", `${envelopeText}invalid wire type 7 at offset 0`],
    ["field number 0", B(0x02, 0x00), "malformed", `${envelopeText}field number 0 at offset 0`],
    [
      "a tag over 32 bits",
      B(0xff, 0xff, 0xff, 0xff, 0xff, 0x01),
      "malformed",
      `${envelopeText}tag at offset 0 does not fit 32 bits`,
    ],
    [
      "invalid UTF-8 in a string",
      B(0x0a, 0x02, 0xc3, 0x28, 0x3a, 0x00),
      "invalid_utf8",
      `${envelopeText}invalid UTF-8 in kafka_grpc.GRPC_AttendantPayload.handler at offset 1`,
    ],
    [
      "a lone surrogate (CESU-8) in a map key",
      B(0x12, 0x06, 0x0a, 0x04, 0x0a, 0x02, 0xed, 0xa0),
      "invalid_utf8",
      `${envelopeText}invalid UTF-8 in kafka_grpc.CarUpdateStatus.ecus[entry].key at offset 5`,
    ],
    [
      // updateManifest { powertrain (16, a two-byte tag) = C3 28 }: the text names the field
      "invalid UTF-8 in a field whose tag takes two bytes",
      B(0x42, 0x05, 0x82, 0x01, 0x02, 0xc3, 0x28),
      "invalid_utf8",
      `${envelopeText}invalid UTF-8 in kafka_grpc.UpdateManifest.powertrain at offset 4`,
    ],
    [
      // updateManifest { powertrain (16) as a varint }, after the field 15 it knows
      "a known field with a two-byte tag and the wrong wire type",
      B(0x42, 0x06, 0x7a, 0x01, 0x41, 0x80, 0x01, 0x00),
      "malformed",
      `${envelopeText}field kafka_grpc.UpdateManifest.powertrain at offset 5 has wire type VARINT, expected LEN`,
    ],
    // The texts name a field by its proto name, also where that is not the property name.
    [
      // updateManifest { release_notes (5) = C3 28 }
      "invalid UTF-8 in a field whose proto name is snake_case",
      B(0x42, 0x04, 0x2a, 0x02, 0xc3, 0x28),
      "invalid_utf8",
      `${envelopeText}invalid UTF-8 in kafka_grpc.UpdateManifest.release_notes at offset 3`,
    ],
    [
      // updateManifest { car_update_id (9), an int64, as length-delimited }
      "a snake_case varint field with the wrong wire type",
      B(0x42, 0x02, 0x4a, 0x00),
      "malformed",
      `${envelopeText}field kafka_grpc.UpdateManifest.car_update_id at offset 2 has wire type LEN, expected VARINT`,
    ],
    [
      // keys { eccKeys { pub_key_level_1 (3), a message, as a varint } }
      "a field whose proto name has a number after an underscore, with the wrong wire type",
      B(0x2a, 0x04, 0x0a, 0x02, 0x18, 0x01),
      "malformed",
      `${envelopeText}field kafka_grpc.ECCKey.pub_key_level_1 at offset 4 has wire type VARINT, expected LEN`,
    ],
    [
      // carUpdateProgress { carUpdateID (7), an int64, as length-delimited }
      "a field whose proto name has capitals, with the wrong wire type",
      B(0x1a, 0x02, 0x3a, 0x00),
      "malformed",
      `${envelopeText}field kafka_grpc.CarUpdateProgress.carUpdateID at offset 2 has wire type LEN, expected VARINT`,
    ],
    [
      // updateManifest { active (14), an optional bool, as length-delimited }
      "an optional field with the wrong wire type",
      B(0x42, 0x02, 0x72, 0x00),
      "malformed",
      `${envelopeText}field kafka_grpc.UpdateManifest.active at offset 2 has wire type LEN, expected VARINT`,
    ],
    [
      // updateManifest { ecuUpdates { files { signature (13) = C3 28 } } }, after message fields
      "invalid UTF-8 in a field after message fields",
      B(0x42, 0x08, 0x3a, 0x06, 0x62, 0x04, 0x6a, 0x02, 0xc3, 0x28),
      "invalid_utf8",
      `${envelopeText}invalid UTF-8 in kafka_grpc.UpdateManifestFile.signature at offset 7`,
    ],
    [
      "an envelope without Data",
      B(),
      "missing_data",
      "cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    ],
    [
      "an envelope whose only member is unknown",
      B(0x0a, 0x01, 0x68, 0x68, 0x01, 0x70, 0x02),
      "missing_data",
      "cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member but unknown fields 13, 14, probably a member newer than this schema",
    ],
  ] as const)("rejects %s", (_, bytes, code, message) => {
    const error = codecErrorOf(() => decodeEnvelope(bytes));
    expect(error.code).toBe(code);
    expect(error.rawMessage).toBe(message);
    expect(error.message).toBe(`[${code}] ${message}`);
  });

  it("rejects nesting deeper than recursionLimit", () => {
    const bytes = encodeEnvelope(
      createEnvelope("updateManifest", { ecuUpdates: [{ files: [{}] }] }),
    );
    const error = codecErrorOf(() => decodeEnvelope(bytes, { recursionLimit: 3 }));
    expect(error.code).toBe("too_deep");
    expect(error.rawMessage).toBe(
      `${envelopeText}kafka_grpc.UpdateManifestFile at offset 6 nests deeper than recursionLimit 3`,
    );
    expect(decodeEnvelope(bytes, { recursionLimit: 4 }).Data.case).toBe("updateManifest");
  });

  it("rejects 101 nested rollback ECUs under the default limit of 100", () => {
    let ecu = {};
    // envelope (1) → manifest (2) → 99 ECUs, each the rollback of the one before (3 … 101).
    for (let i = 0; i < 98; i++) ecu = { rollback: [ecu] };
    const envelope = createEnvelope("updateManifest", { ecuUpdates: [ecu] });
    const bytes = encodeEnvelope(envelope, { recursionLimit: 101 });
    expect(codecErrorOf(() => decodeEnvelope(bytes)).code).toBe("too_deep");
    expect(decodeEnvelope(bytes, { recursionLimit: 101 }).Data.case).toBe("updateManifest");
  });

  it("rejects an input over maxBytes before reading it", () => {
    const error = codecErrorOf(() =>
      decodeEnvelope(B(0x3a, 0x00, 0x3a, 0x00, 0x3a, 0x00), { maxBytes: 4 }),
    );
    expect(error.code).toBe("too_large");
    expect(error.rawMessage).toBe(`${envelopeText}message of 6 bytes exceeds maxBytes 4`);
  });

  // Elements: messages below the outermost (fields, list items, oneof members, map values), map
  // entries, unknown fields kept. 42 04 3a 02 62 00 is updateManifest (1) { ecu_updates: [ (2)
  // { files: [ (3) {} ] } ] }.
  it("refuses more than maxElements elements with too_large, naming the offset", () => {
    const bytes = wire("42 04", "3a 02", "62 00");
    expect(decodeEnvelope(bytes, { maxElements: 3 }).Data.case).toBe("updateManifest");
    const error = codecErrorOf(() => decodeEnvelope(bytes, { maxElements: 2 }));
    expect(error.code).toBe("too_large");
    expect(error.rawMessage).toBe(`${envelopeText}more than maxElements 2 elements at offset 5`);
    expect(codecErrorOf(() => decodeEnvelope(bytes, { maxElements: 0 })).rawMessage).toBe(
      `${envelopeText}more than maxElements 0 elements at offset 1`,
    );
  });

  it("counts a map entry and its value, and each unknown field kept", () => {
    // carUpdateStatus (1) { ecus: { "a": (2) { } (3) } }
    const map = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus: { a: {} } }));
    expect(decodeEnvelope(map, { maxElements: 3 }).Data.case).toBe("carUpdateStatus");
    expect(codecErrorOf(() => decodeEnvelope(map, { maxElements: 2 })).code).toBe("too_large");
    // updateGet (1), then unknown field 15 twice (2, 3); dropped ones are not counted
    const unknown = wire("3a 00", "78 00", "78 00");
    expect(decodeEnvelope(unknown, { maxElements: 3 }).$unknown).toHaveLength(2);
    expect(codecErrorOf(() => decodeEnvelope(unknown, { maxElements: 2 })).code).toBe("too_large");
    const dropped = decodeEnvelope(unknown, { maxElements: 1, readUnknownFields: false });
    expect(dropped.$unknown).toBeUndefined();
  });

  it("never counts the outermost message (decodeMessage too)", () => {
    expect(decodeEnvelope(wire("0a 01 68"), { maxElements: 0, requireData: false }).handler).toBe(
      "h",
    );
    const manifest = wire("3a 00");
    expect(
      decodeMessage(UpdateManifestSchema, manifest, { maxElements: 1 }).ecuUpdates,
    ).toHaveLength(1);
    const error = codecErrorOf(() =>
      decodeMessage(UpdateManifestSchema, manifest, { maxElements: 0 }),
    );
    expect(error.rawMessage).toBe(
      "cannot decode kafka_grpc.UpdateManifest from binary: more than maxElements 0 elements at offset 1",
    );
  });

  it("counts exactly the elements of any envelope: its count passes, one less is too_large", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const bytes = encodeEnvelope(envelope);
        const count = elementsOf(decodeEnvelope(bytes), true);
        expect(decodeEnvelope(bytes, { maxElements: count })).toBeDefined();
        if (count > 0) {
          expect(codecErrorOf(() => decodeEnvelope(bytes, { maxElements: count - 1 })).code).toBe(
            "too_large",
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("has a default of 1,000,000 elements", () => {
    expect(DEFAULT_MAX_ELEMENTS).toBe(1_000_000);
    expect(binaryReadDefaults.maxElements).toBe(DEFAULT_MAX_ELEMENTS);
  });

  it("accepts an envelope without Data when requireData is false", () => {
    expect(decodeEnvelope(B(), { requireData: false }).Data.case).toBeUndefined();
  });

  it.each([
    ["a string", "abc", `${envelopeText}expected a Uint8Array, got string`],
    ["null", null, `${envelopeText}expected a Uint8Array, got null`],
    ["an array", [1, 2], `${envelopeText}expected a Uint8Array, got array`],
    // Objects that pass `instanceof Uint8Array` without being one: their length throws a TypeError.
    [
      "a Proxy around a Uint8Array",
      new Proxy(B(0x0a, 0x00), {}),
      `${envelopeText}expected a Uint8Array, got object`,
    ],
    [
      "an object made from Uint8Array.prototype",
      Object.create(Uint8Array.prototype),
      `${envelopeText}expected a Uint8Array, got object`,
    ],
  ])("rejects %s as input with invalid_argument", (_, input, message) => {
    const error = codecErrorOf(() => decodeEnvelope(input as never));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe(message);
  });

  it.each([
    [{ maxBytes: -1 }, "option maxBytes must be a whole number of at least 0, got -1"],
    [{ recursionLimit: 0 }, "option recursionLimit must be a whole number of at least 1, got 0"],
    [{ maxBytes: Number.NaN }, "option maxBytes must be a whole number of at least 0, got NaN"],
    [{ maxElements: -1 }, "option maxElements must be a whole number of at least 0, got -1"],
    [{ maxElements: 1.5 }, "option maxElements must be a whole number of at least 0, got 1.5"],
    [
      { maxElements: Number.POSITIVE_INFINITY },
      "option maxElements must be a whole number of at least 0, got Infinity",
    ],
  ])("rejects the options %o", (options, message) => {
    const error = codecErrorOf(() => decodeEnvelope(B(0x3a, 0x00), options));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe(message);
  });

  it("accepts a Node.js Buffer and a subarray with an offset", () => {
    const bytes = encodeEnvelope(createEnvelope("updateGet", { vin: "V" }));
    expect(decodeEnvelope(Buffer.from(bytes)).Data.case).toBe("updateGet");
    const padded = new Uint8Array([9, 9, ...bytes, 9]);
    expect(decodeEnvelope(padded.subarray(2, 2 + bytes.length)).Data.case).toBe("updateGet");
  });

  it("reads a Buffer through a plain Uint8Array: bytes fields are plain views of its memory", () => {
    const data = new Uint8Array([1, 2, 3]);
    const bytes = encodeEnvelope(createEnvelope("keys", { eccKeys: [{ level1: { data } }] }));
    const record = Buffer.concat([Buffer.from([7, 7]), bytes]).subarray(2);
    const envelope = decodeEnvelope(record);
    if (envelope.Data.case !== "keys") throw new Error("not keys");
    const read = envelope.Data.value.eccKeys[0]?.level1?.data as Uint8Array;
    expect(read.constructor).toBe(Uint8Array);
    expect([...read]).toEqual([1, 2, 3]);
    expect(read.buffer).toBe(record.buffer);
    expect(envelope).toEqual(decodeEnvelope(new Uint8Array(record)));
  });
});

// The generated decoder (gen/kafka_grpc/kafka_grpc_fast.ts) against the slow path it replaced:
// the wire check, then protobuf-es's fromBinary(). Same objects for every input the slow path
// accepts, the same CodecError (code and text) for every input it rejects.

/** Envelope bytes with unknown fields of every wire type appended, in the envelope and inside. */
const withUnknown = fc
  .tuple(arbitraryEnvelopeBytes(), fc.array(fc.integer({ min: 13, max: 2000 }), { maxLength: 3 }))
  .map(([bytes, numbers]) => {
    const extra: number[] = [];
    for (const no of numbers) {
      const tag = (wt: number) => {
        let t = no * 8 + wt;
        const out: number[] = [];
        while (t > 0x7f) {
          out.push((t & 0x7f) | 0x80);
          t >>>= 7;
        }
        out.push(t);
        return out;
      };
      extra.push(
        ...tag(0),
        0x96,
        0x01,
        ...tag(1),
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        ...tag(2),
        2,
        0x68,
        0x69,
      );
      extra.push(...tag(5), 9, 9, 9, 9, ...tag(3), 0x08, 0x01, ...tag(4));
    }
    return new Uint8Array([...bytes, ...extra]);
  });

describe("decodeEnvelope(): the generated decoder against checkWire + fromBinary", () => {
  it("makes the very objects fromBinary makes", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const bytes = toBinary(S, envelope);
        expectSameOutcome(
          () => decodeEnvelope(bytes),
          () => fromBinary(S, bytes),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("keeps unknown fields as fromBinary does, or drops them with readUnknownFields: false", () => {
    fc.assert(
      fc.property(withUnknown, fc.boolean(), (bytes, readUnknownFields) => {
        const options = { readUnknownFields };
        expectSameOutcome(
          () => decodeEnvelope(bytes, options),
          () => decodeEnvelopeByOracle(bytes, options),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("fails with the same error on mutated encodings", () => {
    fc.assert(
      fc.property(mutated(arbitraryEnvelopeBytes()), (bytes) => {
        expectSameOutcome(
          () => decodeEnvelope(bytes),
          () => decodeEnvelopeByOracle(bytes),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("fails with the same error on mutated encodings with unknown fields and groups", () => {
    fc.assert(
      fc.property(mutated(withUnknown), fc.boolean(), (bytes, requireData) => {
        expectSameOutcome(
          () => decodeEnvelope(bytes, { requireData }),
          () => decodeEnvelopeByOracle(bytes, { requireData }),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("fails with the same error on random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expectSameOutcome(
          () => decodeEnvelope(bytes, { requireData: false }),
          () => decodeEnvelopeByOracle(bytes, { requireData: false }),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("decodes any bytes in a string as the strict TextDecoder does, or fails as it does", () => {
    // UTF-8-like bytes: ASCII, continuation bytes, lead bytes, and the invalid ones.
    const byte = fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.integer({ min: 0xc0, max: 0xff }),
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 80 }), (text) => {
        const input = new Uint8Array([0x0a, text.length, ...text, 0x3a, 0x00]);
        expectSameOutcome(
          () => decodeEnvelope(input),
          () => decodeEnvelopeByOracle(input),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("counts nesting against recursionLimit as the wire check does", () => {
    fc.assert(
      fc.property(mutated(withUnknown), fc.integer({ min: 1, max: 8 }), (bytes, recursionLimit) => {
        expectSameOutcome(
          () => decodeEnvelope(bytes, { recursionLimit }),
          () => decodeEnvelopeByOracle(bytes, { recursionLimit }),
        );
      }),
      { numRuns: 1500 },
    );
  });

  it("checks options and input as before", () => {
    const cases: [unknown, unknown][] = [
      [B(0x3a, 0x00), null],
      [B(0x3a, 0x00), 5],
      [B(0x3a, 0x00), { maxBytes: 1 }],
      [B(0x3a, 0x00), { maxBytes: 1.5 }],
      [B(0x3a, 0x00), { recursionLimit: 0 }],
      [B(0x3a, 0x00), { readUnknownFields: 0 }],
      ["bytes", undefined],
      [[0x3a, 0x00], undefined],
      [new DataView(new ArrayBuffer(2)), undefined],
    ];
    for (const [bytes, options] of cases) {
      expectSameOutcome(
        () => decodeEnvelope(bytes as never, options as never),
        () => decodeEnvelopeByOracle(bytes as never, options as never),
      );
    }
  });

  // Inputs the mutations reach only by chance, one per check of the wire check.
  it.each([
    [
      "a map entry tag of 6 bytes (protobuf-es rejects it after the wire check)",
      [0x12, 0x0a, 0x0a, 0x08, 0x8a, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01, 0x41],
    ],
    [
      "a map entry tag of 10 bytes, then a truncated field",
      [
        0x12, 0x0e, 0x0a, 0x0c, 0x8a, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01,
        0x41, 0x3a,
      ],
    ],
    [
      "a map entry tag of 2^64",
      [0x12, 0x0c, 0x0a, 0x0a, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02],
    ],
    ["a map entry tag with wire type 4", [0x12, 0x04, 0x0a, 0x02, 0x0c, 0x00]],
    ["a map entry key with the wrong wire type", [0x12, 0x04, 0x0a, 0x02, 0x08, 0x01]],
    ["a map entry value with the wrong wire type", [0x12, 0x04, 0x0a, 0x02, 0x10, 0x01]],
    ["an unknown group in a map entry", [0x12, 0x06, 0x0a, 0x04, 0x1b, 0x08, 0x01, 0x1c]],
    [
      "a padded length of 10 bytes",
      [0x3a, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00],
    ],
    ["a length of 2^64 + 1", [0x3a, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02]],
    ["a tag of 5 bytes that fits", [0xf8, 0xff, 0xff, 0xff, 0x0f, 0x00, 0x3a, 0x00]],
    ["a tag of 6 bytes", [0x80, 0x80, 0x80, 0x80, 0x80, 0x00]],
    ["a group closed with another number", [0x6b, 0x08, 0x01, 0x74]],
    ["nested unknown groups", [0x6b, 0x73, 0x7b, 0x7c, 0x74, 0x6c, 0x3a, 0x00]],
    ["a group left open inside a message", [0x3a, 0x02, 0x6b, 0x08]],
    ["an unknown fixed64 cut short", [0x3a, 0x03, 0x69, 0x01, 0x02]],
    ["an unknown fixed32 past the input", [0x3a, 0x00, 0x6d, 0x01]],
    [
      "a uint32 of 10 bytes",
      [0x5a, 0x0b, 0x30, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01],
    ],
    [
      "a bool of 2^64",
      [0x42, 0x0c, 0x50, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02],
    ],
    [
      "an int64 with bits past 64",
      [0x32, 0x0b, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
    ],
    ["invalid UTF-8 of 30 bytes", [0x0a, 0x1e, ...Array(29).fill(0x41), 0xc0, 0x3a, 0x00]],
    ["a BOM in a string", [0x0a, 0x03, 0xef, 0xbb, 0xbf, 0x3a, 0x00]],
    // Strings over 32 bytes, and any that is not ASCII, are decoded natively on Node.js, which
    // writes U+FFFD for invalid UTF-8: the strict decoder then decides.
    ["non-ASCII of 2 bytes", [0x0a, 0x02, 0xc3, 0xbc, 0x3a, 0x00]],
    [
      "a BOM in a string of 40 bytes",
      [0x0a, 0x28, 0xef, 0xbb, 0xbf, ...Array(37).fill(0x41), 0x3a, 0x00],
    ],
    [
      "a real U+FFFD in a string of 40 bytes",
      [0x0a, 0x28, ...Array(37).fill(0x41), 0xef, 0xbf, 0xbd, 0x3a, 0x00],
    ],
    ["invalid UTF-8 of 40 bytes", [0x0a, 0x28, ...Array(39).fill(0x41), 0xff, 0x3a, 0x00]],
    [
      "a lone surrogate (CESU-8) of 40 bytes",
      [0x0a, 0x28, 0xed, 0xa0, 0x80, ...Array(37).fill(0x41), 0x3a, 0x00],
    ],
    ["an overlong '/' of 40 bytes", [0x0a, 0x28, 0xc0, 0xaf, ...Array(38).fill(0x41), 0x3a, 0x00]],
    [
      "a 4-byte sequence cut short at the end of 40 bytes",
      [0x0a, 0x28, ...Array(37).fill(0x41), 0xf0, 0x9f, 0x9a, 0x3a, 0x00],
    ],
    [
      "a map key __proto__",
      [0x12, 0x0b, 0x0a, 0x09, 0x0a, 0x09, ...[..."__proto__"].map((c) => c.charCodeAt(0))],
    ],
    ["a member read twice (merged)", [0x3a, 0x03, 0x0a, 0x01, 0x41, 0x3a, 0x02, 0x48, 0x01]],
    ["two members (the last one wins)", [0x3a, 0x00, 0x32, 0x02, 0x08, 0x05]],
    [
      "a message field read twice",
      [0x42, 0x0a, 0x3a, 0x08, 0x72, 0x02, 0x08, 0x01, 0x72, 0x02, 0x10, 0x02],
    ],
  ])("agrees on %s", (_, bytes) => {
    const input = new Uint8Array(bytes);
    for (const options of [
      undefined,
      { readUnknownFields: false },
      { recursionLimit: 2 },
      { requireData: false },
    ]) {
      expectSameOutcome(
        () => decodeEnvelope(input, options),
        () => decodeEnvelopeByOracle(input, options),
      );
    }
  });
});

// The inputs below are malformed, yet protobuf-es fromBinary() reads them without an error (see
// test/helpers/accepted-by-protobuf-es.ts): decodeEnvelope() must reject every one.

describe("protobuf-es fromBinary()", () => {
  it.each(envelopeTable)("reads %s without an error, and gets it wrong", (_, c) => {
    const { json, message } = lenient(GRPC_AttendantPayloadSchema, c.bytes);
    expect(json).toEqual(c.protobufEs);
    expect(unknownOf(message)).toEqual(c.envelopeUnknown ?? []);
    expect(unknownOf(message.Data.value ?? {})).toEqual(c.memberUnknown ?? []);
  });
});

describe("decodeEnvelope() on envelopes protobuf-es reads without an error", () => {
  it.each(envelopeTable)("rejects %s as malformed", (_, c) => {
    const error = codecErrorOf(() => decodeEnvelope(c.bytes));
    expect(error.code).toBe("malformed");
    expect(error.rawMessage).toBe(c.message);
    expect(error.message).toBe(`[malformed] ${c.message}`);
  });

  it.each(envelopeTable)(
    "rejects %s also with requireData false and readUnknownFields false",
    (_, c) => {
      const error = codecErrorOf(() =>
        decodeEnvelope(c.bytes, { requireData: false, readUnknownFields: false }),
      );
      expect(error.message).toBe(`[malformed] ${c.message}`);
    },
  );
});

/**
 * The elements of a decoded message, counted apart from the decoder: each message below the
 * outermost (fields, list items, oneof members, map values), each map entry, each unknown field.
 */
function elementsOf(message: object, outermost = false): number {
  let n = outermost ? 0 : 1;
  for (const [key, value] of Object.entries(message)) {
    if (key === "$unknown") n += (value as unknown[]).length;
    else n += elementsIn(value);
  }
  return n;
}

/** The elements in one field value of a message. */
function elementsIn(value: unknown): number {
  if (typeof value !== "object" || value === null || value instanceof Uint8Array) return 0;
  if (Array.isArray(value)) return value.reduce((n: number, item) => n + elementsIn(item), 0);
  if ("$typeName" in value) return elementsOf(value);
  if ("case" in value) return elementsIn((value as { value?: unknown }).value);
  // a map: an entry each, and its value
  return Object.values(value).reduce((n: number, item) => n + 1 + elementsIn(item), 0);
}
