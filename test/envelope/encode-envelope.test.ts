import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleEnvelope, sampleMessage } from "../../src/fixtures/index.js";
import {
  type BinaryWriteOptions,
  type CarECU,
  CarECUSchema,
  createEnvelope,
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  envelopeKinds,
  envelopeToJson,
  GRPC_AttendantPayloadSchema,
  VehicleDataSchema,
} from "../../src/index.js";
import {
  arbitraryEnvelope,
  arbitraryEnvelopeOf,
  arbitraryMessage,
} from "../../src/testing/index.js";
import { B } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { damage, damaged } from "../helpers/hostile-messages.js";
import { expectSameEncoding, expectSameOutcome } from "../helpers/outcome.js";
import { keysOnTheWire } from "../helpers/wire-fields.js";
import { encodeEnvelopeByOracle } from "../oracle/encode-by-oracle.js";
import { compareUtf8 } from "../oracle/sort-map-entries.js";

describe("encodeEnvelope() errors", () => {
  const enc =
    "cannot encode kafka_grpc.GRPC_AttendantPayload to binary: kafka_grpc.GRPC_AttendantPayload.";
  it.each([
    [
      "an int64 that is not an integer",
      createEnvelope("order", { orderNo: 1.5 as never }),
      `${enc}order.orderNo: expected int64 as bigint, got 1.5`,
    ],
    [
      "an int64 out of range",
      createEnvelope("order", { orderNo: 2n ** 63n }),
      `${enc}order.orderNo: 9223372036854775808 is out of range for int64`,
    ],
    [
      "a negative uint32",
      createEnvelope("dtcEntry", { speed: -1 }),
      `${enc}dtcEntry.speed: -1 is not a valid uint32`,
    ],
    [
      "a number in a string field",
      createEnvelope("updateGet", { vin: 5 as never }),
      `${enc}updateGet.vin: expected string, got number`,
    ],
    [
      "a lone surrogate",
      createEnvelope("updateGet", { vin: "\ud800" }),
      `${enc}updateGet.vin: string holds a lone surrogate`,
    ],
    [
      "a bad map value",
      createEnvelope("carUpdateStatus", { ecus: { a: { vin: 3 as never } } }),
      `${enc}carUpdateStatus.ecus["a"].vin: expected string, got number`,
    ],
    [
      "an unknown oneof case",
      { ...createEnvelope("updateGet"), Data: { case: "x", value: {} } },
      `${enc}Data: unknown case "x"`,
    ],
  ])("rejects %s with invalid_message", (_, envelope, message) => {
    const error = codecErrorOf(() => encodeEnvelope(envelope as never));
    expect(error.code).toBe("invalid_message");
    expect(error.rawMessage).toBe(message);
  });

  it("rejects an envelope without Data unless requireData is false", () => {
    const empty = decodeEnvelope(B(), { requireData: false });
    const error = codecErrorOf(() => encodeEnvelope(empty));
    expect(error.code).toBe("missing_data");
    expect(error.rawMessage).toBe(
      "cannot encode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    );
    expect(encodeEnvelope(empty, { requireData: false })).toEqual(new Uint8Array());
  });

  it("rejects something that is not an envelope with invalid_argument", () => {
    const other = decodeMessage(VehicleDataSchema, B());
    const error = codecErrorOf(() => encodeEnvelope(other as never));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe(
      "cannot encode kafka_grpc.GRPC_AttendantPayload to binary: expected a kafka_grpc.GRPC_AttendantPayload message, got kafka_grpc.VehicleData",
    );
  });

  it.each([
    ["a $typeName that is no string", { $typeName: 5 }, "object"],
    ["no $typeName", { Data: {} }, "object"],
    ["a string", "text", "string"],
    ["another type's $typeName, escaped", { $typeName: "x\ny" }, "x\\ny"],
  ])("names what it got instead of an envelope alike in binary and JSON: %s", (_, value, got) => {
    for (const [encode, format] of [
      [encodeEnvelope, "binary"],
      [envelopeToJson, "JSON"],
    ] as const) {
      expect(codecErrorOf(() => encode(value as never)).message).toBe(
        `[invalid_argument] cannot encode kafka_grpc.GRPC_AttendantPayload to ${format}: expected a kafka_grpc.GRPC_AttendantPayload message, got ${got}`,
      );
    }
  });

  it("names a nested message whose $typeName is no string by its type, in binary and JSON", () => {
    const envelope = createEnvelope("keys", { eccKeys: [{ ecu: "a" }] });
    Object.assign(envelope.Data.value.eccKeys[0] as object, { $typeName: 5 });
    for (const [encode, format] of [
      [encodeEnvelope, "binary"],
      [envelopeToJson, "JSON"],
    ] as const) {
      expect(codecErrorOf(() => encode(envelope)).message).toBe(
        `[invalid_message] cannot encode kafka_grpc.GRPC_AttendantPayload to ${format}: kafka_grpc.GRPC_AttendantPayload.keys.eccKeys[0]: expected a kafka_grpc.ECCKey message, got object`,
      );
    }
  });

  it("shows the $typeName of a nested message of another type escaped and cut, in binary and JSON", () => {
    const envelope = createEnvelope("keys", { eccKeys: [{ ecu: "a" }] });
    Object.assign(envelope.Data.value.eccKeys[0] as object, {
      $typeName: `x\u001b[2J\n${"y".repeat(300)}`,
    });
    const got = `x\\u001b[2J\\n${"y".repeat(188)}…`;
    for (const [encode, format] of [
      [encodeEnvelope, "binary"],
      [envelopeToJson, "JSON"],
    ] as const) {
      expect(codecErrorOf(() => encode(envelope)).message).toBe(
        `[invalid_message] cannot encode kafka_grpc.GRPC_AttendantPayload to ${format}: kafka_grpc.GRPC_AttendantPayload.keys.eccKeys[0]: expected a kafka_grpc.ECCKey message, got ${got}`,
      );
    }
  });

  it.each([
    ["a Proxy around a Uint8Array", new Proxy(B(1), {})],
    ["an object made from Uint8Array.prototype", Object.create(Uint8Array.prototype)],
    ["empty, a Proxy around an empty Uint8Array", new Proxy(B(), {})],
  ])("refuses bytes that only pass instanceof, in binary and JSON: %s", (_, data) => {
    const envelope = createEnvelope("keys", { eccKeys: [{ level1: { data } }] });
    for (const [encode, format] of [
      [encodeEnvelope, "binary"],
      [envelopeToJson, "JSON"],
    ] as const) {
      expect(codecErrorOf(() => encode(envelope)).message).toBe(
        `[invalid_message] cannot encode kafka_grpc.GRPC_AttendantPayload to ${format}: kafka_grpc.GRPC_AttendantPayload.keys.eccKeys[0].level1.data: expected Uint8Array, got object`,
      );
    }
  });
});

// The generated encoder (gen/kafka_grpc/kafka_grpc_fast.ts) against the slow path it stands in
// for: checkMessage, then protobuf-es's toBinary() with maps put in key order. The same bytes
// for every message the slow path writes, the same CodecError for every one it rejects.

const options: fc.Arbitrary<Partial<BinaryWriteOptions>> = fc.record(
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
    const ecus = Object.fromEntries(keys.map((k) => [k, sampleMessage(CarECUSchema, { ecu: k })]));
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
        { ecus: { b: sampleMessage(CarECUSchema), a: sampleMessage(CarECUSchema) } },
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

// Deterministic encoding: the bytes of an envelope depend on its content only, never on the
// order in which its map was filled. Maps are objects, and JavaScript enumerates integer-like
// keys ("9", "10") first and in numeric order whatever the insertion order, so the keys below
// mix those with the other kinds of keys that trip objects up.

/** Rebuilds a map object with its keys inserted in the given order. */
function rebuild<T>(map: Record<string, T>, order: readonly string[]): Record<string, T> {
  // Object.fromEntries defines own properties, so a "__proto__" key stays an ordinary key.
  return Object.fromEntries(order.map((key) => [key, map[key] as T]));
}

/** The keys of `map` in a random order: a permutation of all of them. */
const permutationOf = (keys: string[]) =>
  fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length });

const trickyKey = fc.oneof(
  fc.constantFrom(
    "10",
    "9",
    "0",
    "01",
    "-1",
    "4294967294", // the largest array index
    "4294967295", // not an array index any more
    "",
    "__proto__",
    "constructor",
    "toString",
    "é",
    "\uffff", // before non-BMP characters by UTF-8, after them by UTF-16 code units
    "\u{10000}",
    "\u{1F697}", // 🚗, a non-BMP character
    "BCM",
    "ADAS",
  ),
  fc.string({ unit: "binary", maxLength: 6 }), // any code points outside the surrogate range
);

const trickyMaps = fc
  .uniqueArray(trickyKey, { minLength: 1, maxLength: 24 })
  .map((keys) => Object.fromEntries(keys.map((key) => [key, create(CarECUSchema, { ecu: key })])));

describe("encodeEnvelope() map order", () => {
  const keys = ["9", "10", "é", "\u{10000}", "\uffff", "", "BCM", "ADAS"];

  it("writes map entries ordered by key, byte-wise by UTF-8, by default", () => {
    const ecus = Object.fromEntries(keys.map((k) => [k, { ecu: k }]));
    const bytes = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus }));
    expect(keysOnTheWire(bytes)).toEqual([
      "",
      "10",
      "9",
      "ADAS",
      "BCM",
      "é",
      "\uffff",
      "\u{10000}",
    ]);
  });

  it("gives the same bytes whatever order the map was filled in", () => {
    const forward = Object.fromEntries(keys.map((k) => [k, { ecu: k }]));
    const backward = Object.fromEntries([...keys].reverse().map((k) => [k, { ecu: k }]));
    const a = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus: forward }));
    const b = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus: backward }));
    expect(a).toEqual(b);
    const unsorted = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus: backward }), {
      deterministic: false,
    });
    expect(unsorted).not.toEqual(a);
    expect(unsorted).toEqual(
      toBinary(GRPC_AttendantPayloadSchema, createEnvelope("carUpdateStatus", { ecus: backward })),
    );
  });

  it.each(envelopeKinds)(
    "leaves the bytes of a %s sample as protobuf-es writes them, but for map order",
    (kind) => {
      const envelope = sampleEnvelope(kind);
      const bytes = encodeEnvelope(envelope);
      expect(bytes.length).toBe(toBinary(GRPC_AttendantPayloadSchema, envelope).length);
      expect(decodeEnvelope(bytes)).toEqual(
        decodeEnvelope(toBinary(GRPC_AttendantPayloadSchema, envelope)),
      );
      if (kind !== "carUpdateStatus")
        expect(bytes).toEqual(toBinary(GRPC_AttendantPayloadSchema, envelope));
    },
  );

  it("gives the same bytes whatever order CarUpdateStatus.ecus was filled in", () => {
    const cases = arbitraryEnvelopeOf("carUpdateStatus").chain((envelope) =>
      permutationOf(Object.keys(envelope.Data.value.ecus)).map((order) => ({ envelope, order })),
    );
    fc.assert(
      fc.property(cases, ({ envelope, order }) => {
        const shuffled = createEnvelope(
          "carUpdateStatus",
          { ecus: rebuild(envelope.Data.value.ecus, order) },
          { handler: envelope.handler },
        );
        expect(encodeEnvelope(shuffled)).toEqual(encodeEnvelope(envelope));
      }),
      { numRuns: 150 },
    );
  });

  it("gives the same bytes for tricky keys ('10', '9', '', '__proto__', non-BMP) in any order", () => {
    const cases = trickyMaps.chain((ecus) =>
      fc
        .tuple(permutationOf(Object.keys(ecus)), permutationOf(Object.keys(ecus)))
        .map(([a, b]) => ({ a: rebuild(ecus, a), b: rebuild(ecus, b) })),
    );
    fc.assert(
      fc.property(cases, ({ a, b }) => {
        const bytesA = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus: a }));
        const bytesB = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus: b }));
        expect(bytesA).toEqual(bytesB);
      }),
      { numRuns: 200 },
    );
  });

  it("writes the entries ordered by key, byte-wise by UTF-8, every key once", () => {
    fc.assert(
      fc.property(trickyMaps, (ecus) => {
        const bytes = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus }));
        expect(keysOnTheWire(bytes)).toEqual(Object.keys(ecus).sort(compareUtf8));
      }),
      { numRuns: 200 },
    );
  });

  it("decodes every key back to its own value", () => {
    const maps = fc.dictionary(trickyKey, arbitraryMessage(CarECUSchema), { maxKeys: 12 });
    fc.assert(
      fc.property(maps, (ecus) => {
        const envelope = createEnvelope("carUpdateStatus", {
          ecus: rebuild(ecus, Object.keys(ecus)),
        });
        const back = decodeEnvelope(encodeEnvelope(envelope));
        if (back.Data.case !== "carUpdateStatus") throw new Error("wrong kind");
        const decoded: Record<string, CarECU> = back.Data.value.ecus;
        expect(Object.keys(decoded).sort()).toEqual(Object.keys(ecus).sort());
        for (const key of Object.keys(ecus)) {
          expect(Object.hasOwn(decoded, key)).toBe(true);
          expect(decoded[key]?.vin).toBe(ecus[key]?.vin);
        }
      }),
      { numRuns: 100 },
    );
  });
});
