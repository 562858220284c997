export type { ContractMessageType, MessageOf } from "./contract-type-name.js";
export {
  type CreateEnvelopeOptions,
  createEnvelope,
  type EnvelopeInit,
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
export { envelopeMemberSchemas } from "./envelope-member-schemas.js";
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
