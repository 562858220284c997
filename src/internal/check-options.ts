import { CodecError } from "../codec-error.js";
import { describeThrown } from "./describe-thrown.js";
import { describeValue } from "./describe-value.js";

/** Throws `invalid_argument` unless `value` is a whole number of at least `min`. */
export function checkCount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new CodecError(
      "invalid_argument",
      `option ${name} must be a whole number of at least ${min}, got ${describeOption(value)}`,
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

/**
 * Reads the options a function knows from `options` (undefined or an object), each once, and
 * returns them with the `defaults` for those not given (`defaults` itself when `options` is
 * undefined, so the common call allocates nothing). A boolean option must be a boolean; a number
 * option a whole number of at least `min[name]` (default 0) and at most `max[name]`. Throws
 * `invalid_argument` for anything else, and for a getter or Proxy trap that throws (its error
 * as the `cause`). Properties it does not know are not read.
 */
export function readOptions<T extends { readonly [K in keyof T]: boolean | number }>(
  options: unknown,
  defaults: T,
  min?: Partial<Record<keyof T, number>>,
  max?: Partial<Record<keyof T, number>>,
): T {
  if (options === undefined) return defaults;
  checkOptions(options);
  const out: Record<string, boolean | number> = { ...defaults };
  for (const name of Object.keys(defaults) as (keyof T & string)[]) {
    let value: unknown;
    try {
      value = (options as Record<string, unknown>)[name];
    } catch (cause) {
      throw new CodecError(
        "invalid_argument",
        `option ${name} could not be read: ${describeThrown(cause)}`,
        { cause },
      );
    }
    if (value === undefined) continue;
    if (typeof defaults[name] === "boolean") {
      if (typeof value !== "boolean") {
        throw new CodecError(
          "invalid_argument",
          `option ${name} must be true or false, got ${describeOption(value)}`,
        );
      }
    } else {
      checkCount(name, value as number, min?.[name] ?? 0);
      const most = max?.[name];
      if (most !== undefined && (value as number) > most) {
        throw new CodecError(
          "invalid_argument",
          `option ${name} must be at most ${most}, got ${String(value)}`,
        );
      }
    }
    out[name] = value as boolean | number;
  }
  return out as T;
}

/** An option's value for an error text: numbers and short strings as they are, else the type. */
function describeOption(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  if (typeof value === "string")
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return describeValue(value);
}
