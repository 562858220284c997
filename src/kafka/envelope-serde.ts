import type { GRPC_AttendantPayload } from "../index.js";
import { CodecError } from "../index.js";
import {
  checkReadOptions,
  describe,
  type KafkaMessageReadOptions,
} from "./decode-kafka-message.js";
import { decodeRecordValue } from "./decode-record-value.js";
import {
  type CheckedFraming,
  checkFraming,
  encodeRecord,
  type KafkaMessageWriteOptions,
  shown,
  toBuffer,
} from "./encode-kafka-message.js";
import type { KafkaBytes, KafkaHeaders } from "./kafka-message.js";
import { KEY_SCHEMA_ID_HEADER, VALUE_SCHEMA_ID_HEADER } from "./schema-id-header.js";

/** Options of an {@link EnvelopeSerde}: what it reads, what it writes, and which side it serves. */
export interface EnvelopeSerdeOptions extends KafkaMessageReadOptions, KafkaMessageWriteOptions {
  /**
   * Whether it (de)serializes record values or keys, as Confluent's `SerdeType` (`"VALUE"` or
   * `"KEY"`): it picks the header the schema id is read from and written to,
   * `__value_schema_id` or `__key_schema_id`. Default `"VALUE"`.
   */
  serdeType: "VALUE" | "KEY";
}

/**
 * An envelope (de)serializer with the shape of `@confluentinc/schemaregistry`'s serializers and
 * deserializers (`serialize(topic, msg, headers?)`, `deserialize(topic, payload, headers?)`,
 * both async), for code written against that interface, that needs no registry client: the
 * schema is the one this package was built from. `deserialize` reads the schema id from a
 * `__value_schema_id` (or `__key_schema_id`) header when there is one, as Confluent's
 * DualSchemaIdDeserializer does, else from the Schema Registry frame, and also takes bare
 * protobuf; the schema id is not looked up. `serialize` writes the framing of the options
 * (default `"schema-registry"`, which needs `schemaId`; `"schema-registry-header"` writes the
 * header into the `headers` it is given). A serde that only deserializes needs no schema id.
 *
 * The constructor throws a {@link CodecError} with code `invalid_argument` for a bad option; the
 * methods reject with a {@link CodecError}, as {@link encodeKafkaMessage} and
 * {@link decodeKafkaMessage} fail.
 *
 * ```ts
 * const serde = new EnvelopeSerde({ schemaId: 42 });
 * const value = await serde.serialize("updates", envelope);
 * const decoded = await serde.deserialize("updates", value);
 * ```
 */
export class EnvelopeSerde {
  readonly serdeType: "VALUE" | "KEY";
  readonly #options: Partial<EnvelopeSerdeOptions> | undefined;
  readonly #framing: CheckedFraming;
  readonly #header: string;

  constructor(options?: Partial<EnvelopeSerdeOptions>) {
    const context = "cannot make an EnvelopeSerde";
    checkReadOptions(options);
    this.#framing = checkFraming(options, context, "schema-registry", false);
    const serdeType = options?.serdeType ?? "VALUE";
    if (serdeType !== "VALUE" && serdeType !== "KEY") {
      throw new CodecError(
        "invalid_argument",
        `${context}: option serdeType must be "VALUE" or "KEY", got ${shown(serdeType)}`,
      );
    }
    this.serdeType = serdeType;
    this.#header = serdeType === "KEY" ? KEY_SCHEMA_ID_HEADER : VALUE_SCHEMA_ID_HEADER;
    this.#options = options;
  }

  /**
   * Encodes an envelope in the framing of the options. For `"schema-registry-header"` it sets the
   * schema id header in `headers`, which must then be given. Rejects with a {@link CodecError}.
   */
  async serialize(
    topic: string,
    msg: GRPC_AttendantPayload,
    headers?: { [name: string]: unknown },
  ): Promise<KafkaBytes> {
    const context = "cannot serialize envelope";
    checkTopic(topic, context);
    const { framing, schemaId, schemaGuid } = this.#framing;
    if (framing !== "raw" && schemaId === undefined && schemaGuid === undefined) {
      throw new CodecError(
        "invalid_argument",
        `${context}: framing "${framing}" needs a schema id, and this EnvelopeSerde was made ` +
          "without the option schemaId" +
          (framing === "schema-registry-header" ? " or schemaGuid" : ""),
      );
    }
    const needsHeaders = framing === "schema-registry-header";
    if (needsHeaders && (typeof headers !== "object" || headers === null)) {
      throw new CodecError(
        "invalid_argument",
        `${context}: framing "schema-registry-header" needs the record's headers to write ` +
          `${this.#header} into, got ${describe(headers)}`,
      );
    }
    const { value, header } = encodeRecord(msg, this.#framing, this.#options);
    if (header !== undefined && headers) headers[this.#header] = toBuffer(header);
    return toBuffer(value);
  }

  /**
   * Decodes an envelope in any framing, the schema id header first. Rejects with a
   * {@link CodecError}.
   */
  async deserialize(
    topic: string,
    payload: Uint8Array,
    headers?: KafkaHeaders,
  ): Promise<GRPC_AttendantPayload> {
    checkTopic(topic, "cannot deserialize envelope");
    return decodeRecordValue(payload, headers, this.#header, this.#options).envelope;
  }
}

function checkTopic(topic: unknown, context: string): void {
  if (typeof topic !== "string") {
    throw new CodecError(
      "invalid_argument",
      `${context}: topic must be a string, got ${describe(topic)}`,
    );
  }
}
