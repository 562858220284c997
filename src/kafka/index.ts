// "./kafka": record values as Kafka clients hand them over: batch decoding that never throws,
// dead-lettering, and (de)serializers named by the client they serve, in its own shape. No client
// library is imported.

export {
  type ConfluentDeserializer,
  type ConfluentDeserializerOptions,
  type ConfluentSerializer,
  type ConfluentSerializerOptions,
  createConfluentDeserializer,
  createConfluentSerializer,
  SerdeType,
} from "./confluent-serde.js";
export {
  DEAD_LETTER_HEADERS,
  DEAD_LETTER_MESSAGE_MAX_LENGTH,
  deadLetterMessage,
  type HeaderValueOf,
  type KafkaDeadLetter,
} from "./dead-letter-message.js";
export { decodeKafkaBatch } from "./decode-kafka-batch.js";
export {
  decodeKafkaMessage,
  type KafkaDecoded,
  type KafkaDecodeFailure,
  type KafkaDecodeResult,
  type KafkaRecordOrigin,
  type KafkaTombstone,
} from "./decode-kafka-message.js";
export { encodeKafkaMessage, type KafkaMessageToProduce } from "./encode-kafka-message.js";
export {
  KAFKA_DIAGNOSTICS_CHANNELS,
  type KafkaBatchDecodeContext,
  type KafkaDeadLetterEvent,
} from "./kafka-channels.js";
export type { Batch, EachMessagePayload, KafkaBytes, KafkaMessage } from "./kafka-message.js";
export {
  type PlatformaticDeadLetter,
  type PlatformaticDeserializationErrorContext,
  platformaticDeadLetter,
} from "./platformatic-dead-letter.js";
export {
  createPlatformaticDeserializer,
  createPlatformaticSerializer,
  type PlatformaticDeserializer,
  type PlatformaticDeserializerOptions,
  type PlatformaticSerializer,
  type PlatformaticValue,
} from "./platformatic-serde.js";
export type { KafkaDecodeOptions, KafkaDecodeResultOf, KafkaSkipped } from "./select-kinds.js";
