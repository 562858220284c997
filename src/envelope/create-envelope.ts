import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { GRPC_AttendantPayload$DataMembers } from "../../gen/kafka_grpc/kafka_grpc_oneofs.js";
import { GRPC_AttendantPayloadSchema } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { describeThrown } from "../internal/describe-thrown.js";
import { quoteText } from "../internal/escape-text.js";
import { type EnvelopeKind, type EnvelopeOf, envelopeKinds } from "./envelope-kind.js";

/** The schema of each envelope member, by kind. */
export const envelopeMemberSchemas = GRPC_AttendantPayload$DataMembers satisfies Record<
  EnvelopeKind,
  unknown
>;

/** What {@link createEnvelope} accepts for a member of kind `K`: any subset of its fields. */
export type EnvelopeInit<K extends EnvelopeKind> = MessageInitShape<
  (typeof envelopeMemberSchemas)[K]
>;

/** Options for {@link createEnvelope}. */
export interface CreateEnvelopeOptions {
  /** The envelope's `handler`. Default `""`. */
  handler: string;
}

/**
 * Creates an envelope carrying a member of `kind`, built from `init` (fields left out take
 * their zero values).
 *
 * Throws a {@link CodecError} with code `invalid_argument` for a kind that is not one of the 11,
 * or for an `init` that is a message of another type.
 *
 * ```ts
 * const envelope = createEnvelope("updateGet", { vin: "WVWZZZ1JZXW000001" }, { handler: "ota" });
 * ```
 */
export function createEnvelope<K extends EnvelopeKind>(
  kind: K,
  init?: EnvelopeInit<K>,
  options?: Partial<CreateEnvelopeOptions>,
): EnvelopeOf<K> {
  if (!envelopeKinds.includes(kind)) {
    throw new CodecError(
      "invalid_argument",
      `cannot create kafka_grpc.GRPC_AttendantPayload: unknown kind ${quoteText(String(kind))}, expected one of ${envelopeKinds.join(", ")}`,
    );
  }
  const schema = envelopeMemberSchemas[kind];
  const initType = (init as { $typeName?: unknown } | undefined)?.$typeName;
  if (initType !== undefined && initType !== schema.typeName) {
    throw new CodecError(
      "invalid_argument",
      `cannot create kafka_grpc.GRPC_AttendantPayload: a ${kind} member is a ${schema.typeName}, got ${String(initType)}`,
    );
  }
  let value: unknown;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: create() of a schema chosen at run time.
    value = create(schema as any, init as any);
  } catch (cause) {
    // create() recurses through the init: a deep one (or one that contains itself) exhausts the
    // stack; anything else is a value the field cannot take.
    const deep = cause instanceof RangeError && /call stack/i.test(cause.message);
    throw new CodecError(
      deep ? "too_deep" : "invalid_argument",
      deep
        ? `cannot create kafka_grpc.GRPC_AttendantPayload: the ${kind} init nests too deep (it exhausted the call stack)`
        : `cannot create kafka_grpc.GRPC_AttendantPayload: ${describeThrown(cause)}`,
      { cause },
    );
  }
  return create(GRPC_AttendantPayloadSchema, {
    handler: options?.handler ?? "",
    Data: { case: kind, value },
  } as MessageInitShape<typeof GRPC_AttendantPayloadSchema>) as EnvelopeOf<K>;
}
