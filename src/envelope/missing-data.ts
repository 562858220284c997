import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";

/**
 * The `missing_data` error for an envelope without a `Data` member. When the envelope holds
 * unknown fields, the message lists their numbers: most likely a member newer than this schema.
 */
export function missingDataError(envelope: GRPC_AttendantPayload, doing: string): CodecError {
  const unknown = envelope.$unknown ?? [];
  let text = `cannot ${doing} kafka_grpc.GRPC_AttendantPayload: envelope has no Data member`;
  if (unknown.length > 0) {
    const numbers = [...new Set(unknown.map((field) => field.no))].join(", ");
    text += ` but unknown fields ${numbers}, probably a member newer than this schema`;
  }
  return new CodecError("missing_data", text);
}
