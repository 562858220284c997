// The bytes that pasted text or a dropped file stands for, as the CLI's `--input auto` reads
// them (classifyInput() decides): hex text is hex, other base64 text is base64, anything else
// from a file is the raw bytes. Decoded without Node.js's Buffer, for the browser.

import { classifyInput } from "../cli/binary-text.js";

/** How the input was written. */
export type TextFormat = "hex" | "base64" | "binary";

/** The bytes read, or why there are none. */
export type ReadText =
  | { readonly kind: "ok"; readonly bytes: Uint8Array; readonly format: TextFormat }
  | { readonly kind: "error"; readonly message: string };

/**
 * Reads `input` (the bytes of pasted text or of a file) in `format`, or as classifyInput() sees
 * it for `auto`. Text that is neither hex nor base64 is an error when `binaryAllowed` is false
 * (pasted text), else the raw bytes (a file).
 */
export function readText(
  input: Uint8Array,
  format: TextFormat | "auto",
  binaryAllowed: boolean,
): ReadText {
  let chosen = format;
  if (chosen === "auto") {
    const look = classifyInput(input);
    if (look === "empty" || look === "whitespace") {
      return { kind: "error", message: "nothing to read: paste hex or base64, or drop a file" };
    }
    if (look === "json") {
      return {
        kind: "error",
        message: "this is JSON text, not an envelope in any framing: paste hex or base64",
      };
    }
    chosen = look === "hex" ? "hex" : look === "base64" ? "base64" : "binary";
    if (chosen === "binary" && !binaryAllowed) {
      return {
        kind: "error",
        message: "the text is neither hex nor base64: paste hex or base64, or drop a file",
      };
    }
  }
  if (chosen === "binary") return { kind: "ok", bytes: input, format: "binary" };
  const text = new TextDecoder("latin1").decode(input).replace(/[ \t\r\n]/g, "");
  return chosen === "hex" ? fromHex(text) : fromBase64(text);
}

function fromHex(text: string): ReadText {
  if (!/^[0-9a-fA-F]*$/.test(text)) {
    return { kind: "error", message: "hex input holds a character that is not a hex digit" };
  }
  if (text.length % 2 !== 0) {
    return { kind: "error", message: `hex input has an odd number of digits (${text.length})` };
  }
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return { kind: "ok", bytes, format: "hex" };
}

function fromBase64(text: string): ReadText {
  const digits = text.replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/_-]*$/.test(digits) || text.length - digits.length > 2) {
    return { kind: "error", message: "base64 input holds a character that is not base64" };
  }
  if (digits.length % 4 === 1) {
    return {
      kind: "error",
      message: `base64 input is cut short: its ${digits.length} characters leave 1 over a multiple of 4`,
    };
  }
  const standard = digits.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, "="));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { kind: "ok", bytes, format: "base64" };
}
