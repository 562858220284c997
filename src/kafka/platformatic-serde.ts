import {
  type DecodedEnvelope,
  decodeRecordValue,
  type RecordValue,
  type RecordValueReadOptions,
  type RecordValueWriteOptions,
} from "../framing/index.js";
import { checkRecordValueWriteOptions, writeRecordValue } from "../framing/record-value.js";
import type { GRPC_AttendantPayload } from "../index.js";
import { CodecError } from "../index.js";
import { readOptions } from "../internal/check-options.js";
import { checkReadOptions } from "./decode-kafka-message.js";
import { toBuffer } from "./encode-kafka-message.js";
import type { KafkaBytes } from "./kafka-message.js";

/**
 * A value deserializer in the shape of `@platformatic/kafka`'s
 * `DeserializerWithHeaders<V>`: `(data, headers) => value`, synchronous, `undefined` for a
 * tombstone. `V` is the envelope, or its {@link RecordValue} with the option `recordValue`.
 */
export type PlatformaticDeserializer<V = DecodedEnvelope> = (
  data?: Uint8Array,
  headers?: ReadonlyMap<unknown, unknown>,
) => V | undefined;

/** Options of {@link createPlatformaticDeserializer}: those of reading, and what it returns. */
export interface PlatformaticDeserializerOptions extends RecordValueReadOptions {
  /**
   * Whether a message's value is the {@link RecordValue} (the envelope, its framing, and the
   * schema id or GUID of the Schema Registry framings) instead of the envelope alone. Default
   * false.
   */
  recordValue: boolean;
}

/**
 * The value a deserializer made with options `O` gives: the envelope, its {@link RecordValue}
 * when `recordValue` is true, either when it may be both.
 */
export type PlatformaticValue<O> = O extends { readonly recordValue: true }
  ? RecordValue<DecodedEnvelope<O>>
  : O extends undefined | { readonly recordValue?: false | undefined }
    ? DecodedEnvelope<O>
    : RecordValue<DecodedEnvelope<O>> | DecodedEnvelope<O>;

const deserializerDefaults = { recordValue: false };

/**
 * Makes a value deserializer for `@platformatic/kafka`'s consumer
 * (`deserializers: { value: createPlatformaticDeserializer() }`). It reads every framing as
 * {@link decodeRecordValue} does, the schema id header included, and gives the envelope, or
 * with `recordValue: true` the {@link RecordValue} with the framing and schema id it found;
 * `undefined` for a tombstone. It throws the {@link CodecError} of a value that is not an
 * envelope, which the consumer hands to its `onDeserializationError` (as `context.error`), where
 * {@link platformaticDeadLetter} makes the dead letter. The other options are those of
 * {@link decodeRecordValue}, checked here.
 *
 * Throws a {@link CodecError} with code `invalid_argument` for a bad option.
 *
 * ```ts
 * const consumer = new Consumer({
 *   groupId: "ota", bootstrapBrokers: ["localhost:9092"], clientId: "ota",
 *   deserializers: { value: createPlatformaticDeserializer({ recordValue: true }) },
 * });
 * ```
 */
export function createPlatformaticDeserializer<
  O extends Partial<PlatformaticDeserializerOptions> | undefined = undefined,
>(options?: O): PlatformaticDeserializer<PlatformaticValue<O>> {
  const { recordValue } = readOptions(options, deserializerDefaults);
  checkReadOptions(options);
  if (recordValue) {
    return (data, headers) => {
      if (data === undefined || data === null) return undefined; // a tombstone
      return decodeRecordValue(data, headers, options) as PlatformaticValue<O>;
    };
  }
  return (data, headers) => {
    if (data === undefined || data === null) return undefined; // a tombstone
    return decodeRecordValue(data, headers, options).envelope as PlatformaticValue<O>;
  };
}

/**
 * A value serializer in the shape of `@platformatic/kafka`'s `Serializer<GRPC_AttendantPayload>`:
 * `(envelope) => Buffer`, synchronous, `undefined` (a tombstone) passed through.
 */
export type PlatformaticSerializer = (envelope?: GRPC_AttendantPayload) => KafkaBytes | undefined;

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
