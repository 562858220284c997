// Message objects the type system would reject but JavaScript allows: every slot of a valid
// message (a field, a list item, a map value, a map key, a oneof, `$typeName`, `$unknown`) can be
// replaced with a value of the wrong type, out of range, or otherwise odd. The fast path must
// give up on each of them exactly when the slow path would fail, and agree with it otherwise.
import fc from "fast-check";

/** Values to put where they do not belong. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    "",
    "x",
    "\ud800",
    "a\udc00b",
    "\ud83d\ude00",
    "é",
    "0",
    "-0",
    "007",
    "12",
    "0x10",
    " 7",
    "1e3",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
    0,
    -0,
    1,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31),
    -(2 ** 31) - 1,
    2 ** 32 - 1,
    2 ** 32,
    2 ** 53 - 1,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e21,
    true,
    false,
    0n,
    1n,
    -1n,
    2n ** 31n,
    2n ** 32n,
    2n ** 53n + 1n,
    2n ** 63n - 1n,
    2n ** 63n,
    -(2n ** 63n),
    -(2n ** 63n) - 1n,
    2n ** 64n - 1n,
    2n ** 64n,
  ),
  fc
    .constantFrom(
      () => [],
      () => [1, 2],
      () => ["a", "b"],
      () => ({}),
      () => new Uint8Array(0),
      () => new Uint8Array([1, 2, 3]),
      () => new Uint16Array(2),
      () => ({ $typeName: "kafka_grpc.Other" }),
      () => ({ case: undefined }),
      () => ({ case: "nope", value: {} }),
      () => ({ case: "updateGet" }),
      () => ({ case: null, value: {} }),
      () => ({ case: "" }),
      () => [{ no: 20, wireType: 0, data: new Uint8Array([1]) }],
      () => [{ no: 1, wireType: 2, data: new Uint8Array([0]) }],
      () => [{ no: 2, wireType: 2, data: new Uint8Array([]) }],
      () => [{ no: 1.5, wireType: 9, data: new Uint8Array([7]) }],
      () => [{ no: -1, wireType: 0, data: new Uint8Array([1]) }],
      () => [{ no: "3", wireType: 0, data: new Uint8Array([1]) }],
      () => [null],
      () => Object.create({ inherited: 1 }),
    )
    .map((make) => make()),
);

/** One place in a message tree: an object and a key in it. */
interface Slot {
  readonly holder: Record<string | symbol, unknown>;
  readonly key: string;
}

/** Every slot of `value`, depth first: fields, list items, map values, oneofs, `$` keys. */
function slots(value: unknown, out: Slot[] = []): Slot[] {
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value)) return out;
  const holder = value as Record<string, unknown>;
  for (const key of Object.keys(holder)) {
    out.push({ holder, key });
    slots(holder[key], out);
  }
  if (!Array.isArray(value) && "$typeName" in holder && !("$unknown" in holder)) {
    out.push({ holder, key: "$unknown" });
  }
  return out;
}

/** A deep copy of a message tree: plain objects, arrays, bigints and byte arrays. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

/** What to do to a slot. */
export type Damage =
  | { kind: "set"; at: number; value: unknown }
  | { kind: "delete"; at: number }
  | { kind: "rename"; at: number; key: string }
  | { kind: "inherit"; at: number }
  | { kind: "getter"; at: number }
  | { kind: "proxy"; at: number };

export const damage: fc.Arbitrary<Damage> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: hostileValue }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("rename" as const),
      at: fc.nat(),
      key: fc.constantFrom("", "10", "9", "__proto__", "constructor", "\ud800", "é", "ECU-1", "0"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("inherit" as const), at: fc.nat() }) },
);

/**
 * {@link damage}, and damage only a writer can be given (a copy, JSON.stringify() or
 * structuredClone() of the message would run into it): a getter that throws, a Proxy.
 */
export const writerDamage: fc.Arbitrary<Damage> = fc.oneof(
  { weight: 8, arbitrary: damage },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("getter" as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("proxy" as const), at: fc.nat() }) },
);

/** What a hostile getter throws: not a CodecError, so it must pass every writer as itself. */
export class HostileGetterError extends RangeError {
  override name = "HostileGetterError";
}

/**
 * A copy of `message` with one slot damaged: set to a hostile value, deleted, renamed (a map key
 * changes), moved to the prototype of its holder (an inherited property), replaced by a getter
 * that throws a {@link HostileGetterError}, or (an object) wrapped in a Proxy that forwards
 * everything.
 */
export function damaged<T>(message: T, d: Damage): T {
  const root = copy(message);
  const all = slots(root);
  if (all.length === 0) return root;
  const { holder, key } = all[d.at % all.length] as Slot;
  switch (d.kind) {
    case "set":
      holder[key] = d.value;
      break;
    case "delete":
      delete holder[key];
      break;
    case "rename": {
      const value = holder[key];
      delete holder[key];
      holder[d.key === "__proto__" ? key : d.key] = value;
      if (d.key === "__proto__")
        Object.defineProperty(holder, "__proto__", {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      break;
    }
    case "inherit": {
      const value = holder[key];
      delete holder[key];
      const proto = Object.create(Object.getPrototypeOf(holder));
      proto[key] = value;
      Object.setPrototypeOf(holder, proto);
      break;
    }
    case "getter":
      Object.defineProperty(holder, key, {
        get() {
          throw new HostileGetterError(`getter of ${key} throws`);
        },
        enumerable: true,
        configurable: true,
      });
      break;
    case "proxy": {
      const value = holder[key];
      // Not a typed array: its own getters refuse a Proxy as `this`, in every library.
      if (typeof value === "object" && value !== null && !ArrayBuffer.isView(value))
        holder[key] = new Proxy(value, {});
      break;
    }
  }
  return root;
}
