import { types } from "node:util";
import type { Json } from "./mutate-json.js";
import { randomJson } from "./mutate-json.js";
import type { Random } from "./random.js";

// Values a response body may hold that are not JSON, for the HTTP fuzzer: cycles, getters
// that throw, bigints, undefined, functions, symbols, class instances, sparse arrays, proxies
// with traps that throw or lie, and nesting deep enough to exhaust a recursive walker.

/** Something thrown by a getter or a proxy trap: an Error, or a value that is not one. */
function thrownValue(random: Random): unknown {
  switch (random.below(6)) {
    case 0:
      return new Error("getter failed");
    case 1:
      return new RangeError("Maximum call stack size exceeded");
    case 2:
      return 42;
    case 3:
      return null;
    case 4:
      return {
        toString() {
          throw new Error("toString failed too");
        },
      };
    default:
      return Symbol("thrown");
  }
}

/** A value that is not JSON, on its own. */
function nonJsonLeaf(random: Random): unknown {
  switch (random.below(16)) {
    case 0:
      return BigInt(random.uint32()) * 2n ** 40n;
    case 1:
      return undefined;
    case 2:
      return () => "a function";
    case 3:
      return Symbol("s");
    case 4:
      return random.pick([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]);
    case 5:
      return new Date(0);
    case 6:
      return new Map([["a", 1]]);
    case 7:
      return new Uint8Array([1, 2, 3]);
    case 8:
      return new (class Car {
        vin = "WVWZZZ1JZXW000001";
      })();
    case 9:
      return Object.create({ inherited: 1 }) as object;
    case 10: {
      const sparse: unknown[] = [1];
      sparse[3] = 4; // holes at 1 and 2
      return sparse;
    }
    case 11:
      return { toJSON: () => ({ vin: "V" }) };
    case 12: {
      const thrown = thrownValue(random);
      return new Proxy(
        {},
        {
          ownKeys() {
            throw thrown;
          },
          getPrototypeOf() {
            throw thrown;
          },
        },
      );
    }
    case 13: {
      const { proxy, revoke } = Proxy.revocable({ a: 1 }, {});
      revoke();
      return proxy;
    }
    case 14: {
      // A getter that tells the truth once, then throws: a walker that reads twice sees both.
      let reads = 0;
      const thrown = thrownValue(random);
      return Object.defineProperty({}, "data", {
        enumerable: true,
        get() {
          reads++;
          if (reads > 1) throw thrown;
          return [];
        },
      });
    }
    default: {
      const thrown = thrownValue(random);
      return Object.defineProperty({}, random.pick(["data", "code", "message", "vin"]), {
        enumerable: true,
        get() {
          throw thrown;
        },
      });
    }
  }
}

/** Nesting `depth` levels deep, built without recursion. */
function deepValue(random: Random, depth: number): unknown {
  let value: unknown = random.chance(0.5) ? [] : {};
  const arrays = random.chance(0.5);
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { data: value };
  return value;
}

function isContainer(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !types.isProxy(value);
}

/** The plain objects and arrays inside `value` (at most `limit`), `value` first. */
function containersOf(value: unknown, limit = 200): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [value];
  while (stack.length > 0 && out.length < limit) {
    const node = stack.pop();
    if (!isContainer(node) || seen.has(node)) continue;
    const proto: unknown = Object.getPrototypeOf(node);
    if (!Array.isArray(node) && proto !== Object.prototype && proto !== null) continue;
    seen.add(node);
    out.push(node);
    for (const key of Object.keys(node)) {
      const descriptor = Object.getOwnPropertyDescriptor(node, key);
      if (descriptor !== undefined && "value" in descriptor) stack.push(descriptor.value);
    }
  }
  return out;
}

/** A deep copy of a JSON value, so that hostile changes never touch a shared sample. */
function copyJson(value: Json): Json {
  return structuredClone(value);
}

/**
 * A body that is not JSON: a copy of `base` (a sample body) with something hostile planted at
 * a random place, or a hostile value on its own.
 */
export function hostileBody(random: Random, base: Json): unknown {
  switch (random.below(5)) {
    case 0:
      return nonJsonLeaf(random);
    case 1:
      return deepValue(random, random.pick([10, 1000, 10_000, 100_000]));
    case 2: {
      // A cycle: some container of the body holds the body (or an ancestor).
      const body = copyJson(base);
      const containers = containersOf(body);
      if (containers.length === 0) return [body, body];
      const holder = random.pick(containers);
      const key = Array.isArray(holder) ? String(holder.length) : "self";
      holder[key] = random.chance(0.5) ? body : holder;
      return body;
    }
    default: {
      const body = copyJson(base);
      const containers = containersOf(body);
      if (containers.length === 0) return nonJsonLeaf(random);
      const holder = random.pick(containers);
      const keys = Object.keys(holder);
      const key = keys.length > 0 && random.chance(0.6) ? random.pick(keys) : "extra";
      const leaf = random.chance(0.2) ? randomJson(random, 1) : nonJsonLeaf(random);
      if (random.chance(0.3)) {
        const thrown = thrownValue(random);
        Object.defineProperty(holder, key, {
          enumerable: true,
          configurable: true,
          get() {
            throw thrown;
          },
        });
      } else {
        holder[key] = leaf;
      }
      return body;
    }
  }
}

/**
 * A short description of any value, for reproducing a finding: JSON where it can be, and a
 * name for what cannot (`[Circular]`, `[Getter]`, `123n`, `[Proxy]`). Never throws, never
 * calls a getter.
 */
export function describeValue(value: unknown, depth = 0, seen = new Set<unknown>()): string {
  try {
    if (value === undefined) return "undefined";
    if (typeof value === "bigint") return `${value}n`;
    if (typeof value === "symbol") return String(value);
    if (typeof value === "function") return "[Function]";
    if (typeof value === "number") return Number.isFinite(value) ? String(value) : String(value);
    if (typeof value !== "object" || value === null) return JSON.stringify(value);
    if (types.isProxy(value)) return "[Proxy]";
    if (seen.has(value)) return "[Circular]";
    if (depth > 8) return Array.isArray(value) ? "[…]" : "{…}";
    seen.add(value);
    const proto: unknown = Object.getPrototypeOf(value);
    const prefix =
      Array.isArray(value) || proto === Object.prototype
        ? ""
        : proto === null
          ? "[Object: null prototype] "
          : `${(value as { constructor?: { name?: string } }).constructor?.name ?? "?"} `;
    const keys = Object.keys(value);
    const shown = keys.slice(0, 20).map((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      const text =
        descriptor === undefined || !("value" in descriptor)
          ? "[Getter]"
          : describeValue(descriptor.value, depth + 1, seen);
      return Array.isArray(value) ? text : `${JSON.stringify(key)}:${text}`;
    });
    if (keys.length > 20) shown.push(`… ${keys.length - 20} more`);
    seen.delete(value);
    if (Array.isArray(value)) {
      const holes = value.length > keys.length ? ` (${value.length - keys.length} holes)` : "";
      return `${prefix}[${shown.join(",")}]${holes}`;
    }
    return `${prefix}{${shown.join(",")}}`;
  } catch {
    return "[a value that cannot be described]";
  }
}
