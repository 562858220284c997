import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { decoders } from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { file_kafka_grpc_kafka_grpc } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { describeValue } from "../internal/describe-value.js";
import { type MessageReadOptions, messageReadDefaults } from "./options.js";
import { checkReadInput, readError } from "./read-binary.js";

/**
 * Decodes one kafka_grpc message of type `schema` from protobuf binary, with the same limits
 * and checks as {@link decodeEnvelope}: the input must be a `Uint8Array` (a Node.js `Buffer`
 * is one) of at most `maxBytes`, sound wire format, valid UTF-8 in every string, and no deeper
 * than `recursionLimit`. Fields the schema does not know are kept in `$unknown`.
 *
 * `schema` must be one of the contract's message schemas this package exports
 * (`CarUpdateProgressSchema`, `DTCEntrySchema`, …): they are the ones with a generated decoder.
 * Any other schema is refused with `invalid_argument`; for those, protobuf-es's `fromBinary()`
 * is the tool.
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
  const decode = contractCodec(schema, decoders, "decode", "from binary");
  const { recursionLimit, readUnknownFields, maxElements } = checkReadInput(
    schema.typeName,
    bytes,
    options,
    messageReadDefaults,
  );
  try {
    return decode(bytes, recursionLimit, readUnknownFields, maxElements) as MessageShape<Desc>;
  } catch (cause) {
    throw readError(schema.typeName, cause);
  }
}

/**
 * The generated function of `table` for `schema`, which must be a message schema of the
 * kafka_grpc contract; throws `invalid_argument` for anything else. `doing` and `direction` make
 * the error text: `cannot decode google.protobuf.Timestamp from binary: …`.
 */
export function contractCodec<F>(
  schema: unknown,
  table: Readonly<Record<string, F>>,
  doing: string,
  direction: string,
): F {
  const desc = schema as Partial<DescMessage> | null | undefined;
  if (typeof desc !== "object" || desc === null || desc.kind !== "message") {
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing} ${direction}: expected a message schema, got ${describeValue(schema)}`,
    );
  }
  const fn = desc.file === file_kafka_grpc_kafka_grpc ? table[desc.typeName as string] : undefined;
  if (fn === undefined) {
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing} ${desc.typeName} ${direction}: not a message of the kafka_grpc contract ` +
        "(use the schemas this package exports)",
    );
  }
  return fn;
}
