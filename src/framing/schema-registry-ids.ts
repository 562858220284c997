import { describeValue, showValue } from "../internal/describe-value.js";
import { type Fail, MAX_INT32 } from "../internal/read-schema-ids.js";
import { type Writer, writeRawVarint32 } from "../runtime/index.js";

// The ids the Confluent Schema Registry formats carry besides the message (their layout is in
// src/internal/read-schema-ids.ts, which reads them), checked and written for the frame
// (schema-registry.ts) and the schema id header (schema-id-header.ts) alike.

/**
 * The message indexes of `kafka_grpc.GRPC_AttendantPayload`: `[0]`, the first message of
 * kafka_grpc.proto. The default of `messageIndexes`, written as the single byte `0x00`, and the
 * indexes of every decoded frame and header (the decoders accept no other). Frozen.
 */
export const ENVELOPE_MESSAGE_INDEXES: readonly number[] = /*@__PURE__*/ Object.freeze([0]);

/** Writes message indexes as zigzag varints: `[0]` as a count of 0, else the count and each. @internal */
export function writeMessageIndexes(writer: Writer, indexes: readonly number[]): void {
  if (indexes.length === 1 && indexes[0] === 0) {
    writeRawVarint32(writer, 0); // 0x00: a count of 0, the short form of [0]
    return;
  }
  writeRawVarint32(writer, zigzag32(indexes.length));
  for (const index of indexes) writeRawVarint32(writer, zigzag32(index));
}

/** A signed 32-bit integer, zigzag-encoded: 0, -1, 1, -2 … become 0, 1, 2, 3 …. */
function zigzag32(value: number): number {
  return ((value << 1) ^ (value >> 31)) >>> 0;
}

/** The ids a writer is given, before they are checked. @internal */
export interface SchemaIds {
  readonly schemaId?: unknown;
  readonly schemaGuid?: unknown;
  readonly messageIndexes?: unknown;
}

/**
 * Checks the ids a writer is given: a schema id (when given, or required) and each message index
 * a whole number from 0 to 2^31 - 1, a GUID in 8-4-4-4-12 form, `messageIndexes` a non-empty
 * array. Fails `invalid_argument`. @internal
 */
export function checkSchemaIds(ids: SchemaIds, fail: Fail, requireSchemaId = false): void {
  const { schemaId, schemaGuid, messageIndexes } = ids;
  if (schemaId !== undefined || requireSchemaId) checkInt32("option schemaId", schemaId, fail);
  if (schemaGuid !== undefined && !isSchemaGuid(schemaGuid)) {
    fail(
      "invalid_argument",
      `option schemaGuid must be 32 hex digits as 8-4-4-4-12, got ${shown(schemaGuid)}`,
    );
  }
  if (messageIndexes === undefined) return;
  if (!Array.isArray(messageIndexes) || messageIndexes.length === 0) {
    fail(
      "invalid_argument",
      "option messageIndexes must be a non-empty array, got " +
        (Array.isArray(messageIndexes) ? "[]" : describeValue(messageIndexes)),
    );
  }
  for (const [i, index] of messageIndexes.entries()) {
    checkInt32(`option messageIndexes[${i}]`, index, fail);
  }
}

function checkInt32(name: string, value: unknown, fail: Fail): void {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_INT32) {
    fail(
      "invalid_argument",
      `${name} must be a whole number from 0 to ${MAX_INT32}, got ` +
        (typeof value === "number" ? String(value) : describeValue(value)),
    );
  }
}

/** An option's value as error texts show it: a string quoted (its first 40 characters). @internal */
export function shown(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : showValue(value);
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a GUID as Confluent writes it: 32 hex digits in groups of 8-4-4-4-12. @internal */
export function isSchemaGuid(value: unknown): value is string {
  return typeof value === "string" && GUID.test(value);
}

/** The 16 bytes of a GUID in 8-4-4-4-12 form, checked by {@link isSchemaGuid}. @internal */
export function guidBytes(guid: string): Uint8Array {
  const digits = guid.replaceAll("-", "");
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
