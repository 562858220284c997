import { GRPC_AttendantPayload$reader } from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { binaryReadDefaults } from "../internal/option-defaults.js";
import { checkReadInput, readError } from "../internal/read-binary.js";
import { readBinary } from "../runtime/index.js";
import type { EnvelopeKind, EnvelopeOf } from "./envelope-kind.js";
import { missingDataError } from "./missing-data.js";
import type { BinaryReadOptions } from "./options.js";

const typeName = "kafka_grpc.GRPC_AttendantPayload";

/**
 * Decodes a `GRPC_AttendantPayload` envelope from protobuf binary, as it arrives as a Kafka
 * record value. The input is checked as it is read: at most `maxBytes` (default 16 MiB), sound
 * wire format, valid UTF-8, nesting within `recursionLimit` (default 100). Fields this schema
 * does not know are kept in `$unknown` and written back by {@link encodeEnvelope}.
 *
 * Throws a {@link CodecError}: `truncated`, `malformed`, `invalid_utf8`, `too_deep`,
 * `too_large`, `invalid_argument`, or `missing_data` for an envelope without a `Data` member
 * (unless `requireData` is false).
 *
 * ```ts
 * const envelope = decodeEnvelope(record.value);
 * if (isEnvelopeOf(envelope, "dtcEntry")) console.log(envelope.Data.value.dtc);
 * ```
 *
 * Under the default `requireData: true` the result is typed as an envelope of some kind (its
 * `Data` set), so `envelopeKind(decodeEnvelope(bytes))` is an `EnvelopeKind`.
 */
export function decodeEnvelope(
  bytes: Uint8Array,
  options?: Partial<BinaryReadOptions> & { requireData?: true },
): EnvelopeOf<EnvelopeKind>;
export function decodeEnvelope(
  bytes: Uint8Array,
  options?: Partial<BinaryReadOptions>,
): GRPC_AttendantPayload;
export function decodeEnvelope(
  bytes: Uint8Array,
  options?: Partial<BinaryReadOptions>,
): GRPC_AttendantPayload {
  const o = checkReadInput(typeName, bytes, options, binaryReadDefaults);
  // The generated decoder checks the wire format in the same pass that builds the message
  // (src/runtime/binary-reader.ts): no protobuf-es runtime is needed (docs/performance.md).
  let envelope: GRPC_AttendantPayload;
  try {
    envelope = readBinary(GRPC_AttendantPayload$reader, bytes, o);
  } catch (cause) {
    throw readError(typeName, cause);
  }
  if (o.requireData && envelope.Data.case === undefined) {
    throw missingDataError(envelope, "decode");
  }
  return envelope;
}
