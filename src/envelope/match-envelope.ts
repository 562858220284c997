import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import type { EnvelopeData, EnvelopeKind, EnvelopeOf } from "./envelope-kind.js";
import { missingDataError } from "./missing-data.js";

/**
 * One handler per {@link EnvelopeKind}, each given the member's message and the envelope, and
 * an optional `none` for an envelope without a `Data` member.
 */
export type EnvelopeHandlers<R> = {
  [K in EnvelopeKind]: (data: EnvelopeData<K>, envelope: EnvelopeOf<K>) => R;
} & {
  none?: (envelope: GRPC_AttendantPayload) => R;
};

/**
 * Calls the handler for the member the envelope carries and returns its result. Leaving out a
 * kind's handler is a compile error, so a new member in the schema shows up at every match.
 *
 * An envelope without a `Data` member goes to `none`; without `none`, it throws a
 * {@link CodecError} with code `missing_data`.
 *
 * ```ts
 * const summary = matchEnvelope(envelope, {
 *   carUpdateStatus: (status) => `${Object.keys(status.ecus).length} ECUs`,
 *   dtcEntry: (entry) => `DTC ${entry.dtc} on ${entry.vin}`,
 *   // … one handler for each of the 11 kinds
 *   none: () => "empty envelope",
 * });
 * ```
 */
export function matchEnvelope<R>(
  envelope: GRPC_AttendantPayload,
  handlers: EnvelopeHandlers<R>,
): R {
  const data = envelope.Data;
  if (data.case === undefined) {
    if (handlers.none) return handlers.none(envelope);
    throw missingDataError(envelope, "match");
  }
  const handler = handlers[data.case] as (value: unknown, envelope: GRPC_AttendantPayload) => R;
  return handler(data.value, envelope);
}
