import { type DescMessage, fromBinary, type MessageShape } from "@bufbuild/protobuf";
import { CodecError, isCodecError } from "../codec-error.js";
import { checkWire } from "./check-wire.js";
import {
  checkCount,
  checkOptions,
  DEFAULT_MAX_BYTES,
  DEFAULT_RECURSION_LIMIT,
  describe,
  type MessageReadOptions,
} from "./options.js";

/**
 * Decodes one kafka_grpc message of type `schema` from protobuf binary, with the same limits
 * and checks as {@link decodeEnvelope}: the input must be a `Uint8Array` (a Node.js `Buffer`
 * is one) of at most `maxBytes`, sound wire format, valid UTF-8 in every string, and no deeper
 * than `recursionLimit`. Fields the schema does not know are kept in `$unknown`.
 *
 * Throws a {@link CodecError} (`truncated`, `malformed`, `invalid_utf8`, `too_deep`,
 * `too_large` or `invalid_argument`) naming the message type and the byte offset.
 *
 * ```ts
 * const progress = decodeMessage(CarUpdateProgressSchema, bytes);
 * ```
 */
export function decodeMessage<Desc extends DescMessage>(
  schema: Desc,
  bytes: Uint8Array,
  options?: Partial<MessageReadOptions>,
): MessageShape<Desc> {
  checkOptions(options);
  const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BYTES;
  const recursionLimit = options?.recursionLimit ?? DEFAULT_RECURSION_LIMIT;
  const readUnknownFields = options?.readUnknownFields ?? true;
  checkCount("maxBytes", maxBytes, 0);
  checkCount("recursionLimit", recursionLimit, 1);
  if (!(bytes instanceof Uint8Array)) {
    throw new CodecError(
      "invalid_argument",
      `cannot decode ${schema.typeName} from binary: expected a Uint8Array, got ${describe(bytes)}`,
    );
  }
  if (bytes.length > maxBytes) {
    throw new CodecError(
      "too_large",
      `cannot decode ${schema.typeName} from binary: message of ${bytes.length} bytes exceeds maxBytes ${maxBytes}`,
    );
  }
  try {
    checkWire(schema, bytes, recursionLimit);
    return fromBinary(schema, bytes, { readUnknownFields, recursionLimit });
  } catch (cause) {
    throw wrapReadError(schema, cause);
  }
}

/** Passes a CodecError through; wraps anything else (a protobuf-es error, a stack overflow). */
export function wrapReadError(schema: DescMessage, cause: unknown): CodecError {
  if (isCodecError(cause)) return cause;
  if (cause instanceof RangeError && /call stack/i.test(cause.message)) {
    return new CodecError(
      "too_deep",
      `cannot decode ${schema.typeName} from binary: nesting exhausted the call stack`,
      { cause },
    );
  }
  const text = cause instanceof Error ? cause.message : String(cause);
  return new CodecError("malformed", `cannot decode ${schema.typeName} from binary: ${text}`, {
    cause,
  });
}
