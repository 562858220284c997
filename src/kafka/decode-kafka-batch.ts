import { describeValue } from "../internal/describe-value.js";
import {
  argumentError,
  checkMessage,
  checkPayload,
  checkReadOptions,
  decodeSelected,
} from "./decode-kafka-message.js";
import {
  areResultsObserved,
  batchChannel,
  isBatchTraced,
  type KafkaBatchDecodeContext,
  publishResult,
} from "./kafka-channels.js";
import type { Batch, KafkaMessage } from "./kafka-message.js";
import { type KafkaDecodeOptions, type KafkaDecodeResultOf, selectKinds } from "./select-kinds.js";

/**
 * Decodes every record of one batch, as kafkajs's `eachBatch` (or Confluent's KafkaJS API)
 * hands it over: one result per record, in the order of `batch.messages`, never throwing for a
 * record. Each result is discriminated by `kind` (`"ok"` with the envelope and its framing,
 * `"error"` with a {@link CodecError} and the value untouched, `"tombstone"` for a `null` value)
 * and keeps the record's topic, partition, offset, key, headers and timestamp. So a consumer can
 * resolve the offset of each record it handled and dead-letter the rest, instead of failing the
 * whole batch on one bad record. The options are those of {@link decodeRecordValue}, checked
 * once, and `kinds`, as {@link decodeKafkaMessage} takes them: only records of those kinds are
 * decoded, the others give `kind: "skipped"`. Each call, and each result, is published on the
 * `node:diagnostics_channel` channels of {@link KAFKA_DIAGNOSTICS_CHANNELS} that have a subscriber.
 *
 * Throws a {@link CodecError} with code `invalid_argument` only for a bad option or something
 * that is not a batch; an error that is not a CodecError (a bug, never bad bytes) propagates.
 *
 * ```ts
 * await consumer.run({
 *   eachBatchAutoResolve: false,
 *   eachBatch: async ({ batch, resolveOffset, heartbeat }) => {
 *     for (const result of decodeKafkaBatch(batch)) {
 *       if (result.kind === "ok") handle(result.envelope);
 *       if (result.kind === "error") {
 *         await producer.send({ topic: "updates.dlq", messages: [deadLetterMessage(result)] });
 *       }
 *       resolveOffset(result.offset);
 *       await heartbeat();
 *     }
 *   },
 * });
 * ```
 */
export function decodeKafkaBatch<
  M extends KafkaMessage,
  O extends Partial<KafkaDecodeOptions> | undefined = undefined,
>(batch: Batch<M>, options?: O): KafkaDecodeResultOf<M, O>[] {
  if (!isBatchTraced()) return decodeBatch(batch, options);
  const context: KafkaBatchDecodeContext<M> = { batch };
  return batchChannel.traceSync(() => decodeBatch(batch, options), context);
}

function decodeBatch<M extends KafkaMessage, O extends Partial<KafkaDecodeOptions> | undefined>(
  batch: Batch<M>,
  options: O | undefined,
): KafkaDecodeResultOf<M, O>[] {
  const recordOptions = checkReadOptions(options);
  const selection = selectKinds(options, argumentError);
  checkPayload(batch, "batch");
  const { topic, partition, messages } = batch;
  if (!Array.isArray(messages)) {
    throw argumentError(`batch.messages must be an array, got ${describeValue(messages)}`);
  }
  const results = new Array<KafkaDecodeResultOf<M, O>>(messages.length);
  const observed = areResultsObserved();
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as M;
    checkMessage(message, "batch.messages", i);
    const result = decodeSelected(
      topic,
      partition,
      message,
      recordOptions,
      selection,
    ) as KafkaDecodeResultOf<M, O>;
    if (observed) publishResult(result);
    results[i] = result;
  }
  return results;
}
