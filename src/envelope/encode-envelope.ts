import { isMessage } from "@bufbuild/protobuf";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import {
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { readOptions } from "../internal/check-options.js";
import { encodeFallback } from "./fallback.js";
import { missingDataError } from "./missing-data.js";
import { type EnvelopeWriteOptions, envelopeWriteDefaults, levelBounds } from "./options.js";

const typeName = "kafka_grpc.GRPC_AttendantPayload";

/**
 * Encodes a `GRPC_AttendantPayload` envelope to protobuf binary. Unknown fields kept from
 * decoding are written back unless `writeUnknownFields` is false.
 *
 * Throws a {@link CodecError}: `missing_data` for an envelope without a `Data` member (unless
 * `requireData` is false), `invalid_argument` for something that is not an envelope,
 * `invalid_message` for a field value its type cannot take.
 *
 * ```ts
 * const bytes = encodeEnvelope(createEnvelope("updateGet", { vin: "WVWZZZ1JZXW000001" }));
 * ```
 */
export function encodeEnvelope(
  envelope: GRPC_AttendantPayload,
  options?: Partial<EnvelopeWriteOptions>,
): Uint8Array<ArrayBuffer> {
  const o = readOptions(options, envelopeWriteDefaults, levelBounds);
  const data = (envelope as { Data?: { case?: unknown } } | null | undefined)?.Data;
  const hasData = typeof data === "object" && data !== null && Boolean(data.case);
  if (hasData || !o.requireData) {
    const bytes = fast.toBinary(typeName, envelope, o);
    if (bytes !== undefined) return bytes;
  }
  if (o.requireData && isMessage(envelope, GRPC_AttendantPayloadSchema) && !envelope.Data.case) {
    throw missingDataError(envelope, "encode");
  }
  return encodeFallback(GRPC_AttendantPayloadSchema, envelope, o);
}
