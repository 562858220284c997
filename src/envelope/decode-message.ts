import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { binaryReadDefaults } from "../internal/option-defaults.js";
import { checkReadInput, readError } from "../internal/read-binary.js";
import {
  type ContractMessageType,
  contractTypeName,
  type MessageOf,
} from "./contract-type-name.js";
import type { BinaryReadOptions } from "./options.js";

/**
 * Decodes one kafka_grpc message of type `type` from protobuf binary, with the same limits and
 * checks as {@link decodeEnvelope}: the input must be a `Uint8Array` (a Node.js `Buffer` is one)
 * of at most `maxBytes`, sound wire format, valid UTF-8 in every string, and no deeper than
 * `recursionLimit`. Fields the schema does not know are kept in `$unknown`.
 *
 * `type` is the message's type name (`"kafka_grpc.CarUpdateProgress"`), which costs nothing to
 * import, or its schema as this package exports it (`CarUpdateProgressSchema`), for code that
 * has one at hand; of a schema only `typeName` is read. Either way the result has the message's
 * type. A type outside the contract is refused with `invalid_argument`; for those,
 * protobuf-es's `fromBinary()` is the tool.
 *
 * Throws a {@link CodecError} (`truncated`, `malformed`, `invalid_utf8`, `too_deep`,
 * `too_large` or `invalid_argument`) naming the message type and the byte offset.
 *
 * ```ts
 * const progress = decodeMessage("kafka_grpc.CarUpdateProgress", bytes);
 * ```
 */
export function decodeMessage<T extends ContractMessageType>(
  type: T,
  bytes: Uint8Array,
  options?: Partial<Omit<BinaryReadOptions, "requireData">>,
): MessageOf<T> {
  const typeName = contractTypeName(type, "decode", "from binary");
  const o = checkReadInput(typeName, bytes, options, binaryReadDefaults);
  try {
    return fast.fromBinary(typeName, bytes, o) as MessageOf<T>;
  } catch (cause) {
    throw readError(typeName, cause);
  }
}
