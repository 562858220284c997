import { describeThrown } from "../internal/describe-thrown.js";

/**
 * Any value JSON can carry: a string, a finite number, a boolean, null, an array of JSON values or
 * a plain object of JSON values. The same shape as the output of zod's `z.json()`.
 */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/**
 * How deep a body may nest, arrays and objects counted: 1000 levels. A deeper body is not
 * taken as a JSON value, so checking it stays bounded whatever the stack size.
 */
export const MAX_JSON_DEPTH = 1000;

/** Where a value stops being JSON, and why. */
export interface NonJsonValue {
  readonly path: PropertyKey[];
  readonly message: string;
}

/**
 * Returns where `value` first stops being a JSON value (undefined, bigint, a function, a symbol, a
 * non-finite number, a cycle, a class instance, a getter that throws, nesting deeper than
 * {@link MAX_JSON_DEPTH}), or undefined if it is one.
 * It never throws. Internal: parseResponse runs it before zod, which would recurse forever on a
 * cycle and lets a throwing getter escape.
 */
export function findNonJsonValue(value: unknown): NonJsonValue | undefined {
  const path: PropertyKey[] = [];
  const ancestors = new Set<object>();

  function visit(current: unknown): string | undefined {
    if (current === null || typeof current === "string" || typeof current === "boolean") {
      return undefined;
    }
    if (typeof current === "number") {
      return Number.isFinite(current) ? undefined : `expected a JSON value, got number ${current}`;
    }
    if (typeof current !== "object") return `expected a JSON value, got ${typeof current}`;
    if (ancestors.has(current)) return "expected a JSON value, got a cyclic reference";
    if (path.length >= MAX_JSON_DEPTH) {
      return `expected a JSON value nested at most ${MAX_JSON_DEPTH} levels deep`;
    }
    const isArray = Array.isArray(current);
    const proto: unknown = Object.getPrototypeOf(current);
    if (!isArray && proto !== Object.prototype && proto !== null) {
      return "expected a JSON value, got an object that is not a plain object";
    }
    ancestors.add(current);
    const problem = isArray ? visitArray(current) : visitObject(current as Record<string, unknown>);
    if (problem !== undefined) return problem;
    ancestors.delete(current);
    return undefined;
  }

  // Stops at the first hole: JSON has none, and a sparse array of length 2^32 - 1 then costs one
  // step instead of billions. Work is bounded by the elements that exist, never by `length`.
  function visitArray(array: readonly unknown[]): string | undefined {
    const length = array.length;
    for (let index = 0; index < length; index++) {
      path.push(index);
      if (!(index in array)) return "expected a JSON value, got a hole in a sparse array";
      const problem = visit(array[index]);
      if (problem !== undefined) return problem;
      path.pop();
    }
    return undefined;
  }

  function visitObject(object: Record<string, unknown>): string | undefined {
    for (const key of Object.keys(object)) {
      path.push(key);
      const problem = visit(object[key]);
      if (problem !== undefined) return problem;
      path.pop();
    }
    return undefined;
  }

  try {
    const message = visit(value);
    return message === undefined ? undefined : { path, message };
  } catch (cause) {
    return { path, message: `reading the value threw: ${describeThrown(cause)}` };
  }
}
