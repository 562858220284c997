// The root entry point: the envelope codec of src/envelope/, its errors, and every generated
// message. This file is the root's list; src/envelope/ has no index of its own.

export type { MessageTypeName, MessageTypes } from "../gen/kafka_grpc/kafka_grpc_fast.js";
// Every schema, message type and enum of the contract: the generated file is the list (re-exported
// whole, so a message added to the proto is here at once).
export * from "../gen/kafka_grpc/kafka_grpc_pb.js";
export { CodecError, type CodecErrorCode, codecErrorCodes, isCodecError } from "./codec-error.js";
export type { ContractMessageType, MessageOf } from "./envelope/contract-type-name.js";
export {
  type CreateEnvelopeOptions,
  createEnvelope,
  type EnvelopeInit,
} from "./envelope/create-envelope.js";
export { decodeEnvelope } from "./envelope/decode-envelope.js";
export { decodeMessage } from "./envelope/decode-message.js";
export { encodeEnvelope } from "./envelope/encode-envelope.js";
export { encodeMessage } from "./envelope/encode-message.js";
export {
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeToJson,
  envelopeToJsonString,
} from "./envelope/envelope-json.js";
export {
  type EnvelopeData,
  type EnvelopeKind,
  type EnvelopeOf,
  envelopeData,
  envelopeKind,
  envelopeKinds,
  isEnvelopeKind,
  isEnvelopeOf,
} from "./envelope/envelope-kind.js";
export { envelopeMemberSchemas } from "./envelope/envelope-member-schemas.js";
export { type EnvelopeHandlers, matchEnvelope } from "./envelope/match-envelope.js";
export {
  type BinaryReadOptions,
  type BinaryWriteOptions,
  DEFAULT_DETERMINISTIC,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_ELEMENTS,
  DEFAULT_RECURSION_LIMIT,
  type JsonReadOptions,
  type JsonWriteOptions,
  MAX_RECURSION_LIMIT,
} from "./envelope/options.js";
export {
  type EnvelopePeek,
  type EnvelopePeekBase,
  type EnvelopePeekFailure,
  type EnvelopePeekMember,
  type EnvelopePeekOfKind,
  type EnvelopePeekOfNewerKind,
  type EnvelopePeekResult,
  type EnvelopePeekWithoutData,
  peekEnvelope,
} from "./envelope/peek-envelope.js";
