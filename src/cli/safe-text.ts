// Text from the input (a file name, a flag value, a snippet in a parser's message) is quoted
// before it reaches the terminal: a raw newline could forge a line, an ESC could recolour or
// rewrite it, a bidi control could reorder it.

/** The longest line the CLI writes to standard error, in characters, "…" included. */
export const MAX_ERROR_LINE = 400;

/** The longest quoted value, in characters between the quotes, "…" included. */
export const MAX_QUOTED = 60;

// C0 controls, DEL, C1 controls, line and paragraph separators, bidi marks and overrides,
// the byte order mark and lone surrogates.
const unsafe = new RegExp(
  "[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff]" +
    "|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]",
  "g",
);

const shortEscapes: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

function escapeChar(char: string): string {
  return shortEscapes[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** `text` with every control or invisible formatting character written as an escape. */
export function escapeControls(text: string): string {
  return text.replace(unsafe, escapeChar);
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
