import {
  type DecodedEnvelope,
  decodeRecordValue,
  type RecordValue,
  type RecordValueReadOptions,
} from "../framing/index.js";
import {
  type BinaryReadOptions,
  CodecError,
  type GRPC_AttendantPayload,
  isCodecError,
  type peekEnvelope, // named in the docs
} from "../index.js";
import { unreadableOption } from "../internal/check-options.js";
import { decodeFramedValue } from "../internal/decode-framed-value.js";
import { describeValue, showValue } from "../internal/describe-value.js";
import { binaryReadDefaults } from "../internal/option-defaults.js";
import type { RecordFrame } from "../internal/record-frame.js";
import { publishResult } from "./kafka-channels.js";
import type { EachMessagePayload, KafkaMessage } from "./kafka-message.js";
import {
  type KafkaDecodeOptions,
  type KafkaDecodeResultOf,
  type KafkaSkipped,
  type KindSelection,
  keepSelected,
  peekRecord,
  selectKinds,
} from "./select-kinds.js";

/**
 * Where a record came from, as its client handed it over: what a log line, an offset commit or a
 * dead letter needs. Every result of {@link decodeKafkaMessage} and {@link decodeKafkaBatch}
 * carries it, tombstones included.
 */
export interface KafkaRecordOrigin<M extends KafkaMessage = KafkaMessage> {
  /** The topic the record was read from, as the batch or the caller names it. */
  readonly topic: string;
  /** The partition of that topic the record was read from. */
  readonly partition: number;
  /** The record's offset, as the client gives it (a decimal string). */
  readonly offset: string;
  // A field the record's type leaves out (a literal without `timestamp`) is undefined, where
  // `M["timestamp"]` would be unknown. (`value` keeps the test from being one of a weak type,
  // which a type without a common property would fail.)
  /** The record's key, as the client gave it. */
  readonly key: M extends { readonly value: unknown; readonly key?: never } ? undefined : M["key"];
  /** The record's headers, as the client gave them. */
  readonly headers: M extends { readonly value: unknown; readonly headers?: never }
    ? undefined
    : M["headers"];
  /** The record's timestamp, as the client gave it: milliseconds since the epoch, in decimal. */
  readonly timestamp: M extends { readonly value: unknown; readonly timestamp?: never }
    ? undefined
    : M["timestamp"];
}

/**
 * A record whose value was decoded: its origin, `kind: "ok"`, and the {@link RecordValue}: the
 * envelope, its framing, and the schema id or GUID of the Schema Registry framings.
 */
export type KafkaDecoded<
  M extends KafkaMessage = KafkaMessage,
  E extends GRPC_AttendantPayload = DecodedEnvelope,
> = KafkaRecordOrigin<M> & { readonly kind: "ok" } & RecordValue<E>;

/**
 * A record whose value could not be decoded: the {@link CodecError} that says why, and the
 * record's value untouched, for {@link deadLetterMessage}.
 */
export interface KafkaDecodeFailure<M extends KafkaMessage = KafkaMessage>
  extends KafkaRecordOrigin<M> {
  readonly kind: "error";
  readonly error: CodecError;
  readonly value: NonNullable<M["value"]>;
}

/** A record whose value is `null`: a tombstone, which deletes its key on a compacted topic. */
export interface KafkaTombstone<M extends KafkaMessage = KafkaMessage>
  extends KafkaRecordOrigin<M> {
  readonly kind: "tombstone";
}

/**
 * What {@link decodeKafkaMessage} and {@link decodeKafkaBatch} make of one record, discriminated
 * by `kind`: `"ok"`, `"error"` or `"tombstone"`. `E` is the envelope's type: one with a `Data`
 * member under the default options ({@link DecodedEnvelope}).
 */
export type KafkaDecodeResult<
  M extends KafkaMessage = KafkaMessage,
  E extends GRPC_AttendantPayload = DecodedEnvelope,
> = KafkaDecoded<M, E> | KafkaDecodeFailure<M> | KafkaTombstone<M>;

/**
 * The smallest envelope with a `Data` member: an empty `keys` (field 5, length 0). Were the
 * contract to move that field, decoding it would fail with `missing_data`, which
 * {@link checkReadOptions} ignores: it would only make an error for each check.
 */
const PROBE = /*@__PURE__*/ Uint8Array.of(0x2a, 0x00);

/**
 * Checks the options once, as {@link decodeRecordValue} would: a bad option is the caller's bug,
 * not a bad record, so it throws `invalid_argument` instead of failing every record. It decodes
 * a two-byte envelope with them, which throws nothing with good options (no error made) unless
 * they reject that envelope too, such as a `maxBytes` below 2: any error but `invalid_argument`
 * is not the options' fault, and an error that is not a CodecError (a bug) propagates. Returns
 * the options each record is to be read with: undefined when they set none of
 * {@link decodeRecordValue}'s (`{ kinds }` alone), so that no record reads them again. @internal
 */
export function checkReadOptions(
  options: Partial<RecordValueReadOptions> | undefined,
): Partial<RecordValueReadOptions> | undefined {
  if (options === undefined) return undefined;
  try {
    decodeRecordValue(PROBE, null, options);
  } catch (error) {
    if (!isCodecError(error) || error.code === "invalid_argument") throw error;
  }
  for (const name of recordOptionNames) {
    let value: unknown;
    try {
      value = options[name];
    } catch (cause) {
      throw unreadableOption(name, cause);
    }
    if (value !== undefined) return options;
  }
  return undefined;
}

/** The names of {@link decodeRecordValue}'s options. */
const recordOptionNames = [
  ...(Object.keys(binaryReadDefaults) as (keyof BinaryReadOptions)[]),
  "schemaIdHeader",
] as const;

/**
 * Decodes one record whose options are checked: its value as {@link decodeRecordValue} does, or
 * from the envelope on when a peek has read its `frame`. @internal
 */
export function decodeCheckedMessage<M extends KafkaMessage, E extends GRPC_AttendantPayload>(
  topic: string,
  partition: number,
  message: M,
  options: Partial<RecordValueReadOptions> | undefined,
  frame?: RecordFrame,
): KafkaDecodeResult<M, E> {
  const { value, offset } = message;
  // Typed as the record's type has them: undefined where it has none.
  const { key, headers, timestamp } = message as Pick<
    KafkaRecordOrigin<M>,
    "key" | "headers" | "timestamp"
  >;
  if (value === null || value === undefined) {
    return { kind: "tombstone", topic, partition, offset, key, headers, timestamp };
  }
  let decoded: RecordValue<E>;
  try {
    decoded = (
      frame === undefined
        ? decodeRecordValue(value, headers, options)
        : decodeFramedValue(value, frame, options)
    ) as RecordValue<E>;
  } catch (error) {
    if (!isCodecError(error)) throw error; // a bug, never a bad record
    const failed = value as NonNullable<M["value"]>;
    return {
      kind: "error",
      error,
      value: failed,
      topic,
      partition,
      offset,
      key,
      headers,
      timestamp,
    };
  }
  // One literal per shape, no spread: a key is there only when the value has it.
  const { framing, envelope } = decoded;
  if (decoded.framing === "raw") {
    return {
      kind: "ok",
      topic,
      partition,
      offset,
      key,
      headers,
      timestamp,
      framing: "raw",
      envelope,
    };
  }
  const { messageIndexes } = decoded;
  if (decoded.schemaGuid !== undefined) {
    const { schemaGuid } = decoded;
    return {
      kind: "ok",
      topic,
      partition,
      offset,
      key,
      headers,
      timestamp,
      framing: "schema-registry-header",
      envelope,
      schemaGuid,
      messageIndexes,
    };
  }
  const { schemaId } = decoded;
  return {
    kind: "ok",
    topic,
    partition,
    offset,
    key,
    headers,
    timestamp,
    framing: framing as "schema-registry",
    envelope,
    schemaId,
    messageIndexes,
  };
}

/**
 * Decodes the value of one consumed record, as kafkajs's `eachMessage` (or Confluent's KafkaJS
 * API) hands it over, into a result that keeps where the record came from, discriminated by
 * `kind`. It never throws for a record: a decoded value gives `kind: "ok"` with the envelope and
 * its framing, a value that is not an envelope `kind: "error"` with the {@link CodecError} and
 * the value untouched, a `null` value `kind: "tombstone"`. The value is read by
 * {@link decodeRecordValue}, in any framing; the options are its own, and `kinds`: the envelope
 * kinds to decode. With it, a record of another kind, or of a kind newer than this schema, is
 * not decoded but peeked at (as {@link peekEnvelope} does) and gives `kind: "skipped"` with its
 * kind or field number, handler, framing and schema id; a decoded envelope is then typed as one
 * of those kinds. A value the peek cannot read is decoded, and fails as it would without `kinds`.
 * The result is published on the `node:diagnostics_channel` channel of its kind
 * ({@link KAFKA_DIAGNOSTICS_CHANNELS}) when that channel has a subscriber.
 *
 * Throws a {@link CodecError} with code `invalid_argument` only for a bad option (a name in
 * `kinds` that is not an envelope kind among them) or a payload without a message; an error that
 * is not a CodecError (a bug, never bad bytes) propagates.
 *
 * ```ts
 * await consumer.run({
 *   eachMessage: async (payload) => {
 *     const result = decodeKafkaMessage(payload);
 *     if (result.kind === "ok") handle(result.envelope);
 *     if (result.kind === "error") {
 *       await producer.send({ topic: "updates.dlq", messages: [deadLetterMessage(result)] });
 *     }
 *   },
 * });
 * ```
 */
export function decodeKafkaMessage<
  M extends KafkaMessage,
  O extends Partial<KafkaDecodeOptions> | undefined = undefined,
>(payload: EachMessagePayload<M>, options?: O): KafkaDecodeResultOf<M, O> {
  const recordOptions = checkReadOptions(options);
  const selection = selectKinds(options, argumentError);
  checkPayload(payload, "payload");
  const { message } = payload;
  checkMessage(message, "payload.message");
  const { topic, partition } = payload;
  const result = decodeSelected(
    topic,
    partition,
    message,
    recordOptions,
    selection,
  ) as KafkaDecodeResultOf<M, O>;
  publishResult(result);
  return result;
}

/**
 * Decodes one record whose options are checked, unless `selection` (the option `kinds`) leaves
 * its kind out. @internal
 */
export function decodeSelected<M extends KafkaMessage>(
  topic: string,
  partition: number,
  message: M,
  options: Partial<RecordValueReadOptions> | undefined,
  selection: KindSelection | undefined,
): KafkaDecodeResult<M, GRPC_AttendantPayload> | KafkaSkipped<M> {
  if (selection === undefined) return decodeCheckedMessage(topic, partition, message, options);
  const peeked = peekRecord(topic, partition, message, selection);
  if (peeked === undefined) {
    const value = message.value as NonNullable<M["value"]>; // unread for a tombstone
    return keepSelected(decodeCheckedMessage(topic, partition, message, options), value, selection);
  }
  if ("kind" in peeked) return peeked; // skipped
  // A selected kind's envelope, decoded from its first byte: its kind is the one peeked at.
  return decodeCheckedMessage(topic, partition, message, options, peeked);
}

/** Throws `invalid_argument` unless `payload` has a string topic and a whole partition. @internal */
export function checkPayload(payload: unknown, name: string): void {
  if (typeof payload !== "object" || payload === null) {
    throw argumentError(
      `${name} must be an object with topic and partition, got ${describeValue(payload)}`,
    );
  }
  const { topic, partition } = payload as { topic?: unknown; partition?: unknown };
  if (typeof topic !== "string") {
    throw argumentError(`${name}.topic must be a string, got ${showValue(topic)}`);
  }
  if (!Number.isSafeInteger(partition) || (partition as number) < 0) {
    throw argumentError(
      `${name}.partition must be a whole number of at least 0, got ${showValue(partition)}`,
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
      `${elementName(name, index)}.offset must be a string, got ${showValue(offset)}`,
    );
  }
  throw argumentError(
    `${elementName(name, index)} must be a Kafka message object, got ${describeValue(message)}`,
  );
}

function elementName(name: string, index: number | undefined): string {
  return index === undefined ? name : `${name}[${index}]`;
}

/** An `invalid_argument` error about the arguments of a decode. @internal */
export function argumentError(detail: string): CodecError {
  return new CodecError("invalid_argument", `cannot decode Kafka record: ${detail}`);
}
