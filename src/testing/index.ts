// "./testing": fast-check arbitraries for the envelope and every kafka_grpc message, derived from
// the descriptors: arbitraryMessage(schema) for any message, arbitraryEnvelopeOf(kind) and
// arbitraryEnvelope() for envelopes. Needs the optional peer dependency fast-check 4.
export {
  arbitraryEnvelope,
  arbitraryEnvelopeBytes,
  arbitraryEnvelopeOf,
} from "./arbitraries.js";
export { arbitraryMessage } from "./arbitrary-message.js";
