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

/** Bytes: empty or up to 64 of any value. */
export function bytes(): Arbitrary<Uint8Array> {
  return fc.oneof(fc.uint8Array({ maxLength: 0 }), fc.uint8Array({ maxLength: 64 }));
}

/** An EmumStatus number: the three known ones, unknown ones (3, 99, -1, 2^31 - 1, -2^31), any int32. */
export function enumNumber(): Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(0, 1, 2),
    fc.constantFrom(3, 99, -1, INT32_MAX, INT32_MIN),
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
 * A map with string keys: empty, a few entries, or 10 to 16 entries. Keys include the ones that
 * trip plain JavaScript objects: `__proto__`, `constructor`, integer-like `10` and `9` (which
 * objects enumerate first, in numeric order), and the empty string.
 */
export function stringMap<T>(value: Arbitrary<T>): Arbitrary<Record<string, T>> {
  const key = fc.oneof(fc.constantFrom("__proto__", "constructor", "10", "9", ""), string());
  return fc.oneof(
    fc.dictionary(key, value, { maxKeys: 0 }),
    fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 }),
    fc.dictionary(key, value, { minKeys: 10, maxKeys: 16 }),
  );
}
