// What an error text must not carry raw: written apart from src/runtime/escape-text.ts, so that a
// test holds the escaping to its own list.

/**
 * The characters of `text` that a terminal or a log would not show as themselves, each as its
 * code (`U+001B`): C0 and C1 controls, DEL, the line and paragraph separators, the bidirectional
 * marks, embeddings, overrides and isolates, the byte order mark, and lone surrogates.
 */
export function unsafeCharacters(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    const unsafe =
      c < 0x20 ||
      (c >= 0x7f && c <= 0x9f) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x061c ||
      c === 0x200e ||
      c === 0x200f ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069) ||
      c === 0xfeff ||
      (c >= 0xd800 && c <= 0xdfff);
    if (unsafe) found.push(`U+${c.toString(16).toUpperCase().padStart(4, "0")}`);
  }
  return found;
}
