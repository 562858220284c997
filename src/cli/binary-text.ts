import { CodecError } from "../codec-error.js";
import { UsageError } from "./cli-io.js";

/** How binary input is written: raw bytes, base64 (standard or URL-safe) or hex. */
export type BinaryInputFormat = "auto" | "binary" | "base64" | "hex";

/** How binary output is written. */
export type BinaryOutputFormat = "binary" | "base64" | "hex";

const hexText = /^[0-9a-fA-F\s]+$/;
const base64Text = /^[A-Za-z0-9+/_\-\s]+={0,2}\s*$/;

/** Checks a `--input` value. */
export function inputFormat(value: string | undefined): BinaryInputFormat {
  const format = value ?? "auto";
  if (format === "auto" || format === "binary" || format === "base64" || format === "hex")
    return format;
  throw new UsageError(
    `--input must be auto, binary, base64 or hex, got ${JSON.stringify(format)}`,
  );
}

/** Checks an `--output` value against the formats a command offers. */
export function outputFormat<F extends string>(
  value: string | undefined,
  allowed: readonly F[],
  fallback: F,
): F {
  const format = (value ?? fallback) as F;
  if (allowed.includes(format)) return format;
  throw new UsageError(`--output must be ${allowed.join(", ")}, got ${JSON.stringify(value)}`);
}

function isText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte > 0x7e || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d))
      return false;
  }
  return bytes.length > 0;
}

/**
 * The bytes `input` stands for. With `auto`: text of hex digits is hex, other base64 text is
 * base64, anything else is raw bytes (a protobuf envelope always holds bytes below 0x20).
 */
export function readBinaryInput(
  input: Uint8Array,
  format: BinaryInputFormat,
): { bytes: Uint8Array; format: Exclude<BinaryInputFormat, "auto"> } {
  let chosen = format;
  const text = isText(input) ? new TextDecoder().decode(input) : undefined;
  if (chosen === "auto") {
    chosen =
      text !== undefined && hexText.test(text)
        ? "hex"
        : text !== undefined && base64Text.test(text)
          ? "base64"
          : "binary";
  }
  if (chosen === "binary") return { bytes: input, format: "binary" };
  const body = (text ?? new TextDecoder().decode(input)).replace(/\s+/g, "");
  if (chosen === "hex") {
    if (!/^[0-9a-fA-F]*$/.test(body)) {
      throw new CodecError(
        "invalid_argument",
        "hex input holds a character that is not a hex digit",
      );
    }
    if (body.length % 2 !== 0) {
      throw new CodecError(
        "invalid_argument",
        `hex input has an odd number of digits (${body.length})`,
      );
    }
    return { bytes: Buffer.from(body, "hex"), format: "hex" };
  }
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body) || body.replace(/=+$/, "").length % 4 === 1) {
    throw new CodecError("invalid_argument", "base64 input is not valid base64");
  }
  return { bytes: Buffer.from(body, "base64"), format: "base64" };
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
