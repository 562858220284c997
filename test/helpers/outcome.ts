import type { DescMessage } from "@bufbuild/protobuf";
import { expect } from "vitest";
import { isCodecError } from "../../src/index.js";
import { decodeByOracle } from "../oracle/check-wire.js";

// How a call ended, and expectations that two calls (the codec and an oracle) end the same way.

/**
 * What a call ended with: its result, the code and message of the CodecError it threw, or the
 * class and message of anything else it threw (the slow paths let a few raw errors through, such
 * as the TypeError of an envelope whose `Data` is undefined; the fast path must do the same).
 */
export type Outcome<T> =
  | { ok: T }
  | { code: string; message: string }
  | { thrown: string; message: string };

/** Runs `fn` and says how it ended. */
export function outcome<T>(fn: () => T): Outcome<T> {
  try {
    return { ok: fn() };
  } catch (error) {
    if (isCodecError(error)) return { code: error.code, message: error.message };
    const e = error as { constructor?: { name?: string }; message?: unknown };
    return { thrown: String(e?.constructor?.name), message: String(e?.message) };
  }
}

/**
 * Expects the two calls to end the same way: the same results (see {@link same}) or errors.
 * With `fieldOrder: "any"`, the fields of a message may have been set in another order (the
 * generated JSON reader sets them in field-number order, protobuf-es's fromJson() in the order of
 * the JSON members; they differ when the members come out of order, and only Object.keys() of
 * the message can tell: no protobuf-es function depends on it). Map entries keep their order.
 */
export function expectSameOutcome<T>(
  fast: () => T,
  slow: () => T,
  options?: { fieldOrder: "any" },
): void {
  const a = outcome(fast);
  const b = outcome(slow);
  if ("ok" in a && "ok" in b) {
    const difference = same(a.ok, b.ok, "$", options?.fieldOrder === "any");
    expect(difference, difference).toBeUndefined();
    return;
  }
  expect(a).toStrictEqual(b);
}

/**
 * Expects two encodings of a `schema` message to end the same way: the same error, or bytes that
 * decode to the same message. For messages a generated encoder gives up on: the fallback writes
 * them canonically (a field at its zero value left out), where protobuf-es's toBinary() may
 * write what a damaged message holds (an `undefined` bool as `false`).
 */
export function expectSameEncoding(
  schema: DescMessage,
  fast: () => Uint8Array,
  slow: () => Uint8Array,
): void {
  const a = outcome(fast);
  const b = outcome(slow);
  if ("ok" in a && "ok" in b) {
    if (same(a.ok, b.ok, "$") === undefined) return;
    expectSameOutcome(
      () => decodeByOracle(schema, a.ok, { requireData: false } as never),
      () => decodeByOracle(schema, b.ok, { requireData: false } as never),
    );
    return;
  }
  expect(a).toStrictEqual(b);
}

/**
 * Where `a` and `b` differ, or undefined. Stricter than toStrictEqual: own keys in the same order,
 * the same prototypes, numbers by Object.is (-0 is not 0), bytes by content and type. (It also
 * copes with a map key "constructor", which toStrictEqual takes for the object's constructor.)
 */
export function same(
  a: unknown,
  b: unknown,
  path: string,
  anyFieldOrder = false,
): string | undefined {
  if (typeof a !== typeof b) return `${path}: ${typeof a} vs ${typeof b}`;
  if (typeof a !== "object" || a === null || b === null) {
    return Object.is(a, b) ? undefined : `${path}: ${String(a)} vs ${String(b)}`;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return `${path}: other prototypes`;
  if (x instanceof Uint8Array && y instanceof Uint8Array) {
    return x.length === y.length && x.every((v, i) => v === y[i])
      ? undefined
      : `${path}: other bytes`;
  }
  const kx = Reflect.ownKeys(x);
  const ky = Reflect.ownKeys(y);
  if (anyFieldOrder && typeof x.$typeName === "string") {
    const byName = (p: string | symbol, q: string | symbol) =>
      String(p) < String(q) ? -1 : String(p) > String(q) ? 1 : 0;
    kx.sort(byName);
    ky.sort(byName);
  }
  if (kx.join() !== ky.join()) return `${path}: keys [${kx.join()}] vs [${ky.join()}]`;
  for (const k of kx) {
    const d = same(x[k as string], y[k as string], `${path}.${String(k)}`, anyFieldOrder);
    if (d !== undefined) return d;
  }
  return undefined;
}

/**
 * Expects a JSON read and its oracle (test/oracle/read-json-by-oracle.ts) to end the same way: the
 * same message, fields in any order, or errors of the same code. The texts differ: the oracle's
 * are protobuf-es's. An input with two faults may be refused for either: the codec reads scalars
 * before nested messages, the oracle checks forms and depth over the whole value first, so
 * `too_deep` and `invalid_json` may stand for each other; then each refuses the input also with
 * a recursion limit that no depth reaches (`unlimited`).
 */
export function expectSameRead<T>(
  read: () => T,
  oracle: () => T,
  unlimited?: { read: () => T; oracle: () => T },
): void {
  const a = outcome(read);
  const b = outcome(oracle);
  if ("ok" in a && "ok" in b) {
    const difference = same(a.ok, b.ok, "$", true);
    expect(difference, difference).toBeUndefined();
    return;
  }
  expect("thrown" in a, `a foreign error: ${showOutcome(a)}`).toBe(false);
  expect("ok" in a || "ok" in b, `${showOutcome(a)} vs ${showOutcome(b)}`).toBe(false);
  const codeOf = (o: Outcome<T>) => ("code" in o ? o.code : "thrown");
  const codes = [codeOf(a), codeOf(b)].sort().join();
  if (codes === "invalid_json,too_deep" && unlimited !== undefined) {
    expect("code" in outcome(unlimited.read)).toBe(true);
    expect("ok" in outcome(unlimited.oracle)).toBe(false);
    return;
  }
  expect(codeOf(a), `${showOutcome(a)} vs ${showOutcome(b)}`).toBe(codeOf(b));
}

/** An outcome as text for a failure's message: a message's bigints and bytes included. */
function showOutcome<T>(o: Outcome<T>): string {
  return JSON.stringify(o, (_key, value: unknown) =>
    typeof value === "bigint"
      ? `${value}n`
      : value instanceof Uint8Array
        ? `Uint8Array(${value.length})`
        : value,
  );
}
