import type { RecordFraming, RecordValue } from "../framing/index.js";
import { wireTypeName } from "../runtime/index.js";
import type { CodecError, CodecErrorCode, GRPC_AttendantPayload } from "./root.js";
import { unknownFields } from "./unknown-fields.js";

/** A field of an envelope that this schema does not know, as the JSON output gives it. */
export interface UnknownFieldJson {
  /** Where it sits: `envelope`, `envelope.updateGet`, `envelope.keys.keys[0]`. */
  readonly path: string;
  readonly field: number;
  /** `varint`, `i64`, `len`, `i32`, `sgroup` or `egroup`. */
  readonly wireType: string;
  readonly bytes: number;
}

/**
 * What one record holds, as fields for `jq`: the same object for `inspect --json`,
 * `decode --facts` and every command that prints records as JSON lines. A field a framing does
 * not have is null, so every object has every field.
 */
export interface RecordFactsJson {
  /** The `Data` member's case, or null for an envelope without one. */
  readonly kind: string | null;
  readonly handler: string;
  /** How the value holds the envelope, by the library's names (`recordFramings`). */
  readonly framing: RecordFraming;
  readonly schemaId: number | null;
  readonly schemaGuid: string | null;
  readonly messageIndexes: readonly number[] | null;
  /** The value's size in bytes, its frame included. */
  readonly size: number;
  readonly unknownFields: readonly UnknownFieldJson[];
}

/**
 * The facts of one decoded record value, `size` being its length in bytes: what kafka tail,
 * inspect and decode print of it.
 */
export function recordFacts(
  value: RecordValue<GRPC_AttendantPayload>,
  size: number,
): RecordFactsJson {
  const { envelope } = value;
  return {
    kind: envelope.Data.case ?? null,
    handler: envelope.handler,
    framing: value.framing,
    schemaId: value.schemaId ?? null,
    schemaGuid: value.schemaGuid ?? null,
    messageIndexes: value.messageIndexes ?? null,
    size,
    unknownFields: unknownFields(envelope).map((f) => ({
      path: f.path,
      field: f.field,
      wireType: wireTypeName(f.wireType),
      bytes: f.bytes,
    })),
  };
}

/** A record that could not be read, as the JSON output gives it: the library's code and message. */
export interface RecordErrorJson {
  readonly error: { readonly code: CodecErrorCode; readonly message: string };
}

/** The JSON of a record that failed with `error`. */
export function recordError(error: CodecError): RecordErrorJson {
  return { error: { code: error.code, message: error.rawMessage } };
}
