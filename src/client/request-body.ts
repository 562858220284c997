import { formatIssuePath } from "../http/index.js";
import { invalidArgument } from "./client-options.js";

/**
 * The text a POST sends for `body`: `JSON.stringify(body)`. A body it cannot write is the
 * caller's bad argument, a CodecError `invalid_argument` that names what stopped it (a bigint,
 * a reference back to an object that holds it), JSON.stringify()'s error as the cause; so is a body that
 * writes nothing (`undefined`, a function, a symbol).
 */
export function requestBody(body: unknown): string {
  let text: unknown;
  try {
    text = JSON.stringify(body);
  } catch (cause) {
    throw invalidArgument(`cannot write the body as JSON: ${whatStops(body)}`, cause);
  }
  if (typeof text !== "string") {
    throw invalidArgument(`body must be a JSON value, got ${typeof body}`);
  }
  return text;
}

/**
 * What JSON.stringify() stopped at in `body`, which it refused: found by writing `body` again
 * with a replacer that only watches the values it is given, each with its path, until the write
 * stops where the first one did. A bigint or a value that is one of its own holders is named by
 * its path (`body.items[2].id is a bigint`); anything else (a getter or toJSON() that threw,
 * nesting deeper than the engine's stack) is not ours to name.
 */
function whatStops(body: unknown): string {
  const paths = new Map<object, PropertyKey[]>();
  const holders = new Map<object, object>();
  let found: string | undefined;
  let root = true;
  let watchFailed = false;
  function watch(this: object, key: string, value: unknown): unknown {
    try {
      return look.call(this, key, value);
    } catch (error) {
      watchFailed = true; // a bug here, not the body's fault
      throw error;
    }
  }
  function look(this: object, key: string, value: unknown): unknown {
    const path = root ? [] : [...(paths.get(this) ?? []), Array.isArray(this) ? Number(key) : key];
    root = false;
    const shown = formatIssuePath(["body", ...path]);
    if (typeof value === "bigint") found = `${shown} is a bigint`;
    else if (typeof value === "object" && value !== null) {
      for (
        let h: object | undefined = this;
        h !== undefined && found === undefined;
        h = holders.get(h)
      ) {
        if (h === value) found = `${shown} refers back to an object that holds it (a cycle)`;
      }
      paths.set(value, path);
      holders.set(value, this);
    }
    return value;
  }
  try {
    JSON.stringify(body, watch);
  } catch (error) {
    // The second write stops as the first did: its error is that one again, which is the cause;
    // what watch() threw goes on as it is.
    if (watchFailed) throw error;
  }
  return found ?? "JSON.stringify() threw while reading it";
}
