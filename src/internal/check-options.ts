import { CodecError } from "../codec-error.js";
import { describeValue } from "./describe-value.js";

/** The range of a number option: at least `min`; a larger value than `max` counts as `max`. */
export interface OptionBounds {
  readonly min: number;
  readonly max?: number;
}

/**
 * Reads the options a function knows from `options` (undefined or an object), each once, and
 * returns them with the `defaults` for those not given (`defaults` itself when `options` is
 * undefined, so the common call allocates nothing). A boolean option must be a boolean; a number
 * option a whole number of at least `bounds[name].min` (default 0); one above
 * `bounds[name].max` counts as that maximum. Throws `invalid_argument` for
 * anything else, and for a getter or Proxy trap that throws (its error as the `cause`, and not
 * in the message: what it says is not ours to print). Properties it does not know are not read.
 */
export function readOptions<T extends { readonly [K in keyof T]: boolean | number }>(
  options: unknown,
  defaults: T,
  bounds?: Partial<Record<keyof T, OptionBounds>>,
): T {
  if (options === undefined) return defaults;
  if (typeof options !== "object" || options === null) {
    throw new CodecError(
      "invalid_argument",
      `options must be an object, got ${describeValue(options)}`,
    );
  }
  const out = { ...defaults } as Record<keyof T, unknown>;
  for (const name in defaults) {
    let value: unknown;
    try {
      value = (options as Record<keyof T, unknown>)[name];
    } catch (cause) {
      throw unreadableOption(String(name), cause);
    }
    if (value !== undefined) {
      const least = bounds?.[name]?.min ?? 0;
      const flag = typeof defaults[name] === "boolean";
      if (
        flag
          ? typeof value !== "boolean"
          : !(Number.isSafeInteger(value) && (value as number) >= least)
      ) {
        throw invalidOption(
          name,
          flag ? "true or false" : `a whole number of at least ${least}`,
          value,
        );
      }
      const most = bounds?.[name]?.max;
      out[name] = most !== undefined && (value as number) > most ? most : value;
    }
  }
  return out as T;
}

/**
 * `option <name> could not be read`: a getter or Proxy trap that threw, its error the `cause`
 * (and not in the message: what it says is not ours to print).
 */
export function unreadableOption(name: string, cause: unknown): CodecError {
  return new CodecError("invalid_argument", `option ${name} could not be read`, { cause });
}

/** `option <name> must be <expected>, got <value>`: numbers and booleans shown, else the type. */
export function invalidOption(name: string, expected: string, value: unknown): CodecError {
  const shown =
    typeof value === "number" || typeof value === "boolean" ? value : describeValue(value);
  return new CodecError("invalid_argument", `option ${name} must be ${expected}, got ${shown}`);
}
