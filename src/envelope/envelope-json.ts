import type { JsonValue } from "@bufbuild/protobuf";
import {
  fromJsonGRPC_AttendantPayload,
  toJsonGRPC_AttendantPayload,
} from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { checkCount, checkOptions } from "../internal/check-options.js";
import { describeValue } from "../internal/describe-value.js";
import { wellFormedJson } from "../runtime/index.js";
import { fromJsonFallback, jsonError, toJsonFallback } from "./fallback.js";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_RECURSION_LIMIT,
  type EnvelopeJsonReadOptions,
  type EnvelopeJsonReadStringOptions,
  type EnvelopeJsonWriteOptions,
  type EnvelopeJsonWriteStringOptions,
} from "./options.js";

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
  options?: Partial<EnvelopeJsonWriteOptions>,
): JsonValue {
  if (options === undefined || (typeof options === "object" && options !== null)) {
    const json = toJsonGRPC_AttendantPayload(
      envelope,
      Boolean(options?.useProtoFieldName ?? false),
      Boolean(options?.alwaysEmitImplicit ?? false),
      Boolean(options?.enumAsInteger ?? false),
    );
    if (json !== undefined) return json as JsonValue;
  }
  return toJsonFallback(envelope, options);
}

/**
 * {@link envelopeToJson}, as JSON text, indented by `prettySpaces` (default 0: one line).
 */
export function envelopeToJsonString(
  envelope: GRPC_AttendantPayload,
  options?: Partial<EnvelopeJsonWriteStringOptions>,
): string {
  const prettySpaces = options?.prettySpaces ?? 0;
  checkCount("prettySpaces", prettySpaces, 0);
  if (prettySpaces > 10) {
    // JSON.stringify would quietly indent by 10.
    throw new CodecError(
      "invalid_argument",
      `option prettySpaces must be at most 10, got ${prettySpaces}`,
    );
  }
  return JSON.stringify(envelopeToJson(envelope, options), null, prettySpaces);
}

/**
 * Reads an envelope from a proto3 JSON value (already parsed). Both name styles are
 * accepted (`swVersion` and `sw_version`), int64 as strings or as numbers up to ±(2^53 − 1)
 * (a larger number may already have lost digits in JSON.parse, so it is refused), enums by
 * name or number. Properties this schema does not know are rejected unless
 * `ignoreUnknownFields`.
 *
 * Throws a {@link CodecError}: `invalid_json` for a value that is not a valid envelope,
 * `too_deep` past `recursionLimit`, `missing_data` for an envelope without a `Data` member
 * (unless `requireData` is false).
 */
export function envelopeFromJson(
  json: JsonValue,
  options?: Partial<EnvelopeJsonReadOptions>,
): GRPC_AttendantPayload {
  return readEnvelope(json, options, false);
}

/**
 * {@link envelopeFromJson}, told whether every string in `json` is known to be well-formed
 * (then the generated reader does not check each one for lone surrogates).
 */
function readEnvelope(
  json: JsonValue,
  options: Partial<EnvelopeJsonReadOptions> | undefined,
  wellFormed: boolean,
): GRPC_AttendantPayload {
  checkOptions(options);
  const recursionLimit = options?.recursionLimit ?? DEFAULT_RECURSION_LIMIT;
  checkCount("recursionLimit", recursionLimit, 1);
  const fast = fromJsonGRPC_AttendantPayload(
    json,
    Boolean(options?.ignoreUnknownFields ?? false),
    recursionLimit,
    wellFormed,
  );
  if (fast !== undefined && (fast.Data.case !== undefined || !(options?.requireData ?? true))) {
    return fast;
  }
  return fromJsonFallback(json, options);
}

/**
 * {@link envelopeFromJson} from JSON text of at most `maxBytes` UTF-16 code units (default
 * 16 Mi). Text that does not parse is an `invalid_json` error naming the parser's complaint.
 */
export function envelopeFromJsonString(
  text: string,
  options?: Partial<EnvelopeJsonReadStringOptions>,
): GRPC_AttendantPayload {
  // JSON.parse() is native and fast, then the generated reader, which skips the check for lone
  // surrogates in each string if the text shows none (and no \u escape that could make one).
  return readEnvelope(parseJsonText(text, options), options, wellFormedJson(text));
}

/**
 * The text of {@link envelopeFromJsonString} parsed, after the checks of its arguments.
 *
 * @internal
 */
export function parseJsonText(
  text: unknown,
  options: Partial<EnvelopeJsonReadStringOptions> | undefined,
): JsonValue {
  checkOptions(options);
  const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BYTES;
  checkCount("maxBytes", maxBytes, 0);
  if (typeof text !== "string") {
    throw new CodecError(
      "invalid_argument",
      `cannot decode ${typeName} from JSON: expected a string, got ${describeValue(text)}`,
    );
  }
  if (text.length > maxBytes) {
    throw new CodecError(
      "too_large",
      `cannot decode ${typeName} from JSON: text of ${text.length} characters exceeds maxBytes ${maxBytes}`,
    );
  }
  try {
    return JSON.parse(text) as JsonValue;
  } catch (cause) {
    throw jsonError(cause);
  }
}
