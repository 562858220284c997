import {
  createChannel,
  createTracingChannel,
  isTraced,
  type PublishingChannel,
} from "../internal/diagnostics-channel.js";
import type { KafkaDeadLetter } from "./dead-letter-message.js";
import type { KafkaDecodeFailure, KafkaDecodeResult } from "./decode-kafka-message.js";
import type { Batch, KafkaMessage } from "./kafka-message.js";
import type { KafkaSkipped } from "./select-kinds.js";

/**
 * The names of the `node:diagnostics_channel` channels that `/kafka` publishes on, for an APM
 * agent, a logger or the OpenTelemetry adapter (`vehicle-update-codec/opentelemetry`) to
 * subscribe to. Nothing is published, and no message is made, while a channel has no
 * subscriber. Subscribers get the package's own objects: they read them and must not change them.
 *
 * - `decodeBatch`: a tracing channel (`tracing:vehicle-update-codec:kafka:decode-batch:start`,
 *   `:end`, `:error`) around each {@link decodeKafkaBatch}; its context is a
 *   {@link KafkaBatchDecodeContext}.
 * - `decoded`, `failed`, `tombstone`, `skipped`: each result of {@link decodeKafkaBatch} and
 *   {@link decodeKafkaMessage}, by its `kind` (`"ok"`, `"error"`, `"tombstone"`, `"skipped"`):
 *   the result itself ({@link KafkaDecodeResult}), published as it is made, inside the batch's
 *   `start` and `end`.
 * - `deadLetter`: each dead letter {@link deadLetterMessage} makes, as a {@link KafkaDeadLetterEvent}.
 *
 * Published on Node.js 20.16 and later, and where `process.getBuiltinModule` is (Deno, Bun);
 * elsewhere, such as in a browser, nothing is published.
 */
export const KAFKA_DIAGNOSTICS_CHANNELS = {
  decodeBatch: "vehicle-update-codec:kafka:decode-batch",
  decoded: "vehicle-update-codec:kafka:decoded",
  failed: "vehicle-update-codec:kafka:failed",
  tombstone: "vehicle-update-codec:kafka:tombstone",
  skipped: "vehicle-update-codec:kafka:skipped",
  deadLetter: "vehicle-update-codec:kafka:dead-letter",
} as const;

/**
 * The context of the `decodeBatch` tracing channel: the batch as {@link decodeKafkaBatch} got
 * it, then, at `end`, its results or, at `error`, what it threw (a {@link CodecError} with code
 * `invalid_argument` for something that is not a batch).
 */
export interface KafkaBatchDecodeContext<M extends KafkaMessage = KafkaMessage> {
  readonly batch: Batch<M>;
  /**
   * The results, set before `end` is published when the batch was decoded: `"skipped"` ones among
   * them when the call gave `kinds`.
   */
  result?: (KafkaDecodeResult<M> | KafkaSkipped<M>)[];
  /** What {@link decodeKafkaBatch} threw, set before `error` and `end` are published. */
  error?: unknown;
}

/** What the `deadLetter` channel publishes: the failed result and the dead letter made of it. */
export interface KafkaDeadLetterEvent<M extends KafkaMessage = KafkaMessage> {
  readonly result: KafkaDecodeFailure<M>;
  readonly message: KafkaDeadLetter<M>;
}

/** @internal */
export const batchChannel = /*@__PURE__*/ createTracingChannel(
  KAFKA_DIAGNOSTICS_CHANNELS.decodeBatch,
);

const deadLetterChannel = /*@__PURE__*/ createChannel(KAFKA_DIAGNOSTICS_CHANNELS.deadLetter);

const decodedChannel = /*@__PURE__*/ createChannel(KAFKA_DIAGNOSTICS_CHANNELS.decoded);
const failedChannel = /*@__PURE__*/ createChannel(KAFKA_DIAGNOSTICS_CHANNELS.failed);
const tombstoneChannel = /*@__PURE__*/ createChannel(KAFKA_DIAGNOSTICS_CHANNELS.tombstone);
const skippedChannel = /*@__PURE__*/ createChannel(KAFKA_DIAGNOSTICS_CHANNELS.skipped);

/** The channel of each kind of result. */
const resultChannels: { readonly [kind: string]: PublishingChannel | undefined } = {
  ok: decodedChannel,
  error: failedChannel,
  tombstone: tombstoneChannel,
  skipped: skippedChannel,
};

/** Whether the batch tracing channel has a subscriber. @internal */
export function isBatchTraced(): boolean {
  return isTraced(batchChannel);
}

/** Whether any channel of results has a subscriber: checked once per batch. @internal */
export function areResultsObserved(): boolean {
  return (
    decodedChannel.hasSubscribers ||
    failedChannel.hasSubscribers ||
    tombstoneChannel.hasSubscribers ||
    skippedChannel.hasSubscribers
  );
}

/**
 * Publishes a result on the channel of its kind (`"skipped"` included), when that channel has a
 * subscriber; a kind without a channel is not published. Every result of
 * {@link decodeKafkaBatch} and {@link decodeKafkaMessage} goes through it. @internal
 */
export function publishResult(result: { readonly kind: string }): void {
  const channel = resultChannels[result.kind];
  if (channel?.hasSubscribers) channel.publish(result);
}

/** Publishes a dead letter, made only when the channel has a subscriber. @internal */
export function publishDeadLetter<M extends KafkaMessage>(
  result: KafkaDecodeFailure<M>,
  message: KafkaDeadLetter<M>,
): void {
  if (deadLetterChannel.hasSubscribers) {
    const event: KafkaDeadLetterEvent<M> = { result, message };
    deadLetterChannel.publish(event);
  }
}
