import type { DescMessage } from "@bufbuild/protobuf";
import { isMessageTypeName, type MessageTypeName } from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { file_kafka_grpc_kafka_grpc } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { describeValue } from "../internal/describe-value.js";

/**
 * The type name of `schema`, which must be a message schema of the kafka_grpc contract (one
 * with generated code); throws `invalid_argument` for anything else. `doing` and `direction`
 * make the error text: `cannot decode google.protobuf.Timestamp from binary: …`.
 */
export function contractTypeName(
  schema: unknown,
  doing: string,
  direction: string,
): MessageTypeName {
  const desc = schema as Partial<DescMessage> | null | undefined;
  if (typeof desc !== "object" || desc === null || desc.kind !== "message") {
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing} ${direction}: expected a message schema, got ${describeValue(schema)}`,
    );
  }
  const typeName = desc.typeName as string;
  if (desc.file !== file_kafka_grpc_kafka_grpc || !isMessageTypeName(typeName)) {
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing} ${desc.typeName} ${direction}: not a message of the kafka_grpc contract ` +
        "(use the schemas this package exports)",
    );
  }
  return typeName;
}
