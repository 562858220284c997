import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { readOptions } from "../internal/check-options.js";
import { binaryWriteDefaults, levelBounds } from "../internal/option-defaults.js";
import {
  type ContractMessageType,
  contractTypeName,
  type MessageOf,
} from "./contract-type-name.js";
import type { BinaryWriteOptions } from "./options.js";
import { writeMessageBinary } from "./write-binary.js";

/**
 * Encodes one kafka_grpc message of type `type` to protobuf binary. Fields kept in `$unknown`
 * are written back unless `writeUnknownFields` is false. Map entries are ordered by key unless
 * `deterministic` is false, so equal messages always give equal bytes.
 *
 * `type` is the message's type name (`"kafka_grpc.VehicleData"`) or its schema as this package
 * exports it (`VehicleDataSchema`), of which only `typeName` is read; any other type is refused
 * with `invalid_argument` (protobuf-es's `toBinary()` encodes those).
 *
 * Throws a {@link CodecError}: `invalid_argument` when `message` is not a message of that
 * type, `invalid_message` when a field holds a value its type cannot take (an int32 of 2^31,
 * an int64 that is not an integer, …).
 *
 * ```ts
 * const bytes = encodeMessage("kafka_grpc.VehicleData", vehicle);
 * ```
 */
export function encodeMessage<T extends ContractMessageType>(
  type: T,
  message: MessageOf<T>,
  options?: Partial<Omit<BinaryWriteOptions, "requireData">>,
): Uint8Array<ArrayBuffer> {
  const typeName = contractTypeName(type, "encode", "to binary");
  return writeMessageBinary(
    typeName,
    (m, o) => fast.toBinary(typeName, m, o),
    message,
    readOptions(options, binaryWriteDefaults, levelBounds),
  );
}
