/**
 * Formats a zod issue path the way you would write it in JavaScript: `["data", 3, "vin"]` gives
 * `data[3].vin`, a key that is not an identifier is quoted (`["a b"]`), and the empty path (the
 * body itself) gives the empty string. It never throws.
 */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "symbol") out += `[${String(segment)}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
