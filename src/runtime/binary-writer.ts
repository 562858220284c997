// Writing the protobuf wire format with protobuf-es's exact output, for the generated encoders:
// deterministic map order lives here (mapKeysInOrder), nowhere else. A value a field cannot take
// is refused with a WriteProblem (write-problem.ts).

import type { UnknownField } from "@bufbuild/protobuf";
import { isUint8Array } from "./bytes-value.js";
import { inInt64Range, SAFE } from "./int64.js";
import {
  asMessage,
  checkUnknownFields,
  int64Of,
  refuseInt32,
  refuseUint32,
} from "./message-value.js";
import { nodeBuffer } from "./node-buffer.js";
import { compareUtf8, wellFormed } from "./unicode.js";
import { refuse, refuseDepth } from "./write-problem.js";

/**
 * The state of one encode: the buffer, the position and the options, named as protobuf-es's
 * BinaryWriter and BinaryWriteOptions name them.
 */
export interface Writer {
  /** The buffer; replaced by a larger one when full. */
  buf: Uint8Array;
  /** Write the fields kept in `$unknown`. */
  readonly writeUnknownFields: boolean;
  /** Write map entries ordered by key. */
  readonly deterministic: boolean;
  /** The write position. */
  pos: number;
  /** How deep messages may nest; the outermost is at depth 1. */
  readonly recursionLimit: number;
  /** The nesting depth of the message being written. */
  depth: number;
}

/** A buffer kept from one encode to the next, so that small encodes allocate only the result. */
let spare: Uint8Array | undefined;

/** A writer with an empty buffer of at least 1 KiB. */
export function createWriter(
  writeUnknownFields: boolean,
  deterministic: boolean,
  recursionLimit: number,
): Writer {
  const buf = spare ?? new Uint8Array(1024);
  spare = undefined; // an encode inside a getter of this one gets a buffer of its own
  return { buf, writeUnknownFields, deterministic, pos: 0, recursionLimit, depth: 1 };
}

/** The bytes written, as a new array; keeps the buffer for the next encode (up to 1 MiB). */
export function finish(writer: Writer): Uint8Array<ArrayBuffer> {
  const bytes = writer.buf.slice(0, writer.pos);
  if (writer.buf.length <= 1 << 20) spare = writer.buf;
  return bytes;
}

/** Makes room for `size` more bytes. */
function ensureRoom(writer: Writer, size: number): void {
  if (writer.pos + size > writer.buf.length) {
    const b = new Uint8Array(Math.max(writer.buf.length * 2, writer.pos + size));
    b.set(writer.buf.subarray(0, writer.pos));
    writer.buf = b;
  }
}

/** Writes a varint of a uint32 (room is made by the caller). */
function putVarint32(writer: Writer, value: number): void {
  const b = writer.buf;
  let p = writer.pos;
  while (value > 0x7f) {
    b[p++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  b[p++] = value;
  writer.pos = p;
}

/** Writes a varint of the 64 bits `hi:lo` (room is made by the caller). */
function putVarint64(writer: Writer, lo: number, hi: number): void {
  const b = writer.buf;
  let p = writer.pos;
  lo >>>= 0;
  hi >>>= 0;
  while (hi > 0 || lo > 0x7f) {
    b[p++] = (lo & 0x7f) | 0x80;
    lo = ((lo >>> 7) | (hi << 25)) >>> 0;
    hi >>>= 7;
  }
  b[p++] = lo;
  writer.pos = p;
}

/** Writes a tag (room for it is made by the caller). */
function putTag(writer: Writer, tag: number): void {
  if (tag < 0x80) writer.buf[writer.pos++] = tag;
  else putVarint32(writer, tag);
}

/** Writes a uint32 varint with no tag in front: a length prefix or a count of a framing. */
export function writeRawVarint32(writer: Writer, value: number): void {
  ensureRoom(writer, 5);
  putVarint32(writer, value);
}

/** Writes `bytes` as they are: a header or a payload of a framing. */
export function writeRaw(writer: Writer, bytes: Uint8Array): void {
  ensureRoom(writer, bytes.length);
  writer.buf.set(bytes, writer.pos);
  writer.pos += bytes.length;
}

/** Writes `tag` and a uint32 varint. */
export function writeUint32(writer: Writer, tag: number, value: unknown): void {
  if (typeof value !== "number" || value >>> 0 !== value) refuseUint32(value);
  ensureRoom(writer, 15);
  putTag(writer, tag);
  putVarint32(writer, value);
}

/** Writes `tag` and an int32 varint: 10 bytes for a negative value, sign-extended to 64 bits. */
export function writeInt32(writer: Writer, tag: number, value: unknown): void {
  if (typeof value !== "number" || (value | 0) !== value) refuseInt32(value);
  ensureRoom(writer, 15);
  putTag(writer, tag);
  if (value >= 0) putVarint32(writer, value);
  else putVarint64(writer, value, -1);
}

/** Writes `tag` and a bool. */
export function writeBool(writer: Writer, tag: number, value: unknown): void {
  if (typeof value !== "boolean") refuse("type", value, "boolean");
  ensureRoom(writer, 6);
  putTag(writer, tag);
  writer.buf[writer.pos++] = value ? 1 : 0;
}

/**
 * Writes `tag` and a 64-bit varint: an int64 (`signed`) or a uint64, given as a bigint, a safe
 * integer or a decimal string (see int64Of()).
 */
export function writeVarint64(writer: Writer, tag: number, value: unknown, signed: boolean): void {
  let lo: number;
  let hi: number;
  let n: number;
  if (typeof value === "bigint") n = Number(value);
  else if (typeof value === "number" && Number.isSafeInteger(value)) n = value;
  else {
    value = int64Of(value, signed);
    n = Number(value);
  }
  if (n <= SAFE && n >= -SAFE) {
    if (n < 0 && !signed) refuse("range", value, "uint64");
    lo = n >>> 0;
    hi = (n - lo) / 4294967296;
  } else {
    const big = value as bigint; // a number here would be unsafe, and was made a bigint
    if (!inInt64Range(big, signed)) refuse("range", big, signed ? "int64" : "uint64");
    lo = Number(big & 0xffffffffn);
    hi = Number((big >> 32n) & 0xffffffffn);
  }
  ensureRoom(writer, 15);
  putTag(writer, tag);
  putVarint64(writer, lo, hi);
}

/** Writes `tag` and a `bytes` value. */
export function writeBytes(writer: Writer, tag: number, value: unknown): void {
  if (!isUint8Array(value)) refuse("type", value, "Uint8Array");
  ensureRoom(writer, 10 + value.length);
  putTag(writer, tag);
  putVarint32(writer, value.length);
  writer.buf.set(value, writer.pos);
  writer.pos += value.length;
}

const encoder = /*@__PURE__*/ new TextEncoder();

/**
 * Node.js's native UTF-8 writer (what `buffer.write(string, offset)` calls), which writes into
 * any Uint8Array at an offset: cheaper than `encodeInto`, which needs a `subarray` view made
 * for each string. Undefined elsewhere.
 */
const utf8Write = nodeBuffer?.utf8Write;

/**
 * Writes `tag` and a string as UTF-8; refuses a lone surrogate (protobuf-es would write U+FFFD),
 * as the key of a map entry with `inKey`. An ASCII string of fewer than 32 characters is copied
 * by a loop (the call costs what a few tens of characters do); any other string goes through
 * Node.js's native writer, or TextEncoder.encodeInto elsewhere. The length prefix is reserved for
 * an ASCII string, and the bytes are moved if their UTF-8 needs a longer prefix.
 */
export function writeString(writer: Writer, tag: number, value: unknown, inKey = false): void {
  if (typeof value !== "string") refuse("type", value, "string");
  const n = value.length;
  ensureRoom(writer, 10 + 3 * n);
  putTag(writer, tag);
  const b = writer.buf;
  const reserved = n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : 4;
  const start = writer.pos + reserved;
  let p = start;
  let i = 0;
  if (n < 32) {
    for (; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) break;
      b[p++] = c;
    }
  }
  if (i < n) {
    if (!wellFormed(value)) refuse("surrogate", value, "", inKey);
    p =
      start +
      (utf8Write !== undefined
        ? utf8Write.call(b, value, start)
        : encoder.encodeInto(value, b.subarray(start)).written);
  }
  const len = p - start;
  const size = len < 0x80 ? 1 : len < 0x4000 ? 2 : len < 0x200000 ? 3 : 4;
  if (size !== reserved) b.copyWithin(writer.pos + size, start, p);
  putVarint32(writer, len);
  writer.pos += len;
}

/**
 * Steps one message deeper, into a message of type `typeName`; refuses to go past the writer's
 * limit, so that a message that contains itself ends there too.
 */
export function enterMessage(writer: Writer, typeName: string): void {
  if (++writer.depth > writer.recursionLimit) refuseDepth(writer.depth, typeName);
}

/**
 * Writes `tag` and the message `value` of type `typeName` with its generated writer `write`,
 * one message deeper: the depth is checked first, then the value's type.
 */
export function writeMessage<T>(
  writer: Writer,
  tag: number,
  value: unknown,
  typeName: string,
  write: WriteFields<T>,
): void {
  const at = fork(writer, tag);
  enterMessage(writer, typeName);
  write(writer, asMessage<T>(value, typeName));
  writer.depth--;
  join(writer, at);
}

/** Starts a length-delimited value after tag `tag`: reserves a byte for the length. */
export function fork(writer: Writer, tag: number): number {
  ensureRoom(writer, 6);
  putTag(writer, tag);
  return writer.pos++;
}

/** Ends a length-delimited value begun at `at`: writes its length, moving it if needed. */
export function join(writer: Writer, at: number): void {
  const len = writer.pos - at - 1;
  if (len < 0x80) {
    writer.buf[at] = len;
    return;
  }
  const size = len < 0x4000 ? 2 : len < 0x200000 ? 3 : len < 0x10000000 ? 4 : 5;
  ensureRoom(writer, size - 1);
  writer.buf.copyWithin(at + size, at + 1, writer.pos);
  writer.pos = at;
  putVarint32(writer, len);
  writer.pos += len;
}

/**
 * The keys of a map with string keys in the order they are written: as they are, or sorted by
 * their UTF-8 when the writer sorts: deterministic order, as Google's runtimes write it. The only
 * implementation of map order in the package.
 */
export function mapKeysInOrder(writer: Writer, map: Record<string, unknown>): string[] {
  const keys = Object.keys(map);
  if (!writer.deterministic || keys.length < 2) return keys;
  for (let i = 1; i < keys.length; i++) {
    if (compareUtf8(keys[i - 1] as string, keys[i] as string) > 0) return keys.sort(compareUtf8);
  }
  return keys;
}

/** Writes the fields kept in `$unknown` (if the writer keeps them); refuses a malformed list. */
export function writeUnknownFields(writer: Writer, unknown: unknown): void {
  checkUnknownFields(unknown);
  if (unknown === undefined || !writer.writeUnknownFields) return;
  for (const { no, wireType, data } of unknown as UnknownField[]) {
    ensureRoom(writer, 5 + data.length);
    putVarint32(writer, ((no << 3) | wireType) >>> 0); // as protobuf-es computes the tag, whatever `no` is
    writer.buf.set(data, writer.pos);
    writer.pos += data.length;
  }
}

/** The options of a binary write: those of encodeMessage() that the writer takes. */
export interface BinaryWriteOptions {
  /** Write the fields kept in `$unknown`. */
  readonly writeUnknownFields: boolean;
  /** Write map entries ordered by key. */
  readonly deterministic: boolean;
  /** Messages may nest this deep; the outermost is at depth 1. */
  readonly recursionLimit: number;
}

/** The generated writer of one message type's fields. */
export type WriteFields<T> = (writer: Writer, message: T) => void;

/**
 * Encodes `message`, a message of type `typeName`, to protobuf binary with its generated writer
 * `write`, as protobuf-es's toBinary() writes it (maps in key order when `deterministic`).
 * Throws a WriteProblem for a value the message cannot hold.
 */
export function writeBinary<T>(
  write: WriteFields<T>,
  typeName: string,
  message: unknown,
  options: BinaryWriteOptions,
): Uint8Array<ArrayBuffer> {
  const writer = createWriter(
    options.writeUnknownFields,
    options.deterministic,
    options.recursionLimit,
  );
  write(writer, asMessage<T>(message, typeName));
  return finish(writer);
}
