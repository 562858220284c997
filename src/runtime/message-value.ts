// What the generated writers (binary and JSON) check of a message value before they write it: the
// type of each value as protobuf-es's checks want it. Each check bails (see bail.ts) on a value
// the fast path does not take, and the caller runs the slow path, which owns the error texts.

import { bail } from "./bail.js";

/** Whether a 64-bit value is zero, as protobuf-es's `value != 0` skips it; bails on other types. */
export function isZeroInt64(v: unknown): boolean {
  if (typeof v === "bigint") return v === 0n;
  if (typeof v === "number" && Number.isSafeInteger(v)) return v === 0;
  bail();
}

/** Checks that `v` is a message of type `typeName` as protobuf-es checks it, or bails. */
export function asMessage<T>(v: unknown, typeName: string): T {
  if (typeof v !== "object" || v === null || (v as { $typeName?: unknown }).$typeName !== typeName)
    bail();
  return v as T;
}

/** Checks that `v` is an array, or bails. */
export function asList(v: unknown): unknown[] {
  if (!Array.isArray(v)) bail();
  return v;
}

/** Checks that `v` is a record (an object, not an array), or bails. */
export function asRecord(v: unknown): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) bail();
  return v as Record<string, unknown>;
}

/**
 * Checks that the oneof `v` is `{ case, value }` with `case` undefined or one of `cases`,
 * or bails. Returns the case.
 */
export function oneofCase(v: unknown): string | undefined {
  if (typeof v !== "object" || v === null) bail();
  const c = (v as { case?: unknown }).case;
  if (c !== undefined && typeof c !== "string") bail();
  return c;
}

/** Checks that the optional field `key` of `m` is an own property (else the slow path decides). */
export function requireOwn(m: object, key: string): void {
  if (!Object.hasOwn(m, key)) bail();
}

/** Bails unless `unknown` is undefined or a list of `{ no, wireType, data }`, as checkMessage wants. */
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
