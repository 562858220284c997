import { CodecError, isCodecError } from "../index.js";
import { isUint8Array } from "../runtime/bytes-value.js";
import type { KafkaDecodeFailure } from "./decode-kafka-message.js";
import { publishDeadLetter } from "./kafka-channels.js";
import type { KafkaMessage } from "./kafka-message.js";

// The headers Kafka Connect writes on a dead-lettered record (its DeadLetterQueueReporter, with
// `errors.deadletterqueue.context.headers.enable`), so that tools that read Connect's dead-letter
// topics read these too. Connect writes each value as a UTF-8 string.

/**
 * The names of the headers {@link deadLetterMessage} adds: Kafka Connect's `__connect.errors.*`
 * dead-letter headers, and one of this package for the error code.
 */
export const DEAD_LETTER_HEADERS = {
  /** The topic the record was consumed from. */
  topic: "__connect.errors.topic",
  /** Its partition, in decimal. */
  partition: "__connect.errors.partition",
  /** Its offset, in decimal. */
  offset: "__connect.errors.offset",
  /** Where it failed, in Connect's terms: `VALUE_CONVERTER` (the value could not be read). */
  stage: "__connect.errors.stage",
  /** What failed to read it: `vehicle-update-codec/kafka`. */
  className: "__connect.errors.class.name",
  /** The error's class: `CodecError`. */
  exceptionClassName: "__connect.errors.exception.class.name",
  /** The error's message, printable and at most {@link DEAD_LETTER_MESSAGE_MAX_LENGTH} characters. */
  exceptionMessage: "__connect.errors.exception.message",
  /** The {@link CodecError}'s code (`malformed`, `too_large`, …); Connect has no such header. */
  code: "vehicle-update-codec.errors.code",
} as const;

/**
 * The longest `__connect.errors.exception.message` written: 1024 characters, all printable
 * ASCII. A longer message is cut and ends with `...`.
 */
export const DEAD_LETTER_MESSAGE_MAX_LENGTH = 1024;

/** The record to produce to a dead-letter topic, in the shape of a kafkajs `Message`. */
export interface KafkaDeadLetter<M extends KafkaMessage = KafkaMessage> {
  /** The original key, untouched; undefined when the record's type has none. */
  key: M extends { readonly value: unknown; readonly key?: never } ? undefined : M["key"];
  /** The original value, byte for byte. */
  value: NonNullable<M["value"]>;
  /**
   * The original headers (those of a `Map` by their string or UTF-8 names), and the dead-letter
   * headers ({@link DEAD_LETTER_HEADERS}).
   */
  headers: { [name: string]: HeaderValueOf<M["headers"]> | string };
  /** The original timestamp, when the record had one. */
  timestamp?: string;
}

/** The type of one header value of a record's headers: an object's values, a `Map`'s values. */
export type HeaderValueOf<H> =
  H extends ReadonlyMap<unknown, infer V>
    ? NonNullable<V>
    : H extends { readonly [name: string]: infer V }
      ? NonNullable<V>
      : never;

/**
 * Turns a record that {@link decodeKafkaBatch} or {@link decodeKafkaMessage} could not decode
 * (a result of `kind: "error"`)
 * into the record to produce to a dead-letter topic: its value and key untouched, its headers
 * and timestamp kept, plus the headers Kafka Connect writes on a dead letter
 * (`__connect.errors.topic`, `.partition`, `.offset`, `.stage`, `.class.name`,
 * `.exception.class.name`, `.exception.message`; see {@link DEAD_LETTER_HEADERS}) and
 * `vehicle-update-codec.errors.code` with the error's code. The message is the error's, made
 * printable ASCII (anything else escaped as `\uXXXX`) and cut at 1024 characters. No stack
 * trace is written. The dead letter is published on the `node:diagnostics_channel` channel
 * `deadLetter` of {@link KAFKA_DIAGNOSTICS_CHANNELS} when it has a subscriber.
 *
 * Throws a {@link CodecError} with code `invalid_argument` for something that is not a failed
 * result.
 *
 * ```ts
 * if (result.kind === "error") {
 *   await producer.send({ topic: "updates.dlq", messages: [deadLetterMessage(result)] });
 * }
 * ```
 */
export function deadLetterMessage<M extends KafkaMessage>(
  failure: KafkaDecodeFailure<M>,
): KafkaDeadLetter<M> {
  if (
    typeof failure !== "object" ||
    failure === null ||
    failure.kind !== "error" ||
    !isCodecError(failure.error) ||
    failure.value === undefined ||
    failure.value === null
  ) {
    throw new CodecError(
      "invalid_argument",
      "cannot make a dead letter: expected a failed result of decodeKafkaBatch or decodeKafkaMessage",
    );
  }
  const { error } = failure;
  const headers: KafkaDeadLetter<M>["headers"] = {};
  const original: unknown = failure.headers;
  const entries =
    original instanceof Map
      ? original.entries()
      : typeof original === "object" && original !== null
        ? Object.entries(original)
        : [];
  for (const [name, value] of entries) {
    const text =
      typeof name === "string" ? name : isUint8Array(name) ? utf8.decode(name) : undefined;
    if (text !== undefined && value !== undefined && value !== null) {
      // Defined, not assigned: a header named `__proto__` is a header like any other.
      Object.defineProperty(headers, text, {
        value: value as HeaderValueOf<M["headers"]>,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  headers[DEAD_LETTER_HEADERS.topic] = String(failure.topic);
  headers[DEAD_LETTER_HEADERS.partition] = String(failure.partition);
  headers[DEAD_LETTER_HEADERS.offset] = String(failure.offset);
  headers[DEAD_LETTER_HEADERS.stage] = "VALUE_CONVERTER";
  headers[DEAD_LETTER_HEADERS.className] = "vehicle-update-codec/kafka";
  headers[DEAD_LETTER_HEADERS.exceptionClassName] = "CodecError";
  headers[DEAD_LETTER_HEADERS.exceptionMessage] = printable(error.message);
  headers[DEAD_LETTER_HEADERS.code] = error.code;
  const letter: KafkaDeadLetter<M> = { key: failure.key, value: failure.value, headers };
  if (typeof failure.timestamp === "string") letter.timestamp = failure.timestamp;
  publishDeadLetter(failure, letter);
  return letter;
}

const utf8 = /*@__PURE__*/ new TextDecoder();

/**
 * `text` as printable ASCII: space to `~` kept, a backslash doubled, anything else written as
 * `\uXXXX` (each UTF-16 unit); at most 1024 characters, ending with `...` when cut (never
 * inside an escape). Reads no more of `text` than it needs. @internal
 */
export function printable(text: string): string {
  const max = DEAD_LETTER_MESSAGE_MAX_LENGTH;
  let out = "";
  let cut: string | undefined; // the longest prefix that leaves room for "..."
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const piece =
      unit === 0x5c
        ? "\\\\"
        : unit >= 0x20 && unit <= 0x7e
          ? String.fromCharCode(unit)
          : `\\u${unit.toString(16).padStart(4, "0")}`;
    if (cut === undefined && out.length + piece.length > max - 3) cut = out;
    out += piece;
    if (out.length > max) return `${cut}...`;
  }
  return out;
}
