import { CodecError } from "../codec-error.js";
import {
  type Fail,
  formatGuid,
  hex,
  negativeSchemaId,
  readMessageIndexes,
  schemaIdAt,
} from "./read-schema-ids.js";
import type { RecordFrame } from "./record-frame.js";

// The schema id header of a record, read (its layout is in src/framing/schema-id-header.ts).

/**
 * Decodes the value of the schema id header `name`, whose message indexes must be `[0]`, into the
 * {@link RecordFrame} of the bare value it goes with: its schema GUID or id. Throws a
 * {@link CodecError}: `malformed` for a magic byte other than 0 or 1, a negative id, count or
 * index, a varint over 5 bytes, bytes after the indexes, or indexes other than `[0]`;
 * `truncated` for a header that ends early.
 */
export function decodeSchemaIdHeader(bytes: Uint8Array, name: string): RecordFrame {
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
  let header: RecordFrame;
  const framing = "schema-registry-header";
  if (magic === 0x00) {
    const schemaId = schemaIdAt(bytes);
    if (schemaId < 0) headerError(name, "malformed", negativeSchemaId(schemaId));
    header = { framing, start: 0, schemaId, schemaGuid: undefined };
  } else {
    header = { framing, start: 0, schemaId: undefined, schemaGuid: formatGuid(bytes) };
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
