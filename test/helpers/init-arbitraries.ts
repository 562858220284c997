import { create, type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import fc from "fast-check";
import { expect } from "vitest";
import { file_kafka_grpc_kafka_grpc } from "../../gen/kafka_grpc/kafka_grpc_pb.js";

// Init objects for create(): what protobuf-es's create(schema, init) takes, and what a hostile
// caller hands over instead. An arbitrary yields a plan (plain data, so that fast-check shrinks
// it); build() makes the init of a plan, with its getters, prototypes and proxies, and records
// every object it makes (a value create() takes as it is must come back as the same object) and
// every property access a proxy sees (both implementations must read the same things in the
// same order).

/** How a property of an init object is held. */
export type Access = "own" | "inherited" | "getter" | "throwing" | "hidden";

/** A value that is not an init: made afresh by build(), so that its identity can be followed. */
export type Atom =
  | { atom: "primitive"; value: string | number | bigint | boolean | null | undefined }
  | { atom: "symbol" }
  | { atom: "object" }
  | { atom: "date" }
  | { atom: "numbers"; values: number[] }
  | { atom: "bytes"; values: number[] }
  | { atom: "message"; typeName: string }
  | { atom: "odd array" };

/** What build() makes an init, or a value inside one, from. */
export type Plan =
  | Atom
  | {
      init: [name: string, plan: Plan, access: Access][];
      proxy: boolean;
    }
  | { list: Plan[]; proxy: boolean }
  | { map: [key: string, plan: Plan, access: Access][]; proxy: boolean }
  | { oneof: unknown; value: Plan };

/** The message types of the contract, by type name. */
export const messageTypes: ReadonlyMap<string, DescMessage> = new Map(
  file_kafka_grpc_kafka_grpc.messages.flatMap(function all(desc): [string, DescMessage][] {
    return [[desc.typeName, desc], ...desc.nestedMessages.flatMap(all)];
  }),
);

const typeNames = [...messageTypes.keys()];

const access: fc.Arbitrary<Access> = fc.constantFrom(
  "own",
  "own",
  "inherited",
  "getter",
  "hidden",
  "throwing",
);

/** Values of no field's type, or of another field's type. */
const atom: fc.Arbitrary<Atom> = fc.oneof(
  fc
    .oneof(
      fc.string({ maxLength: 4 }),
      fc.integer(),
      fc.double(),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
      fc.boolean(),
      fc.constantFrom(null, undefined),
    )
    .map((value) => ({ atom: "primitive" as const, value })),
  fc.constantFrom<Atom>(
    { atom: "symbol" },
    { atom: "object" },
    { atom: "date" },
    { atom: "odd array" },
  ),
  fc
    .array(fc.oneof(fc.integer({ min: -1, max: 300 }), fc.double()), { maxLength: 3 })
    .map((values) => ({ atom: "numbers" as const, values })),
  fc.constantFrom(...typeNames).map((typeName) => ({ atom: "message" as const, typeName })),
);

/** A value of `scalar`'s type, as create() takes it (or nearly: a number for an int64). */
function scalarValue(scalar: ScalarType): fc.Arbitrary<Plan> {
  const primitive = (a: fc.Arbitrary<string | number | bigint | boolean>) =>
    a.map((value) => ({ atom: "primitive" as const, value }));
  switch (scalar) {
    case ScalarType.STRING:
      return primitive(fc.string({ maxLength: 6 }));
    case ScalarType.BOOL:
      return primitive(fc.boolean());
    case ScalarType.BYTES:
      return fc.oneof(
        fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 4 }).map((values) => ({
          atom: "bytes" as const,
          values,
        })),
        fc.array(fc.integer({ min: -1, max: 300 }), { maxLength: 4 }).map((values) => ({
          atom: "numbers" as const,
          values,
        })),
      );
    case ScalarType.INT64:
    case ScalarType.UINT64:
      return primitive(fc.oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 64n }), fc.integer()));
    default:
      return primitive(fc.integer());
  }
}

/** What a field of `field`'s kind is given: mostly its own type, sometimes anything. */
function fieldPlan(field: DescField, depth: number): fc.Arbitrary<Plan> {
  const own = ((): fc.Arbitrary<Plan> => {
    switch (field.fieldKind) {
      case "scalar":
        return scalarValue(field.scalar);
      case "enum":
        return fc.integer({ min: -1, max: 3 }).map((value) => ({ atom: "primitive", value }));
      case "message":
        return messagePlan(field.message, depth);
      case "list":
        return fc.record({
          list: fc.array(
            field.listKind === "message"
              ? messagePlan(field.message, depth)
              : field.listKind === "enum"
                ? fc.integer().map((value): Plan => ({ atom: "primitive", value }))
                : scalarValue(field.scalar),
            { maxLength: 3 },
          ),
          proxy: fc.boolean(),
        });
      case "map":
        return fc.record({
          map: fc.array(
            fc.tuple(
              fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom("__proto__", "toString")),
              field.mapKind === "message"
                ? messagePlan(field.message, depth)
                : field.mapKind === "enum"
                  ? fc.integer().map((value): Plan => ({ atom: "primitive", value }))
                  : scalarValue(field.scalar),
              access,
            ),
            { maxLength: 3 },
          ),
          proxy: fc.boolean(),
        });
    }
  })();
  return fc.oneof({ arbitrary: own, weight: 4 }, { arbitrary: atom, weight: 1 });
}

/** An init of `desc`, a message of its type or of another, or anything else. */
function messagePlan(desc: DescMessage, depth: number): fc.Arbitrary<Plan> {
  const options: fc.WeightedArbitrary<Plan>[] = [
    { arbitrary: fc.constant({ atom: "message", typeName: desc.typeName }), weight: 1 },
    { arbitrary: atom, weight: 1 },
  ];
  if (depth > 0) options.push({ arbitrary: initPlan(desc, depth - 1), weight: 4 });
  return fc.oneof(...options);
}

/**
 * An init of `desc`, nesting at most `depth` more levels of inits: any of its fields, held in
 * any way (own, inherited, behind a getter, one that throws, not enumerable), oneofs with a case
 * of theirs or not, a `$typeName` of any type, properties of no field, and maybe behind a proxy.
 */
export function initPlan(desc: DescMessage, depth = 2): fc.Arbitrary<Plan> {
  const members = desc.members.map((member): fc.Arbitrary<[string, Plan, Access] | null> => {
    const value: fc.Arbitrary<Plan> =
      member.kind === "oneof"
        ? fc.oneof(
            {
              arbitrary: fc
                .tuple(
                  fc.oneof(fc.constantFrom(...member.fields), fc.constant(undefined)),
                  fc.constantFrom<unknown>("nope", "toString", 5, null, undefined),
                )
                .chain(([field, other]) =>
                  (field === undefined ? atom : fieldPlan(field, depth)).map(
                    (v): Plan => ({ oneof: field?.localName ?? other, value: v }),
                  ),
                ),
              weight: 4,
            },
            { arbitrary: atom, weight: 1 },
          )
        : fieldPlan(member, depth);
    return fc.option(fc.tuple(fc.constant(member.localName), value, access), { freq: 2 });
  });
  const extra = fc.option(
    fc.tuple(
      fc.constantFrom("$typeName", "$unknown", "nope", "constructor"),
      fc.oneof(
        atom,
        fc.constantFrom(...typeNames).map((value): Plan => ({ atom: "primitive", value })),
      ),
      access,
    ),
    { freq: 3 },
  );
  return fc
    .record({ members: fc.tuple(...members), extra, proxy: fc.boolean() })
    .map(({ members: found, extra: more, proxy }) => ({
      init: [...found, more].filter((m): m is [string, Plan, Access] => m !== null),
      proxy,
    }));
}

/** What create(desc, init) is given: mostly an init of `desc`, sometimes a message or anything. */
export function createArgument(desc: DescMessage, depth = 2): fc.Arbitrary<Plan> {
  return fc.oneof(
    { arbitrary: initPlan(desc, depth), weight: 6 },
    { arbitrary: fc.constant<Plan>({ atom: "message", typeName: desc.typeName }), weight: 1 },
    { arbitrary: atom, weight: 1 },
  );
}

/** What build() made: the value, the objects it made, and the log of what its proxies saw. */
export interface Built {
  readonly value: unknown;
  /** Every object build() made: create() takes these as they are or reads them. */
  readonly made: Set<unknown>;
  /** The property accesses the proxies saw since the last clear. */
  readonly log: string[];
}

/** Makes the init of `plan`. */
export function build(plan: Plan): Built {
  const made = new Set<unknown>();
  const log: string[] = [];
  const keep = <T>(value: T): T => {
    made.add(value);
    return value;
  };
  const watch = <T extends object>(target: T, proxy: boolean): T =>
    keep(
      proxy
        ? new Proxy(target, {
            get(t, key, receiver) {
              log.push(`get ${String(key)}`);
              return Reflect.get(t, key, receiver);
            },
            has(t, key) {
              log.push(`has ${String(key)}`);
              return Reflect.has(t, key);
            },
            ownKeys(t) {
              log.push("ownKeys");
              return Reflect.ownKeys(t);
            },
            getOwnPropertyDescriptor(t, key) {
              log.push(`describe ${String(key)}`);
              return Reflect.getOwnPropertyDescriptor(t, key);
            },
          })
        : target,
    );
  const put = (
    target: Record<string, unknown>,
    parent: Record<string, unknown>,
    key: string,
    value: unknown,
    how: Access,
  ) => {
    switch (how) {
      case "own":
        Object.defineProperty(target, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return;
      case "inherited":
        Object.defineProperty(parent, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return;
      case "hidden":
        Object.defineProperty(target, key, {
          value,
          enumerable: false,
          writable: true,
          configurable: true,
        });
        return;
      case "getter":
        Object.defineProperty(target, key, {
          get: () => value,
          enumerable: true,
          configurable: true,
        });
        return;
      case "throwing": {
        const error = keep(new Error(`the getter of ${key} throws`));
        Object.defineProperty(target, key, {
          get: () => {
            throw error;
          },
          enumerable: true,
          configurable: true,
        });
        return;
      }
    }
  };
  const make = (p: Plan): unknown => {
    if ("atom" in p) {
      switch (p.atom) {
        case "primitive":
          return p.value;
        case "symbol":
          return Symbol("atom");
        case "object":
          return keep({ x: 1 });
        case "date":
          return keep(new Date(0));
        case "numbers":
          return keep([...p.values]);
        case "bytes":
          return keep(new Uint8Array(p.values));
        case "message":
          return keep(create(messageTypes.get(p.typeName) as DescMessage));
        case "odd array": {
          const odd = keep([1, 2]) as number[] & { vin?: string };
          odd.vin = "in an array";
          return odd;
        }
      }
    }
    if ("init" in p || "map" in p) {
      const parent: Record<string, unknown> = {};
      const target = Object.create(parent) as Record<string, unknown>;
      for (const [key, value, how] of "init" in p ? p.init : p.map)
        put(target, parent, key, make(value), how);
      return watch(target, p.proxy);
    }
    if ("list" in p) return watch(p.list.map(make), p.proxy);
    return keep({ case: p.oneof, value: make(p.value) });
  };
  return { value: make(plan), made, log };
}

/** What a call ended with: the value it returned, or what it threw. */
export type Ending = { returned: unknown } | { threw: unknown };

/** Runs `fn` and says how it ended. */
export function ending(fn: () => unknown): Ending {
  try {
    return { returned: fn() };
  } catch (threw) {
    return { threw };
  }
}

/**
 * Expects `ours` to have ended as `theirs` (protobuf-es's create()) did: the same error (the
 * very error a getter threw, or an error of the same class), or a value of the same shape,
 * where every object build() made that theirs holds is the same object in ours, and every
 * other object is new in both, with the same prototype and the same own keys in the same order.
 */
export function expectSameEnding(ours: Ending, theirs: Ending, made: Set<unknown>): void {
  if ("threw" in theirs) {
    expect(ours).toHaveProperty("threw");
    const mine = (ours as { threw: unknown }).threw;
    if (made.has(theirs.threw)) expect(mine).toBe(theirs.threw);
    else expect((mine as object)?.constructor).toBe((theirs.threw as object)?.constructor);
    return;
  }
  expect(ours).toHaveProperty("returned");
  expectSameValue((ours as { returned: unknown }).returned, theirs.returned, made, "$");
}

function expectSameValue(a: unknown, b: unknown, made: Set<unknown>, path: string): void {
  if (typeof b !== "object" || b === null || made.has(b)) {
    expect(Object.is(a, b), path).toBe(true);
    return;
  }
  expect(typeof a, path).toBe("object");
  expect(made.has(a), `${path} is new`).toBe(false);
  expect(Object.getPrototypeOf(a), path).toBe(Object.getPrototypeOf(b));
  if (b instanceof Uint8Array) {
    expect(a, path).toEqual(b);
    return;
  }
  const keys = Reflect.ownKeys(b);
  expect(Reflect.ownKeys(a as object), path).toEqual(keys);
  for (const key of keys) {
    const x = (a as Record<PropertyKey, unknown>)[key];
    const y = (b as Record<PropertyKey, unknown>)[key];
    expectSameValue(x, y, made, `${path}.${String(key)}`);
  }
}
