import {
  type DecodedEnvelope,
  decodeRecordValue,
  KEY_SCHEMA_ID_HEADER,
  type RecordHeaders,
  type RecordValueReadOptions,
  type RecordValueWriteOptions,
  VALUE_SCHEMA_ID_HEADER,
} from "../framing/index.js";
import { checkRecordValueWriteOptions, writeRecordValue } from "../framing/record-value.js";
import type { GRPC_AttendantPayload } from "../index.js";
import { CodecError } from "../index.js";
import { describeValue, showValue } from "../internal/describe-value.js";
import { checkReadOptions } from "./decode-kafka-message.js";
import { headersToBuffers, toBuffer } from "./encode-kafka-message.js";
import type { KafkaBytes } from "./kafka-message.js";

/**
 * Whether a (de)serializer serves record keys or values: `@confluentinc/schemaregistry`'s own
 * `SerdeType`, declared again here so that no client library is needed. TypeScript takes either
 * enum for the other (same name, same members), so Confluent's `SerdeType.KEY` is accepted and
 * the `serdeType` returned assigns to Confluent's type.
 */
export enum SerdeType {
  KEY = "KEY",
  VALUE = "VALUE",
}

/** Options of {@link createConfluentSerializer}: the framing written, and the side it serves. */
export interface ConfluentSerializerOptions
  extends Omit<RecordValueWriteOptions, "schemaIdHeader"> {
  /**
   * Whether it serializes record values or keys: it picks the header the
   * `"schema-registry-header"` framing writes, `__value_schema_id` or `__key_schema_id`. Default
   * `SerdeType.VALUE`.
   */
  serdeType: SerdeType | "KEY" | "VALUE";
}

/** Options of {@link createConfluentDeserializer}: those of reading, and the side it serves. */
export interface ConfluentDeserializerOptions
  extends Omit<RecordValueReadOptions, "schemaIdHeader"> {
  /**
   * Whether it deserializes record values or keys: it picks the header the schema id is read
   * from, `__value_schema_id` or `__key_schema_id`. Default `SerdeType.VALUE`.
   */
  serdeType: SerdeType | "KEY" | "VALUE";
}

/**
 * An envelope serializer with the shape of `@confluentinc/schemaregistry`'s `Serializer`:
 * `serialize(topic, msg, headers?)`, async, and its `serdeType`.
 */
export interface ConfluentSerializer {
  readonly serdeType: SerdeType;
  /**
   * Encodes an envelope in the framing of the options. For `"schema-registry-header"` it sets
   * the schema id header in `headers`, which must then be given. Rejects with a
   * {@link CodecError}.
   */
  serialize(
    topic: string,
    msg: GRPC_AttendantPayload,
    headers?: { [name: string]: unknown },
  ): Promise<KafkaBytes>;
}

/**
 * An envelope deserializer with the shape of `@confluentinc/schemaregistry`'s `Deserializer`:
 * `deserialize(topic, payload, headers?)`, async, and its `serdeType`.
 */
export interface ConfluentDeserializer<E extends GRPC_AttendantPayload = DecodedEnvelope> {
  readonly serdeType: SerdeType;
  /**
   * Decodes an envelope in any framing, the schema id header first, as
   * {@link decodeRecordValue} does. Rejects with a {@link CodecError}.
   */
  deserialize(topic: string, payload: Uint8Array, headers?: RecordHeaders): Promise<E>;
}

/**
 * Makes an envelope serializer in the shape of `@confluentinc/schemaregistry`'s serializers, for
 * code written against that interface, that needs no registry client: the schema is the one this
 * package was built from. It writes the framing of the options as {@link encodeRecordValue}
 * does: `"raw"` by default, as every writer here; `"schema-registry"` with `schemaId` for what
 * Confluent's `ProtobufSerializer` writes, byte for byte; `"schema-registry-header"` with
 * `schemaGuid` (or `schemaId`) for what it writes with `HeaderSchemaIdSerializer`, the header set
 * in the `headers` it is given.
 *
 * Throws a {@link CodecError} with code `invalid_argument` for a bad option; `serialize`
 * rejects with a {@link CodecError} as {@link encodeRecordValue} fails.
 *
 * ```ts
 * const serializer = createConfluentSerializer({ framing: "schema-registry", schemaId: 42 });
 * const value = await serializer.serialize("updates", envelope);
 * ```
 */
export function createConfluentSerializer(
  options?: Partial<ConfluentSerializerOptions>,
): ConfluentSerializer {
  const context = "cannot make a Confluent serializer";
  const serdeType = serdeTypeOption(options, context);
  const header = serdeType === SerdeType.KEY ? KEY_SCHEMA_ID_HEADER : VALUE_SCHEMA_ID_HEADER;
  const writer = checkRecordValueWriteOptions(
    options === undefined ? undefined : { ...options, schemaIdHeader: header },
    context,
  );
  return {
    serdeType,
    async serialize(topic, msg, headers) {
      const context = "cannot serialize envelope";
      checkTopic(topic, context);
      if (
        writer.framing === "schema-registry-header" &&
        (typeof headers !== "object" || headers === null)
      ) {
        throw new CodecError(
          "invalid_argument",
          `${context}: framing "schema-registry-header" needs the record's headers to write ` +
            `${header} into, got ${describeValue(headers)}`,
        );
      }
      const encoded = writeRecordValue(msg, writer, options);
      if (headers) Object.assign(headers, headersToBuffers(encoded));
      return toBuffer(encoded.value);
    },
  };
}

/**
 * Makes an envelope deserializer in the shape of `@confluentinc/schemaregistry`'s
 * deserializers, for code written against that interface, that needs no registry client. It
 * reads every framing as {@link decodeRecordValue} does: the schema id from the
 * `__value_schema_id` (or `__key_schema_id`) header when there is one, as Confluent's
 * `DualSchemaIdDeserializer` does, else from the Schema Registry frame, and bare protobuf; the
 * schema id is not looked up.
 *
 * Throws a {@link CodecError} with code `invalid_argument` for a bad option; `deserialize`
 * rejects with a {@link CodecError} as {@link decodeRecordValue} fails.
 *
 * ```ts
 * const deserializer = createConfluentDeserializer();
 * const envelope = await deserializer.deserialize("updates", message.value, message.headers);
 * ```
 */
export function createConfluentDeserializer<
  O extends Partial<ConfluentDeserializerOptions> | undefined = undefined,
>(options?: O): ConfluentDeserializer<DecodedEnvelope<O>> {
  const context = "cannot make a Confluent deserializer";
  const serdeType = serdeTypeOption(options, context);
  const read: Partial<RecordValueReadOptions> = {
    ...options,
    schemaIdHeader: serdeType === SerdeType.KEY ? KEY_SCHEMA_ID_HEADER : VALUE_SCHEMA_ID_HEADER,
  };
  checkReadOptions(read);
  return {
    serdeType,
    async deserialize(topic, payload, headers) {
      checkTopic(topic, "cannot deserialize envelope");
      return decodeRecordValue(payload, headers, read).envelope as DecodedEnvelope<O>;
    },
  };
}

/** The option `serdeType`, default `VALUE`; throws `invalid_argument` for another value. */
function serdeTypeOption(options: unknown, context: string): SerdeType {
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    throw new CodecError(
      "invalid_argument",
      `${context}: options must be an object, got ${describeValue(options)}`,
    );
  }
  const serdeType = (options as { serdeType?: unknown } | undefined)?.serdeType ?? "VALUE";
  if (serdeType !== "VALUE" && serdeType !== "KEY") {
    throw new CodecError(
      "invalid_argument",
      `${context}: option serdeType must be SerdeType.VALUE or SerdeType.KEY, got ${showValue(serdeType)}`,
    );
  }
  return serdeType === "KEY" ? SerdeType.KEY : SerdeType.VALUE;
}

function checkTopic(topic: unknown, context: string): void {
  if (typeof topic !== "string") {
    throw new CodecError(
      "invalid_argument",
      `${context}: topic must be a string, got ${showValue(topic)}`,
    );
  }
}
