import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import {
  isMessageTypeName,
  type MessageTypeName,
  type MessageTypes,
} from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { CodecError } from "../codec-error.js";
import { describeValue } from "../internal/describe-value.js";

/**
 * A message type of the kafka_grpc contract as {@link decodeMessage} and {@link encodeMessage}
 * take it: its type name (`"kafka_grpc.VehicleData"`), which needs no import, or its
 * protobuf-es schema (`VehicleDataSchema`), of which only `typeName` is read.
 */
export type ContractMessageType = MessageTypeName | DescMessage;

/**
 * The message `T` stands for: `MessageOf<"kafka_grpc.VehicleData">` and
 * `MessageOf<typeof VehicleDataSchema>` are both `VehicleData`.
 */
export type MessageOf<T extends ContractMessageType> = T extends MessageTypeName
  ? MessageTypes[T]
  : T extends DescMessage
    ? MessageShape<T>
    : never;

/**
 * The type name of `type`, a type name or a schema (of which only `typeName` is read) of a
 * message of the kafka_grpc contract (one with generated code); throws `invalid_argument` for
 * anything else. `doing` and `direction` make the error text:
 * `cannot decode google.protobuf.Timestamp from binary: …`.
 */
export function contractTypeName(type: unknown, doing: string, direction: string): MessageTypeName {
  const typeName =
    typeof type === "object" && type !== null ? (type as { typeName?: unknown }).typeName : type;
  if (typeof typeName !== "string") {
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing} ${direction}: expected a message schema, got ${describeValue(type)}`,
    );
  }
  if (!isMessageTypeName(typeName)) {
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing} ${typeName} ${direction}: not a message of the kafka_grpc contract ` +
        "(use the schemas this package exports)",
    );
  }
  return typeName;
}
