import { describeValue, showValue } from "../internal/describe-value.js";
import {
  MAX_LENGTH,
  over32,
  pastEnd,
  tooLong,
  type Writer,
  writeRawVarint32,
} from "../runtime/index.js";

// What the Confluent Schema Registry formats carry besides the message, read and written here
// for the frame (schema-registry.ts) and the schema id header (schema-id-header.ts) alike:
//
//   4 bytes               schema id, big-endian signed 32-bit (after a magic byte 0x00)
//   16 bytes              or the schema's GUID (after a magic byte 0x01; the header only)
//   zigzag varint         count of message indexes; 0 is the short form of [0]
//   zigzag varint × count message indexes: the message's path among the messages of the file

/** Schema ids and message indexes are signed 32-bit, and never negative. */
export const MAX_INT32 = 0x7fffffff;

/**
 * The message indexes of `kafka_grpc.GRPC_AttendantPayload`: `[0]`, the first message of
 * kafka_grpc.proto. The default of `messageIndexes`, written as the single byte `0x00`, and the
 * indexes of every decoded frame and header (the decoders accept no other). Frozen.
 */
export const ENVELOPE_MESSAGE_INDEXES: readonly number[] = /*@__PURE__*/ Object.freeze([0]);

/** Throws a CodecError of `code` whose message ends with `detail`. @internal */
export type Fail = (code: "truncated" | "malformed" | "invalid_argument", detail: string) => never;

/**
 * The schema id at bytes 1 to 4 of a frame or schema id header, big-endian and signed (`|` makes
 * the top bit the sign); the caller refuses it when negative ({@link negativeSchemaId}). @internal
 */
export function schemaIdAt(bytes: Uint8Array): number {
  return (
    ((bytes[1] as number) << 24) |
    ((bytes[2] as number) << 16) |
    ((bytes[3] as number) << 8) |
    (bytes[4] as number)
  );
}

/** What is wrong with a negative schema id, for the error of its frame or header. @internal */
export function negativeSchemaId(schemaId: number): string {
  return `schema id at offset 1 is ${schemaId}, expected 0 to ${MAX_INT32}`;
}

/**
 * Reads the message indexes that start at `start` of a frame or header (`container`: "the
 * frame", "the header") and returns where they end. Only `[0]` is accepted (written `0x00` or
 * `0x02 0x00`): the envelope is the first message of kafka_grpc.proto. At most 8 indexes are
 * read, enough to name them in the error. Fails `malformed` for a negative count or index, a
 * varint over 5 bytes or over 32 bits, or other indexes; `truncated` for indexes that run past
 * the end, or a count larger than the bytes left. @internal
 */
export function readMessageIndexes(
  bytes: Uint8Array,
  start: number,
  container: string,
  fail: Fail,
): number {
  if (bytes[start] === 0x00) return start + 1; // the short form of [0], read below too
  const count = readZigzag32(bytes, start, "message index count", container, fail);
  if (count < 0) {
    fail("malformed", `message index count at offset ${start} is ${count}, expected 0 or more`);
  }
  let pos = zigzagEnd;
  if (count > bytes.length - pos) {
    fail(
      "truncated",
      `message index count at offset ${start} is ${count}, more than the ` +
        `${bytes.length - pos} bytes left in ${container}`,
    );
  }
  const indexes = count === 0 ? [0] : [];
  for (let i = 0; i < Math.min(count, 8); i++) {
    const index = readZigzag32(bytes, pos, "message index", container, fail);
    if (index < 0) {
      fail("malformed", `message index at offset ${pos} is ${index}, expected 0 or more`);
    }
    indexes.push(index);
    pos = zigzagEnd;
  }
  if (count > 1 || indexes[0] !== 0) {
    const more = count > indexes.length ? `, … ${count - indexes.length} more` : "";
    fail(
      "malformed",
      `message indexes [${indexes.join(", ")}${more}] do not name ` +
        "kafka_grpc.GRPC_AttendantPayload (expected [0])",
    );
  }
  return pos;
}

/** Where the varint {@link readZigzag32} read last ends: its second result, without an object. */
let zigzagEnd = 0;

/**
 * Reads a zigzag varint of at most 5 bytes that fits 32 bits, as Confluent's Java serializer
 * reads the count and indexes (its JavaScript client reads longer ones, wrongly), and sets
 * {@link zigzagEnd}.
 */
function readZigzag32(
  bytes: Uint8Array,
  start: number,
  name: string,
  container: string,
  fail: Fail,
): number {
  let raw = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes[start + i];
    if (byte === undefined) fail("truncated", pastEnd(name, start, container));
    raw += (byte & 0x7f) * 2 ** (7 * i);
    if (byte < 0x80) {
      if (raw > MAX_LENGTH) fail("malformed", over32(name, start));
      zigzagEnd = start + i + 1;
      return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
    }
  }
  return fail("malformed", tooLong(name, start, 5));
}

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

/** The two lowercase hex digits of each byte value. */
const HEX_DIGITS: readonly string[] = /*@__PURE__*/ Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, "0"),
);

/** A byte as error texts show it: `0x0a`. @internal */
export function hex(byte: number): string {
  return `0x${HEX_DIGITS[byte]}`;
}

// The last GUID formatted, and its 16 bytes: the records of a topic name the same few schemas,
// so the text is made once per schema instead of once per record.
const lastGuidBytes = /*@__PURE__*/ new Uint8Array(16);
let lastGuid = "";

/** The GUID of bytes 1 to 16 of a header, lowercase with dashes: 8-4-4-4-12 hex digits. @internal */
export function formatGuid(bytes: Uint8Array): string {
  if (lastGuid !== "") {
    let same = true;
    for (let i = 0; i < 16; i++) {
      if (bytes[i + 1] !== lastGuidBytes[i]) {
        same = false;
        break;
      }
    }
    if (same) return lastGuid;
  }
  let text = "";
  for (let i = 0; i < 16; i++) {
    const byte = bytes[i + 1] as number;
    lastGuidBytes[i] = byte;
    text += (i === 4 || i === 6 || i === 8 || i === 10 ? "-" : "") + HEX_DIGITS[byte];
  }
  lastGuid = text;
  return text;
}

/** The 16 bytes of a GUID in 8-4-4-4-12 form, checked by {@link isSchemaGuid}. @internal */
export function guidBytes(guid: string): Uint8Array {
  const digits = guid.replaceAll("-", "");
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
