import {
  type DescMessage,
  fromJson,
  isMessage,
  type JsonValue,
  type MessageShape,
  toBinary,
  toJson,
} from "@bufbuild/protobuf";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import {
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError, isCodecError } from "../codec-error.js";
import { readOptions } from "../internal/check-options.js";
import { describeValue } from "../internal/describe-value.js";
import { escapeText, MAX_MESSAGE_LENGTH } from "../internal/escape-text.js";
import { checkMessage } from "./check-message.js";
import { checkJsonForms } from "./json-forms.js";
import { checkJsonIntegers } from "./json-integers.js";
import { checkDuplicateKeys } from "./json-text.js";
import { missingDataError } from "./missing-data.js";
import {
  type EnvelopeJsonReadOptions,
  type EnvelopeJsonWriteOptions,
  jsonReadDefaults,
  jsonWriteDefaults,
  levelBounds,
  type MessageWriteOptions,
  messageWriteDefaults,
} from "./options.js";

// The fallbacks, and why there are any. Decoding has none: the generated decoders take every
// input and own every binary error text (src/runtime/binary-reader.ts). Encoding and JSON do:
// a generated encoder or JSON mapper takes the message objects protobuf-es makes, and gives up
// (returns undefined) on anything else — a value its field cannot take, but also forms
// protobuf-es accepts and the generated code does not (an int64 as a decimal string, a nested
// message without `$typeName`, an inherited property, a JSON enum written as a string of digits,
// URL-safe base64, a JSON text with duplicate keys to name). Each function here then decides the slow way, with protobuf-es:
// checkMessage() (or fromJson()) owns the error texts, and protobuf-es writes or reads the rest.
// A test holds the two paths to the same result on every input (test/envelope/fallback.test.ts).

/**
 * Encodes what a generated encoder gave up on: an `invalid_argument` or `invalid_message` error
 * for a message it cannot encode, else protobuf-es's toBinary(), read and written again by the
 * generated code: its writer alone orders map entries (src/runtime/binary-writer.ts, `mapKeysInOrder`),
 * and fields at their zero value are left out, as for any message the generated encoder takes.
 *
 * @internal
 */
export function encodeFallback<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Partial<MessageWriteOptions>,
): Uint8Array<ArrayBuffer> {
  const o = readOptions(options, messageWriteDefaults, levelBounds);
  const doing = `encode ${schema.typeName} to binary`;
  if (!isMessage(message, schema)) {
    const got =
      typeof message === "object" && message !== null && "$typeName" in message
        ? escapeText(String(message.$typeName))
        : describeValue(message);
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing}: expected a ${schema.typeName} message, got ${got}`,
    );
  }
  checkMessage(schema, message, doing, o.recursionLimit);
  const writeUnknownFields = o.writeUnknownFields;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = toBinary(schema, message, { writeUnknownFields });
  } catch (cause) {
    const text = cause instanceof Error ? cause.message : String(cause);
    throw new CodecError("invalid_message", `cannot ${doing}: ${text}`, { cause });
  }
  const typeName = schema.typeName;
  if (fast.isMessageTypeName(typeName)) {
    try {
      const again = fast.fromBinary(typeName, bytes, {
        recursionLimit: o.recursionLimit,
        readUnknownFields: true,
        maxElements: Number.POSITIVE_INFINITY,
      });
      bytes =
        fast.toBinary(typeName, again, {
          writeUnknownFields: true,
          deterministic: o.deterministic,
          recursionLimit: o.recursionLimit,
        }) ?? bytes;
    } catch {
      // toBinary() wrote what the generated decoder refuses (none is known): keep its bytes.
    }
  }
  return bytes;
}

/**
 * Maps an envelope the generated JSON writer gave up on: the argument checks and
 * checkMessage()'s error, else protobuf-es's toJson().
 *
 * @internal
 */
export function toJsonFallback(
  envelope: GRPC_AttendantPayload,
  options?: Partial<EnvelopeJsonWriteOptions>,
): JsonValue {
  const o = readOptions(options, jsonWriteDefaults, levelBounds);
  const typeName = GRPC_AttendantPayloadSchema.typeName;
  const name = (envelope as { $typeName?: unknown } | null | undefined)?.$typeName;
  if (name !== typeName) {
    throw new CodecError(
      "invalid_argument",
      `cannot encode ${typeName} to JSON: expected a ${typeName} message, got ${
        typeof name === "string" ? escapeText(name) : describeValue(envelope)
      }`,
    );
  }
  checkMessage(
    GRPC_AttendantPayloadSchema,
    envelope,
    `encode ${typeName} to JSON`,
    o.recursionLimit,
  );
  try {
    return toJson(GRPC_AttendantPayloadSchema, envelope, {
      useProtoFieldName: o.useProtoFieldName,
      alwaysEmitImplicit: o.alwaysEmitImplicit,
      enumAsInteger: o.enumAsInteger,
    });
  } catch (cause) {
    const text = cause instanceof Error ? cause.message : String(cause);
    throw new CodecError("invalid_message", `cannot encode ${typeName} to JSON: ${text}`, {
      cause,
    });
  }
}

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
