import { CodecError } from "../codec-error.js";
import { showValue } from "../internal/describe-value.js";
import { escapeText, quoteText } from "../runtime/escape-text.js";

/** Keys longer than this are quoted and cut in a path: 64 characters. */
const maxKeyLength = 64;

/**
 * Formats a zod issue path the way you would write it in JavaScript: `["data", 3, "vin"]` gives
 * `data[3].vin`, a key that is not an identifier is quoted (`["a b"]`), and the empty path (the
 * body itself) gives the empty string. A key comes from the body, so control characters in it
 * are escaped (`["a\nb"]`) and a key longer than 64 characters is cut (`["aaa…"]`): the result
 * is safe to print. It throws a CodecError `invalid_argument` only for a `path` that is not an
 * array, or that holds something other than a string, a number or a symbol.
 */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  if (!Array.isArray(path)) {
    throw new CodecError(
      "invalid_argument",
      `path must be an array of strings, numbers and symbols, got ${showValue(path)}`,
    );
  }
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const segment: unknown = path[i];
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "symbol") out += `[${escapeText(String(segment), maxKeyLength)}]`;
    else if (typeof segment !== "string") {
      throw new CodecError(
        "invalid_argument",
        `path[${i}] must be a string, a number or a symbol, got ${showValue(segment)}`,
      );
    } else if (segment.length <= maxKeyLength && /^[A-Za-z_$][\w$]*$/.test(segment)) {
      out += out === "" ? segment : `.${segment}`;
    } else out += `[${quoteText(segment, maxKeyLength)}]`;
  }
  return out;
}
