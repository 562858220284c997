import { CodecError } from "../codec-error.js";
import { createWriter, finish, writeRaw } from "../runtime/index.js";
import {
  type Fail,
  formatGuid,
  guidBytes,
  hex,
  negativeSchemaId,
  readMessageIndexes,
  schemaIdAt,
  writeMessageIndexes,
} from "./schema-registry-ids.js";

// The schema id carried in a record header instead of in front of the value, as
// @confluentinc/schemaregistry's HeaderSchemaIdSerializer writes it and its
// DualSchemaIdDeserializer reads it. The value then holds the bare protobuf bytes.
//
//   0x01, 16 bytes        magic byte 1, then the schema's GUID (what Confluent writes), or
//   0x00, 4 bytes         magic byte 0, then the schema id, big-endian signed 32-bit
//   the rest              the message indexes (see schema-registry-ids.ts), ending the header

/** The header that carries the schema id of a record's value: `__value_schema_id`. */
export const VALUE_SCHEMA_ID_HEADER = "__value_schema_id";

/** The header that carries the schema id of a record's key: `__key_schema_id`. */
export const KEY_SCHEMA_ID_HEADER = "__key_schema_id";

/** What a schema id header names: a schema GUID or a schema id. @internal */
export type SchemaIdHeader = { schemaId: number } | { schemaGuid: string };

/**
 * Decodes the value of the schema id header `name`; its message indexes must be `[0]`. Throws a
 * {@link CodecError}: `malformed` for a magic byte other than 0 or 1, a negative id, count or
 * index, a varint over 5 bytes, bytes after the indexes, or indexes other than `[0]`;
 * `truncated` for a header that ends early. @internal
 */
export function decodeSchemaIdHeader(bytes: Uint8Array, name: string): SchemaIdHeader {
  const magic = bytes[0];
  if (magic === undefined) headerError(name, "truncated", "the header is empty");
  if (magic !== 0x00 && magic !== 0x01) {
    headerError(
      name,
      "malformed",
      `magic byte at offset 0 is ${hex(magic)}, expected 0x00 or 0x01`,
    );
  }
  const end = magic === 0x00 ? 5 : 17;
  const length = bytes.length;
  if (length < end) {
    headerError(
      name,
      "truncated",
      `header of ${length} bytes is shorter than its magic byte and ` +
        (magic === 0x00 ? "4-byte schema id" : "16-byte schema GUID"),
    );
  }
  let header: SchemaIdHeader;
  if (magic === 0x00) {
    const schemaId = schemaIdAt(bytes);
    if (schemaId < 0) headerError(name, "malformed", negativeSchemaId(schemaId));
    header = { schemaId };
  } else {
    header = { schemaGuid: formatGuid(bytes) };
  }
  // The short form of [0], a count of 0, as Confluent writes it: nothing more to read.
  if (length === end + 1 && bytes[end] === 0) return header;
  const fail: Fail = (code, detail) => headerError(name, code, detail);
  const pos = readMessageIndexes(bytes, end, "the header", fail);
  if (pos !== length) {
    fail("malformed", `${length - pos} bytes follow the message indexes at offset ${pos}`);
  }
  return header;
}

/** Throws the CodecError of the schema id header `name`: `code`, and `detail` in its text. */
function headerError(name: string, code: Parameters<Fail>[0], detail: string): never {
  throw new CodecError(code, `cannot decode schema id header ${name}: ${detail}`);
}

/**
 * Encodes a schema id header: magic byte 1 and the GUID when `schemaGuid` is given, else magic
 * byte 0 and `schemaId`; then the message indexes (`[0]` as the single byte 0x00). The caller
 * has checked its arguments. @internal
 */
export function encodeSchemaIdHeader(
  id: { readonly schemaId?: number | undefined; readonly schemaGuid?: string | undefined },
  messageIndexes: readonly number[],
): Uint8Array<ArrayBuffer> {
  const writer = createWriter(false, false, 0);
  if (id.schemaGuid !== undefined) {
    writeRaw(writer, Uint8Array.of(0x01));
    writeRaw(writer, guidBytes(id.schemaGuid));
  } else {
    const header = new Uint8Array(5); // 0x00 magic byte, then the schema id
    new DataView(header.buffer).setInt32(1, id.schemaId ?? 0); // big-endian
    writeRaw(writer, header);
  }
  writeMessageIndexes(writer, messageIndexes);
  return finish(writer);
}
