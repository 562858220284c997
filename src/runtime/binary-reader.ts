// Reading the protobuf wire format, for the generated decoders and the framing readers: every
// check and error text of the binary format lives here. A tag is a varint (field number << 3 |
// wire type); a varint carries 7 bits per byte, low groups first, the high bit of each byte set
// when another byte follows, and is at most 10 bytes. Every module-level value is a literal or a
// pure call: a bundle keeps only the helpers it calls.

import type { UnknownField } from "@bufbuild/protobuf";
import { asInt64, asUint64, halves, LO } from "./int64.js";
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
 * Where a value is read, for error texts: the name of the message type (or map entry, or group)
 * and the fields it knows. `fields` lists them by field number, comma-separated from field 1 on,
 * each as the expected wire type (one digit) and the proto name: `"2vin,2ecu,0epoch_usec"`;
 * a number without a field has an empty item.
 */
export interface Scope {
  readonly name: string;
  readonly fields: string;
}

// The state of each operation is a plain object made by an object literal, not a class
// instance: V8 keeps the shape (map) of a literal alive with the function that makes it, while
// the shape of a class instance whose fields are added in its constructor is held only weakly.
// When no instance is alive at a full GC, that shape dies, and every optimized function that
// was specialized to it is thrown away and optimized again.

/**
 * The state of one decode: the input, the position, the options, and where it is. The fields
 * have short names, each documented here: the generated readers touch them for every field,
 * and property names survive minification, so long ones cost the decoder's bundle budget
 * (test/bundle) more than it has room for.
 */
export interface Reader {
  /** The input. Offsets in error texts count from its first byte. */
  readonly b: Uint8Array;
  /** Messages may nest this deep. */
  readonly limit: number;
  /** Keep fields the schema does not know in `$unknown`. */
  readonly keep: boolean;
  /** How many elements (messages below the outermost, map entries, unknown fields kept) it may make. */
  readonly max: number;
  /** The elements made so far. */
  n: number;
  /** The read position. */
  p: number;
  /** The high 32 bits of the varint {@link readVarint} read last. */
  hi: number;
  /** The tag read last, for the field name in an `invalid_utf8` text. */
  t: number;
  /** The nesting depth of the message being read: the outermost is at depth 1. */
  d: number;
  /** The message (or map entry, or group) being read, for error texts. */
  s: Scope;
}

const noScope: Scope = { name: "", fields: "" };

/**
 * A reader at the start of `buf`. A subclass of Uint8Array (a Node.js Buffer, as Kafka clients hand
 * record values over) is read through a plain Uint8Array over the same bytes: every byte read
 * then sees one kind of array, and each `subarray` (for TextDecoder, `bytes` fields, unknown
 * fields) is V8's own, not Buffer's, which makes a Buffer in JavaScript.
 */
export function createReader(
  buf: Uint8Array,
  limit: number,
  keepUnknown: boolean,
  maxElements: number,
): Reader {
  if (buf.constructor !== Uint8Array) buf = new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  return {
    b: buf,
    limit,
    keep: keepUnknown,
    max: maxElements,
    n: 0,
    p: 0,
    hi: 0,
    t: 0,
    d: 1,
    s: noScope,
  };
}

/**
 * Counts one more element made (a message below the outermost, a map entry, an unknown field
 * kept), and fails with `too_large` past `maxElements`: what bounds the heap a decode takes,
 * as `maxBytes` bounds the input (docs/reliability.md).
 */
export function countElement(r: Reader): void {
  if (++r.n > r.max) {
    fail("too_large", `more than maxElements ${r.max} elements at offset ${r.p}`);
  }
}

/**
 * Fails for a value that runs past `end`: `truncated` when `end` is the end of the input,
 * `malformed` when it is the end of the enclosing message `r.s`.
 */
function overrun(r: Reader, what: string, start: number, end: number): never {
  if (end >= r.b.length) fail("truncated", pastEnd(what, start));
  fail("malformed", pastEnd(what, start, `${r.s.name} at offset ${end}`));
}

/** Fails with `too_deep` for the message (or group) `name`, which starts at the read position. */
function tooDeep(r: Reader, name: string): never {
  fail("too_deep", `${name} at offset ${r.p} nests deeper than recursionLimit ${r.limit}`);
}

/**
 * Reads a varint that must end before `end`. Returns its low 32 bits as a signed int32 and
 * leaves its high 32 bits in `r.hi`; bits past the 64th are dropped, as protobuf-es does.
 */
export function readVarint(r: Reader, end: number): number {
  const p = r.p;
  if (p < end) {
    const x = r.b[p] as number;
    if (x < 0x80) {
      r.p = p + 1;
      r.hi = 0;
      return x;
    }
  }
  return readVarintSlow(r, end);
}

function readVarintSlow(r: Reader, end: number): number {
  const b = r.b;
  const start = r.p;
  let p = start;
  let lo = 0;
  let hi = 0;
  // Byte i carries bits 7i to 7i+6: bytes 1 to 4 fill the low word, byte 5 both words (4 bits
  // and 3), bytes 6 to 10 the high word; bits 64 and up fall off, as in protobuf-es.
  for (let i = 0; i < MAX_VARINT_BYTES; i++) {
    if (p >= end) overrun(r, "varint", start, end);
    const x = b[p++] as number;
    if (i < 4) lo |= (x & 0x7f) << (7 * i);
    else if (i === 4) {
      lo |= (x & 0x0f) << 28;
      hi = (x & 0x7f) >> 4;
    } else hi |= (x & 0x7f) << (7 * i - 32);
    if (x < 0x80) {
      r.p = p;
      r.hi = hi;
      return lo;
    }
  }
  fail("malformed", tooLong("varint", start, MAX_VARINT_BYTES));
}

/** The value of the (terminated) varint at `start` as a float, exact below 2^53. */
function varintAsNumber(b: Uint8Array, start: number): number {
  let value = 0;
  let scale = 1;
  for (let p = start; ; p++) {
    const x = b[p] as number;
    value += (x & 0x7f) * scale;
    if (x < 0x80) return value;
    scale *= 128;
  }
}

/**
 * Reads a tag of a message or group field (the caller has checked that a byte is left) and returns
 * it as a uint32. A tag of more than 5 bytes, or of 2^32 or more, is `malformed`.
 */
export function readTag(r: Reader, end: number): number {
  const start = r.p;
  const x = r.b[start] as number;
  if (x < 0x80) {
    r.p = start + 1; // one byte: field numbers 1 to 15
    r.t = x;
    return x;
  }
  const lo = readVarintSlow(r, end);
  if (r.p - start > 5 || r.hi !== 0) fail("malformed", over32("tag", start));
  r.t = lo >>> 0;
  return r.t;
}

/**
 * Reads a tag inside a map entry: field 0, wire types 4 to 7, a tag of more than 5 bytes or of
 * 2^32 or more are refused with one text.
 */
export function readEntryTag(r: Reader, end: number): number {
  const start = r.p;
  const lo = readVarint(r, end);
  const bad = r.hi !== 0 || r.p - start > 5;
  const t = lo >>> 0;
  const wireType = t & 7;
  if (bad || t >>> 3 === 0 || wireType > I32 || wireType === EGROUP) {
    fail("malformed", `invalid tag in ${r.s.name} at offset ${start}`);
  }
  r.t = t;
  return t;
}

/** Reads a length prefix and returns the end of the data it announces. */
export function readLength(r: Reader, end: number): number {
  const start = r.p;
  const lo = readVarint(r, end);
  if (r.hi !== 0 || r.p - start > 5) {
    const value = varintAsNumber(r.b, start);
    if (value > MAX_LENGTH) fail("malformed", lengthOver32(start, value));
  }
  const n = lo >>> 0;
  if (r.p + n > end) overrun(r, `length-delimited field of ${n} bytes`, start, end);
  return r.p + n;
}

/** Skips `n` bytes of a fixed-width value. */
function skipFixed(r: Reader, n: number, what: string, end: number): void {
  const start = r.p;
  if (start + n > end) overrun(r, what, start, end);
  r.p = start + n;
}

const strictUtf8 = /*@__PURE__*/ new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Arrays of char codes reused by {@link readString}, by length. */
const codes: number[][] = [];

/**
 * Reads a `string` field (the one of the tag read last). ASCII strings of up to 32 bytes are
 * built here, as flat strings, by one `String.fromCharCode.apply` over an array reused for each
 * length: for short strings that beats a TextDecoder call, whose fixed cost is that of tens of
 * bytes (bench/ shows it). Anything else goes through a fatal TextDecoder, like protobuf-es: invalid
 * UTF-8 (a lone surrogate in CESU-8 included) is `invalid_utf8`, naming the field and the offset
 * of its length prefix.
 */
export function readString(r: Reader, end: number): string {
  const start = r.p;
  const e = readLength(r, end);
  const from = r.p;
  r.p = e;
  const n = e - from;
  if (n > 32) return decodeUtf8(r, from, start);
  const b = r.b;
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
  return any < 0x80 ? String.fromCharCode.apply(String, a) : decodeUtf8(r, from, start);
}

/**
 * Decodes `r.b[from, r.p)` as strict UTF-8. Where Node's `utf8Slice` is there, through it: it
 * needs no view of the range, and costs less than TextDecoder. It writes U+FFFD for invalid UTF-8, so a text holding one is decoded again
 * by the strict TextDecoder, which tells a real U+FFFD from an error.
 */
function decodeUtf8(r: Reader, from: number, start: number): string {
  try {
    const s = nodeBuffer?.utf8Slice?.call(r.b, from, r.p);
    return s && !s.includes("\ufffd") ? s : strictUtf8.decode(r.b.subarray(from, r.p));
  } catch (cause) {
    const name = knownField(r.s, r.t >>> 3)?.slice(1);
    fail("invalid_utf8", `invalid UTF-8 in ${r.s.name}.${name} at offset ${start}`, cause);
  }
}

/** The item of `scope.fields` for field `no` (wire type and proto name), if it has that field. */
function knownField(scope: Scope, no: number): string | undefined {
  return scope.fields.split(",")[no - 1] || undefined;
}

/** The empty array `bytes` fields start with while a message is read (see the generated code). */
export const EMPTY_BYTES = /*@__PURE__*/ new Uint8Array(0);

/**
 * Reads a `readBytes` field: a view of the input, as protobuf-es returns it (a plain Uint8Array, also
 * for a Buffer input, where protobuf-es returns a Buffer).
 */
export function readBytes(r: Reader, end: number): Uint8Array {
  const e = readLength(r, end);
  const from = r.p;
  r.p = e;
  return r.b.subarray(from, e);
}

/** A generated reader of one message body: the fields up to `end`, into `m`. */
export type ReadFields<T> = (r: Reader, end: number, m: T) => T;

/**
 * Reads a length-delimited message one level deeper, as `read` into `prior` (merging, as
 * protobuf-es does for a field read twice) or into a new message.
 */
export function readMessage<T>(
  r: Reader,
  end: number,
  prior: T | undefined,
  read: ReadFields<T>,
  create: () => T,
): T {
  countElement(r);
  const e = readLength(r, end);
  const scope = r.s;
  // The outermost message is at depth 1, which every limit allows: only nested ones are checked.
  if (++r.d > r.limit) tooDeep(r, (create() as { $typeName: string }).$typeName);
  const m = read(r, e, prior ?? create());
  r.d--;
  r.s = scope;
  return m;
}

/**
 * Reads the message member `name` of a oneof whose current state is `oneof`: merged into the
 * member's value when it is set already, as protobuf-es does; a new `{ case, value }` either way.
 */
export function readOneofMessage<K extends string, T>(
  r: Reader,
  end: number,
  oneof: { readonly case: string | undefined; readonly value?: unknown },
  name: K,
  read: ReadFields<T>,
  create: () => T,
): { case: K; value: T } {
  const prior = oneof.case === name ? (oneof.value as T) : undefined;
  return { case: name, value: readMessage(r, end, prior, read, create) };
}

/** Reads a `bool`: true unless all 64 low bits of the varint are zero. */
export function readBool(r: Reader, end: number): boolean {
  return readVarint(r, end) !== 0 || r.hi !== 0;
}

/** Reads an `int64` as a bigint. */
export function readInt64(r: Reader, end: number): bigint {
  halves[LO] = readVarint(r, end);
  halves[1 - LO] = r.hi;
  return asInt64[0] as bigint;
}

/** Reads a `uint64` as a bigint. */
export function readUint64(r: Reader, end: number): bigint {
  halves[LO] = readVarint(r, end);
  halves[1 - LO] = r.hi;
  return asUint64[0] as bigint;
}

/**
 * Handles a field that the generated `switch` has no case for: a bad tag, a known field with
 * the wrong wire type (both fail), or a field the schema does not know, which is skipped and,
 * when `keep`, added to `unknown` as protobuf-es does (the bytes after the tag, a view of the
 * input). Returns `unknown`, created on the first field kept.
 */
export function readUnknownField(
  r: Reader,
  t: number,
  start: number,
  end: number,
  unknown: UnknownField[] | undefined,
  keep = r.keep,
): UnknownField[] | undefined {
  const no = t >>> 3;
  const wireType = t & 7;
  checkTag(no, wireType, start);
  if (wireType === EGROUP)
    fail("malformed", `unexpected END_GROUP for field ${no} at offset ${start}`);
  const field = knownField(r.s, no);
  if (field !== undefined) {
    fail(
      "malformed",
      `field ${r.s.name}.${field.slice(1)} at offset ${start} has wire type ${wireTypeName(wireType)}, ` +
        `expected ${wireTypeName(Number(field[0]))}`,
    );
  }
  const from = r.p;
  skipValue(r, no, wireType, start, end, r.d);
  if (keep) {
    countElement(r);
    unknown ??= [];
    unknown.push({ no, wireType, data: r.b.subarray(from, r.p) });
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
  r: Reader,
  no: number,
  wireType: number,
  start: number,
  end: number,
  depth: number,
): void {
  switch (wireType) {
    case VARINT:
      readVarint(r, end);
      return;
    case I64:
      skipFixed(r, 8, "fixed64 value", end);
      return;
    case LEN:
      r.p = readLength(r, end);
      return;
    case SGROUP:
      skipGroup(r, no, start, end, depth + 1);
      return;
    case I32:
      skipFixed(r, 4, "fixed32 value", end);
      return;
  }
}

/** Skips an unknown group, up to the END_GROUP tag with its field number. */
function skipGroup(r: Reader, no: number, start: number, end: number, depth: number): void {
  const parent = r.s;
  r.s = { name: `group ${no} in ${parent.name}`, fields: "" };
  if (depth > r.limit) tooDeep(r, r.s.name);
  while (r.p < end) {
    const tagStart = r.p;
    const t = readTag(r, end);
    const fieldNo = t >>> 3;
    const wireType = t & 7;
    checkTag(fieldNo, wireType, tagStart);
    if (wireType === EGROUP) {
      if (fieldNo !== no) {
        fail("malformed", `unexpected END_GROUP for field ${fieldNo} at offset ${tagStart}`);
      }
      r.s = parent;
      return;
    }
    skipValue(r, fieldNo, wireType, tagStart, end, depth);
  }
  // Not closed: it runs past the end of the input, or of the message that holds it.
  r.s = parent;
  overrun(r, `group ${no}`, start, end);
}

/** The options of a binary read: those of decodeMessage() that the reader takes. */
export interface BinaryReadOptions {
  /** Messages may nest this deep; the outermost is at depth 1. */
  readonly recursionLimit: number;
  /** Keep fields the schema does not know in `$unknown`. */
  readonly readUnknownFields: boolean;
  /** How many elements (messages below the outermost, map entries, unknown fields kept) it may make. */
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
  const r = createReader(
    bytes,
    options.recursionLimit,
    options.readUnknownFields,
    options.maxElements,
  );
  return type.read(r, bytes.length, type.create());
}
