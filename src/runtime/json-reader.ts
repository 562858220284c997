// Reading proto3 JSON values into message values, for the generated JSON readers.

import { bail } from "./bail.js";
import { bigintOf, inInt64Range, MAX_DECIMAL_CHARS } from "./int64.js";
import {
  boolToJson,
  int32ToJson,
  type JsonObject,
  stringToJson,
  uint32ToJson,
} from "./json-writer.js";
import { nodeBuffer } from "./node-buffer.js";

/** The state of one read of a JSON value: the options, and a count of the members seen. */
export interface JsonReader {
  /** Messages may nest this deep; the outermost is at depth 1. */
  readonly recursionLimit: number;
  readonly ignoreUnknownFields: boolean;
  /** Every string is known to be well-formed (no lone surrogate): skip the check. */
  readonly wellFormed: boolean;
  /**
   * The value is what JSON.parse() returned: its objects are arrays or have Object.prototype
   * for prototype, and a reader tells them apart by their `constructor` (see printJsonObject).
   */
  readonly parsed: boolean;
  /**
   * Each message object's members are counted (`Object.keys`) and those the reader does not
   * know looked into (see checkUnknownMembers). Off only for compact JSON text: see the
   * compact-text rule in src/envelope/json-text.ts.
   */
  readonly countMembers: boolean;
  /**
   * The members of every object read (messages and maps), added up; with `countMembers` off, the
   * members read (map entries included). For the duplicate-key check of json-text.ts.
   */
  keys: number;
  /**
   * The length of the shortest JSON text of what was read (no space, no escape), added up; NaN
   * if a number has a shorter spelling than its digits (see numberTextLength). For the
   * compact-text rule of json-text.ts.
   */
  chars: number;
}

/**
 * The length of the shortest JSON text of the integer `value`: its digits and sign, or NaN when an
 * exponent makes it shorter (1000 as 1e3), whose length in the text this cannot know.
 */
export function numberTextLength(value: number): number {
  if (value % 1000 === 0 && value !== 0) return Number.NaN;
  let length = value < 0 ? 2 : 1;
  for (let power = 10, magnitude = value < 0 ? -value : value; power <= magnitude; power *= 10)
    length++;
  return length;
}

/**
 * Called when a message's JSON object has more members than the reader read (`membersRead`): bails
 * unless `ignoreUnknownFields`, and then still bails if any field was read from the prototype
 * rather than from a member (a polluted Object.prototype), which the count would not show. Bails
 * too on an unknown member the slow path must look into (a lone surrogate in its name or value is
 * refused, as is an object nested past the recursion limit): any unknown member when the strings
 * are not known to be well-formed, and an unknown member whose value is an object or array. (Left
 * uncaught: a field name polluted into Object.prototype *and* one unknown member in the same
 * object: the counts then match, and the reader takes the inherited value where the slow path would
 * name the unknown member, or skip it with `ignoreUnknownFields`. For compact text, whose members
 * are not counted object by object (JsonReader.countMembers), as many inherited fields as unknown
 * members anywhere in the text.)
 */
export function checkUnknownMembers(
  object: JsonObject,
  membersRead: number,
  reader: JsonReader,
  names: readonly string[],
): void {
  // The slow path names the member, or looks into it.
  if (!reader.ignoreUnknownFields || !reader.wellFormed) bail();
  let known = 0;
  for (const name of Object.keys(object)) {
    if (names.includes(name)) known++;
    else if (typeof object[name] === "object" && object[name] !== null) bail();
  }
  if (known !== membersRead) bail();
}

/** A string from JSON; checked for lone surrogates unless the text was (`wellFormed`). */
export const stringFromJson = stringToJson;

/** An int32 from JSON: a number only (a string form is left to the slow path). */
export const int32FromJson = int32ToJson;

/** A uint32 from JSON: a number only. */
export const uint32FromJson = uint32ToJson;

/** A bool from JSON. */
export const boolFromJson = boolToJson;

/**
 * A 64-bit integer from JSON: a decimal string, or a number that is a safe integer (a larger
 * one may have lost digits in JSON.parse(): the slow path rejects it), in range.
 */
export function int64FromJson(json: unknown, signed: boolean): bigint {
  // Up to 8 digits (counts, sizes, codes): small enough for V8 to inline into every reader.
  if (typeof json === "string" && json.length <= 8) {
    let integer = 0;
    for (let i = 0; i < json.length; i++) {
      const digit = json.charCodeAt(i) - 48;
      if (digit >>> 0 > 9) return int64FromJsonText(json, signed); // a sign, or what is not a digit
      integer = integer * 10 + digit;
    }
    if (json.length > 0) return bigintOf(integer, signed);
  }
  return int64FromJsonText(json, signed);
}

/** {@link int64FromJson} for the rest: longer or signed digits, numbers, and what it bails on. */
function int64FromJsonText(json: unknown, signed: boolean): bigint {
  if (typeof json === "string") {
    // Digits that make a safe integer make it exactly in a float (below 2^53 every step is
    // exact, and rounding cannot take a larger value down into the safe range): BigInt(number)
    // is cheaper than BigInt(string), and the digits are checked on the way.
    const length = json.length;
    const negative = json.charCodeAt(0) === 45;
    let at = negative ? 1 : 0;
    if (at < length && length <= 17) {
      // In two small integers, the last 8 digits and the (at most 9) before them: one float
      // that grows past 2^31 digit by digit takes two to three times as long (Node.js 20 to 26).
      const split = length - 8 > at ? length - 8 : at;
      let high = 0;
      let low = 0;
      for (; at < split; at++) {
        const digit = json.charCodeAt(at) - 48;
        if (digit >>> 0 > 9) bail();
        high = high * 10 + digit;
      }
      for (; at < length; at++) {
        const digit = json.charCodeAt(at) - 48;
        if (digit >>> 0 > 9) bail();
        low = low * 10 + digit;
      }
      const integer = high * 1e8 + low;
      if (integer <= 9007199254740991) {
        if (negative && !signed) bail(); // "-0" too: Google refuses it for unsigned fields
        return bigintOf(negative ? -integer : integer, signed);
      }
    }
    if (length > MAX_DECIMAL_CHARS || !/^-?[0-9]+$/.test(json)) bail();
    const big = BigInt(json);
    if (!inInt64Range(big, signed)) bail();
    return big;
  }
  if (typeof json !== "number" || !Number.isSafeInteger(json) || (!signed && json < 0)) bail();
  return bigintOf(json, signed);
}

/** An enum value from JSON: a known name, or an int32 number. */
export function enumFromJson(json: unknown, numbers: ReadonlyMap<string, number>): number {
  if (typeof json === "string") {
    const number = numbers.get(json);
    if (number === undefined) bail();
    return number;
  }
  return int32ToJson(json);
}

/** The value of each base64 character by its code (below 128), or -1. */
const base64Values = /*@__PURE__*/ (() => {
  const values = new Int8Array(128).fill(-1);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let i = 0; i < 64; i++) values[alphabet.charCodeAt(i)] = i;
  return values;
})();

// V8 keeps a typed array of more than 64 bytes off its heap, which makes each one many times as
// costly to allocate. Arrays of 65 bytes to
// 4 KiB are cut from a shared 8 KiB block instead, as Node's Buffer.from() does: each is a view
// of its own bytes, and the block lives as long as any of them (the views protobuf-es's
// fromBinary() returns share the input's buffer in the same way).
let block = /*@__PURE__*/ new ArrayBuffer(0);
let blockUsed = 0;

/** A new zeroed Uint8Array of `length` bytes; from the shared block if it is of middle size. */
function allocate(length: number): Uint8Array {
  if (length <= 64 || length > 4096) return new Uint8Array(length);
  if (blockUsed + length > block.byteLength) {
    block = new ArrayBuffer(8192);
    blockUsed = 0;
  }
  const bytes = new Uint8Array(block, blockUsed, length); // cheaper than subarray()
  blockUsed += (length + 7) & ~7; // 8-byte aligned, as Node aligns its pool
  return bytes;
}

/**
 * Uint8Array.prototype.setFromBase64 (ES2026), where the engine has it (Node.js 26 does, 24 not).
 */
type SetFromBase64 = (
  this: Uint8Array,
  text: string,
  o: { lastChunkHandling: "strict" },
) => { read: number; written: number };

const setFromBase64 = /*@__PURE__*/ (() => {
  const f = (Uint8Array.prototype as { setFromBase64?: unknown }).setFromBase64;
  return typeof f === "function" ? (f as SetFromBase64) : undefined;
})();

/** Padding, and no bits past the last byte: what bytesFromJson takes. */
const strict = { lastChunkHandling: "strict" } as const;

/**
 * From this many characters up, bytesFromJson decodes natively where it can: about where the
 * native call, whose fixed cost dominates short texts, catches up with the loop here.
 */
const NATIVE_BASE64_CHARS = 64;

/**
 * Node's native base64 of a range, `Buffer.prototype.base64Write` and `base64Slice`, called on a
 * plain Uint8Array, where there is no setFromBase64 (Node.js 20 to 24).
 */
const nodeBase64 =
  nodeBuffer?.base64Write && nodeBuffer.base64Slice
    ? { write: nodeBuffer.base64Write, slice: nodeBuffer.base64Slice }
    : undefined;

/**
 * From this many characters up, bytesFromJson decodes through {@link nodeBase64} where the engine
 * has no setFromBase64: past the length where it overtakes the table on both Node.js 20 and 24.
 */
const NODE_BASE64_CHARS = 512;

/**
 * `bytes` from JSON: standard base64 with padding, and no bits set beyond the last byte. Bails
 * on anything else (the slow path takes URL-safe base64 and missing padding, and refuses the
 * rest).
 */
export function bytesFromJson(json: unknown): Uint8Array {
  if (typeof json !== "string") bail();
  const chars = json.length;
  if (chars % 4 !== 0) bail();
  const pad =
    chars > 0 && json.charCodeAt(chars - 1) === 61
      ? json.charCodeAt(chars - 2) === 61
        ? 2
        : 1
      : 0;
  const length = (chars / 4) * 3 - pad;
  const bytes = allocate(length);
  if (chars >= NATIVE_BASE64_CHARS && setFromBase64 !== undefined) {
    // It throws on anything else than strict standard base64 but ASCII whitespace, which it
    // skips: whitespace shows as fewer bytes written (at least 3 per 4 characters skipped,
    // more than padding can account for).
    const result = setFromBase64.call(bytes, json, strict);
    if (result.read !== chars || result.written !== length) bail();
    return bytes;
  }
  if (chars >= NODE_BASE64_CHARS && nodeBase64 !== undefined) {
    // Node's decoder is lenient (it takes URL-safe characters, skips others, and ignores bits
    // past the last byte), so the bytes are encoded back: only the strict text gives itself back.
    if (
      nodeBase64.write.call(bytes, json, 0, length) !== length ||
      nodeBase64.slice.call(bytes, 0, length) !== json
    ) {
      bail();
    }
    return bytes;
  }
  const values = base64Values;
  const full = pad === 0 ? chars : chars - 4;
  let written = 0;
  let i = 0;
  // A -1 (a character outside the alphabet, "=" included) makes the group negative.
  for (; i < full; i += 4) {
    const a = json.charCodeAt(i);
    const b = json.charCodeAt(i + 1);
    const c = json.charCodeAt(i + 2);
    const d = json.charCodeAt(i + 3);
    if ((a | b | c | d) > 127) bail();
    const group =
      ((values[a] as number) << 18) |
      ((values[b] as number) << 12) |
      ((values[c] as number) << 6) |
      (values[d] as number);
    if (group < 0) bail();
    bytes[written] = group >> 16;
    bytes[written + 1] = group >> 8;
    bytes[written + 2] = group;
    written += 3;
  }
  if (pad > 0) {
    const a = json.charCodeAt(i);
    const b = json.charCodeAt(i + 1);
    const c = pad === 2 ? 65 : json.charCodeAt(i + 2); // "A": no bits
    if ((a | b | c) > 127) bail();
    const group =
      ((values[a] as number) << 18) | ((values[b] as number) << 12) | ((values[c] as number) << 6);
    if (group < 0 || (group & (pad === 2 ? 0xffff : 0xff)) !== 0) bail(); // bits past the last byte
    bytes[written] = group >> 16;
    if (pad === 1) bytes[written + 1] = group >> 8;
  }
  return bytes;
}

/** The options of a JSON read: those of envelopeFromJson() that the reader takes. */
export interface JsonReadOptions {
  readonly ignoreUnknownFields: boolean;
  /** Messages may nest this deep; the outermost is at depth 1. */
  readonly recursionLimit: number;
}

/**
 * The reader of a value that JSON.parse() made of a text, given to the generated `fromJson()`:
 * what is known of the text (see {@link JsonReader.wellFormed} and {@link JsonReader.countMembers})
 * and, after the read, its counts ({@link JsonReader.keys}, {@link JsonReader.chars}). One object,
 * made by {@link parsedJsonReader}.
 */
export type ParsedJson = JsonReader;

/** A reader of what JSON.parse() made of a text: see {@link ParsedJson}. */
export function parsedJsonReader(
  options: JsonReadOptions,
  wellFormed: boolean,
  countMembers: boolean,
): ParsedJson {
  return newJsonReader(options, wellFormed, true, countMembers);
}

/** Every reader is made here, so that the generated readers see one shape of it. */
function newJsonReader(
  options: JsonReadOptions,
  wellFormed: boolean,
  parsed: boolean,
  countMembers: boolean,
): JsonReader {
  return {
    recursionLimit: options.recursionLimit,
    ignoreUnknownFields: options.ignoreUnknownFields,
    wellFormed,
    parsed,
    countMembers,
    keys: 0,
    chars: 0,
  };
}

/** The generated JSON reader of one message type: a message at nesting depth `depth`. */
export type ReadJson<T> = (json: unknown, reader: JsonReader, depth: number) => T;

/**
 * Reads a message from a proto3 JSON value with its generated reader `read` as the slow path
 * (protobuf-es's fromJson()) would, or returns undefined for anything it does not take: the
 * caller then runs the slow path, for its exact result or error. `parsed`, given when `json` is
 * what JSON.parse() returned, is the reader to read with (its options are those of `options`):
 * it says what is known of the text and receives the counts of the read.
 */
export function readJsonValue<T>(
  read: ReadJson<T>,
  json: unknown,
  options: JsonReadOptions,
  parsed?: ParsedJson,
): T | undefined {
  try {
    return read(json, parsed ?? newJsonReader(options, false, false, true), 1);
  } catch {
    return undefined;
  }
}
