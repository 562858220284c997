import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import {
  deadLetterMessage,
  decodeKafkaBatch,
  decodeKafkaMessage,
  encodeKafkaMessage,
  type KafkaDecodeFailure,
  type KafkaMessage,
} from "../../src/kafka/index.js";
import {
  instrumentKafkaDecoding,
  SEMANTIC_CONVENTIONS_VERSION,
} from "../../src/opentelemetry/index.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";

const keys = encodeKafkaMessage(sampleEnvelope("keys")).value;
const traceId = "0af7651916cd43dd8448eb211c80319c";
const traceparent = (spanId: string) => `00-${traceId}-${spanId}-01`;
const message = (value: Uint8Array | null, offset: number, headers = {}): KafkaMessage => ({
  value: value === null ? null : Buffer.from(value),
  key: null,
  offset: String(offset),
  headers,
});
const batch = {
  topic: "updates",
  partition: 3,
  messages: [
    message(keys, 10, { traceparent: Buffer.from(traceparent("b7ad6b7169203331")) }),
    message(null, 11),
    message(Buffer.from([0xff]), 12, { traceparent: traceparent("00f067aa0ba902b7") }),
    message(keys, 13),
  ],
};
const destination = {
  "messaging.system": "kafka",
  "messaging.operation.name": "process",
  "messaging.destination.name": "updates",
  "messaging.destination.partition.id": "3",
};

let metricExporter: InMemoryMetricExporter;
let reader: PeriodicExportingMetricReader;
let spanExporter: InMemorySpanExporter;
let stop: () => void;

beforeEach(() => {
  metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000, // exported by forceFlush() only
  });
  spanExporter = new InMemorySpanExporter();
  stop = instrumentKafkaDecoding({
    meterProvider: new MeterProvider({ readers: [reader] }),
    tracerProvider: new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(spanExporter)],
    }),
    propagator: new W3CTraceContextPropagator(),
  });
});
afterEach(async () => {
  stop();
  await reader.shutdown();
});

/** Each metric's data points, by name: attributes and value (a histogram's count). */
async function collected() {
  await reader.forceFlush();
  const last = metricExporter.getMetrics().at(-1);
  const found: Record<string, { attributes: object; value: unknown }[]> = {};
  for (const scope of last?.scopeMetrics ?? []) {
    expect([scope.scope.name, scope.scope.schemaUrl]).toStrictEqual([
      "vehicle-update-codec",
      `https://opentelemetry.io/schemas/${SEMANTIC_CONVENTIONS_VERSION}`,
    ]);
    for (const metric of scope.metrics) {
      found[`${metric.descriptor.name} ${metric.descriptor.unit}`] = metric.dataPoints.map(
        (point) => ({
          attributes: point.attributes,
          value: typeof point.value === "number" ? point.value : point.value.count,
        }),
      );
    }
  }
  return found;
}

describe("instrumentKafkaDecoding()", () => {
  it("counts each consumed record by result, envelope kind and error code", async () => {
    decodeKafkaBatch(batch);
    decodeKafkaMessage({ topic: "updates", partition: 3, message: message(keys, 14) });
    const metrics = await collected();
    expect(metrics["messaging.client.consumed.messages {message}"]).toStrictEqual([
      {
        attributes: {
          ...destination,
          "vehicle_update_codec.result": "ok",
          "vehicle_update_codec.envelope.kind": "keys",
        },
        value: 3,
      },
      { attributes: { ...destination, "vehicle_update_codec.result": "tombstone" }, value: 1 },
      {
        attributes: {
          ...destination,
          "vehicle_update_codec.result": "error",
          "error.type": "truncated",
        },
        value: 1,
      },
    ]);
    expect(metrics["messaging.process.duration s"]).toStrictEqual([
      { attributes: destination, value: 1 },
    ]);
  });

  it("counts a skipped record with its envelope kind", async () => {
    const { publishResult } = await import("../../src/kafka/kafka-channels.js");
    const skipped = { kind: "skipped", topic: "updates", partition: 3, envelopeKind: "keys" };
    publishResult(skipped);
    const metrics = await collected();
    expect(metrics["messaging.client.consumed.messages {message}"]).toStrictEqual([
      {
        attributes: {
          ...destination,
          "vehicle_update_codec.result": "skipped",
          "vehicle_update_codec.envelope.kind": "keys",
        },
        value: 1,
      },
    ]);
  });

  it("counts each dead letter by error code", async () => {
    const failure = decodeKafkaBatch(batch)[2] as KafkaDecodeFailure;
    deadLetterMessage(failure);
    const metrics = await collected();
    expect(metrics["vehicle_update_codec.kafka.dead_letters {message}"]).toStrictEqual([
      { attributes: { ...destination, "error.type": "truncated" }, value: 1 },
    ]);
  });

  it("makes a process span per batch, linked to each record's trace context", () => {
    decodeKafkaBatch(batch);
    const spans = spanExporter.getFinishedSpans();
    expect(
      spans.map((span) => ({
        name: span.name,
        kind: span.kind,
        attributes: span.attributes,
        status: span.status,
        links: span.links.map((link) => ({
          traceId: link.context.traceId,
          spanId: link.context.spanId,
          remote: link.context.isRemote,
          attributes: link.attributes,
        })),
        parent: span.parentSpanContext,
        scope: span.instrumentationScope,
      })),
    ).toStrictEqual([
      {
        name: "process updates",
        kind: 4, // SpanKind.CONSUMER
        attributes: {
          ...destination,
          "messaging.operation.type": "process",
          "messaging.batch.message_count": 4,
        },
        status: { code: 0 }, // UNSET
        links: [
          { traceId, spanId: "b7ad6b7169203331", remote: true, attributes: { "kafka.offset": 10 } },
          { traceId, spanId: "00f067aa0ba902b7", remote: true, attributes: { "kafka.offset": 12 } },
        ],
        parent: undefined,
        scope: {
          name: "vehicle-update-codec",
          version: undefined,
          schemaUrl: `https://opentelemetry.io/schemas/${SEMANTIC_CONVENTIONS_VERSION}`,
        },
      },
    ]);
  });

  it("reads the trace context from headers in a Map, as @platformatic/kafka gives them", () => {
    decodeKafkaBatch({
      topic: "updates",
      partition: 0,
      messages: [
        {
          value: Buffer.from(keys),
          offset: "5",
          headers: new Map([
            [Buffer.from("traceparent"), Buffer.from(traceparent("b7ad6b7169203331"))],
          ]),
        },
      ],
    });
    const [span] = spanExporter.getFinishedSpans();
    expect(span?.links.map((link) => link.context.spanId)).toStrictEqual(["b7ad6b7169203331"]);
  });

  it("reads text and bytes as header names and values, and a Proxy around bytes as neither", () => {
    stop();
    const names: string[][] = [];
    const w3c = new W3CTraceContextPropagator();
    stop = instrumentKafkaDecoding({
      tracerProvider: new BasicTracerProvider({
        spanProcessors: [new SimpleSpanProcessor(spanExporter)],
      }),
      propagator: {
        inject: () => {},
        fields: () => w3c.fields(),
        extract: (context, carrier, getter) => {
          names.push(getter.keys(carrier));
          return w3c.extract(context, carrier, getter);
        },
      },
    });
    const valid = Buffer.from(traceparent("b7ad6b7169203331"));
    const results = decodeKafkaBatch({
      topic: "updates",
      partition: 0,
      messages: [
        message(keys, 5, new Map([[new Proxy(Buffer.from("traceparent"), {}), valid]])),
        message(keys, 6, { traceparent: new Proxy(valid, {}) }),
        message(keys, 7, new Map([["traceparent", Buffer.from(traceparent("00f067aa0ba902b7"))]])),
      ],
    });
    expect(results.map((result) => result.kind)).toStrictEqual(["ok", "ok", "ok"]);
    expect(names).toStrictEqual([[], ["traceparent"], ["traceparent"]]);
    const [span] = spanExporter.getFinishedSpans();
    expect(span?.links.map((link) => link.context.spanId)).toStrictEqual(["00f067aa0ba902b7"]);
  });

  it("ends the span of a batch that throws with its error code", async () => {
    const error = codecErrorOf(() =>
      decodeKafkaBatch({ topic: "updates", partition: 3, messages: "x" } as never),
    );
    const [span] = spanExporter.getFinishedSpans();
    expect([span?.name, span?.attributes["error.type"], span?.status]).toStrictEqual([
      "process updates",
      "invalid_argument",
      { code: 2, message: error.message }, // SpanStatusCode.ERROR
    ]);
    expect((await collected())["messaging.process.duration s"]).toStrictEqual([
      { attributes: { ...destination, "error.type": "invalid_argument" }, value: 1 },
    ]);
  });

  it("records nothing once stopped", async () => {
    stop();
    decodeKafkaBatch(batch);
    deadLetterMessage(decodeKafkaBatch(batch)[2] as KafkaDecodeFailure);
    expect(spanExporter.getFinishedSpans()).toStrictEqual([]);
    expect(await collected()).toStrictEqual({});
  });
});
