import fc, { type Arbitrary } from "fast-check";

// The scalar building blocks of the message arbitraries. Each one mixes the edge values of its
// protobuf type in explicitly, so that they show up in a few hundred runs, not by chance.

const INT64_MIN = -9223372036854775808n; // -2^63
const INT64_MAX = 9223372036854775807n; // 2^63 - 1
const UINT64_MAX = 18446744073709551615n; // 2^64 - 1
const INT32_MIN = -2147483648; // -2^31
const INT32_MAX = 2147483647; // 2^31 - 1
const UINT32_MAX = 4294967295; // 2^32 - 1

/** An int64: -2^63, 2^63 - 1, 0, -1, 1, or any value between. */
export function int64(): Arbitrary<bigint> {
  return fc.oneof(
    fc.constantFrom(INT64_MIN, INT64_MAX, 0n, -1n, 1n),
    fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
  );
}

/** A uint64: 0, 2^64 - 1, 2^63, or any value between. */
export function uint64(): Arbitrary<bigint> {
  return fc.oneof(
    fc.constantFrom(0n, UINT64_MAX, 2n ** 63n, 1n),
    fc.bigInt({ min: 0n, max: UINT64_MAX }),
  );
}

/** An int32: -2^31, 2^31 - 1, 0, -1, or any value between. */
export function int32(): Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(INT32_MIN, INT32_MAX, 0, -1),
    fc.integer({ min: INT32_MIN, max: INT32_MAX }),
  );
}

/** A uint32: 0, 2^32 - 1, or any value between. */
export function uint32(): Arbitrary<number> {
  return fc.oneof(fc.constantFrom(0, UINT32_MAX, 1), fc.integer({ min: 0, max: UINT32_MAX }));
}

/**
 * A float (32-bit): ±0 and ±Infinity aside, the largest, the smallest normal and subnormal
 * magnitudes, or any finite float. Never NaN or -0, which `equals()` and the JSON mapping do not
 * keep: NaN never equals itself, and -0 is written as 0.
 */
export function float(): Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 3.4028234663852886e38),
    fc.constantFrom(1.1754943508222875e-38, 1.401298464324817e-45, -1.401298464324817e-45),
    fc.float({ noNaN: true, noDefaultInfinity: true }).map(positiveZero),
  );
}

/** A double: like {@link float}, with the limits of a 64-bit float. Never NaN or -0. */
export function double(): Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE),
    fc.constantFrom(2.2250738585072014e-308, Number.MIN_VALUE, -Number.MIN_VALUE),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(positiveZero),
  );
}

function positiveZero(value: number): number {
  return value === 0 ? 0 : value;
}

/** A boolean. */
export function bool(): Arbitrary<boolean> {
  return fc.boolean();
}

/**
 * A well-formed string: empty, ASCII, printable graphemes (emoji and other non-BMP characters
 * among them, as surrogate pairs) or any code points outside the surrogate range.
 */
export function string(): Arbitrary<string> {
  return fc.oneof(
    fc.constant(""),
    fc.string(),
    fc.string({ unit: "grapheme" }),
    fc.string({ unit: "binary" }),
  );
}

/**
 * Bytes: empty, 1 to 64 of any value, or 128 to 300 (a length that takes two varint bytes on the
 * wire).
 */
export function bytes(): Arbitrary<Uint8Array> {
  return fc.oneof(
    { arbitrary: fc.uint8Array({ maxLength: 0 }), weight: 2 },
    { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }), weight: 3 },
    { arbitrary: fc.uint8Array({ minLength: 128, maxLength: 300 }), weight: 1 },
  );
}

/**
 * An enum number: each of `known`, the unknown numbers that trip decoders (the first number
 * above the known ones, 99, -1, 2^31 - 1 and -2^31, unless known), or any int32.
 */
export function enumNumber(known: readonly number[]): Arbitrary<number> {
  const next = Math.min(Math.max(-1, ...known) + 1, INT32_MAX);
  const unknown = [next, 99, -1, INT32_MAX, INT32_MIN].filter((n) => !known.includes(n));
  return fc.oneof(
    fc.constantFrom(...known),
    fc.constantFrom(...new Set(unknown)),
    fc.integer({ min: INT32_MIN, max: INT32_MAX }),
  );
}

/** The value of `arb`, or undefined: an optional field present or absent. */
export function optional<T>(arb: Arbitrary<T>): Arbitrary<T | undefined> {
  return fc.option(arb, { nil: undefined });
}

/** A repeated field: empty, short (1 to 3), or long (`long` to `long` + 8 items). */
export function list<T>(arb: Arbitrary<T>, long: number): Arbitrary<T[]> {
  return fc.oneof(
    { arbitrary: fc.array(arb, { maxLength: 0 }), weight: 2 },
    { arbitrary: fc.array(arb, { minLength: 1, maxLength: 3 }), weight: 3 },
    { arbitrary: fc.array(arb, { minLength: long, maxLength: long + 8 }), weight: 1 },
  );
}

/**
 * A map key of string type: one of the keys that trip plain JavaScript objects (`__proto__`,
 * `constructor`, integer-like `10` and `9`, which objects enumerate first in numeric order, and
 * the empty string), or any {@link string}.
 */
export function stringKey(): Arbitrary<string> {
  return fc.oneof(fc.constantFrom("__proto__", "constructor", "10", "9", ""), string());
}

/** A map: empty, 1 to 4 entries, or `long` to `long` + 6 entries. */
export function map<T>(key: Arbitrary<string>, value: Arbitrary<T>, long: number) {
  return fc.oneof(
    fc.dictionary(key, value, { maxKeys: 0 }),
    fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 }),
    fc.dictionary(key, value, { minKeys: long, maxKeys: long + 6 }),
  );
}
