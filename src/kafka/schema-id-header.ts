import { negativeSchemaId, schemaIdAt } from "../framing/schema-registry.js";
import { CodecError } from "../index.js";

// The schema id carried in a record header instead of in front of the value, as
// @confluentinc/schemaregistry's HeaderSchemaIdSerializer writes it and its
// DualSchemaIdDeserializer reads it. The value then holds the bare protobuf bytes.
//
//   0x01, 16 bytes        magic byte 1, then the schema's GUID (what Confluent writes), or
//   0x00, 4 bytes         magic byte 0, then the schema id, big-endian signed 32-bit
//   zigzag varint         count of message indexes; 0 is the short form of [0]
//   zigzag varint × count message indexes

/** The header that carries the schema id of a record's value: `__value_schema_id`. */
export const VALUE_SCHEMA_ID_HEADER = "__value_schema_id";

/** The header that carries the schema id of a record's key: `__key_schema_id`. */
export const KEY_SCHEMA_ID_HEADER = "__key_schema_id";

/** What a schema id header names: a schema GUID or a schema id, and the message indexes. */
export interface SchemaIdHeader {
  /** The schema id, when the header holds one (magic byte 0). */
  schemaId?: number;
  /** The schema GUID, lowercase with dashes, when the header holds one (magic byte 1). */
  schemaGuid?: string;
  /** Always `[0]` once decoded: the envelope is the first message of kafka_grpc.proto. */
  messageIndexes: number[];
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Decodes the value of a schema id header. Throws a {@link CodecError}: `malformed` for a
 * magic byte other than 0 or 1, a negative id, count or index, a varint over 5 bytes, bytes
 * after the indexes, or indexes other than `[0]`; `truncated` for a header that ends early.
 * @internal
 */
export function decodeSchemaIdHeader(bytes: Uint8Array, name: string): SchemaIdHeader {
  const magic = bytes[0];
  if (magic === undefined) throw headerError(name, "truncated", "the header is empty");
  if (magic !== 0x00 && magic !== 0x01) {
    throw headerError(
      name,
      "malformed",
      `magic byte at offset 0 is 0x${hex(magic)}, expected 0x00 or 0x01`,
    );
  }
  const idBytes = magic === 0x00 ? 4 : 16;
  const length = bytes.length;
  if (length < 1 + idBytes) {
    throw headerError(
      name,
      "truncated",
      `header of ${length} bytes is shorter than its magic byte and ` +
        (magic === 0x00 ? "4-byte schema id" : "16-byte schema GUID"),
    );
  }
  let header: SchemaIdHeader;
  if (magic === 0x00) {
    const schemaId = schemaIdAt(bytes);
    if (schemaId < 0) throw headerError(name, "malformed", negativeSchemaId(schemaId));
    header = { schemaId, messageIndexes: [0] };
  } else {
    header = { schemaGuid: formatGuid(bytes), messageIndexes: [0] };
  }
  const pos = 1 + idBytes;
  // The short form of [0], a count of 0, as Confluent writes it: nothing more to read.
  if (length === pos + 1 && bytes[pos] === 0) return header;
  header.messageIndexes = readMessageIndexes(bytes, pos, name);
  return header;
}

/**
 * Reads the message indexes from `start` to the end of the header; throws unless they are
 * `[0]` and end the header.
 */
function readMessageIndexes(bytes: Uint8Array, start: number, name: string): number[] {
  const cursor = { pos: start };
  const count = readIndexVarint(bytes, cursor, "message index count", name);
  if (count > bytes.length - cursor.pos) {
    throw headerError(
      name,
      "truncated",
      `message index count is ${count}, more than the ${bytes.length - cursor.pos} bytes left`,
    );
  }
  const indexes: number[] = [];
  for (let i = 0; i < Math.min(count, 8); i++) {
    indexes.push(readIndexVarint(bytes, cursor, "message index", name));
  }
  if (count === 0) indexes.push(0);
  if (count > 1 || indexes[0] !== 0) {
    const more = count > 8 ? `, … ${count - 8} more` : "";
    throw headerError(
      name,
      "malformed",
      `message indexes [${indexes.join(", ")}${more}] do not name ` +
        "kafka_grpc.GRPC_AttendantPayload (expected [0])",
    );
  }
  if (cursor.pos !== bytes.length) {
    throw headerError(
      name,
      "malformed",
      `${bytes.length - cursor.pos} bytes follow the message indexes at offset ${cursor.pos}`,
    );
  }
  return indexes;
}

/** Reads a zigzag varint of at most 5 bytes at `cursor.pos` that is 0 or more, and moves past it. */
function readIndexVarint(
  bytes: Uint8Array,
  cursor: { pos: number },
  what: string,
  name: string,
): number {
  const start = cursor.pos;
  let raw = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes[cursor.pos++];
    if (byte === undefined) {
      throw headerError(name, "truncated", `${what} at offset ${start} runs past the end`);
    }
    raw += (byte & 0x7f) * 2 ** (7 * i);
    if (byte < 0x80) {
      if (raw > 0xffffffff) {
        throw headerError(name, "malformed", `${what} at offset ${start} does not fit 32 bits`);
      }
      const value = raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2; // zigzag
      if (value < 0) {
        throw headerError(
          name,
          "malformed",
          `${what} at offset ${start} is ${value}, expected 0 or more`,
        );
      }
      return value;
    }
  }
  throw headerError(name, "malformed", `${what} at offset ${start} is longer than 5 bytes`);
}

function headerError(name: string, code: "malformed" | "truncated", detail: string): CodecError {
  return new CodecError(code, `cannot decode schema id header ${name}: ${detail}`);
}

/**
 * Encodes a schema id header: magic byte 1 and the GUID when `schemaGuid` is given, else magic
 * byte 0 and `schemaId`; then the message indexes (`[0]` as the single byte 0x00). The caller
 * has checked its arguments. @internal
 */
export function encodeSchemaIdHeader(
  id: { schemaId?: number | undefined; schemaGuid?: string | undefined },
  messageIndexes: readonly number[],
): Uint8Array {
  const out: number[] = [];
  if (id.schemaGuid !== undefined) {
    out.push(0x01);
    const hexDigits = id.schemaGuid.replaceAll("-", "");
    for (let i = 0; i < 32; i += 2) out.push(Number.parseInt(hexDigits.slice(i, i + 2), 16));
  } else {
    const schemaId = id.schemaId ?? 0;
    out.push(
      0x00,
      (schemaId >>> 24) & 0xff,
      (schemaId >>> 16) & 0xff,
      (schemaId >>> 8) & 0xff,
      schemaId & 0xff,
    );
  }
  const zigzag = (value: number) => {
    let raw = value * 2; // zigzag of a value ≥ 0
    while (raw >= 0x80) {
      out.push((raw % 0x80) | 0x80);
      raw = Math.floor(raw / 0x80);
    }
    out.push(raw);
  };
  if (messageIndexes.length === 1 && messageIndexes[0] === 0) {
    zigzag(0); // a count of 0, the short form of [0]
  } else {
    zigzag(messageIndexes.length);
    for (const index of messageIndexes) zigzag(index);
  }
  return Uint8Array.from(out);
}

/** True for a GUID as Confluent writes it: 32 hex digits in groups of 8-4-4-4-12. @internal */
export function isSchemaGuid(value: unknown): value is string {
  return typeof value === "string" && GUID.test(value);
}

/** The two lowercase hex digits of each byte value. */
const HEX_DIGITS: readonly string[] = /*@__PURE__*/ Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, "0"),
);

// The last GUID formatted, and its 16 bytes: the records of a topic name the same few schemas,
// so the text is made once per schema instead of once per record.
const lastGuidBytes = /*@__PURE__*/ new Uint8Array(16);
let lastGuid = "";

/** The GUID of bytes 1 to 16 of a header, lowercase with dashes: 8-4-4-4-12 hex digits. */
function formatGuid(bytes: Uint8Array): string {
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
  for (let i = 0; i < 16; i++) lastGuidBytes[i] = bytes[i + 1] as number;
  const d = HEX_DIGITS;
  const b = bytes;
  lastGuid =
    `${d[b[1] as number]}${d[b[2] as number]}${d[b[3] as number]}${d[b[4] as number]}-` +
    `${d[b[5] as number]}${d[b[6] as number]}-${d[b[7] as number]}${d[b[8] as number]}-` +
    `${d[b[9] as number]}${d[b[10] as number]}-${d[b[11] as number]}${d[b[12] as number]}` +
    `${d[b[13] as number]}${d[b[14] as number]}${d[b[15] as number]}${d[b[16] as number]}`;
  return lastGuid;
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, "0");
}
