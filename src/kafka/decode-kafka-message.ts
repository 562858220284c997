import type { KafkaValueReadOptions } from "../framing/index.js";
import { CodecError, decodeEnvelope, isCodecError } from "../index.js";
import { decodeRecordValue, type KafkaRecordValue } from "./decode-record-value.js";
import type { KafkaMessage, KafkaMessagePayload } from "./kafka-message.js";
import { VALUE_SCHEMA_ID_HEADER } from "./schema-id-header.js";

/**
 * Options for decoding record values: those of {@link decodeEnvelope}. `maxBytes` bounds each
 * value (default 16 MiB); `requireData` (default true) makes an envelope with no `Data` member
 * this schema knows, such as a kind newer than it, a `missing_data` failure.
 */
export interface KafkaMessageReadOptions extends KafkaValueReadOptions {}

/** Where a record came from: what a log line, an offset commit or a dead letter needs. */
export interface KafkaRecordOrigin<M extends KafkaMessage = KafkaMessage> {
  topic: string;
  partition: number;
  /** The record's offset, as the client gives it (a decimal string). */
  offset: string;
  key: M["key"];
}

/** A record whose value was decoded: the envelope, its framing, and its schema id, if any. */
export interface KafkaDecoded<M extends KafkaMessage = KafkaMessage>
  extends KafkaRecordOrigin<M>,
    KafkaRecordValue {
  ok: true;
}

/**
 * A record whose value could not be decoded: the {@link CodecError} that says why, and the
 * record as it came (`raw` is its value, untouched), for {@link deadLetterMessage}.
 */
export interface KafkaDecodeFailure<M extends KafkaMessage = KafkaMessage>
  extends KafkaRecordOrigin<M> {
  ok: false;
  error: CodecError;
  raw: NonNullable<M["value"]>;
  headers: M["headers"];
  timestamp: M["timestamp"];
}

/** What {@link decodeKafkaMessage} and {@link decodeKafkaBatch} make of one record. */
export type KafkaDecodeResult<M extends KafkaMessage = KafkaMessage> =
  | KafkaDecoded<M>
  | KafkaDecodeFailure<M>;

/**
 * The smallest envelope with a `Data` member: an empty `keys` (field 5, length 0). Were the
 * contract to move that field, decoding it would fail with `missing_data`, which
 * {@link checkReadOptions} ignores: it would only make an error for each check.
 */
const PROBE = /*@__PURE__*/ Uint8Array.of(0x2a, 0x00);

/**
 * Checks the options once, as {@link decodeEnvelope} would: a bad option is the caller's bug, not
 * a bad record, so it throws `invalid_argument` instead of failing every record. It decodes a
 * two-byte envelope with them, which throws nothing with good options (no error made) unless
 * they reject that envelope too, such as a `maxBytes` below 2: any error but `invalid_argument`
 * is not the options' fault. @internal
 */
export function checkReadOptions(options: Partial<KafkaMessageReadOptions> | undefined): void {
  if (options === undefined) return;
  try {
    decodeEnvelope(PROBE, options);
  } catch (error) {
    if (isCodecError(error) && error.code === "invalid_argument") throw error;
  }
}

/** Decodes one record whose options are checked. @internal */
export function decodeCheckedMessage<M extends KafkaMessage>(
  topic: string,
  partition: number,
  message: M,
  options: Partial<KafkaMessageReadOptions> | undefined,
): KafkaDecodeResult<M> | null {
  const { value, offset, key } = message;
  if (value === null || value === undefined) return null; // a tombstone
  try {
    const decoded = decodeRecordValue(value, message.headers, VALUE_SCHEMA_ID_HEADER, options);
    const { envelope, framing, schemaId, schemaGuid } = decoded;
    // One literal per shape, no spread: a key is there only when the value has it.
    if (schemaId !== undefined) {
      return { ok: true, topic, partition, offset, key, envelope, framing, schemaId };
    }
    if (schemaGuid !== undefined) {
      return { ok: true, topic, partition, offset, key, envelope, framing, schemaGuid };
    }
    return { ok: true, topic, partition, offset, key, envelope, framing };
  } catch (error) {
    if (!isCodecError(error)) throw error; // a bug, never a bad record
    return {
      ok: false,
      error,
      raw: value as NonNullable<M["value"]>,
      topic,
      partition,
      offset,
      key,
      headers: message.headers,
      timestamp: message.timestamp,
    };
  }
}

/**
 * Decodes the value of one consumed record, as kafkajs's `eachMessage` (or Confluent's KafkaJS
 * API) hands it over, into a result that keeps where the record came from. It never throws for
 * a record: a value that is not an envelope gives `{ ok: false, error, raw }` with a
 * {@link CodecError}; a tombstone (a `null` value) gives `null`. The value may be bare protobuf,
 * a Schema Registry frame, or bare protobuf with the schema id in the `__value_schema_id`
 * header (see {@link KafkaFraming}); the options are those of {@link decodeEnvelope}.
 *
 * Throws a {@link CodecError} with code `invalid_argument` only for a bad option or a payload
 * without a message; an error that is not a CodecError (a bug, never bad bytes) propagates.
 *
 * ```ts
 * await consumer.run({
 *   eachMessage: async (payload) => {
 *     const result = decodeKafkaMessage(payload);
 *     if (result === null) return; // a tombstone
 *     if (result.ok) handle(result.envelope);
 *     else await producer.send({ topic: "updates.dlq", messages: [deadLetterMessage(result)] });
 *   },
 * });
 * ```
 */
export function decodeKafkaMessage<M extends KafkaMessage>(
  payload: KafkaMessagePayload<M>,
  options?: Partial<KafkaMessageReadOptions>,
): KafkaDecodeResult<M> | null {
  checkReadOptions(options);
  checkPayload(payload, "payload");
  const { message } = payload;
  checkMessage(message, "payload.message");
  return decodeCheckedMessage(payload.topic, payload.partition, message, options);
}

/** Throws `invalid_argument` unless `payload` has a string topic and a whole partition. @internal */
export function checkPayload(payload: unknown, name: string): void {
  if (typeof payload !== "object" || payload === null) {
    throw argumentError(
      `${name} must be an object with topic and partition, got ${describe(payload)}`,
    );
  }
  const { topic, partition } = payload as { topic?: unknown; partition?: unknown };
  if (typeof topic !== "string") {
    throw argumentError(`${name}.topic must be a string, got ${describe(topic)}`);
  }
  if (!Number.isSafeInteger(partition) || (partition as number) < 0) {
    throw argumentError(
      `${name}.partition must be a whole number of at least 0, got ${describe(partition)}`,
    );
  }
}

/**
 * Throws `invalid_argument` unless `message` is an object with a string offset. The error names
 * it `name`, or `name[index]` for the element of an array (made only when it throws). @internal
 */
export function checkMessage(message: unknown, name: string, index?: number): void {
  if (typeof message === "object" && message !== null) {
    const { offset } = message as { offset?: unknown };
    if (typeof offset === "string") return;
    throw argumentError(
      `${elementName(name, index)}.offset must be a string, got ${describe(offset)}`,
    );
  }
  throw argumentError(
    `${elementName(name, index)} must be a Kafka message object, got ${describe(message)}`,
  );
}

function elementName(name: string, index: number | undefined): string {
  return index === undefined ? name : `${name}[${index}]`;
}

/** An `invalid_argument` error about the arguments of a decode. @internal */
export function argumentError(detail: string): CodecError {
  return new CodecError("invalid_argument", `cannot decode Kafka record: ${detail}`);
}

/** A value's type for error texts: `null`, `array`, `number 3`, `string`, `object`. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return String(value);
  return typeof value;
}
