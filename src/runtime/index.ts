// The runtime of the code protoc-gen-vuc generates (gen/*_fast.ts), as protobuf-es's generated
// code has @bufbuild/protobuf/wire: the generated decoders, encoders, JSON mappers and create
// functions import it as `#runtime` (package.json `imports`), the framing readers and writers by
// path. Internal: not a subpath of the package's `exports`; tsup inlines it into dist/.

// Binary read.
export {
  type BinaryReadOptions,
  countElement,
  createReader,
  EMPTY_BYTES,
  type MessageReader,
  type Named,
  type Reader,
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
  writeMessage,
  writeRaw,
  writeRawVarint32,
  writeString,
  writeUint32,
  writeUnknownFields,
  writeVarint64,
} from "./binary-writer.js";
// What counts as bytes.
export { isEmptyBytes, isUint8Array } from "./bytes-value.js";
export { MAX_DECIMAL_CHARS } from "./int64.js";
export type { JsonFields } from "./json-fields.js";
export { isPlainObject, readJsonMembers } from "./json-members.js";
// JSON read.
export {
  boolField,
  boolFromJson,
  bothNames,
  bytesField,
  bytesFromJson,
  enumField,
  enumFromJson,
  type FieldRef,
  int32Field,
  int32FromJson,
  int64Field,
  int64FromJson,
  type JsonReader,
  type JsonReadOptions,
  listField,
  listFromJson,
  mapField,
  mapFromJson,
  mapKeyFromJson,
  mapKeys,
  mapValue,
  notAnObject,
  nullItem,
  nullMapValue,
  numberTextLength,
  type ParsedJson,
  parsedJsonReader,
  type ReadJson,
  type ReadJsonField,
  readJsonValue,
  skipMember,
  stringField,
  stringFromJson,
  tooDeep,
  twoMembers,
  uint32Field,
  uint32FromJson,
  uint64Field,
  undefinedMember,
  unknownMember,
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
  withProtoNames,
  writeJsonValue,
} from "./json-writer.js";
// Messages made from init objects, as protobuf-es's create().
export {
  type CreateFrom,
  createMessage,
  initBytes,
  initBytesList,
  initBytesMap,
  initMessage,
  initMessageList,
  initMessageMap,
  isTooDeepInit,
} from "./message-init.js";
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
export { utf8Length, wellFormed, wellFormedOutput, wellFormedString } from "./unicode.js";
// Wire errors, shared with the framing readers; the wire types' names, for the CLI.
export {
  lengthOver32,
  MAX_LENGTH,
  MAX_VARINT_BYTES,
  over32,
  pastEnd,
  tooLong,
} from "./wire-error.js";
export { LEN, wireTypeName } from "./wire-type.js";
export {
  type PathStep,
  refuseDepth,
  WriteProblem,
  type WriteProblemKind,
  within,
} from "./write-problem.js";
