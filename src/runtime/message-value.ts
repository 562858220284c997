// What the generated writers (binary and JSON) check of a message value before they write it: the
// type of each value as protobuf-es's checks want it. Each check bails (see bail.ts) on a value
// the fast path does not take, and the caller runs the slow path, which owns the error texts.

import { bail } from "./bail.js";

/** Whether a 64-bit value is zero, as protobuf-es's `value != 0` skips it; bails on other types. */
export function isZeroInt64(value: unknown): boolean {
  if (typeof value === "bigint") return value === 0n;
  if (typeof value === "number" && Number.isSafeInteger(value)) return value === 0;
  bail();
}

/** Checks that `value` is a message of type `typeName` as protobuf-es checks it, or bails. */
export function asMessage<T>(value: unknown, typeName: string): T {
  if (
    typeof value !== "object" ||
    value === null ||
    (value as { $typeName?: unknown }).$typeName !== typeName
  )
    bail();
  return value as T;
}

/** Checks that `value` is an array, or bails. */
export function asList(value: unknown): unknown[] {
  if (!Array.isArray(value)) bail();
  return value;
}

/** Checks that `value` is a record (an object, not an array), or bails. */
export function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) bail();
  return value as Record<string, unknown>;
}

/**
 * Checks that the oneof `value` is `{ case, value }` with `case` undefined or one of `cases`,
 * or bails. Returns the case.
 */
export function oneofCase(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) bail();
  const c = (value as { case?: unknown }).case;
  if (c !== undefined && typeof c !== "string") bail();
  return c;
}

/**
 * Checks that the optional field `key` of `message` is an own property (else the slow path
 * decides).
 */
export function requireOwn(message: object, key: string): void {
  if (!Object.hasOwn(message, key)) bail();
}

/**
 * Bails unless `unknown` is undefined or a list of `{ no, wireType, data }`, as checkMessage wants.
 */
export function checkUnknownFields(unknown: unknown): void {
  if (unknown === undefined) return;
  if (!Array.isArray(unknown)) bail();
  for (const field of unknown as { no?: unknown; wireType?: unknown; data?: unknown }[]) {
    if (
      typeof field?.no !== "number" ||
      typeof field.wireType !== "number" ||
      !(field.data instanceof Uint8Array)
    ) {
      bail();
    }
  }
}
