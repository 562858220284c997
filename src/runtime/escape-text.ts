/**
 * The most characters of outside text (a header value, a JSON key, an error message) that one
 * message quotes: 200. Longer text is cut and ends with "…".
 */
export const MAX_QUOTED_LENGTH = 200;

/**
 * The most characters of a whole error message built from outside input: 1024. Each part is
 * already cut; this bounds their sum.
 */
export const MAX_MESSAGE_LENGTH = 1024;

const shortEscapes: Readonly<Record<number, string>> = {
  8: "\\b",
  9: "\\t",
  10: "\\n",
  12: "\\f",
  13: "\\r",
};

/**
 * Returns `text` safe to print inside a message: C0 and C1 control characters, DEL, the line and
 * paragraph separators, bidirectional marks and overrides, the byte order mark and lone
 * surrogates written as escapes (`\n`,
 * `\u001b`, `\u202e`, `\ud800`), cut to `maxLength` characters with a final "…". With `quote`,
 * the result is a JSON-style string literal (`"a\"b"`), backslashes and quotes escaped too.
 *
 * Work is bounded by `maxLength`, not by the length of `text`, so a 100 MB body costs the same as
 * a short one. Internal: the runtime's error texts use it, and so do `http/`, `client/`, `mock/`
 * and the CLI; never exported from the package.
 */
export function escapeText(text: string, maxLength = MAX_QUOTED_LENGTH, quote = false): string {
  let out = "";
  let index = 0;
  for (; index < text.length && out.length < maxLength; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text.slice(index, index + 2);
        index++;
        continue;
      }
    }
    if (needsEscape(code)) out += shortEscapes[code] ?? `\\u${code.toString(16).padStart(4, "0")}`;
    else if (quote && (code === 0x22 || code === 0x5c)) out += `\\${text[index]}`;
    else out += text[index];
  }
  const cut = index < text.length ? "…" : "";
  return quote ? `"${out}${cut}"` : `${out}${cut}`;
}

/**
 * Bounds a whole error message built from several parts to {@link MAX_MESSAGE_LENGTH}
 * characters, "…" after the cut, anything left unescaped escaped by {@link escapeText}.
 */
export function boundMessage(message: string): string {
  return escapeText(message, MAX_MESSAGE_LENGTH);
}

/** {@link escapeText} as a quoted string literal: `"a\nb"`. */
export function quoteText(text: string, maxLength = MAX_QUOTED_LENGTH): string {
  return escapeText(text, maxLength, true);
}

function needsEscape(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x061c || // the Arabic letter mark, a bidi control
    code === 0xfeff || // the byte order mark, invisible
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    (code >= 0xd800 && code <= 0xdfff) // a lone surrogate: pairs were taken above
  );
}
