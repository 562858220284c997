// How a generated encoder or JSON mapper gives up: the exported function returns undefined and
// its caller takes the checked path, which alone owns the error texts (src/envelope/fallback.ts).

/**
 * Thrown inside a generated encoder (or JSON mapper) when the message is not one it can vouch
 * for: a value of the wrong type or out of range, a lone surrogate, a `$typeName` that does not
 * match, a property that is not own. The exported function catches it and returns undefined,
 * and the caller runs the slow path, which gives the exact error (or, for a form the fast path
 * does not take, the exact output).
 */
const BAIL: unique symbol = Symbol("bail");

/** Gives up on the fast path (see {@link BAIL}). */
export function bail(): never {
  throw BAIL;
}
