import type { GRPC_AttendantPayload } from "../index.js";
import { CodecError } from "../index.js";
import { checkReadOptions, type KafkaMessageReadOptions } from "./decode-kafka-message.js";
import { decodeRecordValue } from "./decode-record-value.js";
import {
  checkFraming,
  encodeRecord,
  type KafkaMessageWriteOptions,
  toBuffer,
} from "./encode-kafka-message.js";
import type { KafkaBytes } from "./kafka-message.js";
import { VALUE_SCHEMA_ID_HEADER } from "./schema-id-header.js";

/**
 * A synchronous value deserializer in `@platformatic/kafka`'s shape: `(data, headers) => value`.
 */
export type EnvelopeDeserializer = (
  data?: Uint8Array,
  headers?: ReadonlyMap<unknown, unknown>,
) => GRPC_AttendantPayload | undefined;

/** A synchronous value serializer in `@platformatic/kafka`'s shape: `(value) => Buffer`. */
export type EnvelopeSerializer = (envelope?: GRPC_AttendantPayload) => KafkaBytes | undefined;

/**
 * Makes a value deserializer for `@platformatic/kafka`'s consumer
 * (`deserializers: { value: createEnvelopeDeserializer() }`). It reads every framing, the schema
 * id header included, returns `undefined` for a tombstone, and throws the {@link CodecError} of
 * a value that is not an envelope, which the consumer hands to its `onDeserializationError`
 * (as `context.error`). The options are those of {@link decodeEnvelope}, checked here.
 *
 * Throws a {@link CodecError} with code `invalid_argument` for a bad option.
 *
 * ```ts
 * const consumer = new Consumer({
 *   groupId: "ota", bootstrapBrokers: ["localhost:9092"], clientId: "ota",
 *   deserializers: { value: createEnvelopeDeserializer() },
 * });
 * ```
 */
export function createEnvelopeDeserializer(
  options?: Partial<KafkaMessageReadOptions>,
): EnvelopeDeserializer {
  checkReadOptions(options);
  return (data, headers) => {
    if (data === undefined || data === null) return undefined; // a tombstone
    return decodeRecordValue(data, headers, VALUE_SCHEMA_ID_HEADER, options).envelope;
  };
}

/**
 * Makes a value serializer for `@platformatic/kafka`'s producer
 * (`serializers: { value: createEnvelopeSerializer({ framing: "schema-registry", schemaId: 42 }) }`):
 * `"raw"` (the default) or `"schema-registry"` framing, `undefined` (a tombstone) passed
 * through. The header framing is not offered: `@platformatic/kafka` serializes a record's
 * headers before its value, so a header added by the value serializer is not sent; produce such
 * records with {@link encodeKafkaMessage} and its `headers`.
 *
 * Throws a {@link CodecError}: `invalid_argument` for a bad option, here; as
 * {@link encodeEnvelope} for an envelope it cannot encode, when called.
 */
export function createEnvelopeSerializer(
  options?: Partial<KafkaMessageWriteOptions>,
): EnvelopeSerializer {
  const context = "cannot make an envelope serializer";
  const framing = checkFraming(options, context, "raw");
  if (framing.framing === "schema-registry-header") {
    throw new CodecError(
      "invalid_argument",
      `${context}: framing "schema-registry-header" is not available here, as @platformatic/kafka ` +
        "serializes headers before the value; use encodeKafkaMessage",
    );
  }
  return (envelope) => {
    if (envelope === undefined || envelope === null) return undefined; // a tombstone
    return toBuffer(encodeRecord(envelope, framing, options).value);
  };
}
