import {
  type DescEnum,
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  ScalarType,
} from "@bufbuild/protobuf";
import { CodecError } from "../codec-error.js";
import { quoteText } from "../internal/escape-text.js";
import { MAX_DECIMAL_CHARS, wellFormedString } from "../runtime/index.js";

/**
 * Holds a proto3 JSON value to the forms Google's parsers take where protobuf-es's fromJson()
 * is more lenient or stricter (test/conformance compares with libprotobuf and python3-protobuf),
 * and returns the value for fromJson() to read:
 *
 * - an integer in a string is decimal digits after an optional sign (no "-" for unsigned types):
 *   no spaces, exponent, fraction, base prefix or separator;
 * - bytes are base64, standard or URL-safe, padded to whole groups or not at all, with no bits
 *   set past the last byte;
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
export function checkJsonForms(
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
