import type { RecordHeaders } from "../framing/index.js";

// The shapes of Kafka records as the clients hand them over, declared here so that this subpath's
// types need no client library, and named as kafkajs names them: kafkajs's `KafkaMessage`,
// `Batch` and `EachMessagePayload`, and the same shapes of Confluent's KafkaJS-compatible API,
// are assignable to them (test/kafka/kafka-message.test-d.ts).

/**
 * A consumed Kafka record as kafkajs (and Confluent's KafkaJS API) hands it over, in the shape of
 * kafkajs's `KafkaMessage`: the value is a Buffer, or `null` for a tombstone; the offset is a
 * decimal string.
 */
export interface KafkaMessage {
  readonly value: Uint8Array | null;
  readonly key?: Uint8Array | string | null | undefined;
  /** The record's offset in its partition, as a decimal string (`"42"`). */
  readonly offset: string;
  /** Milliseconds since the epoch, as a decimal string. */
  readonly timestamp?: string | undefined;
  readonly headers?: RecordHeaders | undefined;
}

/** One record with the topic and partition it came from: kafkajs's `EachMessagePayload`. */
export interface EachMessagePayload<M extends KafkaMessage = KafkaMessage> {
  readonly topic: string;
  readonly partition: number;
  readonly message: M;
}

/** The records of one fetch from one partition: kafkajs's `Batch` (`EachBatchPayload["batch"]`). */
export interface Batch<M extends KafkaMessage = KafkaMessage> {
  readonly topic: string;
  readonly partition: number;
  readonly messages: readonly M[];
}

/**
 * The bytes this subpath hands to a client: a Node.js `Buffer` (what kafkajs and
 * `@platformatic/kafka` take) where Node.js's types are loaded, else `Uint8Array`, so that the
 * declarations typecheck without `@types/node`. At run time it is always a Buffer.
 */
export type KafkaBytes = typeof globalThis extends { Buffer: { alloc(size: number): infer B } }
  ? B
  : Uint8Array;
