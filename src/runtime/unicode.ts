// UTF-16 facts the codecs need: lone surrogates, and the order of UTF-8 bytes.

/** A lone surrogate: half of a pair without the other half. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether `text` holds no lone surrogate, on any engine: String.prototype.isWellFormed where there
 * is one (engines from 2023), else a regular expression. The one check of the package's readers
 * and writers.
 */
export function wellFormed(text: string): boolean {
  return typeof text.isWellFormed === "function" ? text.isWellFormed() : !loneSurrogate.test(text);
}

/** {@link wellFormed}, under the name the JSON readers call it by. */
export const wellFormedString = wellFormed;

/**
 * The length of `text` in UTF-8, in bytes, as TextEncoder writes it: a lone surrogate counts as
 * the 3 bytes of U+FFFD that replace it.
 */
export function utf8Length(text: string): number {
  const n = text.length;
  let bytes = n;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      bytes += 1;
      continue;
    }
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < n) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        // A pair: two code units, four bytes.
        bytes += 2;
        i++;
        continue;
      }
    }
    bytes += 2;
  }
  return bytes;
}

/** Compares two strings by the byte order of their UTF-8 (that is, by code point). */
export function compareUtf8(left: string, right: string): number {
  const n = Math.min(left.length, right.length);
  for (let i = 0; i < n; i++) {
    let x = left.charCodeAt(i);
    let y = right.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 puts surrogates (U+10000 and up) below U+E000 to U+FFFF; code points do not.
    if (x >= 0xd800 && y >= 0xd800) {
      x += x < 0xe000 ? 0x2000 : -0x800;
      y += y < 0xe000 ? 0x2000 : -0x800;
    }
    return x - y;
  }
  return left.length - right.length;
}

/**
 * Whether the strings JSON.stringify() wrote `text` from (values and keys) held no lone surrogate:
 * it writes each as a lowercase `\udXXX` escape (well-formed JSON.stringify(), ES2019, in every
 * engine that has BigInt), and any other backslash in a string as `\\`, so a text without `\ud`
 * had none. A text with one may still have had none (a string holding a backslash and "ud"): the
 * caller then checks the strings one by one. Most texts hold no backslash at all, which a search
 * for one character tells sooner than a search for three.
 */
export function wellFormedOutput(text: string): boolean {
  return text.indexOf("\\") === -1 || !text.includes("\\ud");
}
