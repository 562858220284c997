export {
  type CreateEnvelopeOptions,
  createEnvelope,
  type EnvelopeInit,
  envelopeMemberSchemas,
} from "./create-envelope.js";
export { decodeEnvelope } from "./decode-envelope.js";
export { decodeMessage } from "./decode-message.js";
export { encodeEnvelope } from "./encode-envelope.js";
export { encodeMessage } from "./encode-message.js";
export {
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeToJson,
  envelopeToJsonString,
} from "./envelope-json.js";
export {
  type EnvelopeData,
  type EnvelopeKind,
  type EnvelopeOf,
  envelopeData,
  envelopeKind,
  envelopeKinds,
  isEnvelopeKind,
  isEnvelopeOf,
} from "./envelope-kind.js";
export { type EnvelopeHandlers, matchEnvelope } from "./match-envelope.js";
export {
  DEFAULT_DETERMINISTIC,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_ELEMENTS,
  DEFAULT_RECURSION_LIMIT,
  type EnvelopeJsonReadOptions,
  type EnvelopeJsonReadStringOptions,
  type EnvelopeJsonWriteOptions,
  type EnvelopeJsonWriteStringOptions,
  type EnvelopeReadOptions,
  type EnvelopeWriteOptions,
  MAX_RECURSION_LIMIT,
  type MessageReadOptions,
  type MessageWriteOptions,
} from "./options.js";
export {
  type EnvelopePeek,
  type EnvelopePeekFailure,
  type EnvelopePeekOfKind,
  type EnvelopePeekOfNewerKind,
  type EnvelopePeekOptions,
  type EnvelopePeekResult,
  type EnvelopePeekWithoutData,
  peekEnvelope,
} from "./peek-envelope.js";
