// "./kafka": record values as Kafka clients hand them over: batch decoding that never throws,
// dead-lettering, and (de)serializers in each client's own shape. No client library is imported.

export {
  DEAD_LETTER_HEADERS,
  DEAD_LETTER_MESSAGE_MAX_LENGTH,
  deadLetterMessage,
  type KafkaDeadLetter,
} from "./dead-letter-message.js";
export { decodeKafkaBatch } from "./decode-kafka-batch.js";
export {
  decodeKafkaMessage,
  type KafkaDecoded,
  type KafkaDecodeFailure,
  type KafkaDecodeResult,
  type KafkaMessageReadOptions,
  type KafkaRecordOrigin,
} from "./decode-kafka-message.js";
export type { KafkaFraming, KafkaRecordValue } from "./decode-record-value.js";
export {
  encodeKafkaMessage,
  type KafkaMessageWriteOptions,
  type KafkaRecordToProduce,
} from "./encode-kafka-message.js";
export { EnvelopeSerde, type EnvelopeSerdeOptions } from "./envelope-serde.js";
export type {
  KafkaBatch,
  KafkaBytes,
  KafkaHeaders,
  KafkaHeaderValue,
  KafkaMessage,
  KafkaMessagePayload,
} from "./kafka-message.js";
export {
  createEnvelopeDeserializer,
  createEnvelopeSerializer,
  type EnvelopeDeserializer,
  type EnvelopeSerializer,
} from "./platformatic-serde.js";
export {
  KEY_SCHEMA_ID_HEADER,
  VALUE_SCHEMA_ID_HEADER,
} from "./schema-id-header.js";
