import { create } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CarECU,
  CarECUSchema,
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
} from "../../src/index.js";
import { arbitraryCarECU, arbitraryEnvelopeOf } from "../../src/testing/index.js";
import { compareUtf8, keysOnTheWire } from "./helpers.js";

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
    const maps = fc.dictionary(trickyKey, arbitraryCarECU(), { maxKeys: 12 });
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
