import { UsageError } from "./cli-io.js";
import { orList } from "./parse-args.js";
import { CodecError } from "./root.js";
import { quote } from "./safe-text.js";

/** How binary input is written: raw bytes, base64 (standard or URL-safe) or hex. */
export type BinaryInputFormat = "auto" | "binary" | "base64" | "hex";

/** How binary output is written. */
export type BinaryOutputFormat = "binary" | "base64" | "hex";

/** What input looks like, decided by {@link classifyInput} in one pass. */
export type InputLook = "empty" | "whitespace" | "json" | "hex" | "base64" | "text" | "binary";

const inputFormats: readonly BinaryInputFormat[] = ["auto", "binary", "base64", "hex"];

/** Checks a `--input` value. */
export function inputFormat(value: string | undefined): BinaryInputFormat {
  const format = value ?? "auto";
  if ((inputFormats as readonly string[]).includes(format)) return format as BinaryInputFormat;
  throw new UsageError(`--input must be ${orList(inputFormats)}, got ${quote(format)}`);
}

/** Checks a `--output` value against the formats a command offers. */
export function outputFormat<F extends string>(
  value: string | undefined,
  allowed: readonly F[],
  fallback: F,
): F {
  const format = (value ?? fallback) as F;
  if (allowed.includes(format)) return format;
  throw new UsageError(`--output must be ${orList(allowed)}, got ${quote(String(value))}`);
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function isHexDigit(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66);
}

function isBase64Char(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) ||
    byte === 0x2b || // + and / of standard base64
    byte === 0x2f ||
    byte === 0x2d || // - and _ of URL-safe base64
    byte === 0x5f
  );
}

/**
 * What `input` looks like, in one pass over its bytes: `empty`, only `whitespace`, text whose
 * first character is `{` or `[` (`json`), only hex digits (`hex`), only base64 characters with
 * at most two `=` at the end (`base64`), other printable ASCII (`text`), or anything else
 * (`binary`: a byte outside printable ASCII and whitespace). Whitespace is space, tab, CR, LF.
 */
export function classifyInput(input: Uint8Array): InputLook {
  if (input.length === 0) return "empty";
  let first = -1;
  let hex = true;
  let base64 = true;
  let padding = 0;
  for (const byte of input) {
    if (isSpace(byte)) continue;
    if (byte < 0x20 || byte > 0x7e) return "binary";
    if (first < 0) first = byte;
    if (byte === 0x3d) {
      hex = false;
      if (++padding > 2) base64 = false;
      continue;
    }
    if (padding > 0) base64 = false;
    if (!isHexDigit(byte)) hex = false;
    if (!isBase64Char(byte)) base64 = false;
  }
  if (first < 0) return "whitespace";
  if (first === 0x7b || first === 0x5b) return "json";
  return hex ? "hex" : base64 ? "base64" : "text";
}

function describeByte(byte: number): string {
  return byte >= 0x20 && byte <= 0x7e
    ? quote(String.fromCharCode(byte))
    : `byte 0x${byte.toString(16).padStart(2, "0")}`;
}

/** The text's characters other than whitespace, checked one by one with `valid`. */
function strip(input: Uint8Array, format: "hex" | "base64", valid: (b: number) => boolean) {
  const kept = new Uint8Array(input.length);
  let length = 0;
  let padding = 0;
  for (let i = 0; i < input.length; i++) {
    const byte = input[i] as number;
    if (isSpace(byte)) continue;
    const isPad = format === "base64" && byte === 0x3d;
    if ((isPad && ++padding > 2) || (!isPad && (padding > 0 || !valid(byte)))) {
      const what = format === "hex" ? "a hex digit" : "base64";
      throw new CodecError(
        "malformed",
        `${format} input holds ${describeByte(byte)} at offset ${i}, which is not ${what}`,
      );
    }
    if (!isPad) kept[length++] = byte;
  }
  return Buffer.from(kept.buffer, 0, length).toString("latin1");
}

/**
 * The bytes `input` stands for. With `auto`, {@link classifyInput} decides: hex text is hex,
 * other base64 text is base64, anything else is raw bytes (and `look` says whether it was
 * text); JSON is refused with a pointer to `encode`. Text is checked and decoded in linear time.
 */
export function readBinaryInput(
  input: Uint8Array,
  format: BinaryInputFormat,
): { bytes: Uint8Array; format: Exclude<BinaryInputFormat, "auto">; look?: InputLook } {
  let chosen = format;
  let look: InputLook | undefined;
  if (chosen === "auto") {
    look = classifyInput(input);
    if (look === "json") {
      throw new CodecError(
        "malformed",
        "input is JSON text, not an envelope in any framing: to turn proto3 JSON into binary, use 'vehicle-update-codec encode'",
      );
    }
    chosen =
      look === "hex" || look === "whitespace" ? "hex" : look === "base64" ? "base64" : "binary";
  }
  if (chosen === "binary") return { bytes: input, format: "binary", ...(look && { look }) };
  if (chosen === "hex") {
    const digits = strip(input, "hex", isHexDigit);
    if (digits.length % 2 !== 0) {
      throw new CodecError("malformed", `hex input has an odd number of digits (${digits.length})`);
    }
    return { bytes: Buffer.from(digits, "hex"), format: "hex" };
  }
  const text = strip(input, "base64", isBase64Char);
  if (text.length % 4 === 1) {
    throw new CodecError(
      "malformed",
      `base64 input is cut short: its ${text.length} characters leave 1 over a multiple of 4, which base64 never does`,
    );
  }
  return { bytes: Buffer.from(text, "base64"), format: "base64" };
}

/** `bytes` as the output format asks; text formats end with a newline. */
export function writeBinaryOutput(
  bytes: Uint8Array,
  format: BinaryOutputFormat,
): string | Uint8Array {
  if (format === "base64") return `${Buffer.from(bytes).toString("base64")}\n`;
  if (format === "hex") return `${Buffer.from(bytes).toString("hex")}\n`;
  return bytes;
}
