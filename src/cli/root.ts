// The names of the package's root (src/index.ts) that the CLI uses, each imported from the module
// that defines it. The root also re-exports the generated schemas, whose module imports
// @bufbuild/protobuf; esbuild, splitting the bin into chunks, makes every chunk that imports the
// root import the schemas' chunk too. Imported from here (and the fixtures taking theirs from
// the defining modules too), no command loads protobuf-es, which none calls (docs/cli.md).

export { CodecError, type CodecErrorCode, isCodecError } from "../codec-error.js";
export { createEnvelope } from "../envelope/create-envelope.js";
export { decodeEnvelope } from "../envelope/decode-envelope.js";
export { encodeEnvelope } from "../envelope/encode-envelope.js";
export {
  envelopeFromJsonString,
  envelopeToJson,
  envelopeToJsonString,
} from "../envelope/envelope-json.js";
export { envelopeKinds, isEnvelopeKind } from "../envelope/envelope-kind.js";
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_ELEMENTS,
  type JsonReadOptions,
} from "../envelope/options.js";
export { peekEnvelope } from "../envelope/peek-envelope.js";
export type { GRPC_AttendantPayload } from "../index.js";
