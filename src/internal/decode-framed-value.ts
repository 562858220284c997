import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError, isCodecError } from "../codec-error.js";
import { decodeEnvelope } from "../envelope/decode-envelope.js";
import type { BinaryReadOptions } from "../envelope/options.js";
import type { RecordValue } from "../framing/record-value.js";
import { ENVELOPE_MESSAGE_INDEXES } from "../framing/schema-registry-ids.js";
import { isUint8Array } from "../runtime/bytes-value.js";
import { decodeEnvelopeAt } from "./read-envelope.js";
import { frameContext } from "./read-schema-registry-header.js";
import type { RecordFrame } from "./record-frame.js";

/** What the errors about a record value start with. */
export const recordContext = "cannot decode a record value";

/**
 * Decodes the envelope of a record value whose framing is read (`frame`), from the envelope's
 * first byte, into the {@link RecordValue} `decodeRecordValue` returns: the path of each
 * framing after its header. Throws a CodecError as `decodeEnvelope` does; for a Schema Registry
 * frame with the frame's context and the envelope's offset in front; for a bare value that
 * starts with `{` or `[`, fails to decode and parses as JSON, `malformed` saying so.
 */
export function decodeFramedValue(
  value: Uint8Array,
  frame: RecordFrame,
  options: Partial<BinaryReadOptions> | undefined,
): RecordValue<GRPC_AttendantPayload> {
  const { framing, start, schemaId, schemaGuid } = frame;
  const messageIndexes = ENVELOPE_MESSAGE_INDEXES;
  if (framing === "schema-registry") {
    // A plain Uint8Array view of the rest, also for a Node.js Buffer (whose subarray would be a
    // Buffer the decoder wraps again).
    const payload = new Uint8Array(value.buffer, value.byteOffset + start, value.length - start);
    const envelope = decodeEnvelopeAt(payload, start, options, frameContext);
    return { framing, envelope, schemaId: schemaId as number, messageIndexes };
  }
  if (framing === "schema-registry-header") {
    const envelope = decodeEnvelope(value, options);
    return schemaGuid === undefined
      ? { framing, envelope, schemaId: schemaId as number, messageIndexes }
      : { framing, envelope, schemaGuid, messageIndexes };
  }
  try {
    return { framing: "raw", envelope: decodeEnvelope(value, options) };
  } catch (error) {
    const first = isUint8Array(value) ? value[0] : undefined;
    if (isCodecError(error) && (first === 0x7b || first === 0x5b) && isJsonText(value)) {
      throw new CodecError(
        "malformed",
        `${recordContext}: the value is JSON text, not a protobuf envelope nor a Schema Registry frame (read proto3 JSON with envelopeFromJson)`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Whether `bytes` are UTF-8 text that parses as JSON. */
function isJsonText(bytes: Uint8Array): boolean {
  try {
    JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return true;
  } catch {
    return false;
  }
}
