// "./framing": Kafka framings of the envelope: size-delimited streams and the Confluent Schema
// Registry wire format.

export {
  type DelimitedEnvelope,
  type DelimitedReadOptions,
  decodeDelimited,
  decodeDelimitedStream,
  decodeDelimitedStreamWithOffsets,
  encodeDelimited,
} from "./delimited.js";
export { decodeKafkaValue, type KafkaValue, type KafkaValueReadOptions } from "./kafka-value.js";
export {
  decodeSchemaRegistryFrame,
  ENVELOPE_MESSAGE_INDEXES,
  encodeSchemaRegistryFrame,
  type SchemaRegistryFrame,
  type SchemaRegistryFrameReadOptions,
  type SchemaRegistryFrameWriteOptions,
} from "./schema-registry.js";
