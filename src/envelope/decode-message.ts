import { type DescMessage, fromBinary, type MessageShape } from "@bufbuild/protobuf";
import { decoders } from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { file_kafka_grpc_kafka_grpc } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { type CodecError, isCodecError } from "../codec-error.js";
import { checkWire } from "./check-wire.js";
import type { MessageReadOptions } from "./options.js";
import { checkReadInput, readError } from "./read-binary.js";

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
  const fast = schema.file === file_kafka_grpc_kafka_grpc ? decoders[schema.typeName] : undefined;
  if (fast === undefined) return decodeMessageSlow(schema, bytes, options);
  const { recursionLimit, readUnknownFields } = checkReadInput(schema.typeName, bytes, options);
  try {
    return fast(bytes, recursionLimit, readUnknownFields) as MessageShape<Desc>;
  } catch (cause) {
    throw readError(schema.typeName, cause);
  }
}

/**
 * {@link decodeMessage} the slow way, for any schema: the wire check (check-wire.ts), then
 * protobuf-es's fromBinary() on the checked bytes. The generated decoders must agree with it on
 * every input, result and error: test/fast-path holds them to it.
 */
export function decodeMessageSlow<Desc extends DescMessage>(
  schema: Desc,
  bytes: Uint8Array,
  options?: Partial<MessageReadOptions>,
): MessageShape<Desc> {
  const { recursionLimit, readUnknownFields } = checkReadInput(schema.typeName, bytes, options);
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
  return readError(schema.typeName, cause);
}
