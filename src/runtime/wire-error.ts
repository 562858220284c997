// The errors of the binary format: what the generated decoders throw, and the texts they share
// with the framing readers.

import { CodecError } from "../codec-error.js";

/** The codes a generated decoder fails with; the same as CodecError's for binary input. */
export type WireErrorCode = "truncated" | "malformed" | "invalid_utf8" | "too_deep" | "too_large";

/**
 * Throws what a generated decoder fails with: a CodecError whose text is the detail that the
 * public API puts behind `cannot decode <type> from binary: ` (read-binary.ts, readError()).
 */
export function fail(code: WireErrorCode, detail: string, cause?: unknown): never {
  throw new CodecError(code, detail, cause === undefined ? undefined : { cause });
}

/** The most bytes a varint takes: 10 carry 64 bits. */
export const MAX_VARINT_BYTES = 10;

/** The largest length a length prefix may announce: 2^32 − 1. */
export const MAX_LENGTH = 0xffffffff;

// The texts of the binary format's errors that the decoders and the framing readers share, each
// naming what was read (`varint`, `length prefix`, `message index count`) and where it starts.

/** A value that the input (or `container`) ends inside. */
export function pastEnd(what: string, at: number, container = "the input"): string {
  return `${what} at offset ${at} runs past the end of ${container}`;
}

/** A varint with a continuation bit on its last allowed byte. */
export function tooLong(what: string, at: number, max: number): string {
  return `${what} at offset ${at} is longer than ${max} bytes`;
}

/** A varint that must fit 32 bits and does not. */
export function over32(what: string, at: number): string {
  return `${what} at offset ${at} does not fit 32 bits`;
}

/** A length prefix of 2^32 or more. */
export function lengthOver32(at: number, value: number): string {
  return `length prefix at offset ${at} is ${value}, 2^32 or more`;
}
