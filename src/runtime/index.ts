// The runtime of the code protoc-gen-vuc generates (gen/*_fast.ts), as protobuf-es's generated
// code has @bufbuild/protobuf/wire: the generated decoders, encoders and JSON mappers import it
// as `#runtime` (package.json `imports`), the framing readers by path. Internal: not a subpath
// of the package's `exports`; tsup inlines it into dist/.

export { bail } from "./bail.js";
// Binary read.
export {
  type BinaryReadOptions,
  countElement,
  createReader,
  EMPTY_BYTES,
  type MessageReader,
  type Named,
  type Reader,
  type ReadFields,
  readBinary,
  readBool,
  readBytes,
  readEntryTag,
  readInt64,
  readLength,
  readMessage,
  readOneofMessage,
  readString,
  readTag,
  readUint64,
  readUnknownField,
  readVarint,
} from "./binary-reader.js";
// Binary write.
export {
  type BinaryWriteOptions,
  createWriter,
  enterMessage,
  finish,
  fork,
  join,
  mapKeysInOrder,
  type WriteFields,
  type Writer,
  writeBinary,
  writeBool,
  writeBytes,
  writeInt32,
  writeString,
  writeUint32,
  writeUnknownFields,
  writeVarint64,
} from "./binary-writer.js";
export { MAX_DECIMAL_CHARS } from "./int64.js";
// JSON read.
export {
  boolFromJson,
  bytesFromJson,
  checkUnknownMembers,
  enumFromJson,
  int32FromJson,
  int64FromJson,
  type JsonReader,
  type JsonReadOptions,
  numberTextLength,
  type ParsedJson,
  parsedJsonReader,
  type ReadJson,
  readJsonValue,
  stringFromJson,
  uint32FromJson,
} from "./json-reader.js";
// JSON write.
export {
  boolToJson,
  bytesToJson,
  checkMapKey,
  enumToJson,
  int32ToJson,
  int64FieldToJson,
  int64ToJson,
  type JsonObject,
  type JsonWriteOptions,
  type JsonWriter,
  stringToJson,
  uint32ToJson,
  type WriteJson,
  writeJsonValue,
} from "./json-writer.js";
// What both writers check of a message value, and how they refuse one.
export {
  asList,
  asMessage,
  asRecord,
  checkUnknownFields,
  isZeroInt64,
  oneofCase,
  refuseCase,
  refuseMessage,
} from "./message-value.js";
export { setOwn } from "./own-property.js";
export {
  compareUtf8,
  wellFormed,
  wellFormedOutput,
  wellFormedString,
} from "./unicode.js";
// Wire errors and wire types, shared with the framing readers.
export {
  fail,
  lengthOver32,
  MAX_LENGTH,
  MAX_VARINT_BYTES,
  over32,
  pastEnd,
  tooLong,
  type WireErrorCode,
} from "./wire-error.js";
export { EGROUP, I32, I64, LEN, SGROUP, VARINT, wireTypeName } from "./wire-type.js";
export {
  type PathStep,
  refuseDepth,
  WriteProblem,
  type WriteProblemKind,
  within,
} from "./write-problem.js";
