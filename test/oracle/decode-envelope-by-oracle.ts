import { missingDataError } from "../../src/envelope/missing-data.js";
import {
  type BinaryReadOptions,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { decodeByOracle } from "./check-wire.js";

// decodeEnvelope as it was before the generated decoder: the wire check, then protobuf-es's
// fromBinary(), then the missing-Data check.

/** decodeEnvelope() as the wire check and protobuf-es fromBinary() decide it. */
export function decodeEnvelopeByOracle(
  bytes: Uint8Array,
  options?: Partial<BinaryReadOptions>,
): GRPC_AttendantPayload {
  const envelope = decodeByOracle(GRPC_AttendantPayloadSchema, bytes, options);
  if ((options?.requireData ?? true) && envelope.Data.case === undefined) {
    throw missingDataError(envelope, "decode");
  }
  return envelope;
}
