import type { JsonValue } from "@bufbuild/protobuf";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { invalidOption, readOptions } from "../internal/check-options.js";
import { describeValue } from "../internal/describe-value.js";
import { notAMessage } from "../internal/not-a-message.js";
import { jsonReadDefaults, jsonWriteDefaults, levelBounds } from "../internal/option-defaults.js";
import { escapeText, MAX_MESSAGE_LENGTH } from "../runtime/escape-text.js";
import {
  readJsonValue,
  utf8Length,
  WriteProblem,
  wellFormedOutput,
  wellFormedString,
  writeJsonValue,
} from "../runtime/index.js";
import { readParsedText } from "./json-text.js";
import { missingDataError } from "./missing-data.js";
import type { JsonReadOptions, JsonWriteOptions } from "./options.js";
import { writeError } from "./write-error.js";

const typeName = "kafka_grpc.GRPC_AttendantPayload";

/**
 * Maps an envelope to canonical proto3 JSON: lowerCamelCase names (or the proto names with
 * `useProtoFieldName`), int64 and uint64 as decimal strings, bytes as base64, enums by name
 * (or number with `enumAsInteger`; an enum number this schema does not know is always written
 * as a number), fields at their zero value left out unless `alwaysEmitImplicit`.
 *
 * JSON cannot carry unknown fields: they are dropped. Throws a {@link CodecError} with code
 * `invalid_message` if a field holds a value its type cannot take, `invalid_argument` if
 * `envelope` is not an envelope.
 *
 * ```ts
 * const json = envelopeToJson(envelope); // { handler: "ota", dtcEntry: { dtc: "4660", … } }
 * ```
 */
export function envelopeToJson(
  envelope: GRPC_AttendantPayload,
  options?: Partial<Omit<JsonWriteOptions, "prettySpaces">>,
): JsonValue {
  return writeJson(envelope, readOptions(options, jsonWriteDefaults, levelBounds));
}

/**
 * {@link envelopeToJson} with its options read: `invalid_argument` for anything but an envelope,
 * then the generated writer. With `forText`, it writes for JSON.stringify() and does not check
 * strings for lone surrogates: the caller checks the text (see JsonWriter.forText). A value it
 * refuses is refused again with every string checked, so that the error names the first value
 * refused in the envelope.
 */
function writeJson(
  envelope: GRPC_AttendantPayload,
  o: JsonWriteOptions,
  forText = false,
): JsonValue {
  if ((envelope as { $typeName?: unknown } | null | undefined)?.$typeName !== typeName) {
    throw notAMessage(`encode ${typeName} to JSON`, typeName, envelope);
  }
  try {
    return writeJsonValue(fast.GRPC_AttendantPayload$jsonWriter, envelope, o, forText) as JsonValue;
  } catch (thrown) {
    if (!(thrown instanceof WriteProblem)) throw thrown;
    if (forText) return writeJson(envelope, o);
    throw writeError(typeName, "JSON", thrown, o.recursionLimit);
  }
}

/**
 * {@link envelopeToJson}, as JSON text, indented by `prettySpaces` (default 0: one line).
 */
export function envelopeToJsonString(
  envelope: GRPC_AttendantPayload,
  options?: Partial<JsonWriteOptions>,
): string {
  const o = readOptions(options, jsonWriteDefaults, levelBounds);
  // JSON.stringify would quietly indent by 10.
  if (o.prettySpaces > 10) throw invalidOption("prettySpaces", "at most 10", o.prettySpaces);
  return writeJsonText(envelope, o);
}

/**
 * Whether the engine is V8 14 or later (Node.js 25 and later), told by Uint8Array.fromBase64,
 * which came with it (Firefox and Safari have it too): String.prototype.isWellFormed() looks at
 * two-byte text many times as fast as in older V8, so envelopeFromJsonString looks at the whole
 * text.
 *
 * @internal
 */
export const recentV8 = /*@__PURE__*/ (() =>
  typeof (Uint8Array as { fromBase64?: unknown }).fromBase64 === "function")();

/**
 * {@link envelopeToJsonString} with its options read. Strings are left unchecked, then one look
 * at the text shows any lone surrogate (and, rarely, a string that merely looks like one): only
 * then is the value written again with every string checked. The look makes a text that
 * JSON.stringify() returned as a rope (older V8, long texts) flat, a copy its caller would make
 * anyway on first reading it (Buffer.from(), a Kafka producer's send).
 *
 * @internal
 */
export function writeJsonText(envelope: GRPC_AttendantPayload, o: JsonWriteOptions): string {
  const text = stringify(writeJson(envelope, o, true), o.prettySpaces);
  if (wellFormedOutput(text)) return text;
  return stringify(writeJson(envelope, o), o.prettySpaces);
}

function stringify(json: JsonValue, prettySpaces: number): string {
  // Without a replacer or indent, V8 from 13.8 (Node.js 25 and later) takes a faster path.
  return prettySpaces === 0 ? JSON.stringify(json) : JSON.stringify(json, null, prettySpaces);
}

/**
 * Reads an envelope from a proto3 JSON value (already parsed), taking what Google's proto3 JSON
 * parsers take (docs/conformance.md lists the differences). Both name styles are accepted
 * (`swVersion` and `sw_version`, but not both for one field), int64 as decimal strings or as
 * numbers up to ±(2^53 − 1) (a larger number may already have lost digits in JSON.parse, so it
 * is refused), enums by name or number, bytes as standard or URL-safe base64. Properties this
 * schema does not know are rejected unless `ignoreUnknownFields`.
 *
 * Throws a {@link CodecError}: `invalid_json` for a value that is not a valid envelope,
 * `too_deep` past `recursionLimit`, `missing_data` for an envelope without a `Data` member
 * (unless `requireData` is false).
 */
export function envelopeFromJson(
  json: JsonValue,
  options?: Partial<Omit<JsonReadOptions, "maxBytes">>,
): GRPC_AttendantPayload {
  const o = readOptions(options, jsonReadDefaults, levelBounds);
  return withData(readJsonValue(fast.GRPC_AttendantPayload$jsonReader, json, o), o);
}

/** `envelope`, unless `requireData` and it has no Data member: `missing_data`. */
function withData(envelope: GRPC_AttendantPayload, o: JsonReadOptions): GRPC_AttendantPayload {
  if (o.requireData && envelope.Data.case === undefined) {
    throw missingDataError(envelope, "decode");
  }
  return envelope;
}

/**
 * {@link envelopeFromJson} from JSON text of at most `maxBytes` bytes of UTF-8 (default
 * 16 MiB). Text that does not parse is an `invalid_json` error naming the parser's complaint; so
 * is text that starts with a byte order mark (U+FEFF), as Google's parsers refuse it, and an
 * object with a duplicate key (JSON.parse() would keep the last), naming the key.
 */
export function envelopeFromJsonString(
  text: string,
  options?: Partial<JsonReadOptions>,
): GRPC_AttendantPayload {
  return readJsonText(text, readOptions(options, jsonReadDefaults, levelBounds), recentV8);
}

/**
 * {@link envelopeFromJsonString} with its options read. JSON.parse() is native and fast, then
 * the generated reader, under the compact-text rule and the duplicate-key policy of
 * json-text.ts. It skips the check for lone surrogates in each string if the text holds none.
 *
 * With `scanText`, one look at the whole text shows whether it holds a lone surrogate. Without
 * (the engines whose look at two-byte text is slow), text with no character past U+00FF holds
 * none, as a surrogate is past it; other text has its strings checked one by one, most of which
 * are ASCII, and JSON.parse() makes those one-byte strings, which the check answers at once.
 *
 * @internal
 */
export function readJsonText(
  text: string,
  o: JsonReadOptions,
  scanText: boolean,
): GRPC_AttendantPayload {
  const json = parseText(text, o.maxBytes);
  const wellFormed = scanText ? wellFormedString(text) : !pastLatin1.test(text);
  return withData(
    readParsedText(fast.GRPC_AttendantPayload$jsonReader, typeName, text, json, wellFormed, o),
    o,
  );
}

/** A character past U+00FF: V8 holds the text in two bytes a character. */
const pastLatin1 = /[\u0100-\uffff]/;

/** The text of {@link envelopeFromJsonString} parsed, after the checks of its arguments. */
function parseText(text: unknown, maxBytes: number): JsonValue {
  if (typeof text !== "string") {
    throw new CodecError(
      "invalid_argument",
      `cannot decode ${typeName} from JSON: expected a string, got ${describeValue(text)}`,
    );
  }
  // A UTF-16 code unit takes 1 to 3 bytes of UTF-8 (a pair of them 4): only a text between
  // maxBytes / 3 and maxBytes code units long needs its bytes counted.
  if (text.length > maxBytes) {
    throw new CodecError(
      "too_large",
      `cannot decode ${typeName} from JSON: text of ${text.length} characters exceeds maxBytes ${maxBytes}`,
    );
  }
  if (text.length * 3 > maxBytes) {
    const bytes = utf8Length(text);
    if (bytes > maxBytes) {
      throw new CodecError(
        "too_large",
        `cannot decode ${typeName} from JSON: text of ${bytes} bytes exceeds maxBytes ${maxBytes}`,
      );
    }
  }
  try {
    return JSON.parse(text) as JsonValue;
  } catch (cause) {
    // Refused, as Google's parsers refuse it (python3-protobuf: "Unexpected UTF-8 BOM").
    if (text.charCodeAt(0) === 0xfeff) {
      throw new CodecError(
        "invalid_json",
        `cannot decode ${typeName} from JSON: the text starts with a byte order mark (U+FEFF)`,
        { cause },
      );
    }
    throw jsonError(cause);
  }
}

/**
 * The `invalid_json` error of text JSON.parse() refuses, its SyntaxError kept as cause. The
 * engine's text quotes the input: escaped and cut here, and a cause whose text would carry a long
 * input is replaced by one that carries the cut text.
 *
 * @internal
 */
export function jsonError(cause: unknown): CodecError {
  const raw = cause instanceof Error ? cause.message : String(cause);
  const text = escapeText(raw, MAX_MESSAGE_LENGTH);
  const kept = raw.length > MAX_MESSAGE_LENGTH ? new Error(text) : cause;
  return new CodecError("invalid_json", `cannot decode ${typeName} from JSON: ${text}`, {
    cause: kept,
  });
}
