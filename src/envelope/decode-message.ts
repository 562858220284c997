import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { contractTypeName } from "./contract-type-name.js";
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
  const typeName = contractTypeName(schema, "decode", "from binary");
  const o = checkReadInput(typeName, bytes, options, messageReadDefaults);
  try {
    return fast.fromBinary(typeName, bytes, o) as unknown as MessageShape<Desc>;
  } catch (cause) {
    throw readError(schema.typeName, cause);
  }
}
