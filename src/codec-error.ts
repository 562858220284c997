/**
 * The closed set of error codes a {@link CodecError} carries.
 *
 * - `truncated`: the input ends inside a value (a varint, a length-delimited field, a frame).
 * - `malformed`: the bytes break the protobuf wire format or a framing format.
 * - `invalid_utf8`: a `string` field holds bytes that are not valid UTF-8.
 * - `too_deep`: messages nest deeper than `recursionLimit`.
 * - `too_large`: the input, or a frame inside it, is larger than `maxBytes`.
 * - `missing_data`: an envelope has no `Data` member while `requireData` is on.
 * - `invalid_json`: JSON text that does not parse, or a JSON value that is not a valid message.
 * - `invalid_message`: a message object that cannot be encoded (a value of the wrong type or
 *   out of range for its field).
 * - `invalid_argument`: an argument or option outside what the function accepts.
 */
export type CodecErrorCode =
  | "truncated"
  | "malformed"
  | "invalid_utf8"
  | "too_deep"
  | "too_large"
  | "missing_data"
  | "invalid_json"
  | "invalid_message"
  | "invalid_argument";

/**
 * Every code of {@link CodecErrorCode}, in documentation order.
 */
export const codecErrorCodes: readonly CodecErrorCode[] = [
  "truncated",
  "malformed",
  "invalid_utf8",
  "too_deep",
  "too_large",
  "missing_data",
  "invalid_json",
  "invalid_message",
  "invalid_argument",
];

/**
 * The one error class of this library. Its `code` says what went wrong, its message starts with
 * the code in brackets (`[too_large] message of 20971520 bytes exceeds maxBytes 16777216`), and
 * the lower error it wraps, if any, is kept as `cause`.
 *
 * Use {@link isCodecError} rather than `instanceof` to recognise one: two copies of this package
 * in one program have two distinct classes.
 */
export class CodecError extends Error {
  override name = "CodecError";

  constructor(
    readonly code: CodecErrorCode,
    readonly rawMessage: string,
    options?: ErrorOptions,
  ) {
    super(`[${code}] ${rawMessage}`, options);
  }
}

/**
 * Returns true if `arg` is a {@link CodecError}, from this copy of the package or any other. It
 * checks the name and a known code, not the prototype chain.
 */
export function isCodecError(arg: unknown): arg is CodecError {
  return (
    arg instanceof Error &&
    arg.name === "CodecError" &&
    typeof (arg as { code?: unknown }).code === "string" &&
    codecErrorCodes.includes((arg as unknown as { code: CodecErrorCode }).code) &&
    typeof (arg as { rawMessage?: unknown }).rawMessage === "string"
  );
}
