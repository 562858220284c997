// How a generated JSON reader gives up: the exported function returns undefined and its caller
// takes the checked path, which alone owns the error texts (src/envelope/fallback.ts). The
// writers never give up: they refuse a value with a WriteProblem (write-problem.ts).

/**
 * Thrown inside a generated JSON reader when the value is not one it can vouch for. The exported
 * function catches it and returns undefined,
 * and the caller runs the slow path, which gives the exact error (or, for a form the fast path
 * does not take, the exact output).
 */
const BAIL: unique symbol = Symbol("bail");

/** Gives up on the fast path (see {@link BAIL}). */
export function bail(): never {
  throw BAIL;
}
