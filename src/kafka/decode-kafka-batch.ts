import {
  argumentError,
  checkMessage,
  checkPayload,
  checkReadOptions,
  decodeCheckedMessage,
  describe,
  type KafkaDecodeResult,
  type KafkaMessageReadOptions,
} from "./decode-kafka-message.js";
import type { KafkaBatch, KafkaMessage } from "./kafka-message.js";

/**
 * Decodes every record of one batch, as kafkajs's `eachBatch` (or Confluent's KafkaJS API)
 * hands it over: one result per record, at the record's index in `batch.messages`, never
 * throwing for a record. A decoded record gives `{ ok: true, envelope, framing, schemaId? }`, one
 * that is not an envelope `{ ok: false, error, raw }` with a {@link CodecError}, a tombstone
 * `null`; each result keeps the record's topic, partition, offset and key. So a consumer can
 * resolve the offset of each record it handled and dead-letter the rest, instead of failing the
 * whole batch on one bad record. The options are those of {@link decodeEnvelope}, checked once.
 *
 * Throws a {@link CodecError} with code `invalid_argument` only for a bad option or something
 * that is not a batch; an error that is not a CodecError (a bug, never bad bytes) propagates.
 *
 * ```ts
 * await consumer.run({
 *   eachBatchAutoResolve: false,
 *   eachBatch: async ({ batch, resolveOffset, heartbeat }) => {
 *     const results = decodeKafkaBatch(batch);
 *     for (const [i, message] of batch.messages.entries()) {
 *       const result = results[i];
 *       if (result?.ok === false) {
 *         await producer.send({ topic: "updates.dlq", messages: [deadLetterMessage(result)] });
 *       } else if (result) {
 *         handle(result.envelope);
 *       }
 *       resolveOffset(message.offset);
 *       await heartbeat();
 *     }
 *   },
 * });
 * ```
 */
export function decodeKafkaBatch<M extends KafkaMessage>(
  batch: KafkaBatch<M>,
  options?: Partial<KafkaMessageReadOptions>,
): (KafkaDecodeResult<M> | null)[] {
  checkReadOptions(options);
  checkPayload(batch, "batch");
  const { topic, partition, messages } = batch;
  if (!Array.isArray(messages)) {
    throw argumentError(`batch.messages must be an array, got ${describe(messages)}`);
  }
  const results = new Array<KafkaDecodeResult<M> | null>(messages.length);
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as M;
    checkMessage(message, "batch.messages", i);
    results[i] = decodeCheckedMessage(topic, partition, message, options);
  }
  return results;
}
