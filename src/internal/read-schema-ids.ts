import { MAX_LENGTH, over32, pastEnd, tooLong } from "../runtime/index.js";

// What the Confluent Schema Registry formats carry besides the message, read here for the frame
// (read-schema-registry-header.ts) and the schema id header (decode-schema-id-header.ts) alike,
// and written by src/framing/schema-registry-ids.ts:
//
//   4 bytes               schema id, big-endian signed 32-bit (after a magic byte 0x00)
//   16 bytes              or the schema's GUID (after a magic byte 0x01; the header only)
//   zigzag varint         count of message indexes; 0 is the short form of [0]
//   zigzag varint × count message indexes: the message's path among the messages of the file

/** Schema ids and message indexes are signed 32-bit, and never negative. */
export const MAX_INT32 = 0x7fffffff;

/** Throws a CodecError of `code` whose message ends with `detail`. */
export type Fail = (code: "truncated" | "malformed" | "invalid_argument", detail: string) => never;

/**
 * The schema id at bytes 1 to 4 of a frame or schema id header, big-endian and signed (`|` makes
 * the top bit the sign); the caller refuses it when negative ({@link negativeSchemaId}).
 */
export function schemaIdAt(bytes: Uint8Array): number {
  return (
    ((bytes[1] as number) << 24) |
    ((bytes[2] as number) << 16) |
    ((bytes[3] as number) << 8) |
    (bytes[4] as number)
  );
}

/** What is wrong with a negative schema id, for the error of its frame or header. */
export function negativeSchemaId(schemaId: number): string {
  return `schema id at offset 1 is ${schemaId}, expected 0 to ${MAX_INT32}`;
}

/**
 * Reads the message indexes that start at `start` of a frame or header (`container`: "the
 * frame", "the header") and returns where they end. Only `[0]` is accepted (written `0x00` or
 * `0x02 0x00`): the envelope is the first message of kafka_grpc.proto. At most 8 indexes are
 * read, enough to name them in the error. Fails `malformed` for a negative count or index, a
 * varint over 5 bytes or over 32 bits, or other indexes; `truncated` for indexes that run past
 * the end, or a count larger than the bytes left.
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

/** The two lowercase hex digits of each byte value. */
const HEX_DIGITS: readonly string[] = /*@__PURE__*/ Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, "0"),
);

/** A byte as error texts show it: `0x0a`. */
export function hex(byte: number): string {
  return `0x${HEX_DIGITS[byte]}`;
}

// The last GUID formatted, and its 16 bytes: the records of a topic name the same few schemas,
// so the text is made once per schema instead of once per record.
const lastGuidBytes = /*@__PURE__*/ new Uint8Array(16);
let lastGuid = "";

/** The GUID of bytes 1 to 16 of a header, lowercase with dashes: 8-4-4-4-12 hex digits. */
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
