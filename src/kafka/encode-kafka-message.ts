import { ENVELOPE_MESSAGE_INDEXES, encodeSchemaRegistryFrame } from "../framing/index.js";
import type { EnvelopeWriteOptions, GRPC_AttendantPayload } from "../index.js";
import { CodecError, encodeEnvelope } from "../index.js";
import { describe } from "./decode-kafka-message.js";
import type { KafkaFraming } from "./decode-record-value.js";
import type { KafkaBytes } from "./kafka-message.js";
import { encodeSchemaIdHeader, isSchemaGuid, VALUE_SCHEMA_ID_HEADER } from "./schema-id-header.js";

/** Options for encoding an envelope as a Kafka record value. */
export interface KafkaMessageWriteOptions extends EnvelopeWriteOptions {
  /**
   * How the value holds the envelope (see {@link KafkaFraming}). Default `"raw"`, the bare
   * protobuf bytes.
   */
  framing: KafkaFraming;
  /**
   * The schema id the registry gave the schema, 0 to 2^31 - 1: required for `"schema-registry"`;
   * for `"schema-registry-header"`, give it or `schemaGuid`.
   */
  schemaId: number;
  /**
   * The schema's GUID (`"8-4-4-4-12"` hex digits), for `"schema-registry-header"`: what
   * Confluent's HeaderSchemaIdSerializer writes.
   */
  schemaGuid: string;
  /** The message's path in the schema's file. Default `[0]` ({@link ENVELOPE_MESSAGE_INDEXES}). */
  messageIndexes: readonly number[];
}

/** A record value to produce, and the headers that go with it, as kafkajs's `Message` takes them. */
export interface KafkaRecordToProduce {
  value: KafkaBytes;
  /** Empty, but for the `"schema-registry-header"` framing: `__value_schema_id`. */
  headers: { [name: string]: KafkaBytes };
}

const framings: readonly KafkaFraming[] = ["raw", "schema-registry", "schema-registry-header"];
const MAX_INT32 = 0x7fffffff;

/** The framing options, checked. @internal */
export interface CheckedFraming {
  framing: KafkaFraming;
  schemaId: number | undefined;
  schemaGuid: string | undefined;
  messageIndexes: readonly number[];
}

/** The bytes of a record value, and of its schema id header, if any. @internal */
export interface EncodedRecord {
  value: Uint8Array;
  header?: Uint8Array;
}

/**
 * Checks the framing options: `framing`, `schemaId`, `schemaGuid`, `messageIndexes`. Throws
 * `invalid_argument` with `context` in front. Unless `requireId`, a schema-registry framing may
 * lack its schema id (a serde that only deserializes). @internal
 */
export function checkFraming(
  options: Partial<KafkaMessageWriteOptions> | undefined,
  context: string,
  defaultFraming: KafkaFraming,
  requireId = true,
): CheckedFraming {
  const fail = (detail: string): never => {
    throw new CodecError("invalid_argument", `${context}: ${detail}`);
  };
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    fail(`options must be an object, got ${describe(options)}`);
  }
  const {
    framing = defaultFraming,
    schemaId,
    schemaGuid,
    messageIndexes = ENVELOPE_MESSAGE_INDEXES,
  } = options ?? {};
  if (!framings.includes(framing)) {
    fail(
      `option framing must be "raw", "schema-registry" or "schema-registry-header", got ${shown(
        framing,
      )}`,
    );
  }
  if (framing === "raw" && (schemaId !== undefined || schemaGuid !== undefined)) {
    fail(
      `option ${schemaId !== undefined ? "schemaId" : "schemaGuid"} needs a schema-registry ` +
        'framing, got framing "raw"',
    );
  }
  if (framing === "schema-registry") {
    if (schemaGuid !== undefined) {
      fail('option schemaGuid needs framing "schema-registry-header": the frame holds a schema id');
    }
    if (requireId && schemaId === undefined) {
      fail('option schemaId is required for framing "schema-registry"');
    }
  }
  if (
    framing === "schema-registry-header" &&
    (schemaId === undefined) === (schemaGuid === undefined) &&
    (requireId || schemaId !== undefined)
  ) {
    fail(
      'framing "schema-registry-header" needs exactly one of the options schemaId and schemaGuid',
    );
  }
  if (schemaGuid !== undefined && !isSchemaGuid(schemaGuid)) {
    fail(`option schemaGuid must be 32 hex digits as 8-4-4-4-12, got ${shown(schemaGuid)}`);
  }
  if (schemaId !== undefined) checkInt32("option schemaId", schemaId, fail);
  if (!Array.isArray(messageIndexes) || messageIndexes.length === 0) {
    fail(
      "option messageIndexes must be a non-empty array, got " +
        (Array.isArray(messageIndexes) ? "[]" : describe(messageIndexes)),
    );
  }
  for (const [i, index] of messageIndexes.entries()) {
    checkInt32(`option messageIndexes[${i}]`, index, fail);
  }
  return { framing, schemaId, schemaGuid, messageIndexes };
}

/**
 * Encodes the envelope in a checked framing; `options` gives {@link encodeEnvelope} its own.
 * Throws a {@link CodecError} as {@link encodeEnvelope} does. @internal
 */
export function encodeRecord(
  envelope: GRPC_AttendantPayload,
  framing: CheckedFraming,
  options: Partial<EnvelopeWriteOptions> | undefined,
): EncodedRecord {
  const { schemaId, schemaGuid, messageIndexes } = framing;
  switch (framing.framing) {
    case "raw":
      return { value: encodeEnvelope(envelope, options) };
    case "schema-registry":
      return {
        value: encodeSchemaRegistryFrame(envelope, {
          ...options,
          schemaId: schemaId as number,
          messageIndexes,
        }),
      };
    case "schema-registry-header":
      return {
        value: encodeEnvelope(envelope, options),
        header: encodeSchemaIdHeader({ schemaId, schemaGuid }, messageIndexes),
      };
  }
}

/** A string quoted (its first 40 characters), else its type. @internal */
export function shown(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : describe(value);
}

function checkInt32(name: string, value: unknown, fail: (detail: string) => never): void {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_INT32) {
    fail(`${name} must be a whole number from 0 to ${MAX_INT32}, got ${describe(value)}`);
  }
}

/** A Node.js Buffer over the same memory, as the clients want one. @internal */
export function toBuffer(bytes: Uint8Array): KafkaBytes {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as KafkaBytes;
}

/**
 * Encodes an envelope as a Kafka record value in the framing asked for, with the headers that
 * framing needs: spread it into a kafkajs (or Confluent KafkaJS API) message. `"raw"` (the
 * default) writes the bare protobuf bytes; `"schema-registry"` the Confluent Schema Registry
 * wire format with `schemaId` (and `messageIndexes`, default `[0]`); `"schema-registry-header"`
 * the bare bytes, with the schema GUID (or id) and message indexes in the `__value_schema_id`
 * header. The other options are those of {@link encodeEnvelope}. Node.js only: it returns
 * Buffers.
 *
 * Throws a {@link CodecError}: `invalid_argument` for a bad option (a framing not listed, a
 * missing or out-of-range schema id, a GUID not in 8-4-4-4-12 form, an option the framing does
 * not use), and as {@link encodeEnvelope}.
 *
 * ```ts
 * await producer.send({
 *   topic: "updates",
 *   messages: [{ key: vin, ...encodeKafkaMessage(envelope, { framing: "schema-registry", schemaId: 42 }) }],
 * });
 * ```
 */
export function encodeKafkaMessage(
  envelope: GRPC_AttendantPayload,
  options?: Partial<KafkaMessageWriteOptions>,
): KafkaRecordToProduce {
  const framing = checkFraming(options, "cannot encode Kafka record", "raw");
  const { value, header } = encodeRecord(envelope, framing, options);
  return {
    value: toBuffer(value),
    headers: header === undefined ? {} : { [VALUE_SCHEMA_ID_HEADER]: toBuffer(header) },
  };
}
