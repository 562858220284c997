// 64-bit integers as bigints, made cheaply: shared by the binary and JSON readers.

// One 64-bit word, seen as two 32-bit halves and as a signed and an unsigned bigint: writing the
// halves and reading the bigint is the cheapest way to make a bigint in V8 (about twice as fast
// as BigInt(number), and faster than a DataView).
export const halves = /*@__PURE__*/ new Uint32Array(2);
export const asInt64 = /*@__PURE__*/ new BigInt64Array(halves.buffer);
export const asUint64 = /*@__PURE__*/ new BigUint64Array(halves.buffer);
/** The index of the low half in {@link halves}: 0 on little-endian machines. */
export const LOW = /*@__PURE__*/ new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
/** The index of the high half in {@link halves}. */
export const HIGH = 1 - LOW;

/**
 * The bigints 0 to 255, made once: counts, codes and flags are mostly small, and reading one
 * from here is cheaper than making a new one.
 */
const smallBigints: readonly bigint[] = /*@__PURE__*/ Array.from({ length: 256 }, (_, i) =>
  BigInt(i),
);

/**
 * The bigint of the safe integer `value`, as an int64, or as a uint64 (then `value` is not
 * negative).
 */
export function bigintOf(value: number, signed: boolean): bigint {
  if (value >= 0 && value < 256) return smallBigints[value] as bigint; // -0 reads 0n
  halves[LOW] = value; // ToUint32: the low 32 bits of the two's complement
  halves[HIGH] = Math.floor(value / 4294967296);
  return (signed ? asInt64[0] : asUint64[0]) as bigint;
}

/**
 * The longest decimal string taken for a 64-bit integer: 20 digits and a sign, with room for
 * leading zeros. A longer one is refused by its length, before any work on its digits.
 */
export const MAX_DECIMAL_CHARS = 32;

/** The largest integer a float holds exactly. */
export const SAFE = 9007199254740991;

// Literals, not expressions: a bundler drops an unused literal, not an unused `2n ** 63n`.
const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;
const UINT64_MAX = 18446744073709551615n;

/** Whether `value` is an int64, or a uint64 if not `signed`. */
export function inInt64Range(value: bigint, signed: boolean): boolean {
  return signed ? value >= INT64_MIN && value <= INT64_MAX : value >= 0n && value <= UINT64_MAX;
}
