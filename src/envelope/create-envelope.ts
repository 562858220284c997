import type { MessageInitShape } from "@bufbuild/protobuf";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { CodecError } from "../codec-error.js";
import { describeThrown } from "../internal/describe-thrown.js";
import { showValue } from "../internal/describe-value.js";
import { quoteText } from "../runtime/escape-text.js";
import { isTooDeepInit } from "../runtime/index.js";
import { type EnvelopeKind, type EnvelopeOf, envelopeKinds } from "./envelope-kind.js";
import type { envelopeMemberSchemas } from "./envelope-member-schemas.js";
import { MAX_RECURSION_LIMIT } from "./options.js";

const envelopeName = "kafka_grpc.GRPC_AttendantPayload";

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
 * Creates an envelope carrying a member of `kind`, built from `init` as protobuf-es's
 * `create()` builds a message: fields left out take their zero values, nested inits become
 * messages, and a message of the member's type is taken as it is.
 *
 * Throws a {@link CodecError} with code `invalid_argument` for a kind that is not one of the 11,
 * for an `init` that is a message of another type, or when reading `init` throws (the error
 * kept as the cause); `too_deep` for an `init` whose messages nest deeper than
 * {@link MAX_RECURSION_LIMIT} (500) levels, the envelope counted, or that contains itself.
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
      `cannot create ${envelopeName}: unknown kind ${quoteText(String(kind))}, expected one of ${envelopeKinds.join(", ")}`,
    );
  }
  const typeName = fast.GRPC_AttendantPayload$DataTypeNames[kind];
  const initType = creating(
    kind,
    () => (init as { $typeName?: unknown } | null | undefined)?.$typeName,
  );
  if (initType !== undefined && initType !== typeName) {
    const got = typeof initType === "string" ? initType : showValue(initType);
    throw new CodecError(
      "invalid_argument",
      `cannot create ${envelopeName}: a ${kind} member is a ${typeName}, got ${got}`,
    );
  }
  // The envelope is level 1, the member level 2.
  const value = creating(kind, () => fast.create(typeName, init, MAX_RECURSION_LIMIT - 1));
  // As create(GRPC_AttendantPayloadSchema, { handler, Data: { case: kind, value } }) makes it.
  return {
    $typeName: envelopeName,
    handler: options?.handler ?? "",
    Data: { case: kind, value },
  } as EnvelopeOf<K>;
}

/**
 * Runs `read`, which reads the init of a `kind` member, and turns what it throws into a
 * CodecError: the generated code's signal of an init nested too deep into `too_deep`, anything
 * else (what a getter of the init threw, a value a field cannot take) into `invalid_argument`
 * with the thrown value as the cause.
 */
function creating<T>(kind: EnvelopeKind, read: () => T): T {
  try {
    return read();
  } catch (cause) {
    if (isTooDeepInit(cause)) {
      throw new CodecError(
        "too_deep",
        `cannot create ${envelopeName}: the ${kind} init nests deeper than ${MAX_RECURSION_LIMIT} levels (MAX_RECURSION_LIMIT)`,
      );
    }
    throw new CodecError(
      "invalid_argument",
      `cannot create ${envelopeName}: ${describeThrown(cause)}`,
      { cause },
    );
  }
}
