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

const MAX_INT32 = 0x7fffffff;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Decodes the value of a schema id header. Throws a {@link CodecError}: `malformed` for a
 * magic byte other than 0 or 1, a negative id, count or index, a varint over 5 bytes, bytes
 * after the indexes, or indexes other than `[0]`; `truncated` for a header that ends early.
 * @internal
 */
export function decodeSchemaIdHeader(bytes: Uint8Array, name: string): SchemaIdHeader {
  const fail = (code: "malformed" | "truncated", detail: string): never => {
    throw new CodecError(code, `cannot decode schema id header ${name}: ${detail}`);
  };
  const magic = bytes[0];
  if (magic === undefined) fail("truncated", "the header is empty");
  if (magic !== 0x00 && magic !== 0x01) {
    fail("malformed", `magic byte at offset 0 is 0x${hex(magic as number)}, expected 0x00 or 0x01`);
  }
  const idBytes = magic === 0x00 ? 4 : 16;
  if (bytes.length < 1 + idBytes) {
    fail(
      "truncated",
      `header of ${bytes.length} bytes is shorter than its magic byte and ` +
        (magic === 0x00 ? "4-byte schema id" : "16-byte schema GUID"),
    );
  }
  const header: SchemaIdHeader = { messageIndexes: [] };
  if (magic === 0x00) {
    const schemaId = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(1);
    if (schemaId < 0) {
      fail("malformed", `schema id at offset 1 is ${schemaId}, expected 0 to ${MAX_INT32}`);
    }
    header.schemaId = schemaId;
  } else {
    header.schemaGuid = formatGuid(bytes.subarray(1, 17));
  }
  let pos = 1 + idBytes;
  const read = (what: string): number => {
    const start = pos;
    let raw = 0;
    for (let i = 0; i < 5; i++) {
      const byte = bytes[pos++];
      if (byte === undefined)
        return fail("truncated", `${what} at offset ${start} runs past the end`);
      raw += (byte & 0x7f) * 2 ** (7 * i);
      if (byte < 0x80) {
        if (raw > 0xffffffff) fail("malformed", `${what} at offset ${start} does not fit 32 bits`);
        const value = raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2; // zigzag
        if (value < 0)
          fail("malformed", `${what} at offset ${start} is ${value}, expected 0 or more`);
        return value;
      }
    }
    return fail("malformed", `${what} at offset ${start} is longer than 5 bytes`);
  };
  const count = read("message index count");
  if (count > bytes.length - pos) {
    fail(
      "truncated",
      `message index count is ${count}, more than the ${bytes.length - pos} bytes left`,
    );
  }
  for (let i = 0; i < Math.min(count, 8); i++) header.messageIndexes.push(read("message index"));
  if (count === 0) header.messageIndexes.push(0);
  if (count > 1 || header.messageIndexes[0] !== 0) {
    const more = count > 8 ? `, … ${count - 8} more` : "";
    fail(
      "malformed",
      `message indexes [${header.messageIndexes.join(", ")}${more}] do not name ` +
        "kafka_grpc.GRPC_AttendantPayload (expected [0])",
    );
  }
  if (pos !== bytes.length) {
    fail("malformed", `${bytes.length - pos} bytes follow the message indexes at offset ${pos}`);
  }
  return header;
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

function formatGuid(bytes: Uint8Array): string {
  let digits = "";
  for (const byte of bytes) digits += HEX_DIGITS[byte];
  return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, "0");
}
