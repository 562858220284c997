// Text from the input (a file name, a flag value, a snippet in a parser's message) is quoted
// before it reaches the terminal: a raw newline could forge a line, an ESC could recolour or
// rewrite it, a bidi control could reorder it.

import { escapeText } from "../runtime/escape-text.js";

/** The longest line the CLI writes to standard error, in characters, "…" included. */
export const MAX_ERROR_LINE = 400;

/** The longest quoted value, in characters between the quotes, "…" included. */
export const MAX_QUOTED = 60;

/**
 * `text` with every control or invisible formatting character written as an escape, by the
 * package's one set of rules (src/runtime/escape-text.ts), uncut: the CLI cuts its own way.
 */
export function escapeControls(text: string): string {
  return escapeText(text, Number.POSITIVE_INFINITY);
}

/** `text` cut to `max` characters, the last being "…", without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * `value` in double quotes, safe to print: `"` and `\` escaped, control characters escaped,
 * cut to {@link MAX_QUOTED} characters with "…".
 */
export function quote(value: string, max = MAX_QUOTED): string {
  const escaped = escapeControls(cut(value, max * 8).replace(/["\\]/g, "\\$&"));
  return `"${cut(escaped, max)}"`;
}

/** One line of standard error: escaped, bounded to {@link MAX_ERROR_LINE}, newline-free. */
export function errorLine(text: string): string {
  return cut(escapeControls(cut(text, MAX_ERROR_LINE * 8)), MAX_ERROR_LINE);
}
