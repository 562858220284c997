import { type JsonValue, toJson } from "@bufbuild/protobuf";
import {
  CodecError,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
  type JsonWriteOptions,
} from "../../src/index.js";
import { readOptions } from "../../src/internal/check-options.js";
import { describeValue } from "../../src/internal/describe-value.js";
import { jsonWriteDefaults, levelBounds } from "../../src/internal/option-defaults.js";
import { escapeText } from "../../src/runtime/escape-text.js";
import { checkMessage } from "./check-message.js";

// A test oracle for JSON writing: checkMessage(), then protobuf-es's toJson(), written apart from
// the generated JSON writers and their runtime.

/** envelopeToJson() the independent way. */
export function envelopeToJsonByOracle(
  envelope: GRPC_AttendantPayload,
  options?: Partial<JsonWriteOptions>,
): JsonValue {
  // The arguments are checked as the public API checks them: the oracle is about the JSON.
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
    // protobuf-es's own text: the oracle says only that the envelope is refused.
    throw new CodecError(
      "invalid_message",
      `cannot encode ${typeName} to JSON: (protobuf-es) ${String(cause)}`,
      {
        cause,
      },
    );
  }
}
