import {
  type Attributes,
  type Link,
  type MeterProvider,
  metrics,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapPropagator,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";
import type { RecordHeaders } from "../framing/index.js";
import { CodecError, isCodecError } from "../index.js";
import { diagnosticsChannel } from "../internal/diagnostics-channel.js";
import {
  KAFKA_DIAGNOSTICS_CHANNELS,
  type KafkaBatchDecodeContext,
  type KafkaDeadLetterEvent,
  type KafkaDecodeResult,
} from "../kafka/index.js";
import { isUint8Array } from "../runtime/bytes-value.js";

/**
 * The version of the OpenTelemetry semantic conventions whose names and units the adapter
 * records: `1.45.0` (its schema URL, `https://opentelemetry.io/schemas/1.45.0`, is the meter's
 * and the tracer's). The messaging conventions are still in development: a later version may
 * rename what this one names.
 */
export const SEMANTIC_CONVENTIONS_VERSION = "1.45.0";

/** Where {@link instrumentKafkaDecoding} records. */
export interface InstrumentKafkaDecodingOptions {
  /** The provider of the meter. Default: the global one (`metrics.getMeterProvider()`). */
  readonly meterProvider: MeterProvider;
  /** The provider of the tracer. Default: the global one (`trace.getTracerProvider()`). */
  readonly tracerProvider: TracerProvider;
  /**
   * What reads a record's trace context from its headers, for the batch span's links. Default:
   * the global propagator (`propagation`), which reads nothing until one is registered.
   */
  readonly propagator: TextMapPropagator;
}

// The semantic conventions' names, as SEMANTIC_CONVENTIONS_VERSION spells them.
const CONSUMED_MESSAGES = "messaging.client.consumed.messages";
const PROCESS_DURATION = "messaging.process.duration";
const MESSAGING_SYSTEM = "messaging.system";
const OPERATION_NAME = "messaging.operation.name";
const OPERATION_TYPE = "messaging.operation.type";
const DESTINATION_NAME = "messaging.destination.name";
const PARTITION_ID = "messaging.destination.partition.id";
const BATCH_MESSAGE_COUNT = "messaging.batch.message_count";
const KAFKA_OFFSET = "kafka.offset";
const ERROR_TYPE = "error.type";
// The package's own names, under its own namespace.
const DEAD_LETTERS = "vehicle_update_codec.kafka.dead_letters";
const RESULT_KIND = "vehicle_update_codec.result";
const ENVELOPE_KIND = "vehicle_update_codec.envelope.kind";

const scope = "vehicle-update-codec";
const schemaUrl = `https://opentelemetry.io/schemas/${SEMANTIC_CONVENTIONS_VERSION}`;

/** Reads a header of a record, as kafkajs (an object) or @platformatic/kafka (a Map) gives it. */
const headerGetter: TextMapGetter<RecordHeaders | undefined> = {
  get(headers, key) {
    const value = headers instanceof Map ? mapValue(headers, key) : headerObject(headers)?.[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") return first;
    return isUint8Array(first) ? utf8.decode(first) : undefined;
  },
  keys(headers) {
    if (headers instanceof Map) {
      // The names a header reader takes: text, and bytes (@platformatic/kafka's Buffers).
      return [...headers.keys()].flatMap((key) =>
        typeof key === "string" ? [key] : isUint8Array(key) ? [utf8.decode(key)] : [],
      );
    }
    return Object.keys(headerObject(headers) ?? {});
  },
};

const utf8 = /*@__PURE__*/ new TextDecoder();

function headerObject(headers: RecordHeaders | undefined): Record<string, unknown> | undefined {
  return typeof headers === "object" && headers !== null
    ? (headers as Record<string, unknown>)
    : undefined;
}

function mapValue(headers: ReadonlyMap<unknown, unknown>, key: string): unknown {
  if (headers.has(key)) return headers.get(key);
  for (const [name, value] of headers) {
    if (isUint8Array(name) && utf8.decode(name) === key) return value;
  }
  return undefined;
}

/** The semantic conventions' `error.type` of what a decode threw: the CodecError's code. */
function errorType(error: unknown): string {
  if (isCodecError(error)) return error.code;
  return error instanceof Error ? error.name : "_OTHER";
}

/** The attributes of a record's destination, when `topic` and `partition` are of their types. */
function destination(topic: unknown, partition: unknown): Attributes {
  const attributes: Attributes = { [MESSAGING_SYSTEM]: "kafka", [OPERATION_NAME]: "process" };
  if (typeof topic === "string") attributes[DESTINATION_NAME] = topic;
  if (typeof partition === "number") attributes[PARTITION_ID] = String(partition);
  return attributes;
}

/**
 * Records what `/kafka` publishes on its diagnostics channels ({@link KAFKA_DIAGNOSTICS_CHANNELS})
 * as OpenTelemetry metrics and spans, named by the messaging semantic conventions of
 * {@link SEMANTIC_CONVENTIONS_VERSION}, until the function it returns is called:
 *
 * - `messaging.client.consumed.messages` (a counter, `{message}`): one per result of
 *   `decodeKafkaBatch` and `decodeKafkaMessage`, with `messaging.system` (`kafka`),
 *   `messaging.operation.name` (`process`), `messaging.destination.name` (the topic),
 *   `messaging.destination.partition.id`, `vehicle_update_codec.result` (the result's `kind`),
 *   `vehicle_update_codec.envelope.kind` (the envelope's kind, for a decoded or skipped record of
 *   a known kind) and `error.type` (the {@link CodecError}'s code, for a record that failed).
 * - `messaging.process.duration` (a histogram, seconds): one per `decodeKafkaBatch`, with the
 *   batch's destination, and `error.type` when it threw.
 * - `vehicle_update_codec.kafka.dead_letters` (a counter, `{message}`): one per dead letter
 *   `deadLetterMessage` makes, with the failed record's destination and `error.type`.
 * - A span `process <topic>` of kind `CONSUMER` per `decodeKafkaBatch`, with the destination,
 *   `messaging.operation.type` (`process`) and `messaging.batch.message_count`, linked to the trace
 *   context that `propagator` reads from each record's headers (`kafka.offset` on each link); a
 *   batch that throws ends it with status `ERROR` and `error.type`.
 *
 * Throws a {@link CodecError} with code `invalid_argument` where `node:diagnostics_channel` cannot
 * be reached (`process.getBuiltinModule` is missing: a browser, Node.js before 20.16).
 *
 * ```ts
 * import { instrumentKafkaDecoding } from "vehicle-update-codec/opentelemetry";
 *
 * const stop = instrumentKafkaDecoding(); // the global meter, tracer and propagator
 * // … consume with decodeKafkaBatch …
 * stop();
 * ```
 */
export function instrumentKafkaDecoding(
  options?: Partial<InstrumentKafkaDecodingOptions>,
): () => void {
  const channels = diagnosticsChannel();
  if (channels === undefined) {
    throw new CodecError(
      "invalid_argument",
      "cannot instrument Kafka decoding: node:diagnostics_channel is not available (process.getBuiltinModule is missing)",
    );
  }
  const meter = (options?.meterProvider ?? metrics.getMeterProvider()).getMeter(scope, undefined, {
    schemaUrl,
  });
  const tracer = (options?.tracerProvider ?? trace.getTracerProvider()).getTracer(
    scope,
    undefined,
    { schemaUrl },
  );
  const propagator = options?.propagator ?? propagation;
  const consumed = meter.createCounter(CONSUMED_MESSAGES, {
    description: "Number of messages that were delivered to the application.",
    unit: "{message}",
  });
  const duration = meter.createHistogram(PROCESS_DURATION, {
    description: "Duration of processing operation.",
    unit: "s",
  });
  const deadLetters = meter.createCounter(DEAD_LETTERS, {
    description: "Number of dead letters made of records that could not be decoded.",
    unit: "{message}",
  });

  const onResult = (message: unknown) => {
    const result = message as KafkaDecodeResult | SkippedResult;
    const attributes = destination(result.topic, result.partition);
    attributes[RESULT_KIND] = result.kind;
    const kind =
      result.kind === "ok"
        ? result.envelope.Data?.case
        : result.kind === "skipped"
          ? result.envelopeKind
          : undefined;
    if (kind !== undefined) attributes[ENVELOPE_KIND] = kind;
    if (result.kind === "error") attributes[ERROR_TYPE] = result.error.code;
    consumed.add(1, attributes);
  };
  const onDeadLetter = (message: unknown) => {
    const { result } = message as KafkaDeadLetterEvent;
    const attributes = destination(result.topic, result.partition);
    attributes[ERROR_TYPE] = result.error.code;
    deadLetters.add(1, attributes);
  };

  const started = new WeakMap<object, { span: Span; start: number }>();
  const batchHandlers = {
    start(message: unknown) {
      const context = message as KafkaBatchDecodeContext;
      const { topic, partition, messages } = (context.batch ?? {}) as Partial<
        KafkaBatchDecodeContext["batch"]
      >;
      const attributes = destination(topic, partition);
      attributes[OPERATION_TYPE] = "process";
      const links: Link[] = [];
      if (Array.isArray(messages)) {
        attributes[BATCH_MESSAGE_COUNT] = messages.length;
        for (const record of messages) {
          const linked = trace.getSpanContext(
            propagator.extract(ROOT_CONTEXT, record?.headers, headerGetter),
          );
          if (linked === undefined || !trace.isSpanContextValid(linked)) continue;
          const offset = Number(record.offset);
          links.push(
            Number.isSafeInteger(offset)
              ? { context: linked, attributes: { [KAFKA_OFFSET]: offset } }
              : { context: linked },
          );
        }
      }
      const name = typeof topic === "string" ? `process ${topic}` : "process";
      const span = tracer.startSpan(name, { kind: SpanKind.CONSUMER, attributes, links });
      started.set(context, { span, start: performance.now() });
    },
    end(message: unknown) {
      const context = message as KafkaBatchDecodeContext;
      const begun = started.get(context);
      if (begun === undefined) return; // started before the subscription
      started.delete(context);
      const { topic, partition } = (context.batch ?? {}) as Partial<
        KafkaBatchDecodeContext["batch"]
      >;
      const attributes = destination(topic, partition);
      if ("error" in context) {
        const type = errorType(context.error);
        attributes[ERROR_TYPE] = type;
        begun.span.setAttribute(ERROR_TYPE, type);
        begun.span.setStatus({
          code: SpanStatusCode.ERROR,
          message: context.error instanceof Error ? context.error.message : String(context.error),
        });
      }
      begun.span.end();
      duration.record((performance.now() - begun.start) / 1000, attributes);
    },
  };

  const results = [
    KAFKA_DIAGNOSTICS_CHANNELS.decoded,
    KAFKA_DIAGNOSTICS_CHANNELS.failed,
    KAFKA_DIAGNOSTICS_CHANNELS.tombstone,
    KAFKA_DIAGNOSTICS_CHANNELS.skipped,
  ];
  for (const name of results) channels.subscribe(name, onResult);
  channels.subscribe(KAFKA_DIAGNOSTICS_CHANNELS.deadLetter, onDeadLetter);
  const batch = channels.tracingChannel(KAFKA_DIAGNOSTICS_CHANNELS.decodeBatch);
  batch.start.subscribe(batchHandlers.start);
  batch.end.subscribe(batchHandlers.end);
  let subscribed = true;
  return () => {
    if (!subscribed) return;
    subscribed = false;
    for (const name of results) channels.unsubscribe(name, onResult);
    channels.unsubscribe(KAFKA_DIAGNOSTICS_CHANNELS.deadLetter, onDeadLetter);
    batch.start.unsubscribe(batchHandlers.start);
    batch.end.unsubscribe(batchHandlers.end);
  };
}

/** A result of `kind: "skipped"` as the `skipped` channel carries it. */
interface SkippedResult {
  readonly kind: "skipped";
  readonly topic: string;
  readonly partition: number;
  readonly envelopeKind?: string | undefined;
}
