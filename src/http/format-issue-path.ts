import { escapeText, quoteText } from "../runtime/escape-text.js";

/** Keys longer than this are quoted and cut in a path: 64 characters. */
const maxKeyLength = 64;

/**
 * Formats a zod issue path the way you would write it in JavaScript: `["data", 3, "vin"]` gives
 * `data[3].vin`, a key that is not an identifier is quoted (`["a b"]`), and the empty path (the
 * body itself) gives the empty string. A key comes from the body, so control characters in it
 * are escaped (`["a\nb"]`) and a key longer than 64 characters is cut (`["aaa…"]`): the result
 * is safe to print. It never throws.
 */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "symbol") out += `[${escapeText(String(segment), maxKeyLength)}]`;
    else if (segment.length <= maxKeyLength && /^[A-Za-z_$][\w$]*$/.test(segment)) {
      out += out === "" ? segment : `.${segment}`;
    } else out += `[${quoteText(segment, maxKeyLength)}]`;
  }
  return out;
}
