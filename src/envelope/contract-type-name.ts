import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import {
  isMessageTypeName,
  type MessageTypeName,
  type MessageTypes,
} from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { CodecError } from "../codec-error.js";
import { describeValue } from "../internal/describe-value.js";
import { quoteText } from "../runtime/escape-text.js";

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
 * anything else, and for a schema whose `typeName` getter or Proxy trap throws (its error the
 * cause). `doing` and `direction` make the error text, the name quoted and cut:
 * `cannot decode "google.protobuf.Timestamp" from binary: …`.
 */
export function contractTypeName(type: unknown, doing: string, direction: string): MessageTypeName {
  let typeName: unknown = type;
  if (typeof type === "object" && type !== null) {
    try {
      typeName = (type as { typeName?: unknown }).typeName;
    } catch (cause) {
      throw new CodecError(
        "invalid_argument",
        `cannot ${doing} ${direction}: the schema's typeName could not be read`,
        { cause },
      );
    }
  }
  if (typeof typeName !== "string") {
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing} ${direction}: expected a message schema, got ${describeValue(type)}`,
    );
  }
  if (!isMessageTypeName(typeName)) {
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing} ${quoteText(typeName)} ${direction}: not a message of the kafka_grpc contract ` +
        "(use the schemas this package exports)",
    );
  }
  return typeName;
}
