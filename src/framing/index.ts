// "./framing": Kafka framings of the envelope: record values (bare protobuf, the Confluent Schema
// Registry wire format, the schema id header) and size-delimited streams.

export {
  type DelimitedEnvelope,
  type DelimitedMessage,
  decodeDelimited,
  decodeDelimitedStream,
  decodeDelimitedStreamWithOffsets,
  encodeDelimited,
  splitDelimitedStream,
} from "./delimited.js";
export {
  type DecodedEnvelope,
  decodeRecordValue,
  type EncodedRecordValue,
  encodeRecordValue,
  type RecordFraming,
  type RecordHeaders,
  type RecordHeaderValue,
  type RecordValue,
  type RecordValueReadOptions,
  type RecordValueWriteOptions,
  recordFramings,
} from "./record-value.js";
export { KEY_SCHEMA_ID_HEADER, VALUE_SCHEMA_ID_HEADER } from "./schema-id-header.js";
export {
  decodeSchemaRegistryFrame,
  encodeSchemaRegistryFrame,
  type SchemaRegistryFrame,
  type SchemaRegistryFrameWriteOptions,
} from "./schema-registry.js";
export { ENVELOPE_MESSAGE_INDEXES } from "./schema-registry-ids.js";
