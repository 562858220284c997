// Why a generated writer (binary or JSON) refuses a message: the one private signal it throws.
// The checks that find a problem live in this runtime (message-value.ts, int64.ts, unicode.ts);
// the public functions turn a problem into a CodecError with its text (src/envelope/write-error.ts).
import { splitName } from "./json-fields.js";

/** What is wrong with the value a {@link WriteProblem} names. */
export type WriteProblemKind =
  /** Not of the type `expected` names (`string`, `int32 as number`, `an array`, …). */
  | "type"
  /** Not a 64-bit integer in any form taken (`expected` is `int64` or `uint64`). */
  | "int64"
  /** A number that is not an integer of `expected`'s range (int32, uint32). */
  | "invalid"
  /** An integer outside the range of `expected` (int64, uint64). */
  | "range"
  /** A string with a lone surrogate. */
  | "surrogate"
  /** A oneof case this schema does not have (`value` is the case). */
  | "case"
  /** `$unknown` entries that are not `{ no, wireType, data }`. */
  | "entries"
  /** Not a message of type `expected`: `value` is the value. */
  | "message"
  /** A message of type `expected` at depth `value`, past the writer's recursion limit. */
  | "depth";

/** A step of the path to the value: a field's local name, a list index, a map key. */
export type PathStep = string | number | { readonly key: string };

/**
 * Thrown by a generated writer for a value it refuses: a private signal, never shown to users.
 * Each generated writer it passes through puts its own step in front of `path`, so that the
 * path is built only when there is a problem.
 */
export class WriteProblem {
  /** The steps from the message being written to the value. */
  readonly path: PathStep[] = [];
  constructor(
    readonly kind: WriteProblemKind,
    readonly value: unknown,
    readonly expected: string,
    /** The problem is the map key at the end of `path`, not the value. */
    readonly inKey = false,
  ) {}
}

/** Throws a {@link WriteProblem}. */
export function refuse(
  kind: WriteProblemKind,
  value: unknown,
  expected: string,
  inKey = false,
): never {
  throw new WriteProblem(kind, value, expected, inKey);
}

/**
 * Returns `thrown`, with the step of field `field` (and of list item `index` unless -1, and of
 * map entry `key` unless undefined) put in front of its path if it is a {@link WriteProblem}.
 * `field` is an index into `names`, the space-separated steps of the writer's message (its
 * fields' local names in the order written, each oneof's name before its members', then
 * `$unknown`; a name may be followed by `:` and its proto name, which withProtoNames() reads):
 * a generated writer counts fields, and names one only when a value is refused.
 * It rethrows what this returns: any other exception passes unchanged.
 */
export function within(
  thrown: unknown,
  names: string,
  field: number,
  index = -1,
  key?: string,
): unknown {
  if (thrown instanceof WriteProblem) {
    if (key !== undefined) thrown.path.unshift({ key });
    if (index >= 0) thrown.path.unshift(index);
    thrown.path.unshift(splitName(names.split(" ")[field] as string)[0]);
  }
  return thrown;
}

/** Refuses a message of type `typeName` at `depth`, past the writer's recursion limit. */
export function refuseDepth(depth: number, typeName: string): never {
  throw new WriteProblem("depth", depth, typeName);
}
