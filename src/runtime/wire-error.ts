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
