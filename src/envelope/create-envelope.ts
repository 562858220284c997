import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { GRPC_AttendantPayload$DataMembers } from "../../gen/kafka_grpc/kafka_grpc_oneofs.js";
import { GRPC_AttendantPayloadSchema } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { describeThrown } from "../internal/describe-thrown.js";
import { quoteText } from "../internal/escape-text.js";
import { type EnvelopeKind, type EnvelopeOf, envelopeKinds } from "./envelope-kind.js";
import { MAX_RECURSION_LIMIT } from "./options.js";

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
 * or for an `init` that is a message of another type; `too_deep` for an `init` whose messages
 * nest deeper than {@link MAX_RECURSION_LIMIT} (500) levels, the envelope counted, or that
 * contains itself.
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
  // create() recurses through the init (not into what is already a message): its depth is
  // counted first, the envelope at level 1.
  if (
    typeof init === "object" &&
    init !== null &&
    !isMessageOf(schema, init) &&
    nestsDeeper(schema, init, MAX_RECURSION_LIMIT - 1)
  ) {
    throw new CodecError(
      "too_deep",
      `cannot create kafka_grpc.GRPC_AttendantPayload: the ${kind} init nests deeper than ${MAX_RECURSION_LIMIT} levels (MAX_RECURSION_LIMIT)`,
    );
  }
  let value: unknown;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: create() of a schema chosen at run time.
    value = create(schema as any, init as any);
  } catch (cause) {
    // A value a field cannot take.
    throw new CodecError(
      "invalid_argument",
      `cannot create kafka_grpc.GRPC_AttendantPayload: ${describeThrown(cause)}`,
      { cause },
    );
  }
  return create(GRPC_AttendantPayloadSchema, {
    handler: options?.handler ?? "",
    Data: { case: kind, value },
  } as MessageInitShape<typeof GRPC_AttendantPayloadSchema>) as EnvelopeOf<K>;
}

/** A message of an init being walked, the messages in it, and how many levels it holds. */
interface Level {
  readonly value: object;
  readonly children: readonly (readonly [DescMessage, object])[];
  next: number;
  height: number;
}

/**
 * Whether the init `value` of `desc` holds inits more than `limit` levels deep (`value` is
 * level 1) or contains itself. Iterative, so that the walk cannot exhaust the stack, and linear:
 * an object met again is not walked again. Anything a getter throws is left to create().
 */
function nestsDeeper(desc: DescMessage, value: object, limit: number): boolean {
  try {
    const heights = new Map<object, number>();
    const path = new Set<object>([value]);
    const stack: Level[] = [{ value, children: messagesIn(desc, value), next: 0, height: 1 }];
    for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
      const child = top.children[top.next++];
      if (child === undefined) {
        stack.pop();
        path.delete(top.value);
        heights.set(top.value, top.height);
        const parent = stack.at(-1);
        if (parent !== undefined) parent.height = Math.max(parent.height, top.height + 1);
        continue;
      }
      const [childDesc, childValue] = child;
      if (path.has(childValue)) return true; // it contains itself
      const known = heights.get(childValue);
      if (known !== undefined) {
        if (stack.length + known > limit) return true;
        top.height = Math.max(top.height, known + 1);
        continue;
      }
      if (stack.length + 1 > limit) return true;
      path.add(childValue);
      stack.push({
        value: childValue,
        children: messagesIn(childDesc, childValue),
        next: 0,
        height: 1,
      });
    }
    return false;
  } catch {
    return false;
  }
}

/** True for a message of type `desc`, which create() takes as it is, without walking it. */
function isMessageOf(desc: DescMessage, value: object): boolean {
  return (value as { $typeName?: unknown }).$typeName === desc.typeName;
}

/**
 * The inits directly inside the init `value` of `desc` that create() walks: fields, list items,
 * map values and oneof members that are not already messages.
 */
function messagesIn(desc: DescMessage, value: object): (readonly [DescMessage, object])[] {
  const record = value as Record<string, unknown>;
  const found: (readonly [DescMessage, object])[] = [];
  const add = (child: DescMessage, item: unknown) => {
    if (typeof item === "object" && item !== null && !isMessageOf(child, item)) {
      found.push([child, item]);
    }
  };
  for (const member of desc.members) {
    const item = record[member.localName];
    if (typeof item !== "object" || item === null) continue;
    if (member.kind === "oneof") {
      const { case: selected, value: chosen } = item as { case?: unknown; value?: unknown };
      const field = member.fields.find((f) => f.localName === selected);
      if (field?.message !== undefined) add(field.message, chosen);
    } else if (member.fieldKind === "message") {
      add(member.message, item);
    } else if (member.fieldKind === "list" && member.listKind === "message") {
      if (Array.isArray(item)) for (const entry of item) add(member.message, entry);
    } else if (member.fieldKind === "map" && member.mapKind === "message") {
      for (const entry of Object.values(item)) add(member.message, entry);
    }
  }
  return found;
}
