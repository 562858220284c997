import { fromJson, type JsonValue } from "@bufbuild/protobuf";
import {
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError, isCodecError } from "../codec-error.js";
import { readOptions } from "../internal/check-options.js";
import { escapeText, MAX_MESSAGE_LENGTH } from "../internal/escape-text.js";
import { checkJsonForms } from "./json-forms.js";
import { checkJsonIntegers } from "./json-integers.js";
import { checkDuplicateKeys } from "./json-text.js";
import { missingDataError } from "./missing-data.js";
import { type EnvelopeJsonReadOptions, jsonReadDefaults, levelBounds } from "./options.js";

// The fallback of JSON reading, and why there is one. Decoding and writing have none: the
// generated decoders and writers take every input and own every error text. The generated JSON
// reader gives up (returns undefined) on forms protobuf-es accepts and it does not (a JSON enum
// written as a string of digits, URL-safe base64, a JSON text with duplicate keys to name), and
// each function here then decides the slow way, with protobuf-es's fromJson(). A test holds the
// two paths to the same result on every input (test/envelope/fallback.test.ts).

/**
 * Reads a JSON value the generated JSON reader gave up on: protobuf-es's fromJson(), its error as
 * a CodecError, then the checks it lacks (int64 numbers beyond 2^53, `requireData`).
 *
 * @internal
 */
export function fromJsonFallback(
  json: JsonValue,
  options?: Partial<EnvelopeJsonReadOptions>,
): GRPC_AttendantPayload {
  const { ignoreUnknownFields, recursionLimit, requireData } = readOptions(
    options,
    jsonReadDefaults,
    levelBounds,
  );
  let envelope: GRPC_AttendantPayload;
  try {
    // The forms Google refuses and protobuf-es takes (docs/conformance.md), refused first.
    const checked = checkJsonForms(
      GRPC_AttendantPayloadSchema,
      json,
      ignoreUnknownFields,
      recursionLimit,
    );
    envelope = fromJson(GRPC_AttendantPayloadSchema, checked, {
      ignoreUnknownFields,
      recursionLimit,
    });
  } catch (cause) {
    throw jsonError(cause);
  }
  checkJsonIntegers(GRPC_AttendantPayloadSchema, json);
  if (requireData && envelope.Data.case === undefined) {
    throw missingDataError(envelope, "decode");
  }
  return envelope;
}

/**
 * Reads JSON text the generated JSON reader gave up on (`json` is what JSON.parse() made of
 * it): a duplicate key, which JSON.parse() hides, is `invalid_json` naming the key; then
 * {@link fromJsonFallback}.
 *
 * @internal
 */
export function fromJsonTextFallback(
  text: string,
  json: JsonValue,
  options?: Partial<EnvelopeJsonReadOptions>,
): GRPC_AttendantPayload {
  checkDuplicateKeys(text, GRPC_AttendantPayloadSchema.typeName);
  return fromJsonFallback(json, options);
}

/**
 * A CodecError passes; anything else thrown while reading JSON becomes `invalid_json`. The depth
 * is counted before protobuf-es reads (checkJsonForms() throws `too_deep`), so nothing here
 * reads what another library's message says.
 */
export function jsonError(cause: unknown): CodecError {
  if (isCodecError(cause)) return cause;
  const raw = cause instanceof Error ? cause.message : String(cause);
  // protobuf-es and JSON.parse() quote the input: escaped and cut here, and a cause whose text
  // would carry a long input is replaced by one that carries the cut text.
  const text = escapeText(raw, MAX_MESSAGE_LENGTH);
  const detail = text.startsWith("cannot decode")
    ? text
    : `cannot decode ${GRPC_AttendantPayloadSchema.typeName} from JSON: ${text}`;
  const kept = raw.length > MAX_MESSAGE_LENGTH ? new Error(text) : cause;
  return new CodecError("invalid_json", detail, { cause: kept });
}
