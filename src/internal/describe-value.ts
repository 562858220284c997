import { isUint8Array } from "../runtime/bytes-value.js";
import { escapeText, quoteText } from "../runtime/escape-text.js";
import { describeThrown } from "./describe-thrown.js";

/**
 * The type of a value for error texts: `null`, `array`, `Uint8Array of 3 bytes`, `string`, …
 * (the value itself is not shown; {@link showValue} shows it).
 */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (isUint8Array(value)) return `Uint8Array of ${value.length} bytes`;
  return typeof value;
}

/**
 * What `value`, not a message of the type expected, is in an error text: its `$typeName`,
 * escaped, when it has a string one (`kafka_grpc.VehicleData`), else its type
 * ({@link describeValue}).
 */
export function describeMessage(value: unknown): string {
  const name = (value as { $typeName?: unknown } | null | undefined)?.$typeName;
  return typeof name === "string" ? escapeText(name) : describeValue(value);
}

/** The text of a value that is not a message of type `typeName`; `got` says what it is. */
export function expectedMessage(typeName: string, got: string): string {
  return `expected a ${typeName} message, got ${got}`;
}

/**
 * The value itself as an error text shows it, for an option that must be of one shape:
 * strings quoted and escaped (`"abc"`), numbers, booleans, bigints, `null` and `undefined` as
 * written, `an array`, `an object` or `a function` for the rest. {@link describeValue} names the
 * type only.
 */
export function showValue(value: unknown): string {
  if (typeof value === "string") return quoteText(value);
  if (typeof value === "object" && value !== null)
    return Array.isArray(value) ? "an array" : "an object";
  return typeof value === "function" ? "a function" : describeThrown(value);
}
