import {
  type DescMessage,
  fromJson,
  isMessage,
  type JsonValue,
  type MessageShape,
  toBinary,
  toJson,
} from "@bufbuild/protobuf";
import { decoders, encoders } from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import {
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError, isCodecError } from "../codec-error.js";
import { checkCount, checkOptions } from "../internal/check-options.js";
import { describeValue } from "../internal/describe-value.js";
import { checkMessage } from "./check-message.js";
import { checkJsonIntegers } from "./json-integers.js";
import { missingDataError } from "./missing-data.js";
import {
  DEFAULT_DETERMINISTIC,
  DEFAULT_RECURSION_LIMIT,
  type EnvelopeJsonReadOptions,
  type EnvelopeJsonWriteOptions,
  type MessageWriteOptions,
} from "./options.js";

// The fallbacks, and why there are any. Decoding has none: the generated decoders take every
// input and own every binary error text (src/runtime/binary-reader.ts). Encoding and JSON do:
// a generated encoder or JSON mapper takes the message objects protobuf-es makes, and gives up
// (returns undefined) on anything else — a value its field cannot take, but also forms
// protobuf-es accepts and the generated code does not (an int64 as a decimal string, a nested
// message without `$typeName`, an inherited property, a JSON enum written as a string of digits,
// base64 without padding). Each function here then decides the slow way, with protobuf-es:
// checkMessage() (or fromJson()) owns the error texts, and protobuf-es writes or reads the rest.
// A test holds the two paths to the same result on every input (test/envelope/fallback.test.ts).

/** Fields of messages may nest this deep when the fallback re-reads what toBinary() wrote. */
const REREAD_LIMIT = 10_000;

/**
 * Encodes what a generated encoder gave up on: an `invalid_argument` or `invalid_message` error
 * for a message it cannot encode, else protobuf-es's toBinary(), read and written again by the
 * generated code: its writer alone orders map entries (src/runtime/binary-writer.ts, `mapKeys`),
 * and fields at their zero value are left out, as for any message the generated encoder takes.
 *
 * @internal
 */
export function encodeFallback<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Partial<MessageWriteOptions>,
): Uint8Array<ArrayBuffer> {
  checkOptions(options);
  const doing = `encode ${schema.typeName} to binary`;
  if (!isMessage(message, schema)) {
    const got =
      typeof message === "object" && message !== null && "$typeName" in message
        ? String(message.$typeName)
        : describeValue(message);
    throw new CodecError(
      "invalid_argument",
      `cannot ${doing}: expected a ${schema.typeName} message, got ${got}`,
    );
  }
  checkMessage(schema, message, doing);
  const writeUnknownFields = Boolean(options?.writeUnknownFields ?? true);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = toBinary(schema, message, { writeUnknownFields });
  } catch (cause) {
    const text = cause instanceof Error ? cause.message : String(cause);
    throw new CodecError("invalid_message", `cannot ${doing}: ${text}`, { cause });
  }
  const decode = decoders[schema.typeName];
  const encode = encoders[schema.typeName];
  if (decode && encode) {
    const deterministic = Boolean(options?.deterministic ?? DEFAULT_DETERMINISTIC);
    try {
      bytes = encode(decode(bytes, REREAD_LIMIT, true), true, deterministic) ?? bytes;
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
  checkOptions(options);
  const typeName = GRPC_AttendantPayloadSchema.typeName;
  const name = (envelope as { $typeName?: unknown } | null | undefined)?.$typeName;
  if (name !== typeName) {
    throw new CodecError(
      "invalid_argument",
      `cannot encode ${typeName} to JSON: expected a ${typeName} message, got ${
        typeof name === "string" ? name : describeValue(envelope)
      }`,
    );
  }
  checkMessage(GRPC_AttendantPayloadSchema, envelope, `encode ${typeName} to JSON`);
  try {
    return toJson(GRPC_AttendantPayloadSchema, envelope, {
      useProtoFieldName: options?.useProtoFieldName ?? false,
      alwaysEmitImplicit: options?.alwaysEmitImplicit ?? false,
      enumAsInteger: options?.enumAsInteger ?? false,
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
  checkOptions(options);
  const recursionLimit = options?.recursionLimit ?? DEFAULT_RECURSION_LIMIT;
  checkCount("recursionLimit", recursionLimit, 1);
  let envelope: GRPC_AttendantPayload;
  try {
    envelope = fromJson(GRPC_AttendantPayloadSchema, json, {
      ignoreUnknownFields: options?.ignoreUnknownFields ?? false,
      recursionLimit,
    });
  } catch (cause) {
    throw jsonError(cause);
  }
  checkJsonIntegers(GRPC_AttendantPayloadSchema, json);
  if ((options?.requireData ?? true) && envelope.Data.case === undefined) {
    throw missingDataError(envelope, "decode");
  }
  return envelope;
}

/** A CodecError passes; anything else thrown while reading JSON becomes `invalid_json` or `too_deep`. */
export function jsonError(cause: unknown): CodecError {
  if (isCodecError(cause)) return cause;
  const text = cause instanceof Error ? cause.message : String(cause);
  const deep = /maximum recursion depth|call stack/i.test(text);
  const detail = text.startsWith("cannot decode")
    ? text
    : `cannot decode ${GRPC_AttendantPayloadSchema.typeName} from JSON: ${text}`;
  return new CodecError(deep ? "too_deep" : "invalid_json", detail, { cause });
}
