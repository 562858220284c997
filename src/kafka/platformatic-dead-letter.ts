import { CodecError, isCodecError } from "../index.js";
import { describeValue, showValue } from "../internal/describe-value.js";
import { isUint8Array } from "../runtime/bytes-value.js";
import { deadLetterMessage } from "./dead-letter-message.js";
import { toBuffer } from "./encode-kafka-message.js";
import type { KafkaBytes } from "./kafka-message.js";

// @platformatic/kafka hands its onDeserializationError the raw record: key, value and headers as
// the broker sent them. The dead letter is made by deadLetterMessage from the record in the shape
// kafkajs would have given it, so the two clients write the same bytes.

/**
 * What `@platformatic/kafka` hands to `onDeserializationError`, in the shape of its
 * `DeserializationErrorContext`: the error, which part failed (`payloadType`), the raw record
 * (key, value and headers as the broker sent them) and where it came from, the offset and
 * timestamp as bigints.
 */
export interface PlatformaticDeserializationErrorContext {
  readonly error: unknown;
  readonly payloadType: string;
  readonly record: {
    readonly key: Uint8Array | null;
    readonly value: Uint8Array | null;
    readonly headers: readonly (readonly [Uint8Array | null, Uint8Array | null])[];
  };
  readonly topic: string;
  readonly partition: number;
  readonly offset: bigint;
  /** Milliseconds since the epoch. */
  readonly timestamp: bigint;
}

/**
 * The record to produce to a dead-letter topic, in the shape of `@platformatic/kafka`'s
 * `MessageToProduce` for a producer with its default serializers (bytes sent as given).
 */
export interface PlatformaticDeadLetter {
  /** The dead-letter topic. */
  topic: string;
  /** The original key, byte for byte; absent for a record without one. */
  key?: KafkaBytes;
  /** The original value, byte for byte. */
  value: KafkaBytes;
  /**
   * The original headers and the dead-letter headers ({@link DEAD_LETTER_HEADERS}), names and
   * values as bytes (UTF-8 for text); a header repeated in the record is repeated here.
   */
  headers: Map<KafkaBytes, KafkaBytes>;
  /** The original timestamp. */
  timestamp: bigint;
}

/**
 * Turns the context `@platformatic/kafka` hands to `onDeserializationError`, for a value that
 * {@link createPlatformaticDeserializer} could not read, into the record to produce to the
 * dead-letter `topic`: the same record {@link deadLetterMessage} makes from kafkajs's record,
 * byte for byte (Kafka Connect's `__connect.errors.*` headers and
 * `vehicle-update-codec.errors.code`, the key, value, headers and timestamp untouched), ready
 * for a producer with the default serializers. A header with a null value is left out, as
 * {@link deadLetterMessage} leaves it out.
 *
 * Throws a {@link CodecError} with code `invalid_argument` for a context whose error is not a
 * CodecError, or whose failed part is not the value, and for a topic that is not a non-empty
 * string; thrown inside `onDeserializationError`, `@platformatic/kafka` ends the stream with it
 * as the cause.
 *
 * ```ts
 * const stream = await consumer.consume({
 *   topics: ["vehicle-updates"],
 *   onDeserializationError: (context) => {
 *     sent.push(dlq.send({ messages: [platformaticDeadLetter(context, "vehicle-updates.dlq")] }));
 *     return "skip";
 *   },
 * });
 * ```
 */
export function platformaticDeadLetter(
  context: PlatformaticDeserializationErrorContext,
  topic: string,
): PlatformaticDeadLetter {
  if (typeof context !== "object" || context === null) {
    throw deadLetterError(
      `expected the context @platformatic/kafka hands to onDeserializationError, got ${describeValue(context)}`,
    );
  }
  const { error, payloadType, record } = context;
  if (payloadType !== "value") {
    throw deadLetterError(
      `expected a value that failed, got payloadType ${showValue(payloadType)}`,
    );
  }
  if (!isCodecError(error)) {
    throw deadLetterError(`expected context.error to be a CodecError, got ${describeValue(error)}`);
  }
  if (typeof topic !== "string" || topic === "") {
    throw deadLetterError(`topic must be a non-empty string, got ${showValue(topic)}`);
  }
  const offset = String(context.offset);
  const letter = deadLetterMessage({
    kind: "error",
    error,
    topic: context.topic,
    partition: context.partition,
    offset,
    key: record.key,
    value: record.value as Uint8Array, // checked by deadLetterMessage: a tombstone never fails
    headers: kafkajsHeaders(record.headers),
    timestamp: String(context.timestamp),
  });
  const headers = new Map<KafkaBytes, KafkaBytes>();
  for (const [name, value] of Object.entries(letter.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      // A Buffer for each name: two entries of one name are two keys of the Map.
      if (one !== null && one !== undefined) headers.set(bytes(name), bytes(one));
    }
  }
  const out: PlatformaticDeadLetter = {
    topic,
    value: bytes(letter.value),
    headers,
    timestamp: context.timestamp,
  };
  if (letter.key !== null && letter.key !== undefined) out.key = bytes(letter.key);
  return out;
}

/**
 * The headers of a raw record as kafkajs gives them: an object by UTF-8 name, the value of a
 * name repeated an array in the record's order. A header without a name, or whose name is not
 * bytes, is left out.
 */
function kafkajsHeaders(
  entries: PlatformaticDeserializationErrorContext["record"]["headers"],
): Record<string, Uint8Array | Uint8Array[]> {
  const headers: Record<string, Uint8Array | Uint8Array[]> = Object.create(null);
  for (const [name, value] of entries) {
    if (!isUint8Array(name) || value === null) continue;
    const text = utf8.decode(name);
    const seen = headers[text];
    headers[text] =
      seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return headers;
}

const utf8 = /*@__PURE__*/ new TextDecoder();

/** Bytes as a Buffer: a Buffer itself, else one over the same memory; text in UTF-8. */
function bytes(data: Uint8Array | string): KafkaBytes {
  if (typeof data === "string") return Buffer.from(data, "utf8") as KafkaBytes;
  return Buffer.isBuffer(data) ? (data as KafkaBytes) : toBuffer(data);
}

function deadLetterError(detail: string): CodecError {
  return new CodecError("invalid_argument", `cannot make a dead letter: ${detail}`);
}
