import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError, isCodecError } from "../codec-error.js";
import { decodeEnvelope } from "../envelope/decode-envelope.js";
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
 * does, and `malformed` naming the byte for a value starting with `0x01` to `0x07` (field
 * number 0 again: a frame with another magic byte), and saying so for JSON text (a value that
 * starts with `{` or `[`, fails to decode as protobuf and parses as JSON).
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
  const first = bytes instanceof Uint8Array ? bytes[0] : undefined;
  if (first === 0x00) {
    const { schemaId, messageIndexes, envelope } = decodeSchemaRegistryFrame(bytes, options);
    return { framing: "schema-registry", schemaId, messageIndexes, envelope };
  }
  if (first !== undefined && first < 0x08) {
    throw new CodecError(
      "malformed",
      `${context}: first byte 0x0${first} is neither the Schema Registry magic byte 0x00 nor the start of a protobuf envelope (field number 0): a frame with another magic byte?`,
    );
  }
  try {
    return { framing: "raw", envelope: decodeEnvelope(bytes, options) };
  } catch (error) {
    if (isCodecError(error) && (first === 0x7b || first === 0x5b) && isJsonText(bytes)) {
      throw new CodecError(
        "malformed",
        `${context}: the value is JSON text, not a protobuf envelope nor a Schema Registry frame (read proto3 JSON with envelopeFromJson)`,
        { cause: error },
      );
    }
    throw error;
  }
}

const context = "cannot decode a Kafka value";

/** Whether `bytes` are UTF-8 text that parses as JSON. */
function isJsonText(bytes: Uint8Array): boolean {
  try {
    JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return true;
  } catch {
    return false;
  }
}
