import { type DescMessage, fromBinary, toBinary } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleCarECU, sampleEnvelope } from "../../src/fixtures/index.js";
import {
  BineryHexSchema,
  CarECUSchema,
  CarUpdateStatusSchema,
  createEnvelope,
  decodeEnvelope,
  ECCKeySchema,
  type EnvelopeWriteOptions,
  encodeEnvelope,
  encodeMessage,
  envelopeKinds,
  GRPC_AttendantPayloadSchema,
  UpdateManifestECUSchema,
  UpdateManifestFileSchema,
  UpdateManifestSchema,
} from "../../src/index.js";
import {
  arbitraryBineryHex,
  arbitraryCarECU,
  arbitraryCarUpdateStatus,
  arbitraryECCKey,
  arbitraryEnvelope,
  arbitraryUpdateManifest,
  arbitraryUpdateManifestECU,
  arbitraryUpdateManifestFile,
} from "../../src/testing/index.js";
import { encodeEnvelopeByOracle, encodeMessageByOracle } from "../oracle/encode-by-oracle.js";
import { damage, damaged } from "./hostile.js";
import { expectSameEncoding, expectSameOutcome } from "./oracle.js";

// The generated encoder (gen/kafka_grpc/kafka_grpc_fast.ts) against the slow path it stands in
// for: checkMessage, then protobuf-es's toBinary() with maps put in key order. The same bytes
// for every message the slow path writes, the same CodecError for every one it rejects.

const options: fc.Arbitrary<Partial<EnvelopeWriteOptions>> = fc.record(
  { writeUnknownFields: fc.boolean(), deterministic: fc.boolean(), requireData: fc.boolean() },
  { requiredKeys: [] },
);

/** Envelopes with unknown fields: decoded from bytes with extra fields appended. */
const withUnknown = fc
  .tuple(arbitraryEnvelope(), fc.constantFrom(13, 14, 2, 1, 20), fc.boolean())
  .map(([envelope, no, nested]) => {
    const bytes = toBinary(GRPC_AttendantPayloadSchema, envelope);
    const extra = [
      ...(no < 16 ? [no * 8 + 2] : [((no * 8 + 2) & 0x7f) | 0x80, (no * 8 + 2) >> 7]),
      2,
      0x0a,
      0x00,
    ];
    const decoded = decodeEnvelope(new Uint8Array([...bytes, ...extra]), { requireData: false });
    const value = decoded.Data.value as { $unknown?: unknown } | undefined;
    if (nested && value)
      value.$unknown = [{ no: 1, wireType: 2, data: new Uint8Array([2, 0x41, 0x42]) }];
    return decoded;
  });

/** A carUpdateStatus envelope whose map keys are out of order, some like array indices. */
const unorderedMap = fc
  .tuple(
    fc.uniqueArray(
      fc.constantFrom("9", "10", "0", "ECU", "é", "\u{10000}", "\uffff", "", "4294967295"),
      {
        minLength: 2,
      },
    ),
    fc.boolean(),
  )
  .map(([keys, unknown]) => {
    const ecus = Object.fromEntries(keys.map((k) => [k, sampleCarECU({ ecu: k })]));
    const envelope = createEnvelope("carUpdateStatus", { ecus });
    if (unknown) {
      envelope.$unknown = [{ no: 2, wireType: 2, data: new Uint8Array([2, 0x0a, 0x00]) }];
      envelope.Data.value.$unknown = [
        { no: 1, wireType: 2, data: new Uint8Array([4, 0x0a, 0x02, 0x31, 0x31]) },
      ];
    }
    return envelope;
  });

describe("encodeEnvelope(): the generated encoder against checkMessage + toBinary", () => {
  it("writes the very bytes of the slow path", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), options, (envelope, opts) => {
        expectSameOutcome(
          () => encodeEnvelope(envelope, opts),
          () => encodeEnvelopeByOracle(envelope, opts),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("writes unknown fields back, or drops them, as the slow path does", () => {
    fc.assert(
      fc.property(withUnknown, options, (envelope, opts) => {
        expectSameOutcome(
          () => encodeEnvelope(envelope, opts),
          () => encodeEnvelopeByOracle(envelope, opts),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("orders map entries as the oracle does, unknown fields with a map's number left in place", () => {
    fc.assert(
      fc.property(unorderedMap, options, (envelope, opts) => {
        expectSameOutcome(
          () => encodeEnvelope(envelope, opts),
          () => encodeEnvelopeByOracle(envelope, opts),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("fails with the same error, or writes the same bytes, for damaged envelopes", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), damage, options, (envelope, d, opts) => {
        const bad = damaged(envelope, d);
        expectSameEncoding(
          GRPC_AttendantPayloadSchema,
          () => encodeEnvelope(bad, opts),
          () => encodeEnvelopeByOracle(bad, opts),
        );
      }),
      { numRuns: 4000 },
    );
  });

  it.each(envelopeKinds)("agrees on every damage to the %s sample", (kind) => {
    fc.assert(
      fc.property(damage, (d) => {
        const bad = damaged(sampleEnvelope(kind), d);
        expectSameEncoding(
          GRPC_AttendantPayloadSchema,
          () => encodeEnvelope(bad),
          () => encodeEnvelopeByOracle(bad),
        );
      }),
      { numRuns: 400 },
    );
  });

  it("agrees on odd arguments and options", () => {
    const envelope = sampleEnvelope("updateGet");
    const cases: [unknown, unknown][] = [
      [null, undefined],
      [undefined, undefined],
      ["envelope", undefined],
      [envelope, null],
      [envelope, 5],
      [envelope, { requireData: 0 }],
      [{ ...envelope, Data: undefined }, undefined],
      [{ ...envelope, Data: undefined }, { requireData: false }],
      [{ ...envelope, Data: { case: undefined } }, { requireData: false }],
      [{ ...envelope, Data: { case: "" } }, { requireData: false }],
      [{ ...envelope, $typeName: undefined }, undefined],
      [{ ...envelope, handler: undefined }, undefined],
      [
        Object.assign(Object.create({ handler: "x" }), { ...envelope, handler: undefined }),
        undefined,
      ],
    ];
    for (const [value, opts] of cases) {
      expectSameEncoding(
        GRPC_AttendantPayloadSchema,
        () => encodeEnvelope(value as never, opts as never),
        () => encodeEnvelopeByOracle(value as never, opts as never),
      );
    }
  });

  it("writes inherited properties as toBinary() reads them, with maps sorted", () => {
    const unsorted = () =>
      createEnvelope(
        "carUpdateStatus",
        { ecus: { b: sampleCarECU(), a: sampleCarECU() } },
        { handler: "h" },
      );
    const inherit = (object: Record<string, unknown>, key: string) => {
      const value = object[key];
      delete object[key];
      Object.setPrototypeOf(object, { [key]: value });
    };
    for (const [holder, key] of [
      ["envelope", "$typeName"],
      ["envelope", "handler"],
      ["envelope", "Data"],
      ["status", "$typeName"],
      ["status", "ecus"],
    ] as const) {
      for (const deterministic of [true, false]) {
        const envelope = unsorted();
        const target = holder === "envelope" ? envelope : envelope.Data.value;
        inherit(target as unknown as Record<string, unknown>, key);
        expectSameEncoding(
          GRPC_AttendantPayloadSchema,
          () => encodeEnvelope(envelope, { deterministic }),
          () => encodeEnvelopeByOracle(envelope, { deterministic }),
        );
      }
    }
  });

  it("round-trips its own bytes through the decoder", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const bytes = encodeEnvelope(envelope);
        expect(encodeEnvelope(decodeEnvelope(bytes))).toEqual(bytes);
        expect(fromBinary(GRPC_AttendantPayloadSchema, bytes)).toBeDefined();
      }),
      { numRuns: 100 },
    );
  });
});

describe("encodeMessage(): the generated encoders of every message type", () => {
  const cases: [DescMessage, fc.Arbitrary<object>][] = [
    [CarUpdateStatusSchema, arbitraryCarUpdateStatus()],
    [CarECUSchema, arbitraryCarECU()],
    [ECCKeySchema, arbitraryECCKey()],
    [BineryHexSchema, arbitraryBineryHex()],
    [UpdateManifestSchema, arbitraryUpdateManifest()],
    [UpdateManifestECUSchema, arbitraryUpdateManifestECU()],
    [UpdateManifestFileSchema, arbitraryUpdateManifestFile()],
  ];
  it.each(cases)("agrees with the slow path on %s, valid and damaged", (schema, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, fc.option(damage), (message, d) => {
        const value = d === null ? message : damaged(message, d);
        expectSameEncoding(
          schema,
          () => encodeMessage(schema, value as never),
          () => encodeMessageByOracle(schema, value as never),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a schema from outside the contract with invalid_argument", () => {
    const value = fromBinary(TimestampSchema, new Uint8Array([0x08, 0x96, 0x01]));
    expect(() => encodeMessage(TimestampSchema, value)).toThrowError(
      "[invalid_argument] cannot encode google.protobuf.Timestamp to binary: not a message of the kafka_grpc contract (use the schemas this package exports)",
    );
  });
});
