// "./opentelemetry": the package's diagnostics channels recorded as OpenTelemetry metrics and
// spans, by the messaging semantic conventions. @opentelemetry/api is an optional peer: only this
// subpath imports it.

export {
  type InstrumentKafkaDecodingOptions,
  instrumentKafkaDecoding,
  SEMANTIC_CONVENTIONS_VERSION,
} from "./instrument-kafka-decoding.js";
