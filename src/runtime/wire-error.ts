// The error the generated decoders and the framing readers throw: a code and the detail that the
// public API puts behind `cannot decode <type> from binary: ` in a CodecError.

/** The codes a generated decoder fails with; the same as CodecError's for binary input. */
export type WireErrorCode = "truncated" | "malformed" | "invalid_utf8" | "too_deep";

/**
 * What a generated decoder throws: a code and the text that follows
 * `cannot decode <type> from binary: ` in the CodecError the public API makes of it.
 */
export class WireError extends Error {
  override name = "WireError";
  constructor(
    readonly code: WireErrorCode,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(detail, options);
  }
}

/** Throws a {@link WireError}. */
export function fail(code: WireErrorCode, detail: string, cause?: unknown): never {
  throw new WireError(code, detail, cause === undefined ? undefined : { cause });
}

/** The most bytes a varint takes: 10 carry 64 bits. */
export const MAX_VARINT_BYTES = 10;

/** The largest length a length prefix may announce: 2^32 − 1. */
export const MAX_LENGTH = 0xffffffff;

/**
 * The texts of the binary format's errors that the decoders and the framing readers share, each
 * naming what was read (`varint`, `length prefix`, `message index count`) and where it starts.
 */
export const wireTexts = {
  /** A value that the input (or `container`) ends inside. */
  pastEnd: (what: string, at: number, container = "the input") =>
    `${what} at offset ${at} runs past the end of ${container}`,
  /** A varint with a continuation bit on its last allowed byte. */
  tooLong: (what: string, at: number, max: number) =>
    `${what} at offset ${at} is longer than ${max} bytes`,
  /** A varint that must fit 32 bits and does not. */
  over32: (what: string, at: number) => `${what} at offset ${at} does not fit 32 bits`,
  /** A length prefix of 2^32 or more. */
  lengthOver32: (at: number, value: number) =>
    `length prefix at offset ${at} is ${value}, 2^32 or more`,
} as const;
