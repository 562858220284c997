import { GRPC_AttendantPayload$DataCases } from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { describeValue } from "../internal/describe-value.js";
import { notAMessage } from "../internal/not-a-message.js";
import { quoteText } from "../runtime/escape-text.js";

const envelopeName = "kafka_grpc.GRPC_AttendantPayload";

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
 * The `Data` oneof of `envelope`, or undefined if `envelope` is not an envelope: not an object
 * whose `$typeName` is `kafka_grpc.GRPC_AttendantPayload` and whose `Data` is an object.
 */
export function envelopeDataOneof(
  envelope: unknown,
): { readonly case?: unknown; readonly value?: unknown } | undefined {
  if (typeof envelope !== "object" || envelope === null) return undefined;
  const e = envelope as { $typeName?: unknown; Data?: unknown };
  if (e.$typeName !== envelopeName) return undefined;
  const data = e.Data;
  return typeof data === "object" && data !== null ? data : undefined;
}

/**
 * The `invalid_argument` error of `doing` (`cannot match kafka_grpc.GRPC_AttendantPayload: …`)
 * for an argument that {@link envelopeDataOneof} does not take for an envelope.
 */
export function notAnEnvelope(envelope: unknown, doing: string): CodecError {
  const e = envelope as { $typeName?: unknown; Data?: unknown } | null | undefined;
  const got =
    typeof e === "object" && e !== null && e.$typeName === envelopeName
      ? `one whose Data is ${describeValue(e.Data)}`
      : undefined;
  return notAMessage(`${doing} ${envelopeName}`, envelopeName, envelope, got);
}

/** `kind`, if it is an {@link EnvelopeKind}; else `invalid_argument` naming it. */
function checkKind<K extends EnvelopeKind>(kind: K, doing: string): K {
  if (isEnvelopeKind(kind)) return kind;
  throw new CodecError(
    "invalid_argument",
    `cannot ${doing} ${envelopeName}: unknown kind ${typeof kind === "string" ? quoteText(kind) : describeValue(kind)}, expected one of ${envelopeKinds.join(", ")}`,
  );
}

/**
 * Returns the kind of the member the envelope carries, or undefined for an envelope without
 * a `Data` member (possibly one newer than this schema: see its `$unknown`).
 *
 * Throws a {@link CodecError} with code `invalid_argument` for anything but an envelope (an
 * object whose `$typeName` is `kafka_grpc.GRPC_AttendantPayload`, with a `Data` object).
 */
export function envelopeKind<K extends EnvelopeKind>(envelope: EnvelopeOf<K>): K;
export function envelopeKind(envelope: GRPC_AttendantPayload): EnvelopeKind | undefined;
export function envelopeKind(envelope: GRPC_AttendantPayload): EnvelopeKind | undefined {
  const data = envelopeDataOneof(envelope);
  if (data === undefined) throw notAnEnvelope(envelope, "read the kind of");
  return data.case === undefined
    ? undefined
    : checkKind(data.case as EnvelopeKind, "read the kind of");
}

/**
 * Returns true if the envelope carries the member `kind`; afterwards TypeScript knows the type
 * of `envelope.Data.value`. It returns false for anything that is not an envelope (`null`, a
 * message of another type, an object without a `Data` object), so it can filter values of any
 * origin.
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
  // envelopeDataOneof() in one expression: the decode bundle's guard stays a few bytes.
  const e = envelope as { $typeName?: unknown; Data?: { case?: unknown } } | null | undefined;
  return typeof kind === "string" && e?.$typeName === envelopeName && e.Data?.case === kind;
}

/**
 * Returns the message the envelope carries if it is of `kind`, else undefined.
 *
 * Throws a {@link CodecError} with code `invalid_argument` for anything but an envelope (see
 * {@link envelopeKind}) and for a `kind` that is not one of the 11.
 *
 * ```ts
 * const dtc = envelopeData(envelope, "dtcEntry")?.dtc;
 * ```
 */
export function envelopeData<K extends EnvelopeKind>(
  envelope: GRPC_AttendantPayload,
  kind: K,
): EnvelopeData<K> | undefined {
  checkKind(kind, "read the data of");
  const data = envelopeDataOneof(envelope);
  if (data === undefined) throw notAnEnvelope(envelope, "read the data of");
  return (data.case === kind ? data.value : undefined) as EnvelopeData<K> | undefined;
}
