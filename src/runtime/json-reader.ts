// Reading proto3 JSON values into message values, for the generated JSON readers: every form
// Google's proto3 JSON parsers take, and a CodecError in the package's own words for every form
// they refuse. The generated reader of a message reads a plain object by property reads of its
// fields' JSON names, each value through a field reader here (stringField(), messageList(), …:
// a value reader, which takes every form and throws the error itself, plus the count of the
// value's text); it hands any other value, by a private signal (returning its result), to
// readJsonMembers() in json-members.ts, which makes the refusals of the per-member rules.

import { CodecError } from "../codec-error.js";
import { quoteText } from "./escape-text.js";
import { bigintOf, inInt64Range, MAX_DECIMAL_CHARS } from "./int64.js";
import { type JsonFields, scalarFieldId } from "./json-fields.js";
import type { JsonObject } from "./json-writer.js";
import { nodeBuffer } from "./node-buffer.js";
import { setOwn } from "./own-property.js";
import { wellFormedString } from "./unicode.js";

/** The state of one read of a JSON value: the options, and a count of the members seen. */
export interface JsonReader {
  /** Messages may nest this deep; the outermost is at depth 1. */
  readonly recursionLimit: number;
  readonly ignoreUnknownFields: boolean;
  /** Every string is known to be well-formed (no lone surrogate): skip the check. */
  readonly wellFormed: boolean;
  /**
   * The value is what JSON.parse() returned: its objects are arrays or have Object.prototype
   * for prototype, and a reader tells them apart by their `constructor`.
   */
  readonly parsed: boolean;
  /**
   * Each message object's members are counted (`Object.keys`), and an object with members the
   * property reads did not read is handed to the per-member reader. Off only for compact JSON
   * text: see the compact-text rule in src/envelope/json-text.ts.
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
  /**
   * The maps the message being read sits in: a message `depth` deep is in `depth + maps` JSON
   * objects, which is how libprotobuf counts the depth of a member it skips.
   */
  maps: number;
  /**
   * The object readJsonMembers() (json-members.ts) made for the generated reader to read next:
   * of JSON names only and without a prototype, read by property reads all the same.
   */
  normal: object;
  /**
   * The fields of the message whose scalars are being read: the generated reader sets it before
   * it reads them, and a number for a field (see {@link FieldRef}) is an index into it.
   */
  table: JsonFields;
}

/** What a reader's `normal` is before readJsonMembers() makes one: no value is this object. */
const noNormal: object = {};

/** What a reader's `table` is before a generated reader sets it: no message's. */
const noTable: JsonFields = ["", () => undefined, "", ""];

/**
 * A field as the readers name it in errors: its full name (`kafka_grpc.UpdateData.id`), or,
 * while a generated reader reads a message's scalars, enums and lists of them, the index of the
 * field among those its {@link JsonReader.table} lists, which costs the generated code less
 * than the name; an error made with a number must have the reader.
 */
export type FieldRef = string | number;

/** The full name of `field` (see {@link FieldRef}). */
function fieldId(field: FieldRef, reader: JsonReader | undefined): string {
  return typeof field === "string" ? field : scalarFieldId((reader as JsonReader).table, field);
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

// The errors. `field` is a field (a FieldRef, with the reader it may need), `typeName` a
// message's full name; values are shown as JSON writes them, strings quoted, escaped and cut.

/** A JSON value as an error text shows it. */
function show(json: unknown): string {
  switch (typeof json) {
    case "string":
      return quoteText(json);
    case "object":
      return json === null ? "null" : Array.isArray(json) ? "an array" : "an object";
    case "bigint":
      return `${json}n`;
    case "function":
    case "symbol":
      return `a ${typeof json}`;
    default:
      return String(json);
  }
}

function fieldError(field: FieldRef, detail: string, reader?: JsonReader): never {
  throw new CodecError(
    "invalid_json",
    `cannot decode field ${fieldId(field, reader)} from JSON: ${detail}`,
  );
}

function messageError(typeName: string, detail: string): never {
  throw new CodecError("invalid_json", `cannot decode message ${typeName} from JSON: ${detail}`);
}

/** `field` holds `json`, which is not what it takes (`expected`). */
function expected(field: FieldRef, what: string, json: unknown, reader?: JsonReader): never {
  return fieldError(field, `expected ${what}, got ${show(json)}`, reader);
}

/** A message nested past the recursion limit. */
export function tooDeep(typeName: string, limit: number): never {
  throw new CodecError(
    "too_deep",
    `cannot decode message ${typeName} from JSON: maximum recursion depth of ${limit} reached`,
  );
}

/** A message's JSON value that is no object: null, an array, a string, a number, … */
export function notAnObject(typeName: string, json: unknown): never {
  return messageError(typeName, `expected an object, got ${show(json)}`);
}

/** A member of a name no field has, without `ignoreUnknownFields`. */
export function unknownMember(typeName: string, key: string): never {
  return messageError(typeName, `unknown member ${quoteText(key)}`);
}

/** A member whose value is undefined (a JavaScript object, not JSON). */
export function undefinedMember(field: string): never {
  return fieldError(field, "expected a JSON value, got undefined");
}

/** A field given under its JSON name and its proto name. */
export function bothNames(field: string, jsonName: string, protoName: string): never {
  return fieldError(field, `given by both its names, "${jsonName}" and "${protoName}"`);
}

/** Two members of one oneof, neither null. */
export function twoMembers(oneof: string, first: string, second: string): never {
  throw new CodecError(
    "invalid_json",
    `cannot decode oneof ${oneof} from JSON: members ${quoteText(first)} and ${quoteText(second)} both set`,
  );
}

/** A list item that is null. */
export function nullItem(field: FieldRef, reader?: JsonReader): never {
  return fieldError(field, "a list item is null", reader);
}

/** A map value that is null. */
export function nullMapValue(field: string, key: string): never {
  return fieldError(field, `the value of key ${quoteText(key)} is null`);
}

/**
 * Checks a member that `ignoreUnknownFields` skips: no lone surrogate in its name or in any string
 * or name within its value, and objects nested no deeper than `limit`, counting from the message
 * that holds it, itself `objects` JSON objects deep. As in libprotobuf, every JSON object is a
 * level (a map's too), arrays are not. Iterative: arrays may nest deeper than the stack.
 */
export function skipMember(
  typeName: string,
  key: string,
  value: unknown,
  objects: number,
  limit: number,
): void {
  const loneSurrogate = (where: string) =>
    messageError(typeName, `a lone surrogate in ${where} of unknown member ${quoteText(key)}`);
  if (!wellFormedString(key)) loneSurrogate("the name");
  const stack: [unknown, number][] = [[value, objects]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, d] = top;
    if (typeof v === "string") {
      if (!wellFormedString(v)) loneSurrogate("the value");
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push([item, d]);
    } else if (typeof v === "object" && v !== null) {
      if (d + 1 > limit) {
        throw new CodecError(
          "too_deep",
          `cannot decode message ${typeName} from JSON: unknown member ${quoteText(key)} nests objects deeper than recursionLimit ${limit}`,
        );
      }
      for (const k of Object.keys(v)) {
        if (!wellFormedString(k)) loneSurrogate("the value");
        stack.push([(v as JsonObject)[k], d + 1]);
      }
    }
  }
}

/** The items of a list field: an array, or none for null. */
export function listFromJson(
  json: unknown,
  field: FieldRef,
  reader?: JsonReader,
): readonly unknown[] {
  if (Array.isArray(json)) return json;
  if (json === null) return noItems;
  return expected(field, "an array", json, reader);
}

const noItems: readonly unknown[] = [];

/** The object of a map field (any object but an array: its own members are its entries). */
export function mapFromJson(json: unknown, field: string): JsonObject {
  if (typeof json === "object" && json !== null && !Array.isArray(json)) return json as JsonObject;
  if (json === null) return noEntries;
  return expected(field, "an object", json);
}

const noEntries: JsonObject = /*@__PURE__*/ Object.freeze({});

/** A map key: refused if it holds a lone surrogate (unless the text is known to hold none). */
export function mapKeyFromJson(key: string, knownWellFormed: boolean, field: string): void {
  if (!knownWellFormed && !wellFormedString(key)) {
    fieldError(field, `key ${quoteText(key)} holds a lone surrogate`);
  }
}

// The value readers. Each takes every form Google's parsers take and throws for the rest. null
// reads as the zero value, as for a field set to null; the generated code refuses a null list
// item or map value before it calls them, and leaves a field with presence unset.

/** A string from JSON; checked for lone surrogates unless the text was (`knownWellFormed`). */
export function stringFromJson(
  json: unknown,
  knownWellFormed: boolean,
  field: FieldRef,
  reader?: JsonReader,
): string {
  if (typeof json === "string" && (knownWellFormed || wellFormedString(json))) return json;
  if (typeof json === "string")
    return fieldError(field, `${quoteText(json)} holds a lone surrogate`, reader);
  return json === null ? "" : expected(field, "a string", json, reader);
}

/** A bool from JSON: true or false (not a string, not a number). */
export function boolFromJson(json: unknown, field: FieldRef, reader?: JsonReader): boolean {
  if (typeof json === "boolean") return json;
  return json === null ? false : expected(field, "true or false", json, reader);
}

/** An int32 from JSON: see {@link int32FromJsonOther}. */
export function int32FromJson(json: unknown, field: FieldRef, reader?: JsonReader): number {
  if (typeof json === "number" && (json | 0) === json) return json;
  return int32FromJsonOther(json, true, field, reader);
}

/** A uint32 from JSON: see {@link int32FromJsonOther}. */
export function uint32FromJson(json: unknown, field: FieldRef, reader?: JsonReader): number {
  if (typeof json === "number" && json >>> 0 === json) return json;
  return int32FromJsonOther(json, false, field, reader);
}

/**
 * A 32-bit integer from JSON, in any form but the canonical: a number with a fraction of zeros or
 * an exponent (`1.0`, `1e2`, `-0`: JSON.parse() made the number already), or decimal digits in a
 * string (see {@link integerDigits}).
 */
function int32FromJsonOther(
  json: unknown,
  signed: boolean,
  field: FieldRef,
  reader: JsonReader | undefined,
): number {
  const type = signed ? "an int32" : "a uint32";
  let value: number;
  if (typeof json === "number") value = json;
  else if (typeof json === "string") value = Number(integerDigits(json, signed, field, reader));
  else return json === null ? 0 : expected(field, type, json, reader);
  if (
    Number.isInteger(value) &&
    (signed ? value >= -2147483648 && value <= 2147483647 : value >= 0 && value <= 4294967295)
  ) {
    return value;
  }
  return expected(field, type, json, reader);
}

/**
 * `json`, an integer in a string: decimal digits after an optional sign (no "-" when unsigned);
 * no space, exponent, fraction, base prefix or separator; at most MAX_DECIMAL_CHARS characters,
 * refused by its length before any digit is read.
 */
function integerDigits(
  json: string,
  signed: boolean,
  field: FieldRef,
  reader: JsonReader | undefined,
): string {
  if (json.length > MAX_DECIMAL_CHARS) {
    fieldError(
      field,
      `expected an integer of at most ${MAX_DECIMAL_CHARS} characters, got a string of ${json.length}`,
      reader,
    );
  }
  if (!(signed ? signedDigits : unsignedDigits).test(json)) {
    expected(
      field,
      signed ? "an integer in decimal digits" : "an unsigned integer in decimal digits",
      json,
      reader,
    );
  }
  return json;
}

const signedDigits = /^[+-]?[0-9]+$/;
const unsignedDigits = /^\+?[0-9]+$/;

/**
 * A 64-bit integer from JSON: a decimal string (see {@link integerDigits}), or a number that is
 * an integer up to ±(2^53 − 1). A larger number may have lost digits in JSON.parse()
 * (`9007199254740993` arrives as `9007199254740992`): refused, to be written as a string.
 */
export function int64FromJson(
  json: unknown,
  signed: boolean,
  field: FieldRef,
  reader?: JsonReader,
): bigint {
  // Up to 8 digits (counts, sizes, codes): small enough for V8 to inline into every reader.
  if (typeof json === "string" && json.length <= 8) {
    let integer = 0;
    for (let i = 0; i < json.length; i++) {
      const digit = json.charCodeAt(i) - 48;
      if (digit >>> 0 > 9) return int64FromJsonText(json, signed, field, reader); // a sign, or what is not a digit
      integer = integer * 10 + digit;
    }
    if (json.length > 0) return bigintOf(integer, signed);
  }
  return int64FromJsonText(json, signed, field, reader);
}

/** {@link int64FromJson} for the rest: longer or signed digits, numbers, and what it refuses. */
function int64FromJsonText(
  json: unknown,
  signed: boolean,
  field: FieldRef,
  reader: JsonReader | undefined,
): bigint {
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
      let digits = true;
      for (; at < split; at++) {
        const digit = json.charCodeAt(at) - 48;
        if (digit >>> 0 > 9) digits = false;
        high = high * 10 + digit;
      }
      for (; at < length; at++) {
        const digit = json.charCodeAt(at) - 48;
        if (digit >>> 0 > 9) digits = false;
        low = low * 10 + digit;
      }
      const integer = high * 1e8 + low;
      if (digits && integer <= 9007199254740991 && (signed || !negative)) {
        return bigintOf(negative ? -integer : integer, signed);
      }
    }
    const big = BigInt(integerDigits(json, signed, field, reader));
    if (!inInt64Range(big, signed)) expected(field, signed ? "an int64" : "a uint64", json, reader);
    return big;
  }
  if (typeof json === "number" && Number.isInteger(json)) {
    if (!Number.isSafeInteger(json)) {
      fieldError(
        field,
        `the number ${json} is beyond ±2^53, where JSON numbers lose digits; write a 64-bit integer this large as a string`,
        reader,
      );
    }
    if (signed || json >= 0) return bigintOf(json, signed);
  }
  return json === null
    ? bigintOf(0, signed)
    : expected(field, signed ? "an int64" : "a uint64", json, reader);
}

/**
 * An enum value from JSON: a known name, a number (an int32), or a string of digits that names a
 * known number. With `ignoreUnknownFields`, a name this schema does not know is skipped: the
 * result is undefined and the field, list item or map entry is left out (as Google's parsers
 * do); that name may still not hold a lone surrogate.
 */
export function enumFromJson(
  json: unknown,
  numbers: ReadonlyMap<string, number>,
  reader: JsonReader,
  enumName: string,
  field: FieldRef,
): number | undefined {
  if (typeof json === "string") {
    const number = numbers.get(json);
    if (number !== undefined) return number;
    return enumFromJsonOther(json, numbers, reader, enumName, field);
  }
  if (typeof json === "number" && (json | 0) === json) return json;
  return enumFromJsonOther(json, numbers, reader, enumName, field);
}

function enumFromJsonOther(
  json: unknown,
  numbers: ReadonlyMap<string, number>,
  reader: JsonReader,
  enumName: string,
  field: FieldRef,
): number | undefined {
  if (json === null) return 0;
  if (typeof json === "number") {
    if (Number.isInteger(json) && json >= -2147483648 && json <= 2147483647) return json;
  } else if (typeof json === "string") {
    if (signedDigits.test(json)) {
      const number = Number(json);
      for (const known of numbers.values()) if (known === number) return known;
    }
    if (reader.ignoreUnknownFields) {
      if (!wellFormedString(json)) {
        throw new CodecError(
          "invalid_json",
          `cannot decode enum ${enumName} from JSON: ${quoteText(json)} holds a lone surrogate`,
        );
      }
      return undefined;
    }
  }
  return expected(field, `a ${enumName} name or number`, json, reader);
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
 * `json` decoded if it is standard base64 with padding and no bits set beyond the last byte, the
 * form every writer gives; else undefined, and bytesFromJson reads the other forms.
 */
function standardBase64(json: string): Uint8Array | undefined {
  const chars = json.length;
  if (chars % 4 !== 0) return undefined;
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
    let result: { read: number; written: number };
    try {
      result = setFromBase64.call(bytes, json, strict);
    } catch (error) {
      // Its refusal of anything else (a SyntaxError) is the answer "not standard base64".
      if (error instanceof SyntaxError) return undefined;
      throw error;
    }
    if (result.read !== chars || result.written !== length) return undefined;
    return bytes;
  }
  if (chars >= NODE_BASE64_CHARS && nodeBase64 !== undefined) {
    // Node's decoder is lenient (it takes URL-safe characters, skips others, and ignores bits
    // past the last byte), so the bytes are encoded back: only the strict text gives itself back.
    if (
      nodeBase64.write.call(bytes, json, 0, length) !== length ||
      nodeBase64.slice.call(bytes, 0, length) !== json
    ) {
      return undefined;
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
    if ((a | b | c | d) > 127) return undefined;
    const group =
      ((values[a] as number) << 18) |
      ((values[b] as number) << 12) |
      ((values[c] as number) << 6) |
      (values[d] as number);
    if (group < 0) return undefined;
    bytes[written] = group >> 16;
    bytes[written + 1] = group >> 8;
    bytes[written + 2] = group;
    written += 3;
  }
  if (pad > 0) {
    const a = json.charCodeAt(i);
    const b = json.charCodeAt(i + 1);
    const c = pad === 2 ? 65 : json.charCodeAt(i + 2); // "A": no bits
    if ((a | b | c) > 127) return undefined;
    const group =
      ((values[a] as number) << 18) | ((values[b] as number) << 12) | ((values[c] as number) << 6);
    if (group < 0 || (group & (pad === 2 ? 0xffff : 0xff)) !== 0) return undefined; // bits past the last byte
    bytes[written] = group >> 16;
    if (pad === 1) bytes[written + 1] = group >> 8;
  }
  return bytes;
}

/**
 * `bytes` from JSON: base64, standard or URL-safe (one alphabet per value), padded to whole
 * groups of four or not padded at all, no bits set past the last byte, no spaces.
 */
export function bytesFromJson(json: unknown, field: FieldRef, reader?: JsonReader): Uint8Array {
  if (typeof json === "string") {
    const bytes = standardBase64(json);
    if (bytes !== undefined) return bytes;
  }
  return bytesFromJsonOther(json, field, reader);
}

/** {@link bytesFromJson} for the forms other than standard base64 with padding. */
function bytesFromJsonOther(
  json: unknown,
  field: FieldRef,
  reader: JsonReader | undefined,
): Uint8Array {
  if (json === null) return new Uint8Array(0);
  if (typeof json !== "string" || !(base64.test(json) || base64Url.test(json))) {
    return expected(field, "base64", json, reader);
  }
  let standard = json.replace(/-/g, "+").replace(/_/g, "/");
  while (standard.length % 4 !== 0) standard += "=";
  return standardBase64(standard) ?? expected(field, "base64", json, reader);
}

// Whole groups of four, then a group of two or three, padded with "=" to four or not at all; the
// last character of a short group carries no bits past the last byte.
const base64 =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw](?:==)?|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=?)?$/;
const base64Url =
  /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-][AQgw](?:==)?|[A-Za-z0-9_-]{2}[AEIMQUYcgkosw048]=?)?$/;

// The field readers: a value reader each, which also adds to `reader.chars` the shortest JSON
// text of what it read: `name` (the member's name in quotes, a colon and a comma; 1 for a list
// item, its comma) and the value. The generated readers call them, one line per field.

/** A field reader of one scalar value; `field` names the field in errors. */
export type ReadJsonField<T> = (
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
) => T;

/** The text of an int64, uint64 or enum value: a string, or a number. */
function numberOrStringText(json: unknown): number {
  return typeof json === "string" ? json.length + 2 : numberTextLength(json as number);
}

/** A string field: see {@link stringFromJson}. */
export function stringField(
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
): string {
  const read =
    typeof json === "string" && (reader.wellFormed || wellFormedString(json))
      ? json
      : stringFromJson(json, reader.wellFormed, field, reader);
  reader.chars += name + 2 + read.length; // and the quotes; null reads as ""
  return read;
}

/** A bytes field: see {@link bytesFromJson}. */
export function bytesField(
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
): Uint8Array {
  const read =
    (typeof json === "string" ? standardBase64(json) : undefined) ??
    bytesFromJsonOther(json, field, reader);
  reader.chars += name + (typeof json === "string" ? json.length + 2 : 2);
  return read;
}

/** A bool field: see {@link boolFromJson}. */
export function boolField(
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
): boolean {
  const read = boolFromJson(json, field, reader);
  reader.chars += name + (json === false ? 5 : 4); // null: 4
  return read;
}

/** An int32 field: see {@link int32FromJson}. */
export function int32Field(
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
): number {
  const read = int32FromJson(json, field, reader);
  reader.chars += name + numberTextLength(read);
  return read;
}

/** A uint32 field: see {@link uint32FromJson}. */
export function uint32Field(
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
): number {
  const read = uint32FromJson(json, field, reader);
  reader.chars += name + numberTextLength(read);
  return read;
}

/** An int64 field: see {@link int64FromJson}. */
export function int64Field(
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
): bigint {
  const read = int64FromJson(json, true, field, reader);
  reader.chars += name + numberOrStringText(json);
  return read;
}

/** A uint64 field: see {@link int64FromJson}. */
export function uint64Field(
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
): bigint {
  const read = int64FromJson(json, false, field, reader);
  reader.chars += name + numberOrStringText(json);
  return read;
}

/**
 * An enum field of the enum `enumName`, whose numbers by name are `numbers`: see
 * {@link enumFromJson}; undefined for a name skipped.
 */
export function enumField(
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
  numbers: ReadonlyMap<string, number>,
  enumName: string,
): number | undefined {
  const read = enumFromJson(json, numbers, reader, enumName, field);
  reader.chars += name + numberOrStringText(json);
  return read;
}

/**
 * A list field of scalars or enums into `target`, each item read by `read` (an item that reads as
 * undefined, an enum name skipped, left out); a null item refused.
 */
export function listField<T>(
  json: unknown,
  reader: JsonReader,
  field: FieldRef,
  name: number,
  read: ReadJsonField<T | undefined>,
  target: T[],
): void {
  const list = listFromJson(json, field, reader);
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (item === null) nullItem(field, reader);
    const value = read(item, reader, field, 1); // and a comma
    if (value !== undefined) target.push(value);
  }
  reader.chars += name + (list.length === 0 ? 2 : 1); // the brackets, less the last comma
}

/**
 * The keys of a map field's JSON value (any object but an array), each counted, and the
 * reader's `maps` one more: the generated reader reads each value by {@link mapValue}, a
 * message value one level deeper, then takes `maps` back by one.
 */
export function mapKeys(json: unknown, reader: JsonReader, field: string, name: number): string[] {
  const keys = Object.keys(mapFromJson(json, field));
  reader.keys += keys.length;
  reader.chars += name + (keys.length === 0 ? 2 : 1); // the braces, less the last comma
  reader.maps++;
  return keys;
}

/** The value of a map entry: its key checked, a null value refused, the key's text counted. */
export function mapValue(map: JsonObject, key: string, reader: JsonReader, field: string): unknown {
  mapKeyFromJson(key, reader.wellFormed, field);
  const item = map[key];
  if (item === null) nullMapValue(field, key);
  reader.chars += key.length + 4; // quotes, a colon, a comma
  return item;
}

/**
 * A map field (string keys) of scalars or enums into `target`: each value read by `read` (a value
 * that reads as undefined, an enum name skipped, left out).
 */
export function mapField(
  json: unknown,
  reader: JsonReader,
  field: string,
  name: number,
  read: ReadJsonField<unknown>,
  target: Record<string, unknown>,
): void {
  for (const key of mapKeys(json, reader, field, name)) {
    const item = mapValue(json as JsonObject, key, reader, field);
    const value = read(item, reader, field, 0);
    if (value !== undefined) setOwn(target, key, value);
  }
  reader.maps--;
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
    // -0, a float: V8 keeps `chars`, which every field reader adds to, in a float field from the
    // first read on, rather than in a small-integer field whose every sum is checked to fit.
    chars: -0,
    maps: 0,
    normal: noNormal,
    table: noTable,
  };
}

/** The generated JSON reader of one message type: a message at nesting depth `depth`. */
export type ReadJson<T> = (json: unknown, reader: JsonReader, depth: number) => T;

/**
 * Reads a message from a proto3 JSON value with its generated reader `read`; throws a
 * CodecError for a value it cannot read. `parsed`, given when `json` is what JSON.parse()
 * returned, is the reader to read with (its options are those of `options`): it says what is
 * known of the text and receives the counts of the read.
 */
export function readJsonValue<T>(
  read: ReadJson<T>,
  json: unknown,
  options: JsonReadOptions,
  parsed?: ParsedJson,
): T {
  return read(json, parsed ?? newJsonReader(options, false, false, true), 1);
}
