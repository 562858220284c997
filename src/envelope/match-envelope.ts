import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { describeValue, showValue } from "../internal/describe-value.js";
import { quoteText } from "../runtime/escape-text.js";
import {
  type EnvelopeData,
  type EnvelopeKind,
  type EnvelopeOf,
  envelopeDataOneof,
  isEnvelopeKind,
  notAnEnvelope,
} from "./envelope-kind.js";
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
 * {@link CodecError} with code `missing_data`. It throws `invalid_argument` for anything but an
 * envelope (see {@link envelopeKind}), for `handlers` that is not an object, and when the handler
 * it would call is not a function; what a handler throws passes as it is.
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
  const data = envelopeDataOneof(envelope);
  if (data === undefined) throw notAnEnvelope(envelope, "match");
  if (typeof handlers !== "object" || handlers === null) {
    throw cannotMatch(`handlers must be an object, got ${describeValue(handlers)}`);
  }
  const kind = data.case;
  if (kind === undefined) {
    const none: unknown = handlers.none;
    if (typeof none === "function") return none(envelope);
    if (none !== undefined) {
      throw cannotMatch(`the none handler must be a function, got ${showValue(none)}`);
    }
    throw missingDataError(envelope, "match");
  }
  if (!isEnvelopeKind(kind)) {
    const shown = typeof kind === "string" ? quoteText(kind) : showValue(kind);
    throw cannotMatch(`the envelope's Data has an unknown kind ${shown}`);
  }
  const handler: unknown = handlers[kind];
  if (typeof handler !== "function") {
    throw cannotMatch(`the handler of ${kind} must be a function, got ${showValue(handler)}`);
  }
  return (handler as (value: unknown, envelope: GRPC_AttendantPayload) => R)(data.value, envelope);
}

function cannotMatch(text: string): CodecError {
  return new CodecError(
    "invalid_argument",
    `cannot match kafka_grpc.GRPC_AttendantPayload: ${text}`,
  );
}
