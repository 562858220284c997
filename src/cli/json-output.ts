// JSON that the CLI prints back: a body checked by `http check` or received by `http call`.
// Its depth is checked before anything recurses into it, and it is indented only near the top,
// so the output stays linear in the input whatever the nesting.

import { escapeControls } from "./safe-text.js";

/** Levels indented by 2 spaces; deeper values are written on one line. */
const INDENTED_LEVELS = 8;

/** Whether JSON text nests arrays and objects more than `limit` deep. One pass, no parse. */
export function jsonTextTooDeep(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // a backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

/** Whether a value nests arrays and objects more than `limit` deep. No recursion. */
export function valueTooDeep(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  const seen = new Set<object>();
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [current, depth] = next;
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    if (depth + 1 > limit) return true;
    seen.add(current);
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * `value` as JSON, indented by 2 for the first levels and on one line below; `undefined`
 * properties are left out, as JSON.stringify does. The value must have been checked with
 * {@link valueTooDeep} or {@link jsonTextTooDeep}: this recurses.
 */
export function formatJson(value: unknown, level = 0): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "bigint") return value.toString();
    // escapeControls writes \u escapes, which JSON reads as the same characters.
    return typeof value === "string"
      ? escapeControls(JSON.stringify(value))
      : (JSON.stringify(value) ?? "null");
  }
  const indent = level < INDENTED_LEVELS;
  const inner = indent ? `\n${"  ".repeat(level + 1)}` : "";
  const outer = indent ? `\n${"  ".repeat(level)}` : "";
  const separator = indent ? ": " : ":";
  const items = Array.isArray(value)
    ? value.map((item) => formatJson(item, level + 1))
    : Object.entries(value)
        .filter(([, item]) => item !== undefined && typeof item !== "function")
        .map(
          ([key, item]) =>
            `${escapeControls(JSON.stringify(key))}${separator}${formatJson(item, level + 1)}`,
        );
  if (items.length === 0) return Array.isArray(value) ? "[]" : "{}";
  const body = items.join(`,${inner}`);
  return Array.isArray(value) ? `[${inner}${body}${outer}]` : `{${inner}${body}${outer}}`;
}
