import { CodecError } from "../codec-error.js";
import { describeValue } from "./describe-value.js";

/** Throws `invalid_argument` unless `value` is a whole number of at least `min`. */
export function checkCount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new CodecError(
      "invalid_argument",
      `option ${name} must be a whole number of at least ${min}, got ${String(value)}`,
    );
  }
}

/** Throws `invalid_argument` unless `options` is undefined or an object. */
export function checkOptions(options: unknown): void {
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    throw new CodecError(
      "invalid_argument",
      `options must be an object, got ${describeValue(options)}`,
    );
  }
}
