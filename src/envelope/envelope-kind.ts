import { GRPC_AttendantPayload$DataCases } from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";

/** The 11 members of the envelope's `Data` oneof, by name. */
export type EnvelopeKind = NonNullable<GRPC_AttendantPayload["Data"]["case"]>;

/** The message type a member of kind `K` carries: `EnvelopeData<"dtcEntry">` is `DTCEntry`. */
export type EnvelopeData<K extends EnvelopeKind> = Extract<
  GRPC_AttendantPayload["Data"],
  { case: K }
>["value"];

/** An envelope known to carry the member `K`: its `Data.value` has type `EnvelopeData<K>`. */
export type EnvelopeOf<K extends EnvelopeKind> = GRPC_AttendantPayload & {
  Data: Extract<GRPC_AttendantPayload["Data"], { case: K }>;
};

/** Every {@link EnvelopeKind}, in field-number order (carUpdateStatus = 2 … carUpdateRequest = 12). */
export const envelopeKinds: readonly EnvelopeKind[] = GRPC_AttendantPayload$DataCases;

/** Returns true if `arg` is the name of one of the 11 `Data` members. */
export function isEnvelopeKind(arg: unknown): arg is EnvelopeKind {
  return typeof arg === "string" && (envelopeKinds as readonly string[]).includes(arg);
}

/**
 * Returns the kind of the member the envelope carries, or undefined for an envelope without
 * a `Data` member (possibly one newer than this schema: see its `$unknown`).
 */
export function envelopeKind<K extends EnvelopeKind>(envelope: EnvelopeOf<K>): K;
export function envelopeKind(envelope: GRPC_AttendantPayload): EnvelopeKind | undefined;
export function envelopeKind(envelope: GRPC_AttendantPayload): EnvelopeKind | undefined {
  return envelope.Data.case;
}

/**
 * Returns true if the envelope carries the member `kind`; afterwards TypeScript knows the type
 * of `envelope.Data.value`.
 *
 * ```ts
 * if (isEnvelopeOf(envelope, "carUpdateProgress")) {
 *   envelope.Data.value.fileCurrent; // bigint
 * }
 * ```
 */
export function isEnvelopeOf<K extends EnvelopeKind>(
  envelope: GRPC_AttendantPayload,
  kind: K,
): envelope is EnvelopeOf<K> {
  return envelope.Data.case === kind;
}

/**
 * Returns the message the envelope carries if it is of `kind`, else undefined.
 *
 * ```ts
 * const dtc = envelopeData(envelope, "dtcEntry")?.dtc;
 * ```
 */
export function envelopeData<K extends EnvelopeKind>(
  envelope: GRPC_AttendantPayload,
  kind: K,
): EnvelopeData<K> | undefined {
  return (envelope.Data.case === kind ? envelope.Data.value : undefined) as
    | EnvelopeData<K>
    | undefined;
}
