import { subscribe, tracingChannel, unsubscribe } from "node:diagnostics_channel";
import { afterEach, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import {
  deadLetterMessage,
  decodeKafkaBatch,
  decodeKafkaMessage,
  encodeKafkaMessage,
  KAFKA_DIAGNOSTICS_CHANNELS,
  type KafkaBatchDecodeContext,
  type KafkaDecodeFailure,
  type KafkaMessage,
} from "../../src/kafka/index.js";
import { publishResult } from "../../src/kafka/kafka-channels.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";

const good = encodeKafkaMessage(sampleEnvelope("keys")).value;
const message = (value: Uint8Array | null, offset: number): KafkaMessage => ({
  value: value === null ? null : Buffer.from(value),
  key: null,
  offset: String(offset),
});
const batch = {
  topic: "updates",
  partition: 3,
  messages: [message(good, 10), message(null, 11), message(Buffer.from([0xff]), 12)],
};

/** Everything published on the channels named in `names`, in order, as [channel, message]. */
function record(...names: (keyof typeof KAFKA_DIAGNOSTICS_CHANNELS)[]) {
  const seen: [string, unknown][] = [];
  for (const name of names) {
    const onMessage = (published: unknown) => seen.push([name, published]);
    subscribe(KAFKA_DIAGNOSTICS_CHANNELS[name], onMessage);
    cleanups.push(() => unsubscribe(KAFKA_DIAGNOSTICS_CHANNELS[name], onMessage));
  }
  return seen;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe("KAFKA_DIAGNOSTICS_CHANNELS", () => {
  it("names each channel after the package", () => {
    expect(KAFKA_DIAGNOSTICS_CHANNELS).toStrictEqual({
      decodeBatch: "vehicle-update-codec:kafka:decode-batch",
      decoded: "vehicle-update-codec:kafka:decoded",
      failed: "vehicle-update-codec:kafka:failed",
      tombstone: "vehicle-update-codec:kafka:tombstone",
      skipped: "vehicle-update-codec:kafka:skipped",
      deadLetter: "vehicle-update-codec:kafka:dead-letter",
    });
  });

  it("carries each result of a batch, by kind, as the result itself", () => {
    const seen = record("decoded", "failed", "tombstone", "skipped");
    const results = decodeKafkaBatch(batch);
    expect(seen).toStrictEqual([
      ["decoded", results[0]],
      ["tombstone", results[1]],
      ["failed", results[2]],
    ]);
    expect(seen.map(([, published], i) => published === results[i])).toStrictEqual([
      true,
      true,
      true,
    ]);
  });

  it("carries only the kinds that have a subscriber", () => {
    const seen = record("failed");
    const results = decodeKafkaBatch(batch);
    expect(seen).toStrictEqual([["failed", results[2]]]);
    const failure = seen[0]?.[1] as KafkaDecodeFailure;
    expect([failure.error.code, failure.error.message]).toStrictEqual([
      "truncated",
      "[truncated] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: varint at offset 0 runs past the end of the input",
    ]);
  });

  it("carries the result of decodeKafkaMessage", () => {
    const seen = record("decoded", "failed", "tombstone");
    const result = decodeKafkaMessage({
      topic: "updates",
      partition: 0,
      message: message(good, 7),
    });
    expect(seen).toStrictEqual([["decoded", result]]);
  });

  it("carries a skipped result on skipped, and no kind it does not know", () => {
    const seen = record("decoded", "failed", "tombstone", "skipped");
    const skipped = { kind: "skipped", topic: "updates", partition: 0, offset: "1" };
    publishResult(skipped);
    publishResult({ kind: "unknown" });
    expect(seen).toStrictEqual([["skipped", skipped]]);
  });

  it("carries each dead letter with the failure it was made of", () => {
    const seen = record("deadLetter");
    const [, , failure] = decodeKafkaBatch(batch) as KafkaDecodeFailure[];
    const letter = deadLetterMessage(failure as KafkaDecodeFailure);
    expect(seen).toStrictEqual([["deadLetter", { result: failure, message: letter }]]);
  });

  it("traces a batch: start with the batch, end with its results, results in between", () => {
    const events: [string, unknown][] = [];
    const channels = tracingChannel(KAFKA_DIAGNOSTICS_CHANNELS.decodeBatch);
    const handlers = {
      start: (context: object) => events.push(["start", { ...context }]),
      end: (context: object) => events.push(["end", { ...context }]),
      asyncStart: () => undefined,
      asyncEnd: () => undefined,
      error: (context: object) => events.push(["error", { ...context }]),
    };
    channels.subscribe(handlers);
    cleanups.push(() => channels.unsubscribe(handlers));
    const failed = record("failed");
    const results = decodeKafkaBatch(batch);
    expect(events).toStrictEqual([
      ["start", { batch }],
      ["end", { batch, result: results }],
    ]);
    expect(failed).toStrictEqual([["failed", results[2]]]);
  });

  it("traces a batch that throws: error and end with the CodecError", () => {
    const events: [string, KafkaBatchDecodeContext][] = [];
    const channels = tracingChannel(KAFKA_DIAGNOSTICS_CHANNELS.decodeBatch);
    const handlers = {
      start: (context: object) =>
        events.push(["start", { ...(context as KafkaBatchDecodeContext) }]),
      end: (context: object) => events.push(["end", { ...(context as KafkaBatchDecodeContext) }]),
      asyncStart: () => undefined,
      asyncEnd: () => undefined,
      error: (context: object) =>
        events.push(["error", { ...(context as KafkaBatchDecodeContext) }]),
    };
    channels.subscribe(handlers);
    cleanups.push(() => channels.unsubscribe(handlers));
    const notABatch = { topic: "updates", partition: 0, messages: "x" };
    const error = codecErrorOf(() => decodeKafkaBatch(notABatch as never));
    expect([error.code, error.message]).toStrictEqual([
      "invalid_argument",
      "[invalid_argument] cannot decode Kafka record: batch.messages must be an array, got string",
    ]);
    expect(events.map(([name, context]) => [name, context.error])).toStrictEqual([
      ["start", undefined],
      ["error", error],
      ["end", error],
    ]);
  });
});
