import { CodecError } from "../codec-error.js";
import type { BinaryReadOptions } from "../envelope/options.js";
import { isUint8Array } from "../runtime/bytes-value.js";
import { readOptions } from "./check-options.js";
import { describeValue } from "./describe-value.js";
import { levelBounds } from "./option-defaults.js";

// What decodeEnvelope, decodeMessage and the peek share before and after the decoder runs: the
// option and input checks, and the mapping of whatever the decoder threw to a CodecError. No
// protobuf-es here: decodeEnvelope's bundle must not pull its runtime.

/**
 * Checks the options and the input of a binary decode of `typeName`, in the order the public
 * API documents: the options (each checked), a Uint8Array, its size. Returns the options.
 */
export function checkReadInput(
  typeName: string,
  bytes: unknown,
  options: Partial<BinaryReadOptions> | undefined,
  defaults: BinaryReadOptions,
): BinaryReadOptions {
  const settings = readOptions(options, defaults, levelBounds);
  const maxBytes = settings.maxBytes;
  if (!isUint8Array(bytes)) {
    throw new CodecError(
      "invalid_argument",
      `cannot decode ${typeName} from binary: expected a Uint8Array, got ${describeValue(bytes)}`,
    );
  }
  if (bytes.length > maxBytes) {
    throw new CodecError(
      "too_large",
      `cannot decode ${typeName} from binary: message of ${bytes.length} bytes exceeds maxBytes ${maxBytes}`,
    );
  }
  return settings;
}

/**
 * The CodecError for what a generated decoder of `typeName` threw: its CodecError (see the
 * runtime's fail(); `too_deep` among them, the decoder counting the depth against
 * `recursionLimit`) gets the type in front, anything else is `malformed` with its text.
 */
export function readError(typeName: string, cause: unknown): CodecError {
  const prefix = `cannot decode ${typeName} from binary: `;
  if (cause instanceof CodecError) {
    const inner = cause.cause;
    return new CodecError(
      cause.code,
      prefix + cause.rawMessage,
      inner === undefined ? undefined : { cause: inner },
    );
  }
  const text = cause instanceof Error ? cause.message : String(cause);
  return new CodecError("malformed", prefix + text, { cause });
}
