import {
  type DescEnum,
  type DescField,
  type DescMessage,
  fromJson,
  type JsonObject,
  type JsonValue,
  ScalarType,
} from "@bufbuild/protobuf";
import {
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError, type JsonReadOptions } from "../../src/index.js";
import { quoteText } from "../../src/runtime/escape-text.js";

// proto3 JSON read as protobuf-es's fromJson() reads it, held to the forms Google's parsers take
// where protobuf-es differs (docs/conformance.md): the oracle of the generated JSON readers,
// written apart from them. Its errors carry codes (invalid_json, too_deep, missing_data), and
// texts the tests do not compare: protobuf-es words most of them.

const MAX_DECIMAL_CHARS = 32;

const wellFormedString = (text: string) => text.isWellFormed();

/**
 * Reads an envelope from a JSON value as envelopeFromJson() must: the forms Google refuses and
 * protobuf-es takes refused first (checkJsonForms), then protobuf-es's fromJson(), then the
 * checks it lacks (int64 numbers beyond 2^53, `requireData`).
 */
export function readJsonByOracle(
  json: unknown,
  options?: Partial<JsonReadOptions>,
): GRPC_AttendantPayload {
  const ignoreUnknownFields = options?.ignoreUnknownFields ?? false;
  const recursionLimit = Math.min(options?.recursionLimit ?? 100, 500);
  const requireData = options?.requireData ?? true;
  const S = GRPC_AttendantPayloadSchema;
  let envelope: GRPC_AttendantPayload;
  try {
    const checked = checkJsonForms(S, json as JsonValue, ignoreUnknownFields, recursionLimit);
    envelope = fromJson(S, checked, { ignoreUnknownFields, recursionLimit });
  } catch (cause) {
    if (cause instanceof CodecError) throw cause;
    throw new CodecError("invalid_json", String((cause as Error).message), { cause });
  }
  checkJsonIntegers(S, json as JsonValue);
  if (requireData && envelope.Data.case === undefined) {
    throw new CodecError("missing_data", "no Data member");
  }
  return envelope;
}

/**
 * Reads an envelope from JSON text as envelopeFromJsonString() must: JSON.parse(), a duplicate
 * key refused, then {@link readJsonByOracle}.
 */
export function readJsonTextByOracle(
  text: string,
  options?: Partial<JsonReadOptions>,
): GRPC_AttendantPayload {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new CodecError("invalid_json", "does not parse", { cause });
  }
  const duplicate = duplicateKey(text);
  if (duplicate !== undefined) throw new CodecError("invalid_json", `duplicate key ${duplicate}`);
  return readJsonByOracle(json, options);
}

/** The first key an object of `text` (valid JSON) repeats, escapes decoded; a tokenizer of its own. */
function duplicateKey(text: string): string | undefined {
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{") {
      stack.push(new Set());
      expectKey = true;
    } else if (c === "[") {
      stack.push(null);
      expectKey = false;
    } else if (c === "}" || c === "]") {
      stack.pop();
      expectKey = false;
    } else if (c === ",") {
      expectKey = stack.at(-1) != null;
    } else if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const seen = stack.at(-1);
      if (expectKey && seen) {
        const name = JSON.parse(text.slice(i, j + 1)) as string;
        if (seen.has(name)) return name;
        seen.add(name);
      }
      expectKey = false;
      i = j;
    }
  }
  return undefined;
}

/**
 * Holds a proto3 JSON value to the forms Google's parsers take where protobuf-es's fromJson()
 * is more lenient or stricter (test/conformance compares with libprotobuf and python3-protobuf),
 * and returns the value for fromJson() to read:
 *
 * - an integer in a string is decimal digits after an optional sign (no "-" for unsigned types):
 *   no spaces, exponent, fraction, base prefix or separator;
 * - bytes are base64, standard or URL-safe, padded to whole groups or not at all, with no bits
 *   set past the last byte, never a Uint8Array (which fromJson() takes as the bytes);
 * - an enum value may be a string of digits that names a known number;
 * - a oneof member set to null does not set the oneof (it is dropped);
 * - with `ignoreUnknownFields`, the members skipped may not hold a lone surrogate (in a name or a
 *   string) nor objects nested past `recursionLimit`;
 * - messages nest no deeper than `recursionLimit`, counted as protobuf-es counts, so that
 *   fromJson() never reaches its own limit.
 *
 * Throws a CodecError (`invalid_json`, or `too_deep`) for a form Google refuses; anything else
 * that is wrong is left to fromJson(). The input is not changed: what is rewritten is copied.
 */
function checkJsonForms(
  desc: DescMessage,
  json: JsonValue,
  ignoreUnknownFields: boolean,
  recursionLimit: number,
): JsonValue {
  return message(desc, json, 1, 1, { ignore: ignoreUnknownFields, limit: recursionLimit });
}

interface Options {
  readonly ignore: boolean;
  readonly limit: number;
}

function isObject(json: JsonValue): json is JsonObject {
  return typeof json === "object" && json !== null && !Array.isArray(json);
}

/**
 * Checks the value of a message `level` messages deep (as protobuf-es counts: the outermost is
 * 1, a message field, list item or map value one more), in a JSON object `objects` deep (as
 * libprotobuf counts skipped members: a map's object is a level too).
 */
function message(
  desc: DescMessage,
  json: JsonValue,
  level: number,
  objects: number,
  o: Options,
): JsonValue {
  if (level > o.limit) {
    throw new CodecError(
      "too_deep",
      `cannot decode message ${desc.typeName} from JSON: maximum recursion depth of ${o.limit} reached`,
    );
  }
  if (!isObject(json)) return json;
  let out: JsonObject | undefined;
  for (const key of Object.keys(json)) {
    const value = json[key] as JsonValue;
    const field = desc.fields.find((f) => f.jsonName === key || f.name === key);
    let next: JsonValue | undefined = value;
    if (field === undefined) {
      if (o.ignore) checkSkipped(desc, key, value, objects, o.limit);
    } else if (value === null) {
      if (field.oneof !== undefined) next = undefined;
    } else {
      next = fieldValue(field, value, level, objects, o);
    }
    if (next !== value) {
      out ??= { ...json };
      if (next === undefined) delete out[key];
      else Object.defineProperty(out, key, { value: next, enumerable: true, writable: true });
    }
  }
  return out ?? json;
}

function fieldValue(
  field: DescField,
  value: JsonValue,
  level: number,
  objects: number,
  o: Options,
): JsonValue {
  switch (field.fieldKind) {
    case "scalar":
      return scalar(field, field.scalar, value);
    case "enum":
      return enumValue(field.enum, value, o);
    case "message":
      return message(field.message, value, level + 1, objects + 1, o);
    case "list": {
      if (!Array.isArray(value)) return value;
      const items = value.map((item) =>
        field.listKind === "scalar"
          ? scalar(field, field.scalar, item)
          : field.listKind === "enum"
            ? enumValue(field.enum, item, o)
            : message(field.message, item, level + 1, objects + 1, o),
      );
      return items.some((item, i) => item !== value[i]) ? items : value;
    }
    case "map": {
      if (!isObject(value)) return value;
      let out: JsonObject | undefined;
      for (const key of Object.keys(value)) {
        const item = value[key] as JsonValue;
        const next =
          field.mapKind === "scalar"
            ? scalar(field, field.scalar, item)
            : field.mapKind === "enum"
              ? enumValue(field.enum, item, o)
              : message(field.message, item, level + 1, objects + 2, o); // the map's object is a level too
        if (next !== item) {
          out ??= { ...value };
          Object.defineProperty(out, key, { value: next, enumerable: true, writable: true });
        }
      }
      return out ?? value;
    }
  }
}

const signedDigits = /^[+-]?[0-9]+$/;
const unsignedDigits = /^\+?[0-9]+$/;
// Whole groups of four, then a group of two or three, padded with "=" to four or not at all; the
// last character of a short group carries no bits past the last byte.
const base64 =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw](?:==)?|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=?)?$/;
const base64Url =
  /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-][AQgw](?:==)?|[A-Za-z0-9_-]{2}[AEIMQUYcgkosw048]=?)?$/;

function scalar(field: DescField, type: ScalarType, value: JsonValue): JsonValue {
  if (type === ScalarType.BYTES && (value as unknown) instanceof Uint8Array) {
    // fromJson() takes the bytes themselves; JSON has no such value, and Google's parsers read text.
    throw new CodecError(
      "invalid_json",
      `cannot decode field ${field.parent.typeName}.${field.name} from JSON: expected base64, got a Uint8Array`,
    );
  }
  if (typeof value !== "string") return value;
  let expected: string | undefined;
  if (type !== ScalarType.STRING && type !== ScalarType.BYTES && value.length > MAX_DECIMAL_CHARS) {
    // Refused by its length before any regular expression or BigInt() reads its digits.
    throw new CodecError(
      "invalid_json",
      `cannot decode field ${field.parent.typeName}.${field.name} from JSON: expected an integer of at most ${MAX_DECIMAL_CHARS} characters, got a string of ${value.length}`,
    );
  }
  switch (type) {
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      if (!signedDigits.test(value)) expected = "an integer in decimal digits";
      break;
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      if (!unsignedDigits.test(value)) expected = "an unsigned integer in decimal digits";
      break;
    case ScalarType.BYTES:
      if (!base64.test(value) && !base64Url.test(value)) expected = "base64";
      break;
  }
  if (expected === undefined) return value;
  throw new CodecError(
    "invalid_json",
    `cannot decode field ${field.parent.typeName}.${field.name} from JSON: expected ${expected}, got ${quoteText(value)}`,
  );
}

function enumValue(desc: DescEnum, value: JsonValue, o: Options): JsonValue {
  if (typeof value !== "string" || desc.values.some((v) => v.name === value)) return value;
  if (signedDigits.test(value)) {
    const known = desc.values.find((v) => v.number === Number(value));
    if (known !== undefined) return known.number;
  }
  if (o.ignore && !wellFormedString(value)) {
    throw new CodecError(
      "invalid_json",
      `cannot decode enum ${desc.typeName} from JSON: ${quoteText(value)} holds a lone surrogate`,
    );
  }
  return value;
}

/**
 * Checks a member that fromJson() will skip (`ignoreUnknownFields`): no lone surrogate in its
 * name or in any string or name within its value, and objects nested no deeper than `limit`,
 * counting from the message that holds it (at `depth`). As in libprotobuf, every JSON object is
 * a level (a map's too), arrays are not. Iterative: arrays may nest deeper than the stack.
 */
function checkSkipped(
  desc: DescMessage,
  key: string,
  value: JsonValue,
  depth: number,
  limit: number,
): void {
  const loneSurrogate = (where: string) =>
    new CodecError(
      "invalid_json",
      `cannot decode message ${desc.typeName} from JSON: a lone surrogate in ${where} of unknown member ${quoteText(key)}`,
    );
  if (!wellFormedString(key)) throw loneSurrogate("the name");
  const stack: [JsonValue, number][] = [[value, depth]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, d] = top;
    if (typeof v === "string") {
      if (!wellFormedString(v)) throw loneSurrogate("the value");
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push([item, d]);
    } else if (isObject(v)) {
      if (d + 1 > limit) {
        throw new CodecError(
          "too_deep",
          `cannot decode message ${desc.typeName} from JSON: unknown member ${quoteText(key)} nests objects deeper than recursionLimit ${limit}`,
        );
      }
      for (const k of Object.keys(v)) {
        if (!wellFormedString(k)) throw loneSurrogate("the value");
        stack.push([v[k] as JsonValue, d + 1]);
      }
    }
  }
}

/**
 * Rejects a 64-bit integer field that holds a JSON number beyond ±(2^53 − 1). JSON.parse()
 * reads every number as a float, so `9007199254740993` arrives as `9007199254740992`:
 * protobuf-es's fromJson() takes the rounded value, and the data would silently change.
 * Canonical proto3 JSON writes 64-bit integers as strings, which stay exact.
 *
 * Runs after fromJson() has accepted `json`, so the members are known to fit `desc`; members
 * it does not know (read with `ignoreUnknownFields`) are skipped.
 */
function checkJsonIntegers(desc: DescMessage, json: JsonValue): void {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return;
  for (const [key, value] of Object.entries(json)) {
    const field = fieldOf(desc, key);
    if (field === undefined || value === null) continue;
    switch (field.fieldKind) {
      case "scalar":
        checkNumber(field, field.scalar, value);
        break;
      case "message":
        checkJsonIntegers(field.message, value);
        break;
      case "list":
        if (!Array.isArray(value)) break;
        for (const item of value) {
          if (field.listKind === "scalar") checkNumber(field, field.scalar, item);
          else if (field.listKind === "message") checkJsonIntegers(field.message, item);
        }
        break;
      case "map":
        if (typeof value !== "object" || Array.isArray(value)) break;
        for (const item of Object.values(value)) {
          if (field.mapKind === "scalar") checkNumber(field, field.scalar, item);
          else if (field.mapKind === "message") checkJsonIntegers(field.message, item);
        }
        break;
    }
  }
}

const wide = new Set([
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.SINT64,
  ScalarType.FIXED64,
  ScalarType.SFIXED64,
]);

function checkNumber(field: DescField, scalar: ScalarType, value: JsonValue): void {
  if (typeof value === "number" && wide.has(scalar) && !Number.isSafeInteger(value)) {
    throw new CodecError(
      "invalid_json",
      `cannot decode field ${field.parent.typeName}.${field.name} from JSON: the number ${value} is beyond ±2^53, where JSON numbers lose digits; write a 64-bit integer this large as a string`,
    );
  }
}

/** The field a JSON member names, by JSON name or proto name. */
function fieldOf(desc: DescMessage, key: string): DescField | undefined {
  return desc.fields.find((f) => f.jsonName === key || f.name === key);
}
