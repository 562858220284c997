import {
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { decodeMessage } from "./decode-message.js";
import { missingDataError } from "./missing-data.js";
import type { EnvelopeReadOptions } from "./options.js";

/**
 * Decodes a `GRPC_AttendantPayload` envelope from protobuf binary, as it arrives as a Kafka
 * record value. The input is checked before it is read: at most `maxBytes` (default 16 MiB),
 * sound wire format, valid UTF-8, nesting within `recursionLimit` (default 100). Fields this
 * schema does not know are kept in `$unknown` and written back by {@link encodeEnvelope}.
 *
 * Throws a {@link CodecError}: `truncated`, `malformed`, `invalid_utf8`, `too_deep`,
 * `too_large`, `invalid_argument`, or `missing_data` for an envelope without a `Data` member
 * (unless `requireData` is false).
 *
 * ```ts
 * const envelope = decodeEnvelope(record.value);
 * if (isEnvelopeOf(envelope, "dtcEntry")) console.log(envelope.Data.value.dtc);
 * ```
 */
export function decodeEnvelope(
  bytes: Uint8Array,
  options?: Partial<EnvelopeReadOptions>,
): GRPC_AttendantPayload {
  const envelope = decodeMessage(GRPC_AttendantPayloadSchema, bytes, options);
  if ((options?.requireData ?? true) && envelope.Data.case === undefined) {
    throw missingDataError(envelope, "decode");
  }
  return envelope;
}
