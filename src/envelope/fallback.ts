import {
  type DescMessage,
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
import { CodecError } from "../codec-error.js";
import { readOptions } from "../internal/check-options.js";
import { describeValue } from "../internal/describe-value.js";
import { escapeText } from "../internal/escape-text.js";
import { checkMessage } from "./check-message.js";
import {
  type EnvelopeJsonWriteOptions,
  jsonWriteDefaults,
  levelBounds,
  type MessageWriteOptions,
  messageWriteDefaults,
} from "./options.js";

// The fallbacks of writing, and why there are any. Decoding and reading JSON have none: the
// generated decoders and JSON readers take every input and own every error text
// (src/runtime/binary-reader.ts, json-reader.ts). Encoding and writing JSON do: a generated
// encoder or JSON mapper takes the message objects protobuf-es makes, and gives up (returns
// undefined) on anything else — a value its field cannot take, but also forms protobuf-es
// accepts and the generated code does not (an int64 as a decimal string, a nested message without
// `$typeName`, an inherited property). Each function here then decides the slow way, with
// protobuf-es: checkMessage() owns the error texts, and protobuf-es writes the rest.

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
