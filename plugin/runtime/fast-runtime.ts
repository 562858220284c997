// The runtime of the code protoc-gen-vuc generates: wire reading with the exact checks and error
// texts of src/envelope/check-wire.ts, wire writing with protobuf-es's exact output, and the JSON
// helpers. protoc-gen-vuc copies this file verbatim into gen/ (as gen/fast_runtime.ts), so the
// generated code depends on nothing but type imports. Every module-level value is a literal or a
// pure call: a bundle keeps only the helpers it calls.
//
// Wire facts used throughout: a tag is a varint (field number << 3 | wire type); wire types are
// 0 VARINT, 1 I64, 2 LEN, 3 SGROUP, 4 EGROUP, 5 I32; a varint carries 7 bits per byte, low
// groups first, the high bit of each byte set when another byte follows, and is at most 10 bytes.

import type { UnknownField } from "@bufbuild/protobuf";

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** The codes a generated decoder fails with; the same as CodecError's for binary input. */
export type WireErrorCode = "truncated" | "malformed" | "invalid_utf8" | "too_deep";

/**
 * What a generated decoder throws: a code and the text that follows
 * `cannot decode <type> from binary: ` in the CodecError the public API makes of it.
 */
export class WireError extends Error {
  override name = "WireError";
  constructor(
    readonly code: WireErrorCode,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(detail, options);
  }
}

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

/** The state of one decode: the input, the position, the options, and where it is. */
export interface Reader {
  /** The input. Offsets in error texts count from its first byte. */
  readonly b: Uint8Array;
  /** Messages may nest this deep. */
  readonly limit: number;
  /** Keep fields the schema does not know in `$unknown`. */
  readonly keep: boolean;
  /** The read position. */
  p: number;
  /** The high 32 bits of the varint {@link varint} read last. */
  hi: number;
  /** The tag read last, for the field name in an `invalid_utf8` text. */
  t: number;
  /** The nesting depth of the message being read: the outermost is at depth 1. */
  d: number;
  /** The message (or map entry, or group) being read, for error texts. */
  s: Scope;
  /**
   * An error protobuf-es would raise on input that the wire check accepts (a map entry tag of
   * 6 to 10 bytes): reported only if the whole input passes the wire check, as the slow path
   * would report it.
   */
  deferred: string | undefined;
}

const noScope: Scope = { name: "", fields: "" };

/** A reader at the start of `b`. */
export function reader(b: Uint8Array, limit: number, keep: boolean): Reader {
  return { b, limit, keep, p: 0, hi: 0, t: 0, d: 1, s: noScope, deferred: undefined };
}

/** Throws a {@link WireError}. */
export function fail(code: WireErrorCode, detail: string, cause?: unknown): never {
  throw new WireError(code, detail, cause === undefined ? undefined : { cause });
}

/**
 * Fails for a value that runs past `end`: `truncated` when `end` is the end of the input,
 * `malformed` when it is the end of the enclosing message `r.s`.
 */
function overrun(r: Reader, what: string, start: number, end: number): never {
  if (end >= r.b.length)
    fail("truncated", `${what} at offset ${start} runs past the end of the input`);
  fail("malformed", `${what} at offset ${start} runs past the end of ${r.s.name} at offset ${end}`);
}

/** Fails with `too_deep` for the message (or group) `r.s`, which starts at the read position. */
export function tooDeep(r: Reader): never {
  fail("too_deep", `${r.s.name} at offset ${r.p} nests deeper than recursionLimit ${r.limit}`);
}

/**
 * Reads a varint that must end before `end`. Returns its low 32 bits as a signed int32 and
 * leaves its high 32 bits in `r.hi`; bits past the 64th are dropped, as protobuf-es does.
 */
export function varint(r: Reader, end: number): number {
  const p = r.p;
  if (p < end) {
    const x = r.b[p] as number;
    if (x < 0x80) {
      r.p = p + 1;
      r.hi = 0;
      return x;
    }
  }
  return varintSlow(r, end);
}

function varintSlow(r: Reader, end: number): number {
  const b = r.b;
  const start = r.p;
  let p = start;
  let lo = 0;
  let hi = 0;
  // Byte i carries bits 7i to 7i+6: bytes 1 to 4 fill the low word, byte 5 both words (4 bits
  // and 3), bytes 6 to 10 the high word; bits 64 and up fall off, as in protobuf-es.
  for (let i = 0; i < 10; i++) {
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
  fail("malformed", `varint at offset ${start} is longer than 10 bytes`);
}

/** The value of the (terminated) varint at `start` as a float, as the wire check computes it. */
function varintAsFloat(b: Uint8Array, start: number): number {
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
export function tag(r: Reader, end: number): number {
  const start = r.p;
  const x = r.b[start] as number;
  if (x < 0x80) {
    r.p = start + 1; // one byte: field numbers 1 to 15
    r.t = x;
    return x;
  }
  const lo = varintSlow(r, end);
  if (r.p - start > 5 || r.hi !== 0)
    fail("malformed", `tag at offset ${start} does not fit 32 bits`);
  r.t = lo >>> 0;
  return r.t;
}

/**
 * Reads a tag inside a map entry. The wire check rejects field 0, wire types 4 to 7 and values of
 * 2^32 or more with one text; a tag of 6 to 10 bytes that passes it is left for protobuf-es,
 * which rejects it (see `Reader.deferred`).
 */
export function entryTag(r: Reader, end: number): number {
  const start = r.p;
  const lo = varint(r, end);
  let bad = r.hi !== 0;
  if (r.p - start > 5) {
    bad = varintAsFloat(r.b, start) > 0xffffffff;
    if (!bad) r.deferred ??= "illegal tag: varint overflows uint32";
  }
  const t = lo >>> 0;
  const wireType = t & 7;
  if (bad || t >>> 3 === 0 || wireType > 5 || wireType === 4) {
    fail("malformed", `invalid tag in ${r.s.name} at offset ${start}`);
  }
  r.t = t;
  return t;
}

/** Reads a length prefix and returns the end of the data it announces. */
export function len(r: Reader, end: number): number {
  const start = r.p;
  const lo = varint(r, end);
  if (r.hi !== 0 || r.p - start > 5) {
    const value = varintAsFloat(r.b, start);
    if (value > 0xffffffff)
      fail("malformed", `length prefix at offset ${start} is ${value}, 2^32 or more`);
  }
  const n = lo >>> 0;
  if (r.p + n > end) overrun(r, `length-delimited field of ${n} bytes`, start, end);
  return r.p + n;
}

/** Skips `n` bytes of a fixed-width value. */
function fixed(r: Reader, n: number, what: string, end: number): void {
  const start = r.p;
  if (start + n > end) overrun(r, what, start, end);
  r.p = start + n;
}

const strictUtf8 = /*@__PURE__*/ new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Arrays of char codes reused by {@link str}, by length. */
const codes: number[][] = [];

/**
 * Reads a `string` field (the one of the tag read last). ASCII strings of up to 24 bytes are
 * built here, as flat strings (V8 joins strings shorter than 13 characters into flat ones, and
 * `String.fromCharCode.apply` makes a flat one); anything else goes through a fatal TextDecoder,
 * like protobuf-es: invalid UTF-8 (a lone surrogate in CESU-8 included) is `invalid_utf8`,
 * naming the field and the offset of its length prefix.
 */
export function str(r: Reader, end: number): string {
  const start = r.p;
  const e = len(r, end);
  const from = r.p;
  r.p = e;
  const n = e - from;
  if (n > 24) return utf8(r, from, start);
  const b = r.b;
  if (n < 13) {
    let s = "";
    let p = from;
    for (; p + 4 <= e; p += 4) {
      const c0 = b[p] as number;
      const c1 = b[p + 1] as number;
      const c2 = b[p + 2] as number;
      const c3 = b[p + 3] as number;
      if ((c0 | c1 | c2 | c3) >= 0x80) return utf8(r, from, start);
      s += String.fromCharCode(c0, c1, c2, c3);
    }
    for (; p < e; p++) {
      const c = b[p] as number;
      if (c >= 0x80) return utf8(r, from, start);
      s += String.fromCharCode(c);
    }
    return s;
  }
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
  return any < 0x80 ? String.fromCharCode.apply(String, a) : utf8(r, from, start);
}

/** Decodes `r.b[from, r.p)` as strict UTF-8. */
function utf8(r: Reader, from: number, start: number): string {
  try {
    return strictUtf8.decode(r.b.subarray(from, r.p));
  } catch (cause) {
    const name = known(r.s, r.t >>> 3)?.slice(1);
    fail("invalid_utf8", `invalid UTF-8 in ${r.s.name}.${name} at offset ${start}`, cause);
  }
}

/** The item of `scope.fields` for field `no` (wire type and proto name), if it has that field. */
function known(scope: Scope, no: number): string | undefined {
  return scope.fields.split(",")[no - 1] || undefined;
}

/** The empty array `bytes` fields start with while a message is read (see the generated code). */
export const EMPTY = /*@__PURE__*/ new Uint8Array(0);

/** Reads a `bytes` field: a view of the input, as protobuf-es returns it. */
export function bytes(r: Reader, end: number): Uint8Array {
  const e = len(r, end);
  const from = r.p;
  r.p = e;
  return r.b.subarray(from, e);
}

/** A generated reader of one message body: the fields up to `end`, into `m`. */
export type ReadBody<T> = (r: Reader, end: number, m: T) => T;

/**
 * Reads a length-delimited message one level deeper, as `read` into `prior` (merging, as
 * protobuf-es does for a field read twice) or into a new message.
 */
export function message<T>(
  r: Reader,
  end: number,
  prior: T | undefined,
  read: ReadBody<T>,
  create: () => T,
): T {
  const e = len(r, end);
  const scope = r.s;
  r.d++;
  const m = read(r, e, prior ?? create());
  r.d--;
  r.s = scope;
  return m;
}

/**
 * Reads the message member `name` of a oneof whose current state is `oneof`: merged into the
 * member's value when it is set already, as protobuf-es does; a new `{ case, value }` either way.
 */
export function member<K extends string, T>(
  r: Reader,
  end: number,
  oneof: { readonly case: string | undefined; readonly value?: unknown },
  name: K,
  read: ReadBody<T>,
  create: () => T,
): { case: K; value: T } {
  const prior = oneof.case === name ? (oneof.value as T) : undefined;
  return { case: name, value: message(r, end, prior, read, create) };
}

/** Reads a `bool`: true unless all 64 low bits of the varint are zero. */
export function bool(r: Reader, end: number): boolean {
  return varint(r, end) !== 0 || r.hi !== 0;
}

// One 64-bit word, seen as two 32-bit halves and as a signed and an unsigned bigint: writing the
// halves and reading the bigint is the cheapest way to make a bigint in V8 (about twice as fast
// as BigInt(number), and faster than a DataView).
const halves = /*@__PURE__*/ new Uint32Array(2);
const asInt64 = /*@__PURE__*/ new BigInt64Array(halves.buffer);
const asUint64 = /*@__PURE__*/ new BigUint64Array(halves.buffer);
/** The index of the low half: 0 on little-endian machines. */
const LO = /*@__PURE__*/ new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;

/** Reads an `int64` as a bigint. */
export function int64(r: Reader, end: number): bigint {
  halves[LO] = varint(r, end);
  halves[1 - LO] = r.hi;
  return asInt64[0] as bigint;
}

/** Reads a `uint64` as a bigint. */
export function uint64(r: Reader, end: number): bigint {
  halves[LO] = varint(r, end);
  halves[1 - LO] = r.hi;
  return asUint64[0] as bigint;
}

/**
 * The bigints 0 to 255, made once: counts, codes and flags are mostly small, and reading one
 * from here is cheaper than making a new one.
 */
const smallBigints: readonly bigint[] = /*@__PURE__*/ Array.from({ length: 256 }, (_, i) =>
  BigInt(i),
);

/** The bigint of the safe integer `x`, as an int64, or as a uint64 (then `x` is not negative). */
function bigintOf(x: number, signed: boolean): bigint {
  if (x >= 0 && x < 256) return smallBigints[x] as bigint; // -0 reads 0n
  halves[LO] = x; // ToUint32: the low 32 bits of the two's complement
  halves[1 - LO] = Math.floor(x / 4294967296);
  return (signed ? asInt64[0] : asUint64[0]) as bigint;
}

/** Wire type names, by number, for error texts. */
const wireTypeNames = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32"];

/**
 * Handles a field that the generated `switch` has no case for: a bad tag, a known field with
 * the wrong wire type (both fail), or a field the schema does not know, which is skipped and,
 * when `keep`, added to `unknown` as protobuf-es does (the bytes after the tag, a view of the
 * input). Returns `unknown`, created on the first field kept.
 */
export function other(
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
  if (wireType === 4) fail("malformed", `unexpected END_GROUP for field ${no} at offset ${start}`);
  const field = known(r.s, no);
  if (field !== undefined) {
    fail(
      "malformed",
      `field ${r.s.name}.${field.slice(1)} at offset ${start} has wire type ${wireTypeNames[wireType]}, ` +
        `expected ${wireTypeNames[Number(field[0])]}`,
    );
  }
  const from = r.p;
  skip(r, no, wireType, start, end, r.d);
  if (keep) {
    unknown ??= [];
    unknown.push({ no, wireType, data: r.b.subarray(from, r.p) });
  }
  return unknown;
}

/** Fails for field number 0 and wire types 6 and 7. */
function checkTag(no: number, wireType: number, start: number): void {
  if (no === 0) fail("malformed", `field number 0 at offset ${start}`);
  if (wireType > 5) fail("malformed", `invalid wire type ${wireType} at offset ${start}`);
}

/** Skips the value of an unknown field whose tag started at `start`, in a scope at `depth`. */
function skip(
  r: Reader,
  no: number,
  wireType: number,
  start: number,
  end: number,
  depth: number,
): void {
  switch (wireType) {
    case 0:
      varint(r, end);
      return;
    case 1:
      fixed(r, 8, "fixed64 value", end);
      return;
    case 2:
      r.p = len(r, end);
      return;
    case 3:
      group(r, no, start, end, depth + 1);
      return;
    case 5:
      fixed(r, 4, "fixed32 value", end);
      return;
  }
}

/** Skips an unknown group, up to the END_GROUP tag with its field number. */
function group(r: Reader, no: number, start: number, end: number, depth: number): void {
  const parent = r.s;
  r.s = { name: `group ${no} in ${parent.name}`, fields: "" };
  if (depth > r.limit) tooDeep(r);
  while (r.p < end) {
    const tagStart = r.p;
    const t = tag(r, end);
    const fieldNo = t >>> 3;
    const wireType = t & 7;
    checkTag(fieldNo, wireType, tagStart);
    if (wireType === 4) {
      if (fieldNo !== no) {
        fail("malformed", `unexpected END_GROUP for field ${fieldNo} at offset ${tagStart}`);
      }
      r.s = parent;
      return;
    }
    skip(r, fieldNo, wireType, tagStart, end, depth);
  }
  const what = `group ${no} opened at offset ${start}`;
  if (end >= r.b.length) fail("truncated", `${what} is not closed before the input ends`);
  fail("malformed", `${what} is not closed inside ${parent.name}, which ends at offset ${end}`);
}

/**
 * Sets `record[key]`, as an own property even for the key `"__proto__"` (an assignment would
 * set the prototype instead).
 */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(record, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    record[key] = value;
  }
}

/**
 * Finishes a decode: throws the error protobuf-es would have raised, if any. Returns `message`.
 */
export function done<T>(r: Reader, message: T): T {
  if (r.deferred !== undefined) fail("malformed", r.deferred, new Error(r.deferred));
  return message;
}
// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/**
 * Thrown inside a generated encoder (or JSON mapper) when the message is not one it can vouch
 * for: a value of the wrong type or out of range, a lone surrogate, a `$typeName` that does not
 * match, a property that is not own. The exported function catches it and returns undefined,
 * and the caller runs the slow path, which gives the exact error (or, for a form the fast path
 * does not take, the exact output).
 */
const BAIL: unique symbol = Symbol("bail");

/** Gives up on the fast path (see {@link BAIL}). */
export function bail(): never {
  throw BAIL;
}

/** Runs `fn`; returns undefined if it gave up, or if anything else was thrown. */
export function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    // BAIL, or an error of the message itself (a getter that throws, a cycle that exhausts the
    // stack): the slow path will meet it again and report it as it always has.
    return undefined;
  }
}

/** The state of one encode: the buffer, the position and the options. */
export interface Writer {
  /** The buffer; replaced by a larger one when full. */
  b: Uint8Array;
  /** Write the fields kept in `$unknown`. */
  readonly keep: boolean;
  /** Write map entries ordered by key. */
  readonly sort: boolean;
  /** The write position. */
  p: number;
  /**
   * Whether a map with more than one entry and a key like "10" was out of order: the slow path
   * sorts such maps in the encoded bytes, which also moves unknown fields that look like map
   * entries. The result is taken only if no unknown field was written.
   */
  byteSorted: boolean;
  /** Whether an unknown field was written. */
  wroteUnknown: boolean;
  /**
   * How many maps were out of order and sorted as objects: the slow path rebuilds such a map,
   * and shallow-copies each message on the way to it (see {@link ownFields}).
   */
  copies: number;
}

/** A buffer kept from one encode to the next, so that small encodes allocate only the result. */
let spare: Uint8Array | undefined;

/** A writer with an empty buffer of at least 1 KiB. */
export function writer(keep: boolean, sort: boolean): Writer {
  const b = spare ?? new Uint8Array(1024);
  spare = undefined; // an encode inside a getter of this one gets a buffer of its own
  return { b, keep, sort, p: 0, byteSorted: false, wroteUnknown: false, copies: 0 };
}

/** The bytes written, as a new array; keeps the buffer for the next encode (up to 1 MiB). */
export function finish(w: Writer): Uint8Array<ArrayBuffer> {
  const bytes = w.b.slice(0, w.p);
  if (w.b.length <= 1 << 20) spare = w.b;
  return bytes;
}

/** Makes room for `n` more bytes. */
function room(w: Writer, n: number): void {
  if (w.p + n > w.b.length) {
    const b = new Uint8Array(Math.max(w.b.length * 2, w.p + n));
    b.set(w.b.subarray(0, w.p));
    w.b = b;
  }
}

/** Writes a varint of a uint32 (room is made by the caller). */
function put32(w: Writer, v: number): void {
  const b = w.b;
  let p = w.p;
  while (v > 0x7f) {
    b[p++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  b[p++] = v;
  w.p = p;
}

/** Writes a varint of the 64 bits `hi:lo` (room is made by the caller). */
function put64(w: Writer, lo: number, hi: number): void {
  const b = w.b;
  let p = w.p;
  lo >>>= 0;
  hi >>>= 0;
  while (hi > 0 || lo > 0x7f) {
    b[p++] = (lo & 0x7f) | 0x80;
    lo = ((lo >>> 7) | (hi << 25)) >>> 0;
    hi >>>= 7;
  }
  b[p++] = lo;
  w.p = p;
}

/** Writes a tag (room for it is made by the caller). */
function putTag(w: Writer, t: number): void {
  if (t < 0x80) w.b[w.p++] = t;
  else put32(w, t);
}

/** Writes `t` and a uint32 varint. */
export function writeUint32(w: Writer, t: number, v: unknown): void {
  if (typeof v !== "number" || v >>> 0 !== v) bail();
  room(w, 15);
  putTag(w, t);
  put32(w, v);
}

/** Writes `t` and an int32 varint: 10 bytes for a negative value, sign-extended to 64 bits. */
export function writeInt32(w: Writer, t: number, v: unknown): void {
  if (typeof v !== "number" || (v | 0) !== v) bail();
  room(w, 15);
  putTag(w, t);
  if (v >= 0) put32(w, v);
  else put64(w, v, -1);
}

/** Writes `t` and a bool. */
export function writeBool(w: Writer, t: number, v: unknown): void {
  if (typeof v !== "boolean") bail();
  room(w, 6);
  putTag(w, t);
  w.b[w.p++] = v ? 1 : 0;
}

/** The largest integer a float holds exactly. */
const SAFE = 9007199254740991;

/**
 * Writes `t` and a 64-bit varint: an int64 (`signed`) or a uint64, given as a bigint or as a
 * safe integer (which the slow path accepts too; a decimal string is left to it).
 */
export function writeLong(w: Writer, t: number, v: unknown, signed: boolean): void {
  let lo: number;
  let hi: number;
  const n =
    typeof v === "bigint"
      ? Number(v)
      : typeof v === "number" && Number.isSafeInteger(v)
        ? v
        : bail();
  if (n <= SAFE && n >= -SAFE) {
    if (n < 0 && !signed) bail();
    lo = n >>> 0;
    hi = (n - lo) / 4294967296;
  } else {
    const big = v as bigint; // a number here would be unsafe, and has bailed
    if (signed ? BigInt.asIntN(64, big) !== big : BigInt.asUintN(64, big) !== big) bail();
    lo = Number(big & 0xffffffffn);
    hi = Number((big >> 32n) & 0xffffffffn);
  }
  room(w, 15);
  putTag(w, t);
  put64(w, lo, hi);
}

/** Whether a 64-bit value is zero, as protobuf-es's `value != 0` skips it; bails on other types. */
export function isZeroLong(v: unknown): boolean {
  if (typeof v === "bigint") return v === 0n;
  if (typeof v === "number" && Number.isSafeInteger(v)) return v === 0;
  bail();
}

/** Writes `t` and a `bytes` value. */
export function writeBytes(w: Writer, t: number, v: unknown): void {
  if (!(v instanceof Uint8Array)) bail();
  room(w, 10 + v.length);
  putTag(w, t);
  put32(w, v.length);
  w.b.set(v, w.p);
  w.p += v.length;
}

const encoder = /*@__PURE__*/ new TextEncoder();

/** A lone surrogate: half of a pair without the other half. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether `s` holds no lone surrogate: String.prototype.isWellFormed, called as it is, which
 * keeps this small enough for V8 to inline at every call site (a fallback in here measured 5 to
 * 10 % slower JSON writing). Engines from before 2023 lack it: the call throws a TypeError, and
 * the generated function gives up to the slow path, as on any exception. Only the call in
 * wellFormedJson, outside the generated functions, needs the fallback.
 */
export function wellFormed(s: string): boolean {
  return s.isWellFormed();
}

/**
 * Writes `t` and a string as UTF-8. A lone surrogate bails: the slow path rejects it (protobuf-es
 * would write U+FFFD). Strings of 32 characters or more go through TextEncoder.encodeInto, shorter
 * ones through a loop (the call costs what 30 characters do). The length prefix is reserved for
 * an ASCII string, and the bytes are moved if their UTF-8 needs a longer prefix.
 */
export function writeString(w: Writer, t: number, v: unknown): void {
  if (typeof v !== "string") bail();
  const n = v.length;
  room(w, 10 + 3 * n);
  putTag(w, t);
  const b = w.b;
  const reserved = n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : 4;
  const start = w.p + reserved;
  let p = start;
  if (n >= 32) {
    if (!wellFormed(v)) bail();
    p += encoder.encodeInto(v, b.subarray(start)).written;
  } else {
    for (let i = 0; i < n; i++) {
      let c = v.charCodeAt(i);
      if (c < 0x80) {
        b[p++] = c;
      } else if (c < 0x800) {
        b[p++] = 0xc0 | (c >> 6);
        b[p++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        b[p++] = 0xe0 | (c >> 12);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      } else {
        // A surrogate pair makes one code point of 4 bytes; a lone surrogate is invalid.
        const d = c < 0xdc00 && i + 1 < n ? v.charCodeAt(i + 1) : 0;
        if (d < 0xdc00 || d > 0xdfff) bail();
        i++;
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        b[p++] = 0xf0 | (c >> 18);
        b[p++] = 0x80 | ((c >> 12) & 0x3f);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      }
    }
  }
  const len = p - start;
  const size = len < 0x80 ? 1 : len < 0x4000 ? 2 : len < 0x200000 ? 3 : 4;
  if (size !== reserved) b.copyWithin(w.p + size, start, p);
  put32(w, len);
  w.p += len;
}

/** Starts a length-delimited value after tag `t`: reserves a byte for the length. */
export function fork(w: Writer, t: number): number {
  room(w, 6);
  putTag(w, t);
  return w.p++;
}

/** Ends a length-delimited value begun at `at`: writes its length, moving it if needed. */
export function join(w: Writer, at: number): void {
  const len = w.p - at - 1;
  if (len < 0x80) {
    w.b[at] = len;
    return;
  }
  const size = len < 0x4000 ? 2 : len < 0x200000 ? 3 : len < 0x10000000 ? 4 : 5;
  room(w, size - 1);
  w.b.copyWithin(at + size, at + 1, w.p);
  w.p = at;
  put32(w, len);
  w.p += len;
}

/** Checks that `v` is a message of type `typeName` as protobuf-es checks it, or bails. */
export function isMessage<T>(v: unknown, typeName: string): T {
  if (typeof v !== "object" || v === null || (v as { $typeName?: unknown }).$typeName !== typeName)
    bail();
  return v as T;
}

/** Checks that `v` is an array, or bails. */
export function isList(v: unknown): unknown[] {
  if (!Array.isArray(v)) bail();
  return v;
}

/** Checks that `v` is a record (an object, not an array), or bails. */
export function isRecord(v: unknown): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) bail();
  return v as Record<string, unknown>;
}

/**
 * Checks that the oneof `v` is `{ case, value }` with `case` undefined or one of `cases`,
 * or bails. Returns the case.
 */
export function oneofCase(v: unknown): string | undefined {
  if (typeof v !== "object" || v === null) bail();
  const c = (v as { case?: unknown }).case;
  if (c !== undefined && typeof c !== "string") bail();
  return c;
}

/** Checks that the optional field `key` of `m` is an own property (else the slow path decides). */
export function own(m: object, key: string): void {
  if (!Object.hasOwn(m, key)) bail();
}

/** Compares two strings by the byte order of their UTF-8 (that is, by code point). */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 puts surrogates (U+10000 and up) below U+E000 to U+FFFF; code points do not.
    if (x >= 0xd800 && y >= 0xd800) {
      x += x < 0xe000 ? 0x2000 : -0x800;
      y += y < 0xe000 ? 0x2000 : -0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** A key a JavaScript object puts first, whatever the insertion order. */
const arrayIndex = /^(?:0|[1-9][0-9]{0,9})$/;

/**
 * The keys of a map with string keys in the order they are written: as they are, or sorted by
 * their UTF-8 when the writer sorts, as the slow path's deterministic order does.
 */
export function mapKeys(w: Writer, map: Record<string, unknown>): string[] {
  const keys = Object.keys(map);
  if (!w.sort || keys.length < 2) return keys;
  for (let i = 1; i < keys.length; i++) {
    if (compareUtf8(keys[i - 1] as string, keys[i] as string) > 0) {
      if (keys.some((k) => arrayIndex.test(k))) w.byteSorted = true;
      else w.copies++;
      return keys.sort(compareUtf8);
    }
  }
  return keys;
}

/**
 * Bails unless each property of `keys` that `m` has is an own enumerable one. The slow path
 * writes a shallow copy (`{ ...m }`) of a message on the way to a map it sorted: an inherited
 * or hidden property would be missing from the copy, and its output (or error) would differ.
 */
export function ownFields(m: object, keys: readonly string[]): void {
  for (const k of keys) {
    if (
      (m as Record<string, unknown>)[k] !== undefined &&
      !Object.prototype.propertyIsEnumerable.call(m, k)
    ) {
      bail();
    }
  }
}

/** Bails unless `unknown` is undefined or a list of `{ no, wireType, data }`, as checkMessage wants. */
export function checkUnknown(unknown: unknown): void {
  if (unknown === undefined) return;
  if (!Array.isArray(unknown)) bail();
  for (const field of unknown as { no?: unknown; wireType?: unknown; data?: unknown }[]) {
    if (
      typeof field?.no !== "number" ||
      typeof field.wireType !== "number" ||
      !(field.data instanceof Uint8Array)
    ) {
      bail();
    }
  }
}

/** Writes the fields kept in `$unknown` (if the writer keeps them); bails on a malformed list. */
export function writeUnknown(w: Writer, unknown: unknown): void {
  checkUnknown(unknown);
  if (unknown === undefined || !w.keep) return;
  for (const { no, wireType, data } of unknown as UnknownField[]) {
    room(w, 5 + data.length);
    put32(w, ((no << 3) | wireType) >>> 0); // as protobuf-es computes the tag, whatever `no` is
    w.b.set(data, w.p);
    w.p += data.length;
    w.wroteUnknown = true;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

/** A JSON object, as the generated mappers build and read them. */
export type JsonObject = { [key: string]: unknown };

/** The options of a JSON write, as booleans. */
export interface JsonFlags {
  /** useProtoFieldName */
  readonly proto: boolean;
  /** alwaysEmitImplicit */
  readonly implicit: boolean;
  /** enumAsInteger */
  readonly enumInt: boolean;
}

/** A string for JSON: bails unless it is a well-formed string. */
export function jsonString(v: unknown): string {
  if (typeof v !== "string" || !wellFormed(v)) bail();
  return v;
}

/** An int32 for JSON: bails unless it is one. */
export function jsonInt32(v: unknown): number {
  if (typeof v !== "number" || (v | 0) !== v) bail();
  return v;
}

/** A uint32 for JSON: bails unless it is one. */
export function jsonUint32(v: unknown): number {
  if (typeof v !== "number" || v >>> 0 !== v) bail();
  return v;
}

/** A bool for JSON. */
export function jsonBool(v: unknown): boolean {
  if (typeof v !== "boolean") bail();
  return v;
}

/** A 64-bit integer for JSON: its decimal string. Bails unless it is in range. */
export function jsonLong(v: unknown, signed: boolean): string {
  if (typeof v === "bigint") {
    // A float prints a safe integer faster than a bigint prints itself, to the same digits.
    const n = Number(v);
    if (n <= SAFE && n >= -SAFE && (signed || n >= 0)) return `${n}`;
    if (signed ? BigInt.asIntN(64, v) !== v : BigInt.asUintN(64, v) !== v) bail();
    return v.toString();
  }
  if (typeof v !== "number" || !Number.isSafeInteger(v) || (!signed && v < 0)) bail();
  return `${v}`;
}

/**
 * A 64-bit field without presence for JSON: {@link jsonLong}, or undefined for a zero that
 * protobuf-es leaves out (unless `implicit`). One call for what the writer asks of every such
 * field.
 */
export function jsonLongField(v: unknown, signed: boolean, implicit: boolean): string | undefined {
  if (typeof v === "bigint") {
    const n = Number(v);
    if (n <= SAFE && n >= -SAFE && (signed || n >= 0)) {
      return n === 0 && !implicit ? undefined : `${n}`;
    }
  }
  return isZeroLong(v) && !implicit ? undefined : jsonLong(v, signed);
}

/** An enum value for JSON: its name, or its number if unknown or with `enumAsInteger`. */
export function jsonEnum(v: unknown, names: readonly string[], f: JsonFlags): number | string {
  const n = jsonInt32(v);
  return f.enumInt ? n : (names[n] ?? n);
}

/** Node's Buffer, as jsonBytes uses it. */
interface NodeBuffer {
  from(
    buffer: ArrayBufferLike,
    byteOffset: number,
    length: number,
  ): { toString(e: "base64"): string };
}

/**
 * `bytes` for JSON: standard base64 with padding, as protobuf-es writes it. Where Node's Buffer
 * is there, through a Buffer over the same memory: its base64 is native, and 1.6 to 15 times as
 * fast as Node 20's btoa() (written in JavaScript) from 32 bytes up. Elsewhere btoa(), which the
 * browsers implement natively.
 */
export function jsonBytes(v: unknown): string {
  if (!(v instanceof Uint8Array)) bail();
  const B = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (B !== undefined && v.length > 16) {
    return B.from(v.buffer, v.byteOffset, v.length).toString("base64");
  }
  let latin1 = "";
  for (let i = 0; i < v.length; i += 0x2000) {
    latin1 += String.fromCharCode.apply(null, v.subarray(i, i + 0x2000) as unknown as number[]);
  }
  return btoa(latin1);
}

// Reading a JSON value ------------------------------------------------------------------------

/** The state of one read of a JSON value: the options. */
export interface JsonRead {
  readonly limit: number;
  readonly ignore: boolean;
  /** Every string is known to be well-formed (no lone surrogate): skip the check. */
  readonly wf: boolean;
}

/**
 * A JSON object to read a message or a map from, or bail. Only plain objects (what JSON.parse()
 * makes): the readers look fields up by property reads, which an object with another prototype
 * could answer from its prototype.
 */
export function jsonObject(v: unknown): JsonObject {
  if (typeof v !== "object" || v === null || Object.getPrototypeOf(v) !== Object.prototype) bail();
  return v as JsonObject;
}

/**
 * Called when a message's JSON object has more members than the reader read (`n`): bails
 * unless `ignoreUnknownFields`, and then still bails if any field was read from the prototype
 * rather than from a member (a polluted Object.prototype), which the count would not show.
 * (Left uncaught: a field name polluted into Object.prototype *and* one unknown member in the
 * same object, without `ignoreUnknownFields`: the counts then match, the reader takes the
 * inherited value where the slow path would name the unknown member.)
 */
export function unknownMembers(
  o: JsonObject,
  n: number,
  r: JsonRead,
  names: readonly string[],
): void {
  if (!r.ignore) bail(); // the slow path names the member
  let own = 0;
  for (const k of Object.keys(o)) if (names.includes(k)) own++;
  if (own !== n) bail();
}

/** A string from JSON; checked for lone surrogates unless the text was (`wf`). */
export function readString(v: unknown, wf: boolean): string {
  if (typeof v !== "string" || (!wf && !wellFormed(v))) bail();
  return v;
}

/** An int32 from JSON: a number only (a string form is left to the slow path). */
export const readInt32 = jsonInt32;

/** A uint32 from JSON: a number only. */
export const readUint32 = jsonUint32;

/** A bool from JSON. */
export const readBool = jsonBool;

// Literals, not expressions: a bundler drops an unused literal, not an unused `2n ** 63n`.
const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;
const UINT64_MAX = 18446744073709551615n;

/**
 * A 64-bit integer from JSON: a decimal string, or a number that is a safe integer (a larger
 * one may have lost digits in JSON.parse(): the slow path rejects it), in range.
 */
export function readLong(v: unknown, signed: boolean): bigint {
  if (typeof v === "string") {
    // Digits that make a safe integer make it exactly in a float (each step is exact, and a
    // larger value cannot round down into the safe range): BigInt(number) is cheaper than
    // BigInt(string), and the digits are checked on the way.
    const n = v.length;
    const negative = v.charCodeAt(0) === 45;
    let i = negative ? 1 : 0;
    if (i < n && n <= 17) {
      let x = 0;
      for (; i < n; i++) {
        const d = v.charCodeAt(i) - 48;
        if (d < 0 || d > 9) bail();
        x = x * 10 + d;
      }
      if (x <= 9007199254740991) {
        if (negative && !signed && x !== 0) bail();
        return bigintOf(negative ? -x : x, signed);
      }
    }
    if (!/^-?[0-9]+$/.test(v)) bail();
    const big = BigInt(v);
    if (signed ? big < INT64_MIN || big > INT64_MAX : big < 0n || big > UINT64_MAX) bail();
    return big;
  }
  if (typeof v !== "number" || !Number.isSafeInteger(v) || (!signed && v < 0)) bail();
  return bigintOf(v, signed);
}

/** An enum value from JSON: a known name, or an int32 number. */
export function readEnum(v: unknown, numbers: ReadonlyMap<string, number>): number {
  if (typeof v === "string") {
    const n = numbers.get(v);
    if (n === undefined) bail();
    return n;
  }
  return jsonInt32(v);
}

/** The value of each base64 character by its code (below 128), or -1. */
const base64Values = /*@__PURE__*/ (() => {
  const values = new Int8Array(128).fill(-1);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let i = 0; i < 64; i++) values[alphabet.charCodeAt(i)] = i;
  return values;
})();

// V8 keeps a typed array of more than 64 bytes off its heap, which makes each one cost about ten
// times as much to allocate (measured: 320 ns against 30 ns on Node 20). Arrays of 65 bytes to
// 4 KiB are cut from a shared 8 KiB block instead, as Node's Buffer.from() does: each is a view
// of its own bytes, and the block lives as long as any of them (the views protobuf-es's
// fromBinary() returns share the input's buffer in the same way).
let block = /*@__PURE__*/ new Uint8Array(0);
let blockUsed = 0;

/** A new zeroed Uint8Array of `n` bytes; from the shared block if it is of middle size. */
function allocate(n: number): Uint8Array {
  if (n <= 64 || n > 4096) return new Uint8Array(n);
  if (blockUsed + n > block.length) {
    block = new Uint8Array(8192);
    blockUsed = 0;
  }
  const out = block.subarray(blockUsed, blockUsed + n);
  blockUsed += (n + 7) & ~7; // 8-byte aligned, as Node aligns its pool
  return out;
}

/**
 * `bytes` from JSON: standard base64 with padding. Bails on anything else (URL-safe base64,
 * missing padding, whitespace: the slow path accepts those).
 */
export function readBytes(v: unknown): Uint8Array {
  if (typeof v !== "string") bail();
  const n = v.length;
  if (n % 4 !== 0) bail();
  const pad = n > 0 && v.charCodeAt(n - 1) === 61 ? (v.charCodeAt(n - 2) === 61 ? 2 : 1) : 0;
  const out = allocate((n / 4) * 3 - pad);
  const t = base64Values;
  const full = pad === 0 ? n : n - 4;
  let o = 0;
  let i = 0;
  // A -1 (a character outside the alphabet, "=" included) makes the group negative.
  for (; i < full; i += 4) {
    const a = v.charCodeAt(i);
    const b = v.charCodeAt(i + 1);
    const c = v.charCodeAt(i + 2);
    const d = v.charCodeAt(i + 3);
    if ((a | b | c | d) > 127) bail();
    const x = (t[a] << 18) | (t[b] << 12) | (t[c] << 6) | t[d];
    if (x < 0) bail();
    out[o] = x >> 16;
    out[o + 1] = x >> 8;
    out[o + 2] = x;
    o += 3;
  }
  if (pad > 0) {
    const a = v.charCodeAt(i);
    const b = v.charCodeAt(i + 1);
    const c = pad === 2 ? 65 : v.charCodeAt(i + 2); // "A": no bits
    if ((a | b | c) > 127) bail();
    const x = (t[a] << 18) | (t[b] << 12) | (t[c] << 6);
    if (x < 0) bail();
    out[o] = x >> 16;
    if (pad === 1) out[o + 1] = x >> 8;
  }
  return out;
}

/**
 * Whether every string JSON.parse() makes of `text` is well-formed: the text holds no lone
 * surrogate and no `\u` escape (which could make one).
 */
export function wellFormedJson(text: string): boolean {
  return (
    !text.includes("\\u") &&
    (typeof text.isWellFormed === "function" ? text.isWellFormed() : !loneSurrogate.test(text))
  );
}
