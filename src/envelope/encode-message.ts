import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { readOptions } from "../internal/check-options.js";
import { contractTypeName } from "./contract-type-name.js";
import { levelBounds, type MessageWriteOptions, messageWriteDefaults } from "./options.js";
import { writeMessageBinary } from "./write-binary.js";

/**
 * Encodes one kafka_grpc message of type `schema` to protobuf binary. Fields kept in
 * `$unknown` are written back unless `writeUnknownFields` is false. Map entries are ordered by
 * key unless `deterministic` is false, so equal messages always give equal bytes.
 *
 * `schema` must be one of the contract's message schemas this package exports; any other is
 * refused with `invalid_argument` (protobuf-es's `toBinary()` encodes those).
 *
 * Throws a {@link CodecError}: `invalid_argument` when `message` is not a message of
 * `schema`'s type, `invalid_message` when a field holds a value its type cannot take (an
 * int32 of 2^31, an int64 that is not an integer, …).
 *
 * ```ts
 * const bytes = encodeMessage(VehicleDataSchema, create(VehicleDataSchema, { vin }));
 * ```
 */
export function encodeMessage<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Partial<MessageWriteOptions>,
): Uint8Array<ArrayBuffer> {
  const typeName = contractTypeName(schema, "encode", "to binary");
  return writeMessageBinary(
    typeName,
    message,
    readOptions(options, messageWriteDefaults, levelBounds),
  );
}
