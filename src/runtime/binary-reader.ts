// Reading the protobuf wire format, for the generated decoders and the framing readers: every
// check and error text of the binary format lives here. A tag is a varint (field number << 3 |
// wire type); a varint carries 7 bits per byte, low groups first, the high bit of each byte set
// when another byte follows, and is at most 10 bytes. Every module-level value is a literal or a
// pure call: a bundle keeps only the helpers it calls.

import type { UnknownField } from "@bufbuild/protobuf";
import { asInt64, asUint64, HIGH, halves, LOW } from "./int64.js";
import { nodeBuffer } from "./node-buffer.js";
import {
  fail,
  lengthOver32,
  MAX_LENGTH,
  MAX_VARINT_BYTES,
  over32,
  pastEnd,
  tooLong,
} from "./wire-error.js";
import { EGROUP, I32, I64, LEN, SGROUP, VARINT, wireTypeName } from "./wire-type.js";

/**
 * The message being read, as error texts name it: by its `$typeName`. A map entry or a group,
 * which is no message object, is named by a stand-in of this shape
 * (`{ $typeName: "kafka_grpc.CarUpdateStatus.ecus[entry]" }`).
 */
export interface Named {
  readonly $typeName: string;
}

// The state of each operation is a plain object made by an object literal, not a class
// instance: V8 keeps the shape (map) of a literal alive with the function that makes it, while
// the shape of a class instance whose fields are added in its constructor is held only weakly.
// When no instance is alive at a full GC, that shape dies, and every optimized function that
// was specialized to it is thrown away and optimized again.

/**
 * The state of one decode: the input, the read position, the options, and where it is; named as
 * protobuf-es's BinaryReader (`buf`, `pos`) and BinaryReadOptions (`readUnknownFields`,
 * `recursionLimit`) name them.
 */
export interface Reader {
  /** The input. Offsets in error texts count from its first byte. */
  readonly buf: Uint8Array;
  /** Messages may nest this deep. */
  readonly recursionLimit: number;
  /** Keep fields the schema does not know in `$unknown`. */
  readonly readUnknownFields: boolean;
  /**
   * How many elements (messages below the outermost, map entries, unknown fields kept) it may make.
   */
  readonly maxElements: number;
  /** The elements made so far. */
  elements: number;
  /** The read position. */
  pos: number;
  /** The high 32 bits of the varint {@link readVarint} read last. */
  high: number;
  /** Where the tag read last starts: the offset of an unknown field's error texts. */
  tagStart: number;
  /** The nesting depth of the message being read: the outermost is at depth 1. */
  depth: number;
  /** The message (or map entry, or group) being read, for error texts. */
  message: Named;
  /**
   * The fields it knows, for error texts: by field number, comma-separated from field 1 on, each
   * as its name, then `:` and the expected wire type (one digit) unless that is LEN; a number
   * without a field has an empty item (`"vin,,fileSize:0"`). The name is the proto name or a
   * property name the generated code holds already: `*` stands for the next property of
   * `message` after `$typeName` (the first `*` in field-number order for the first, and so on:
   * `message` was made by the generated create function, and the generator writes `*` only where
   * its property order has that field there), and a name followed by `:`
   * is a property name whose snake_case form is the proto name (`"*,*:,pubKeyLevel1:,*::0"`: the
   * first two properties, the second as `sw_version`, then `pub_key_level_1`, then the third
   * property, a varint). The generated reader of a message sets it.
   */
  fields: string;
}

const nothing: Named = { $typeName: "" };

/**
 * A reader at the start of `buf`. A subclass of Uint8Array (a Node.js Buffer, as Kafka clients hand
 * record values over) is read through a plain Uint8Array over the same bytes: every byte read
 * then sees one kind of array, and each `subarray` (for TextDecoder, `bytes` fields, unknown
 * fields) is V8's own, not Buffer's, which makes a Buffer in JavaScript.
 */
export function createReader(
  buf: Uint8Array,
  recursionLimit: number,
  readUnknownFields: boolean,
  maxElements: number,
): Reader {
  if (buf.constructor !== Uint8Array) buf = new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  return {
    buf,
    recursionLimit,
    readUnknownFields,
    maxElements,
    elements: 0,
    pos: 0,
    high: 0,
    tagStart: 0,
    depth: 1,
    message: nothing,
    fields: "",
  };
}

/**
 * Counts one more element made (a message below the outermost, a map entry, an unknown field
 * kept), and fails with `too_large` past `maxElements`: what bounds the heap a decode takes,
 * as `maxBytes` bounds the input (docs/reliability.md).
 */
export function countElement(reader: Reader): void {
  if (++reader.elements > reader.maxElements) {
    fail(
      "too_large",
      `more than maxElements ${reader.maxElements} elements at offset ${reader.pos}`,
    );
  }
}

/**
 * Fails for a value that runs past `end`: `truncated` when `end` is the end of the input,
 * `malformed` when it is the end of the enclosing message `reader.message`.
 */
function overrun(reader: Reader, what: string, start: number, end: number): never {
  if (end >= reader.buf.length) fail("truncated", pastEnd(what, start));
  fail("malformed", pastEnd(what, start, `${reader.message.$typeName} at offset ${end}`));
}

/** Fails with `too_deep` for the message (or group) `name`, which starts at the read position. */
function tooDeep(reader: Reader, name: string): never {
  fail(
    "too_deep",
    `${name} at offset ${reader.pos} nests deeper than recursionLimit ${reader.recursionLimit}`,
  );
}

/**
 * Reads a varint that must end before `end`. Returns its low 32 bits as a signed int32 and
 * leaves its high 32 bits in `reader.high`; bits past the 64th are dropped, as protobuf-es does.
 */
export function readVarint(reader: Reader, end: number): number {
  const p = reader.pos;
  if (p < end) {
    const x = reader.buf[p] as number;
    if (x < 0x80) {
      reader.pos = p + 1;
      reader.high = 0;
      return x;
    }
  }
  return readVarintSlow(reader, end);
}

function readVarintSlow(reader: Reader, end: number): number {
  const b = reader.buf;
  const start = reader.pos;
  let p = start;
  let lo = 0;
  let hi = 0;
  // Byte i carries bits 7i to 7i+6: bytes 1 to 4 fill the low word, byte 5 both words (4 bits
  // and 3), bytes 6 to 10 the high word; bits 64 and up fall off, as in protobuf-es.
  for (let i = 0; i < MAX_VARINT_BYTES; i++) {
    if (p >= end) overrun(reader, "varint", start, end);
    const x = b[p++] as number;
    if (i < 4) lo |= (x & 0x7f) << (7 * i);
    else if (i === 4) {
      lo |= (x & 0x0f) << 28;
      hi = (x & 0x7f) >> 4;
    } else hi |= (x & 0x7f) << (7 * i - 32);
    if (x < 0x80) {
      reader.pos = p;
      reader.high = hi;
      return lo;
    }
  }
  fail("malformed", tooLong("varint", start, MAX_VARINT_BYTES));
}

/** The value of the (terminated) varint at `start` as a float, exact below 2^53. */
function varintAsNumber(bytes: Uint8Array, start: number): number {
  let value = 0;
  let scale = 1;
  for (let p = start; ; p++) {
    const x = bytes[p] as number;
    value += (x & 0x7f) * scale;
    if (x < 0x80) return value;
    scale *= 128;
  }
}

/**
 * Reads a tag of a message or group field (the caller has checked that a byte is left) and returns
 * it as a uint32; `reader.tagStart` is where it starts. A tag of more than 5 bytes, or of 2^32 or
 * more, is `malformed`.
 */
export function readTag(reader: Reader, end: number): number {
  const start = reader.pos;
  const x = reader.buf[start] as number;
  reader.tagStart = start;
  if (x < 0x80) {
    reader.pos = start + 1; // one byte: field numbers 1 to 15
    return x;
  }
  const lo = readVarintSlow(reader, end);
  if (reader.pos - start > 5 || reader.high !== 0) fail("malformed", over32("tag", start));
  return lo >>> 0;
}

/**
 * The tag read last, read again from `reader.tagStart` (where it was read without error) for an
 * unknown field or an error text; the read position stays where it is.
 */
function lastTag(reader: Reader): number {
  const pos = reader.pos;
  reader.pos = reader.tagStart;
  const tag = readTag(reader, pos);
  reader.pos = pos;
  return tag;
}

/**
 * Reads a tag inside a map entry: field 0, wire types 4 to 7, a tag of more than 5 bytes or of
 * 2^32 or more are refused with one text.
 */
export function readEntryTag(reader: Reader, end: number): number {
  const start = reader.pos;
  reader.tagStart = start;
  const lo = readVarint(reader, end);
  const bad = reader.high !== 0 || reader.pos - start > 5;
  const tag = lo >>> 0;
  const wireType = tag & 7;
  if (bad || tag >>> 3 === 0 || wireType > I32 || wireType === EGROUP) {
    fail("malformed", `invalid tag in ${reader.message.$typeName} at offset ${start}`);
  }
  return tag;
}

/** Reads a length prefix and returns the end of the data it announces. */
export function readLength(reader: Reader, end: number): number {
  const start = reader.pos;
  const lo = readVarint(reader, end);
  if (reader.high !== 0 || reader.pos - start > 5) {
    const value = varintAsNumber(reader.buf, start);
    if (value > MAX_LENGTH) fail("malformed", lengthOver32(start, value));
  }
  const n = lo >>> 0;
  if (reader.pos + n > end) overrun(reader, `length-delimited field of ${n} bytes`, start, end);
  return reader.pos + n;
}

/** Skips `size` bytes of a fixed-width value. */
function skipFixed(reader: Reader, size: number, what: string, end: number): void {
  const start = reader.pos;
  if (start + size > end) overrun(reader, what, start, end);
  reader.pos = start + size;
}

const strictUtf8 = /*@__PURE__*/ new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Arrays of char codes reused by {@link readString}, by length. */
const codes: number[][] = [];

/**
 * Reads a `string` field (the one of the tag read last). ASCII strings of up to 32 bytes are built
 * here, as flat strings, by one `String.fromCharCode.apply` over an array reused for each length:
 * for short strings that beats a TextDecoder call, whose fixed cost is that of tens of bytes
 * (bench/ shows it). Anything else goes through a fatal TextDecoder, like protobuf-es: invalid
 * UTF-8 (a lone surrogate in CESU-8 included) is `invalid_utf8`, naming the field and the offset of
 * its length prefix.
 */
export function readString(reader: Reader, end: number): string {
  const start = reader.pos;
  const e = readLength(reader, end);
  const from = reader.pos;
  reader.pos = e;
  const n = e - from;
  if (n > 32) return decodeUtf8(reader, from, start);
  const b = reader.buf;
  let a = codes[n];
  if (a === undefined) {
    a = new Array<number>(n);
    codes[n] = a;
  }
  let any = 0;
  for (let i = 0; i < n; i++) {
    const c = b[from + i] as number;
    any |= c;
    a[i] = c;
  }
  return any < 0x80 ? String.fromCharCode.apply(String, a) : decodeUtf8(reader, from, start);
}

/**
 * Decodes `reader.buf[from, reader.pos)` as strict UTF-8. Where Node's `utf8Slice` is there,
 * through it: it needs no view of the range, and costs less than TextDecoder. It writes U+FFFD for
 * invalid UTF-8, so a text holding one is decoded again by the strict TextDecoder, which tells a
 * real U+FFFD from an error.
 */
function decodeUtf8(reader: Reader, from: number, start: number): string {
  try {
    const s = nodeBuffer?.utf8Slice?.call(reader.buf, from, reader.pos);
    return s && !s.includes("\ufffd")
      ? s
      : strictUtf8.decode(reader.buf.subarray(from, reader.pos));
  } catch (cause) {
    const name = knownField(reader, lastTag(reader) >>> 3)?.[0];
    fail(
      "invalid_utf8",
      `invalid UTF-8 in ${reader.message.$typeName}.${name} at offset ${start}`,
      cause,
    );
  }
}

/** Whether `fields` (a {@link Reader.fields}) has an item for field `no`, by a table made once a text. */
function isKnownField(fields: string, no: number): boolean {
  let known = knownNumbers.get(fields);
  if (known === undefined) {
    known = fields.split(",").map((item) => item !== "" && !item.startsWith(":"));
    knownNumbers.set(fields, known);
  }
  return known[no - 1] === true;
}

/**
 * Whether each field number has an item, by the text of a `Reader.fields`: each unknown field is
 * looked up here, so that a value of many costs no split of the text for each (the texts are the
 * generated code's, so the map stays small).
 */
const knownNumbers = /*@__PURE__*/ new Map<string, readonly boolean[]>();

/** The proto name and wire type of field `no` as `reader.fields` gives them, if it knows it. */
function knownField(reader: Reader, no: number): [name: string, wireType: number] | undefined {
  // "vin", "swVersion:", "fileCurrent:0", "epochUsec::0", "*", "*:", "*:0", "*::0"
  const items = reader.fields.split(",", no);
  let [name, snake, wireType = snake] = (items[no - 1] ?? "").split(":");
  // The n-th "*" up to this item is the n-th property after $typeName.
  if (name === "*") name = Object.keys(reader.message)[items.join().split("*").length - 1];
  if (!name) return undefined;
  return [
    snake === "" ? name.replace(/[A-Z]|\d+/g, (c) => `_${c.toLowerCase()}`) : name,
    wireType ? +wireType : LEN,
  ];
}

/** The empty array `bytes` fields start with while a message is read (see the generated code). */
export const EMPTY_BYTES = /*@__PURE__*/ new Uint8Array(0);

/**
 * Reads a `readBytes` field: a view of the input, as protobuf-es returns it (a plain Uint8Array,
 * also for a Buffer input, where protobuf-es returns a Buffer).
 */
export function readBytes(reader: Reader, end: number): Uint8Array {
  const e = readLength(reader, end);
  const from = reader.pos;
  reader.pos = e;
  return reader.buf.subarray(from, e);
}

/**
 * A generated reader of one message body: the fields up to `end`, into `message`, and the unknown
 * fields kept into `message.$unknown`, after the others, as protobuf-es sets it.
 */
export type ReadFields<T> = (reader: Reader, end: number, message: T) => void;

/**
 * Reads a length-delimited message one level deeper, as `read` into `prior` (merging, as
 * protobuf-es does for a field read twice) or into a new message. Leaves the reader as it was
 * in the enclosing message.
 */
export function readMessage<T>(
  reader: Reader,
  end: number,
  prior: T | undefined,
  read: ReadFields<T>,
  create: () => T,
): T {
  countElement(reader);
  const messageEnd = readLength(reader, end);
  // The outermost message is at depth 1, which every limit allows: only nested ones are checked.
  if (++reader.depth > reader.recursionLimit) tooDeep(reader, (create() as Named).$typeName);
  const message = prior ?? create();
  const parent = reader.message;
  const parentFields = reader.fields;
  reader.message = message as Named;
  read(reader, messageEnd, message);
  reader.message = parent;
  reader.fields = parentFields;
  reader.depth--;
  return message;
}

/**
 * Reads the message member `name` of a oneof whose current state is `oneof`: merged into the
 * member's value when it is set already, as protobuf-es does; a new `{ case, value }` either way.
 */
export function readOneofMessage<K extends string, T>(
  reader: Reader,
  end: number,
  oneof: { readonly case: string | undefined; readonly value?: unknown },
  name: K,
  read: ReadFields<T>,
  create: () => T,
): { case: K; value: T } {
  const prior = oneof.case === name ? (oneof.value as T) : undefined;
  return { case: name, value: readMessage(reader, end, prior, read, create) };
}

/** Reads a `bool`: true unless all 64 low bits of the varint are zero. */
export function readBool(reader: Reader, end: number): boolean {
  return readVarint(reader, end) !== 0 || reader.high !== 0;
}

/** Reads an `int64` as a bigint. */
export function readInt64(reader: Reader, end: number): bigint {
  halves[LOW] = readVarint(reader, end);
  halves[HIGH] = reader.high;
  return asInt64[0] as bigint;
}

/** Reads a `uint64` as a bigint. */
export function readUint64(reader: Reader, end: number): bigint {
  halves[LOW] = readVarint(reader, end);
  halves[HIGH] = reader.high;
  return asUint64[0] as bigint;
}

/**
 * Handles the field whose tag {@link readTag} read last, which the generated `switch` has no case
 * for: a bad tag, a known field with the wrong wire type (both fail), or a field the schema does
 * not know, which is skipped and, when `keep`, added to `unknown` as protobuf-es does (the bytes
 * after the tag, a view of the input). Returns `unknown`, created on the first field kept.
 */
export function readUnknownField(
  reader: Reader,
  end: number,
  unknown: UnknownField[] | undefined,
  keep = reader.readUnknownFields,
): UnknownField[] | undefined {
  const start = reader.tagStart;
  const tag = lastTag(reader);
  const no = tag >>> 3;
  const wireType = tag & 7;
  checkTag(no, wireType, start);
  if (wireType === EGROUP)
    fail("malformed", `unexpected END_GROUP for field ${no} at offset ${start}`);
  const field = isKnownField(reader.fields, no) ? knownField(reader, no) : undefined;
  if (field !== undefined) {
    fail(
      "malformed",
      `field ${reader.message.$typeName}.${field[0]} at offset ${start} has wire type ${wireTypeName(wireType)}, ` +
        `expected ${wireTypeName(field[1])}`,
    );
  }
  const from = reader.pos;
  skipValue(reader, no, wireType, start, end, reader.depth);
  if (keep) {
    countElement(reader);
    unknown ??= [];
    unknown.push({ no, wireType, data: reader.buf.subarray(from, reader.pos) });
  }
  return unknown;
}

/** Fails for field number 0 and wire types 6 and 7. */
function checkTag(no: number, wireType: number, start: number): void {
  if (no === 0) fail("malformed", `field number 0 at offset ${start}`);
  if (wireType > I32) fail("malformed", `invalid wire type ${wireType} at offset ${start}`);
}

/** Skips the value of an unknown field whose tag started at `start`, in a scope at `depth`. */
function skipValue(
  reader: Reader,
  no: number,
  wireType: number,
  start: number,
  end: number,
  depth: number,
): void {
  switch (wireType) {
    case VARINT:
      readVarint(reader, end);
      return;
    case I64:
      skipFixed(reader, 8, "fixed64 value", end);
      return;
    case LEN:
      reader.pos = readLength(reader, end);
      return;
    case SGROUP:
      skipGroup(reader, no, start, end, depth + 1);
      return;
    case I32:
      skipFixed(reader, 4, "fixed32 value", end);
      return;
  }
}

/** Skips an unknown group, up to the END_GROUP tag with its field number. */
function skipGroup(reader: Reader, no: number, start: number, end: number, depth: number): void {
  const parent = reader.message;
  const fields = reader.fields;
  reader.message = { $typeName: `group ${no} in ${parent.$typeName}` };
  reader.fields = "";
  if (depth > reader.recursionLimit) tooDeep(reader, reader.message.$typeName);
  while (reader.pos < end) {
    const tagStart = reader.pos;
    const t = readTag(reader, end);
    const fieldNo = t >>> 3;
    const wireType = t & 7;
    checkTag(fieldNo, wireType, tagStart);
    if (wireType === EGROUP) {
      if (fieldNo !== no) {
        fail("malformed", `unexpected END_GROUP for field ${fieldNo} at offset ${tagStart}`);
      }
      reader.message = parent;
      reader.fields = fields;
      return;
    }
    skipValue(reader, fieldNo, wireType, tagStart, end, depth);
  }
  // Not closed: it runs past the end of the input, or of the message that holds it.
  reader.message = parent;
  reader.fields = fields;
  overrun(reader, `group ${no}`, start, end);
}

/** The options of a binary read: those of decodeMessage() that the reader takes. */
export interface BinaryReadOptions {
  /** Messages may nest this deep; the outermost is at depth 1. */
  readonly recursionLimit: number;
  /** Keep fields the schema does not know in `$unknown`. */
  readonly readUnknownFields: boolean;
  /**
   * How many elements (messages below the outermost, map entries, unknown fields kept) it may make.
   */
  readonly maxElements: number;
}

/** The generated reader of one message type: its fields, into a new message. */
export interface MessageReader<T> {
  readonly read: ReadFields<T>;
  readonly create: () => T;
}

/**
 * Decodes a message from protobuf binary with its generated reader `type`, in one pass that
 * checks the wire format as it builds the message (the checks and texts of this module), and
 * fails with a `CodecError`. The result is what protobuf-es's `fromBinary()` returns for the
 * same bytes, `$unknown` included when `readUnknownFields`.
 */
export function readBinary<T>(
  type: MessageReader<T>,
  bytes: Uint8Array,
  options: BinaryReadOptions,
): T {
  const reader = createReader(
    bytes,
    options.recursionLimit,
    options.readUnknownFields,
    options.maxElements,
  );
  const message = type.create();
  reader.message = message as Named;
  type.read(reader, bytes.length, message);
  return message;
}
