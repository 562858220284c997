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
    const keys = isArray ? Array.from(current.keys()) : Object.keys(current);
    for (const key of keys) {
      path.push(key);
      const problem = visit((current as Record<PropertyKey, unknown>)[key]);
      if (problem !== undefined) return problem;
      path.pop();
    }
    ancestors.delete(current);
    return undefined;
  }

  try {
    const message = visit(value);
    return message === undefined ? undefined : { path, message };
  } catch (cause) {
    return { path, message: `reading the value threw: ${describeThrown(cause)}` };
  }
}

/** Returns a one-line description of a thrown value; never throws itself. */
export function describeThrown(thrown: unknown): string {
  try {
    return thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  } catch {
    return "a value that cannot be printed";
  }
}
