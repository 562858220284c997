// Reading a message from JSON text: the one home of the compact-text rule and of the
// duplicate-key policy.
//
// Duplicate keys. JSON.parse() keeps the last of two members of one name; Google's parsers refuse
// the text (python3-protobuf, libprotobuf from version 22, and the conformance suite's
// FieldNameDuplicate test), and so does envelopeFromJsonString. A value JSON.parse() made shows
// no duplicate by itself, so the text proves there was none: its members are counted against the
// members of the objects read (`keys`), or its length against the shortest text of what was read
// (`chars`). When neither proves it, checkDuplicateKeys() looks for the duplicate and names it.
//
// The compact-text rule. The generated JSON readers add up, field by field, the length of the
// shortest JSON text of what they read (`chars`: names, quotes, colons, commas and values, no
// space, no escape). Text that JSON.stringify() wrote (compact: `{"` at the start) is then read
// without counting the members of each object: a text of exactly that length holds every member
// read, each at least as long as counted, and nothing more, so no member the reader did not read
// and no duplicate key. Any other text is read counting the members of each object (an object
// with members the reader does not know goes to the per-member path), and its members are
// counted against `keys` (a look at every colon). Compact text of another length is read again,
// counting, when its members show more than were read: under ignoreUnknownFields when the value
// holds more members (valueMembers()), otherwise when the text does and checkDuplicateKeys()
// finds no duplicate. A \u escape may hide a lone surrogate that the look at the text did not
// see: such text is read again with every string checked. readParsedText() below applies the
// rule; JsonReader (src/runtime/json-reader.ts) carries the counts, which the runtime's field
// readers and the generated readers add to.
import { CodecError } from "../codec-error.js";
import { quoteText } from "../runtime/escape-text.js";
import {
  type JsonReadOptions,
  parsedJsonReader,
  type ReadJson,
  readJsonValue,
} from "../runtime/index.js";

/**
 * Reads a message of type `typeName` from `json`, what JSON.parse() made of `text`, with its
 * generated reader `reader` under the rule above; throws a CodecError for what it cannot read,
 * and for a duplicate key. `wellFormed` says that `text` holds no lone surrogate (escapes aside).
 */
export function readParsedText<T>(
  reader: ReadJson<T>,
  typeName: string,
  text: string,
  json: unknown,
  wellFormed: boolean,
  options: JsonReadOptions,
): T {
  const compact = text.charCodeAt(1) === 34; // `{"`
  let parsed = parsedJsonReader(options, wellFormed, !compact);
  let read = readJsonValue(reader, json, options, parsed);
  if (parsed.chars === text.length) return read;
  if (compact && options.ignoreUnknownFields) {
    const levels = Math.min(2 * options.recursionLimit + 2, MAX_LEVELS);
    if (valueMembers(json, levels) !== parsed.keys) {
      parsed = parsedJsonReader(options, wellFormed, true);
      read = readJsonValue(reader, json, options, parsed);
    }
  }
  if (!noDuplicateKeys(text, parsed.keys)) {
    checkDuplicateKeys(text, typeName);
    // No duplicate: the text holds members the reader did not count (unknown, or skipped inside
    // an unknown member).
    if (!parsed.countMembers) {
      read = readJsonValue(reader, json, options, parsedJsonReader(options, wellFormed, true));
    }
  }
  return wellFormed && text.includes("\\u") ? readJsonValue(reader, json, options) : read;
}

/**
 * How deep valueMembers looks, in objects and arrays, at most: a message at depth d is at most
 * 2d levels down (a list or a map, then the message), and the stack stays small.
 */
const MAX_LEVELS = 1000;

/**
 * Whether the objects of `text` (valid JSON) have `keys` members in all: given the number of
 * members of every object JSON.parse() made of it, true proves that no member was a duplicate
 * (each object has as many members as names).
 *
 * Cheap first: each colon that follows (after spaces) an unescaped quote is counted as a member.
 * That bounds the members from above (a member's colon follows the quote that closes its name;
 * a colon in a string follows one only if the string starts with it), so a count equal to
 * `keys` settles it. Otherwise the member names are counted exactly, string by string.
 */
export function noDuplicateKeys(text: string, keys: number): boolean {
  let members = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    let j = i - 1;
    while (isSpace(text.charCodeAt(j))) j--;
    if (text.charCodeAt(j) !== 34) continue; // not after a quote: inside a string
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) members++;
  }
  return members === keys || countMembers(text) === keys;
}

/**
 * The members of the objects in `value` (what JSON.parse() returned), added up; NaN if objects
 * and arrays nest deeper than `levels`, which a reader of the same value refuses anyway.
 */
export function valueMembers(value: unknown, levels: number): number {
  if (typeof value !== "object" || value === null) return 0;
  if (levels === 0) return Number.NaN;
  let n = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) n += valueMembers(value[i], levels - 1);
    return n;
  }
  const keys = Object.keys(value);
  n = keys.length;
  for (let i = 0; i < keys.length; i++) {
    n += valueMembers((value as Record<string, unknown>)[keys[i] as string], levels - 1);
  }
  return n;
}

/** The members of the objects of `text` (valid JSON): the strings followed by a colon. */
function countMembers(text: string): number {
  let members = 0;
  let i = text.indexOf('"');
  while (i !== -1) {
    const end = stringEnd(text, i);
    let j = end + 1;
    while (isSpace(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) === 58) members++; // ":"
    i = text.indexOf('"', j);
  }
  return members;
}

/** The index of the quote that closes the string opened at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/**
 * Throws `invalid_json` naming the first key that an object of `text` (valid JSON) repeats,
 * escapes decoded (`"h\u0061ndler"` repeats `"handler"`).
 */
export function checkDuplicateKeys(text: string, typeName: string): void {
  const objects: (Set<string> | undefined)[] = []; // undefined for an array
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123)
      objects.push(new Set()); // "{"
    else if (c === 91)
      objects.push(undefined); // "["
    else if (c === 125 || c === 93)
      objects.pop(); // "}" or "]"
    else if (c === 34) {
      const end = stringEnd(text, i);
      let j = end + 1;
      while (isSpace(text.charCodeAt(j))) j++;
      const names = objects.at(-1);
      if (text.charCodeAt(j) === 58 && names !== undefined) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (names.has(key)) {
          throw new CodecError(
            "invalid_json",
            `cannot decode ${typeName} from JSON: duplicate key ${quoteText(key)} at position ${i}`,
          );
        }
        names.add(key);
      }
      i = end;
    }
  }
}
