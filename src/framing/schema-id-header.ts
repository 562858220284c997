import { createWriter, finish, writeRaw } from "../runtime/index.js";
import { guidBytes, writeMessageIndexes } from "./schema-registry-ids.js";

// The schema id carried in a record header instead of in front of the value, as
// @confluentinc/schemaregistry's HeaderSchemaIdSerializer writes it and its
// DualSchemaIdDeserializer reads it (src/internal/decode-schema-id-header.ts reads it here). The
// value then holds the bare protobuf bytes.
//
//   0x01, 16 bytes        magic byte 1, then the schema's GUID (what Confluent writes), or
//   0x00, 4 bytes         magic byte 0, then the schema id, big-endian signed 32-bit
//   the rest              the message indexes (see src/internal/read-schema-ids.ts), ending the header

/** The header that carries the schema id of a record's value: `__value_schema_id`. */
export const VALUE_SCHEMA_ID_HEADER = "__value_schema_id";

/** The header that carries the schema id of a record's key: `__key_schema_id`. */
export const KEY_SCHEMA_ID_HEADER = "__key_schema_id";

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
