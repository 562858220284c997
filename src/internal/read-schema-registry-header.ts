import { CodecError } from "../codec-error.js";
import { hex, negativeSchemaId, readMessageIndexes, schemaIdAt } from "./read-schema-ids.js";
import type { RecordFrame } from "./record-frame.js";

// The header of a Confluent Schema Registry frame, read: the magic byte 0x00, the schema id, the
// message indexes (see read-schema-ids.ts); the envelope's bytes follow.

/** What the errors about a frame start with. */
export const frameContext = "cannot decode schema registry frame";

export const HEADER_BYTES = 5; // 0x00 magic byte, then a 4-byte big-endian schema id

/**
 * Reads the header of a Schema Registry frame (magic byte, schema id, message indexes, which must
 * be `[0]`) and returns its {@link RecordFrame}: the schema id, and the offset of the envelope's
 * first byte. Throws the errors of `decodeSchemaRegistryFrame` for the header.
 */
export function readSchemaRegistryHeader(bytes: Uint8Array): RecordFrame {
  const magic = bytes[0];
  if (magic !== undefined && magic !== 0x00) {
    failFrame("malformed", `magic byte at offset 0 is ${hex(magic)}, expected 0x00`);
  }
  if (bytes.length < HEADER_BYTES) {
    failFrame(
      "truncated",
      `frame of ${bytes.length} bytes is shorter than its 5-byte header (magic byte and schema id)`,
    );
  }
  const schemaId = schemaIdAt(bytes);
  if (schemaId < 0) failFrame("malformed", negativeSchemaId(schemaId));
  const start = readMessageIndexes(bytes, HEADER_BYTES, "the frame", failFrame);
  return { framing: "schema-registry", start, schemaId, schemaGuid: undefined };
}

/** Throws the CodecError of a frame: `code`, and `detail` in its text. */
export function failFrame(
  code: "truncated" | "malformed" | "too_large" | "invalid_argument",
  detail: string,
): never {
  throw new CodecError(code, `${frameContext}: ${detail}`);
}
