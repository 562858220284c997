import {
  create,
  type DescField,
  type DescMessage,
  type DescOneof,
  type MessageInitShape,
  type MessageShape,
  ScalarType,
} from "@bufbuild/protobuf";
import fc, { type Arbitrary, type DepthIdentifier } from "fast-check";
import {
  bool,
  bytes,
  double,
  enumNumber,
  float,
  int32,
  int64,
  list,
  map,
  optional,
  string,
  stringKey,
  uint32,
  uint64,
} from "./edge-arbitraries.js";

// Everything here follows the descriptor: a message added to the contract, or a field added to
// a message, gets values without a change to this file.

// FeatureSet.FieldPresence: IMPLICIT is a proto3 field without `optional`, LEGACY_REQUIRED a
// proto2 `required` field. Neither can be absent; every other singular field can.
const IMPLICIT = 2;
const LEGACY_REQUIRED = 3;

/** How deep a message type may nest inside itself (UpdateManifestECU.rollback). */
const MAX_RECURSION = 3;

/**
 * Generates messages of `schema`, made with `create()` so that `$typeName` is set, derived from
 * the schema's descriptor field by field:
 *
 * - integers reach the edges of their type: int64, sint64 and sfixed64 as bigint from -2^63 to
 *   2^63 - 1, uint64 and fixed64 from 0 to 2^64 - 1, the 32-bit types likewise, 0 and -1 among
 *   them; float and double reach ±Infinity and the largest and smallest magnitudes (never NaN
 *   or -0, which `equals()` and the JSON mapping cannot keep);
 * - strings are empty, ASCII, or hold non-ASCII and astral characters, always well-formed;
 *   bytes are empty, short, or 128 to 300 bytes long;
 * - enums take their known numbers and unknown ones (the next number, 99, -1, 2^31 - 1, -2^31);
 * - optional fields and message fields are present or absent; lists are empty, short, or long;
 *   maps are empty, small or large, with string keys such as `__proto__`, `10`, `9` and `""`;
 *   a oneof is unset or carries any of its members;
 * - a message type that contains itself (a rollback ECU in a rollback ECU) nests at most 3
 *   levels deep.
 *
 * Every value survives the binary and JSON round trips of protobuf-es and of this package.
 *
 * ```ts
 * fc.assert(fc.property(arbitraryMessage(UpdateManifestSchema), (manifest) => {
 *   const back = decodeMessage(UpdateManifestSchema, encodeMessage(UpdateManifestSchema, manifest));
 *   return equals(UpdateManifestSchema, back, manifest);
 * }));
 * ```
 */
export function arbitraryMessage<Desc extends DescMessage>(
  schema: Desc,
): Arbitrary<MessageShape<Desc>> {
  const reachable = reachableFrom(schema);
  const depthIdentifier = fc.createDepthIdentifier();
  const messages = fc.letrec<Record<string, MessageShape<DescMessage>>>((tie) => {
    const context: Context = { reachable, depthIdentifier, tie: (desc) => tie(desc.typeName) };
    const table: Record<string, Arbitrary<MessageShape<DescMessage>>> = {};
    for (const desc of reachable.keys()) table[desc.typeName] = messageOf(desc, context);
    return table;
  });
  return messages[schema.typeName] as Arbitrary<MessageShape<Desc>>;
}

interface Context {
  /** Each message type reachable from the root, with the message types reachable from it. */
  readonly reachable: ReadonlyMap<DescMessage, ReadonlySet<DescMessage>>;
  /** Shared by every recursive field, so that mutual recursion is bounded too. */
  readonly depthIdentifier: DepthIdentifier;
  readonly tie: (desc: DescMessage) => Arbitrary<unknown>;
}

function messageOf(desc: DescMessage, context: Context): Arbitrary<MessageShape<DescMessage>> {
  const init: Record<string, Arbitrary<unknown>> = {};
  for (const member of desc.members) {
    init[member.localName] =
      member.kind === "oneof" ? oneofOf(desc, member, context) : fieldOf(desc, member, context);
  }
  return fc.record(init).map((fields) => create(desc, fields as MessageInitShape<DescMessage>));
}

/** True if a field of `owner` of type `desc` can lead back to `owner`. */
function isRecursive(owner: DescMessage, desc: DescMessage, context: Context): boolean {
  return desc === owner || (context.reachable.get(desc)?.has(owner) ?? false);
}

/**
 * A choice among `stop` and `more`, ever more likely to be `stop` as recursive fields nest, and
 * always `stop` 3 levels deep.
 */
function bounded<T>(context: Context, stop: Arbitrary<T>, ...more: Arbitrary<T>[]): Arbitrary<T> {
  const { depthIdentifier } = context;
  return fc.oneof(
    { depthIdentifier, depthSize: "small", maxDepth: MAX_RECURSION, withCrossShrink: true },
    stop,
    ...more,
  );
}

function fieldOf(owner: DescMessage, field: DescField, context: Context): Arbitrary<unknown> {
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const value = singularOf(field, context);
      return field.presence === IMPLICIT || field.presence === LEGACY_REQUIRED
        ? value
        : optional(value);
    }
    case "message":
      if (isRecursive(owner, field.message, context)) {
        return bounded(context, fc.constant(undefined), context.tie(field.message));
      }
      return field.presence === LEGACY_REQUIRED
        ? context.tie(field.message)
        : optional(context.tie(field.message));
    case "list": {
      const item = itemOf(field, context);
      if (field.listKind === "message" && isRecursive(owner, field.message, context)) {
        // fc.array, not fc.constant([]): every message gets a list of its own.
        const none = fc.array(item, { maxLength: 0 });
        return bounded(context, none, fc.array(item, { minLength: 1, maxLength: 2 }));
      }
      return list(item, longLength(field, context));
    }
    case "map": {
      const key = keyOf(field.mapKey);
      const value = itemOf(field, context);
      if (field.mapKind === "message" && isRecursive(owner, field.message, context)) {
        const none = fc.dictionary(key, value, { maxKeys: 0 });
        return bounded(context, none, fc.dictionary(key, value, { minKeys: 1, maxKeys: 2 }));
      }
      return map(key, value, Math.min(longLength(field, context), 10));
    }
  }
}

function oneofOf(owner: DescMessage, oneof: DescOneof, context: Context): Arbitrary<unknown> {
  // A fresh object each time, like every other value.
  const unset = fc.constant(null).map((): { case?: string; value?: unknown } => ({}));
  const members = oneof.fields.map((field) =>
    singularOf(field, context).map((value) => ({ case: field.localName, value }) as const),
  );
  const recursive = oneof.fields.some(
    (field) => field.message !== undefined && isRecursive(owner, field.message, context),
  );
  return recursive ? bounded(context, unset, ...members) : fc.oneof(unset, ...members);
}

/** The value of a singular field or a oneof member: never absent. */
function singularOf(field: DescField, context: Context): Arbitrary<unknown> {
  switch (field.fieldKind) {
    case "scalar":
      return scalarOf(field.scalar, field.longAsString);
    case "enum":
      return enumOf(field);
    case "message":
      return context.tie(field.message);
    default:
      throw new Error(`${field.toString()} is not singular`);
  }
}

/** The value of one item of a list, or of one map value. */
function itemOf(field: DescField, context: Context): Arbitrary<unknown> {
  switch (field.fieldKind) {
    case "list":
      if (field.listKind === "scalar") return scalarOf(field.scalar, field.longAsString);
      if (field.listKind === "enum") return enumOf(field);
      return context.tie(field.message);
    case "map":
      if (field.mapKind === "scalar") return scalarOf(field.scalar, false);
      if (field.mapKind === "enum") return enumOf(field);
      return context.tie(field.message);
    default:
      throw new Error(`${field.toString()} is neither a list nor a map`);
  }
}

/** The numbers an enum field may take: unknown ones too, unless the enum is closed (proto2). */
function enumOf(field: DescField): Arbitrary<number> {
  const known = field.enum?.values.map((value) => value.number) ?? [0];
  return field.enum?.open === false ? fc.constantFrom(...known) : enumNumber(known);
}

function scalarOf(scalar: ScalarType, longAsString: boolean): Arbitrary<unknown> {
  switch (scalar) {
    case ScalarType.DOUBLE:
      return double();
    case ScalarType.FLOAT:
      return float();
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return longAsString ? int64().map(String) : int64();
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return longAsString ? uint64().map(String) : uint64();
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return int32();
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return uint32();
    case ScalarType.BOOL:
      return bool();
    case ScalarType.STRING:
      return string();
    case ScalarType.BYTES:
      return bytes();
  }
}

/** A map key, as the property name protobuf-es uses: the number or `true`/`false` as text. */
function keyOf(scalar: ScalarType): Arbitrary<string> {
  if (scalar === ScalarType.STRING) return stringKey();
  if (scalar === ScalarType.BOOL) return fc.constantFrom("true", "false");
  return scalarOf(scalar, true).map(String);
}

/**
 * How many items a long list (or map) holds at least: 16 scalars or flat messages, 8 messages
 * with messages inside, 4 messages that hold lists or maps of messages themselves, so that a
 * long list of large messages stays a few hundred KiB at most.
 */
function longLength(field: DescField, context: Context): number {
  const item = field.message;
  if (item === undefined) return 16;
  const inside = context.reachable.get(item) ?? new Set();
  const fans = [item, ...inside].some((desc) =>
    desc.fields.some((f) => (f.fieldKind === "list" || f.fieldKind === "map") && f.message),
  );
  if (fans) return 4;
  return inside.size > 0 ? 8 : 16;
}

/** Every message type reachable from `root` (itself included), each with those it reaches. */
function reachableFrom(root: DescMessage): Map<DescMessage, Set<DescMessage>> {
  const direct = new Map<DescMessage, DescMessage[]>();
  const pending = [root];
  for (let desc = pending.pop(); desc !== undefined; desc = pending.pop()) {
    if (direct.has(desc)) continue;
    const children = desc.fields.flatMap((field) => (field.message ? [field.message] : []));
    direct.set(desc, children);
    pending.push(...children);
  }
  const reach = new Map<DescMessage, Set<DescMessage>>();
  for (const desc of direct.keys()) {
    const seen = new Set<DescMessage>();
    const stack = [...(direct.get(desc) ?? [])];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(direct.get(next) ?? []));
    }
    reach.set(desc, seen);
  }
  return reach;
}
