import type { DescMessage } from "@bufbuild/protobuf";
import { file_kafka_grpc_kafka_grpc } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { describeValue } from "../internal/describe-value.js";

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
