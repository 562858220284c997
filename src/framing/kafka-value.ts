import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { decodeEnvelope } from "../envelope/index.js";
import {
  decodeSchemaRegistryFrame,
  type SchemaRegistryFrame,
  type SchemaRegistryFrameReadOptions,
} from "./schema-registry.js";

/**
 * A Kafka record value decoded by {@link decodeKafkaValue}, with the framing it was found in:
 * the Schema Registry wire format, or the envelope's bare protobuf bytes.
 */
export type KafkaValue =
  | ({ framing: "schema-registry" } & SchemaRegistryFrame)
  | { framing: "raw"; envelope: GRPC_AttendantPayload };

/** Options for reading a Kafka record value. */
export interface KafkaValueReadOptions extends SchemaRegistryFrameReadOptions {}

/**
 * Decodes a Kafka record value holding an envelope either in the Confluent Schema Registry
 * wire format or as bare protobuf, and says which. A value starting with `0x00` is a Schema
 * Registry frame: bare protobuf never starts with `0x00`, as field number 0 is invalid. Empty
 * bytes are bare protobuf (an empty envelope, `missing_data` unless `requireData` is false);
 * a tombstone (`null`) is the caller's to handle. `maxBytes` bounds the whole value; the other
 * options are passed to {@link decodeEnvelope}.
 *
 * Throws a {@link CodecError} as {@link decodeSchemaRegistryFrame} or {@link decodeEnvelope}
 * does.
 *
 * ```ts
 * const value = decodeKafkaValue(record.value);
 * if (value.framing === "schema-registry") console.log(value.schemaId);
 * handle(value.envelope);
 * ```
 */
export function decodeKafkaValue(
  bytes: Uint8Array,
  options?: Partial<KafkaValueReadOptions>,
): KafkaValue {
  if (bytes instanceof Uint8Array && bytes[0] === 0x00) {
    const { schemaId, messageIndexes, envelope } = decodeSchemaRegistryFrame(bytes, options);
    return { framing: "schema-registry", schemaId, messageIndexes, envelope };
  }
  return { framing: "raw", envelope: decodeEnvelope(bytes, options) };
}
