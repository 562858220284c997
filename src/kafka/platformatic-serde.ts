import {
  type DecodedEnvelope,
  decodeRecordValue,
  type RecordValueReadOptions,
  type RecordValueWriteOptions,
} from "../framing/index.js";
import { checkRecordValueWriteOptions, writeRecordValue } from "../framing/record-value.js";
import type { GRPC_AttendantPayload } from "../index.js";
import { CodecError } from "../index.js";
import { checkReadOptions } from "./decode-kafka-message.js";
import { toBuffer } from "./encode-kafka-message.js";
import type { KafkaBytes } from "./kafka-message.js";

/**
 * A value deserializer in the shape of `@platformatic/kafka`'s
 * `DeserializerWithHeaders<E>`: `(data, headers) => envelope`, synchronous, `undefined` for a
 * tombstone.
 */
export type PlatformaticDeserializer<E extends GRPC_AttendantPayload = DecodedEnvelope> = (
  data?: Uint8Array,
  headers?: ReadonlyMap<unknown, unknown>,
) => E | undefined;

/**
 * A value serializer in the shape of `@platformatic/kafka`'s `Serializer<GRPC_AttendantPayload>`:
 * `(envelope) => Buffer`, synchronous, `undefined` (a tombstone) passed through.
 */
export type PlatformaticSerializer = (envelope?: GRPC_AttendantPayload) => KafkaBytes | undefined;

/**
 * Makes a value deserializer for `@platformatic/kafka`'s consumer
 * (`deserializers: { value: createPlatformaticDeserializer() }`). It reads every framing as
 * {@link decodeRecordValue} does, the schema id header included, returns `undefined` for a
 * tombstone, and throws the {@link CodecError} of a value that is not an envelope, which the
 * consumer hands to its `onDeserializationError` (as `context.error`). The options are those of
 * {@link decodeRecordValue}, checked here.
 *
 * Throws a {@link CodecError} with code `invalid_argument` for a bad option.
 *
 * ```ts
 * const consumer = new Consumer({
 *   groupId: "ota", bootstrapBrokers: ["localhost:9092"], clientId: "ota",
 *   deserializers: { value: createPlatformaticDeserializer() },
 * });
 * ```
 */
export function createPlatformaticDeserializer<
  O extends Partial<RecordValueReadOptions> | undefined = undefined,
>(options?: O): PlatformaticDeserializer<DecodedEnvelope<O>> {
  checkReadOptions(options);
  return (data, headers) => {
    if (data === undefined || data === null) return undefined; // a tombstone
    return decodeRecordValue(data, headers, options).envelope as DecodedEnvelope<O>;
  };
}

/**
 * Makes a value serializer for `@platformatic/kafka`'s producer
 * (`serializers: { value: createPlatformaticSerializer({ framing: "schema-registry", schemaId: 42 }) }`):
 * `"raw"` (the default, as every writer here) or `"schema-registry"` framing, written as
 * {@link encodeRecordValue} does; `undefined` (a tombstone) is passed through. The header
 * framing is not offered: `@platformatic/kafka` serializes a record's headers before its value,
 * so a header added by the value serializer is not sent; produce such records with
 * {@link encodeRecordValue} and its `headers`.
 *
 * Throws a {@link CodecError}: `invalid_argument` for a bad option, here; as
 * {@link encodeEnvelope} for an envelope it cannot encode, when called.
 */
export function createPlatformaticSerializer(
  options?: Partial<Omit<RecordValueWriteOptions, "schemaIdHeader">>,
): PlatformaticSerializer {
  const context = "cannot make a @platformatic/kafka serializer";
  const writer = checkRecordValueWriteOptions(options, context);
  if (writer.framing === "schema-registry-header") {
    throw new CodecError(
      "invalid_argument",
      `${context}: framing "schema-registry-header" is not available here, as @platformatic/kafka ` +
        "serializes headers before the value; use encodeRecordValue and its headers",
    );
  }
  return (envelope) => {
    if (envelope === undefined || envelope === null) return undefined; // a tombstone
    return toBuffer(writeRecordValue(envelope, writer, options).value);
  };
}
