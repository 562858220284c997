// What the generated writers (binary and JSON) check of a message value before they write it.
// Each check throws a WriteProblem (write-problem.ts) for a value it refuses; the public
// functions make the error text. The scalar checks are in the writers, on these rules.

import { isUint8Array } from "./bytes-value.js";
import { inInt64Range, MAX_DECIMAL_CHARS } from "./int64.js";
import { refuse } from "./write-problem.js";

/** A 64-bit integer as a decimal string: an optional minus sign and digits. */
const decimal = /^-?[0-9]+$/;

/**
 * The 64-bit integer `value` as a bigint, from any form but a bigint that is taken: a safe
 * integer, or a decimal string of at most {@link MAX_DECIMAL_CHARS} characters (leading zeros
 * and `-0` included). Refuses any other value (`int64`), and one out of range (`range`).
 */
export function int64Of(value: unknown, signed: boolean): bigint {
  let big: bigint;
  if (typeof value === "bigint") big = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) big = BigInt(value);
  else if (typeof value === "string" && value.length <= MAX_DECIMAL_CHARS && decimal.test(value))
    big = BigInt(value);
  else refuse("int64", value, signed ? "int64" : "uint64");
  if (!inInt64Range(big, signed)) refuse("range", big, signed ? "int64" : "uint64");
  return big;
}

/**
 * Whether a 64-bit value is zero, as protobuf-es's `value != 0` skips it (0n, 0, "0", "-0",
 * "00"); refuses a value that is no int64 (`signed`) or uint64 in any form taken (see
 * {@link int64Of}).
 */
export function isZeroInt64(value: unknown, signed: boolean): boolean {
  if (typeof value === "bigint") return value === 0n;
  if (typeof value === "number" && Number.isSafeInteger(value)) return value === 0;
  return int64Of(value, signed) === 0n;
}

/**
 * Refuses `value` as a message of type `typeName`: called when it is not an object whose
 * `$typeName` is `typeName`.
 */
export function refuseMessage(value: unknown, typeName: string): never {
  refuse("message", value, typeName);
}

/** Checks that `value` is a message of type `typeName`. */
export function asMessage<T>(value: unknown, typeName: string): T {
  if (
    typeof value !== "object" ||
    value === null ||
    (value as { $typeName?: unknown }).$typeName !== typeName
  )
    refuseMessage(value, typeName);
  return value as T;
}

/** Checks that `value` is an array. */
export function asList(value: unknown): unknown[] {
  if (!Array.isArray(value)) refuse("type", value, "an array");
  return value;
}

/** Checks that `value` is a record (an object, not an array). */
export function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    refuse("type", value, "an object");
  return value as Record<string, unknown>;
}

/** Checks that the oneof `value` is `{ case, value }`; returns the case. */
export function oneofCase(value: unknown): unknown {
  if (typeof value !== "object" || value === null) refuse("type", value, "{ case, value }");
  return (value as { case?: unknown }).case;
}

/** Refuses the case of a oneof that is none of its members. */
export function refuseCase(value: unknown): never {
  refuse("case", value, "");
}

/** Checks that `unknown` is undefined or a list of `{ no, wireType, data }`. */
export function checkUnknownFields(unknown: unknown): void {
  if (unknown === undefined) return;
  if (!Array.isArray(unknown)) refuse("type", unknown, "an array");
  for (const field of unknown as { no?: unknown; wireType?: unknown; data?: unknown }[]) {
    if (
      typeof field?.no !== "number" ||
      typeof field.wireType !== "number" ||
      !isUint8Array(field.data)
    ) {
      refuse("entries", unknown, "");
    }
  }
}

/** Refuses `value` as an int32 (an enum value too): called when it is not one. */
export function refuseInt32(value: unknown): never {
  if (typeof value !== "number") refuse("type", value, "int32 as number");
  refuse("invalid", value, "int32");
}

/** Refuses `value` as a uint32: called when it is not one. */
export function refuseUint32(value: unknown): never {
  if (typeof value !== "number") refuse("type", value, "uint32 as number");
  refuse("invalid", value, "uint32");
}
