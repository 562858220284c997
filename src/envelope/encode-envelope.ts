import { GRPC_AttendantPayload$writer } from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { readOptions } from "../internal/check-options.js";
import { binaryWriteDefaults, levelBounds } from "../internal/option-defaults.js";
import { writeBinary } from "../runtime/index.js";
import { missingDataError } from "./missing-data.js";
import type { BinaryWriteOptions } from "./options.js";
import { writeMessageBinary } from "./write-binary.js";

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
  options?: Partial<BinaryWriteOptions>,
): Uint8Array<ArrayBuffer> {
  const o = readOptions(options, binaryWriteDefaults, levelBounds);
  const e = envelope as { $typeName?: unknown; Data?: { case?: unknown } } | null | undefined;
  const data = e?.Data;
  const hasData = typeof data === "object" && data !== null && Boolean(data.case);
  if (
    o.requireData &&
    !hasData &&
    typeof e === "object" &&
    e !== null &&
    e.$typeName === typeName
  ) {
    throw missingDataError(envelope, "encode");
  }
  return writeMessageBinary(typeName, encodeBinary, envelope, o);
}

/** The generated encoder of an envelope. */
function encodeBinary(
  envelope: unknown,
  o: Omit<BinaryWriteOptions, "requireData">,
): Uint8Array<ArrayBuffer> {
  return writeBinary(GRPC_AttendantPayload$writer, typeName, envelope, o);
}
