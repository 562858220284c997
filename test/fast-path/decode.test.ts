import { type DescMessage, fromBinary, toBinary } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BineryHexSchema,
  CarECUSchema,
  CarUpdateStatusSchema,
  DTCEntrySchema,
  decodeEnvelope,
  decodeMessage,
  ECCKeySchema,
  GRPC_AttendantPayloadSchema,
  MessageStatusSchema,
  OrderSchema,
  UpdateManifestECUSchema,
  UpdateManifestFileSchema,
  UpdateManifestSchema,
} from "../../src/index.js";
import {
  arbitraryBineryHex,
  arbitraryCarECU,
  arbitraryCarUpdateStatus,
  arbitraryDTCEntry,
  arbitraryECCKey,
  arbitraryEnvelope,
  arbitraryEnvelopeBytes,
  arbitraryMessageStatus,
  arbitraryOrder,
  arbitraryUpdateManifest,
  arbitraryUpdateManifestECU,
  arbitraryUpdateManifestFile,
} from "../../src/testing/index.js";
import { decodeByOracle } from "../oracle/check-wire.js";
import { decodeEnvelopeSlow, expectSameOutcome, mutated } from "./oracle.js";

// The generated decoder (gen/kafka_grpc/kafka_grpc_fast.ts) against the slow path it replaced:
// the wire check, then protobuf-es's fromBinary(). Same objects for every input the slow path
// accepts, the same CodecError (code and text) for every input it rejects.

const S = GRPC_AttendantPayloadSchema;
const B = (...bytes: number[]) => new Uint8Array(bytes);

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
          () => decodeEnvelopeSlow(bytes, options),
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
          () => decodeEnvelopeSlow(bytes),
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
          () => decodeEnvelopeSlow(bytes, { requireData }),
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
          () => decodeEnvelopeSlow(bytes, { requireData: false }),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("counts nesting against recursionLimit as the wire check does", () => {
    fc.assert(
      fc.property(mutated(withUnknown), fc.integer({ min: 1, max: 8 }), (bytes, recursionLimit) => {
        expectSameOutcome(
          () => decodeEnvelope(bytes, { recursionLimit }),
          () => decodeEnvelopeSlow(bytes, { recursionLimit }),
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
        () => decodeEnvelopeSlow(bytes as never, options as never),
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
        () => decodeEnvelopeSlow(input, options),
      );
    }
  });
});

describe("decodeMessage(): the generated decoders of every message type", () => {
  const cases: [DescMessage, fc.Arbitrary<object>][] = [
    [CarUpdateStatusSchema, arbitraryCarUpdateStatus()],
    [CarECUSchema, arbitraryCarECU()],
    [DTCEntrySchema, arbitraryDTCEntry()],
    [ECCKeySchema, arbitraryECCKey()],
    [BineryHexSchema, arbitraryBineryHex()],
    [MessageStatusSchema, arbitraryMessageStatus()],
    [OrderSchema, arbitraryOrder()],
    [UpdateManifestSchema, arbitraryUpdateManifest()],
    [UpdateManifestECUSchema, arbitraryUpdateManifestECU()],
    [UpdateManifestFileSchema, arbitraryUpdateManifestFile()],
  ];
  it.each(cases)("agrees with the slow path on %s, valid and mutated", (schema, arbitrary) => {
    const bytes = arbitrary.map((message) => toBinary(schema, message as never));
    fc.assert(
      fc.property(fc.oneof(bytes, mutated(bytes)), (input) => {
        expectSameOutcome(
          () => decodeMessage(schema, input),
          () => decodeByOracle(schema, input),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a schema from outside the contract with invalid_argument", () => {
    expect(() => decodeMessage(TimestampSchema, B(0x08, 0x96, 0x01))).toThrowError(
      "[invalid_argument] cannot decode google.protobuf.Timestamp from binary: not a message of the kafka_grpc contract (use the schemas this package exports)",
    );
    expect(() => decodeMessage(undefined as never, B())).toThrowError(
      "[invalid_argument] cannot decode from binary: expected a message schema, got undefined",
    );
  });
});
