// kafkajs against the test broker: every kind in each framing, corrupt values and tombstones are
// produced; a consumer group decodes them with decodeKafkaBatch in eachBatch, resolves each
// offset it handled, dead-letters what it cannot decode; a second consumer reads the dead-letter
// topic back. Nothing is lost, every good record is decoded once, every bad one is dead-lettered
// byte for byte with its headers.
import type { Consumer, IHeaders, Message, Producer } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../../src/fixtures/index.js";
import type { RecordFraming } from "../../../src/framing/index.js";
import {
  type CodecErrorCode,
  encodeEnvelope,
  envelopeKinds,
  type GRPC_AttendantPayload,
} from "../../../src/index.js";
import {
  DEAD_LETTER_HEADERS,
  deadLetterMessage,
  decodeKafkaBatch,
  encodeKafkaMessage,
} from "../../../src/kafka/index.js";
import { TOPICS } from "../broker/topics.js";
import { createKafka, freshGroupId, waitFor, within10s } from "./clients.js";

const GUID = "6f1c2e4a-9b3d-4c5e-8f70-112233445566";
const framings: readonly RecordFraming[] = ["raw", "schema-registry", "schema-registry-header"];
const framingOptions = {
  raw: {},
  "schema-registry": { framing: "schema-registry", schemaId: 42 },
  "schema-registry-header": { framing: "schema-registry-header", schemaGuid: GUID },
} as const;

const valid = encodeEnvelope(sampleEnvelope("dtcEntry"));

/** Values that are not envelopes, the code each must fail with, and a header each carries. */
const corrupt: readonly { key: string; value: Buffer; headers?: IHeaders; code: CodecErrorCode }[] =
  [
    { key: "bad-wire", value: Buffer.from([0xff, 0x01]), code: "malformed" },
    { key: "short-frame", value: Buffer.from([0x00, 0x00, 0x00]), code: "truncated" },
    {
      key: "frame-index-1",
      value: Buffer.concat([Buffer.from([0x00, 0, 0, 0, 7, 0x02, 0x02]), valid]),
      code: "malformed",
    },
    { key: "empty", value: Buffer.alloc(0), code: "missing_data" },
    // Field 99, a varint: a kind newer than this schema, no Data member it knows.
    { key: "newer-kind", value: Buffer.from([0x98, 0x06, 0x01]), code: "missing_data" },
    {
      key: "bad-header",
      value: Buffer.from(valid),
      headers: { __value_schema_id: Buffer.from([0x02]) },
      code: "malformed",
    },
    { key: "too-large", value: Buffer.alloc(70_000, 0x0a), code: "too_large" },
  ];
const tombstones = ["gone-1", "gone-2", "gone-3"];
const maxBytes = 65_536;

let producer: Producer;
let consumer: Consumer | undefined;
let reader: Consumer | undefined;

/** What the consumer saw, by record (`partition:offset`). */
const decoded = new Map<string, { key: string; envelope: GRPC_AttendantPayload }>();
const deadLettered = new Map<string, { key: string; code: CodecErrorCode }>();
const tombstoned = new Map<string, string>();
let deliveries = 0;
const originals = new Map<string, GRPC_AttendantPayload>();

const total = envelopeKinds.length * framings.length + corrupt.length + tombstones.length;

beforeAll(async () => {
  const kafka = createKafka("framings");
  producer = kafka.producer();
  await producer.connect();
  const messages: Message[] = [];
  for (const kind of envelopeKinds) {
    for (const framing of framings) {
      const envelope = sampleEnvelope(kind);
      originals.set(`${kind}/${framing}`, envelope);
      const { value, headers } = encodeKafkaMessage(envelope, framingOptions[framing]);
      messages.push({ key: `${kind}/${framing}`, value, headers: { ...headers, trace: "t-1" } });
    }
  }
  for (const { key, value, headers } of corrupt) {
    messages.push({ key, value, headers: { ...headers, trace: `t-${key}` } });
  }
  for (const key of tombstones) messages.push({ key, value: null });
  await producer.send({ topic: TOPICS.framings, messages });

  consumer = kafka.consumer({ groupId: freshGroupId("framings"), maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic: TOPICS.framings, fromBeginning: true });
  await consumer.run({
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, resolveOffset, heartbeat }) => {
      for (const result of decodeKafkaBatch(batch, { maxBytes })) {
        const where = `${result.partition}:${result.offset}`;
        const key = String(result.key);
        if (result.kind === "tombstone") {
          tombstoned.set(where, key);
        } else if (result.kind === "ok") {
          decoded.set(where, { key, envelope: result.envelope });
        } else {
          await producer.send({
            topic: TOPICS.framingsDeadLetters,
            messages: [deadLetterMessage(result)],
          });
          deadLettered.set(where, { key, code: result.error.code });
        }
        // Counted once the record is filed (a dead letter after its send), so that the wait below
        // ends only when every record is in one of the three maps.
        deliveries += 1;
        resolveOffset(result.offset);
        await heartbeat();
      }
    },
  });
  await waitFor(
    "every record to be handled",
    () => deliveries >= total,
    60_000,
    () => `(${deliveries} of ${total})`,
  );
}, 90_000);

afterAll(async () => {
  await within10s(consumer?.disconnect());
  await within10s(reader?.disconnect());
  await within10s(producer?.disconnect());
});

describe("kafkajs eachBatch with decodeKafkaBatch", () => {
  it("handles every record once: nothing lost, nothing twice", () => {
    expect(deliveries).toBe(total);
    expect(decoded.size + deadLettered.size + tombstoned.size).toBe(total);
  });

  it("decodes every kind in every framing, equal to what was produced", () => {
    expect(decoded.size).toBe(envelopeKinds.length * framings.length);
    const byKey = new Map([...decoded.values()].map(({ key, envelope }) => [key, envelope]));
    for (const [key, original] of originals) {
      const envelope = byKey.get(key);
      expect(envelope, key).toBeDefined();
      expect(encodeEnvelope(envelope as GRPC_AttendantPayload), key).toStrictEqual(
        encodeEnvelope(original),
      );
    }
  });

  it("gives null for each tombstone", () => {
    expect([...tombstoned.values()].sort()).toStrictEqual(tombstones);
  });

  it("fails each corrupt value with its code", () => {
    const codes = Object.fromEntries([...deadLettered.values()].map((d) => [d.key, d.code]));
    expect(codes).toStrictEqual(Object.fromEntries(corrupt.map((c) => [c.key, c.code])));
  });
});

describe("the dead-letter topic, read back by a second consumer", () => {
  const letters: { key: string; value: Buffer | null; headers: IHeaders }[] = [];

  beforeAll(async () => {
    reader = createKafka("dead-letters").consumer({
      groupId: freshGroupId("dead-letters"),
      maxWaitTimeInMs: 100,
    });
    await reader.connect();
    await reader.subscribe({ topic: TOPICS.framingsDeadLetters, fromBeginning: true });
    await reader.run({
      eachMessage: async ({ message }) => {
        letters.push({
          key: String(message.key),
          value: message.value,
          headers: message.headers ?? {},
        });
      },
    });
    await waitFor(
      "every dead letter",
      () => letters.length >= corrupt.length,
      60_000,
      () => `(${letters.length} of ${corrupt.length})`,
    );
  }, 90_000);

  it("holds every bad record once, its value and key byte for byte", () => {
    expect(letters.map((l) => l.key).sort()).toStrictEqual(corrupt.map((c) => c.key).sort());
    for (const { key, value } of corrupt) {
      const letter = letters.find((l) => l.key === key);
      expect(Buffer.compare(letter?.value as Buffer, value), key).toBe(0);
    }
  });

  it("keeps the original headers and adds Kafka Connect's, naming where the record was", () => {
    const text = (headers: IHeaders, name: string) => String(headers[name]);
    for (const [where, { key, code }] of deadLettered) {
      const letter = letters.find((l) => l.key === key);
      if (!letter) throw new Error(`no dead letter for ${key}`);
      const { headers } = letter;
      const [partition, offset] = where.split(":");
      expect(text(headers, "trace")).toBe(`t-${key}`);
      expect(text(headers, DEAD_LETTER_HEADERS.topic)).toBe(TOPICS.framings);
      expect(text(headers, DEAD_LETTER_HEADERS.partition)).toBe(partition);
      expect(text(headers, DEAD_LETTER_HEADERS.offset)).toBe(offset);
      expect(text(headers, DEAD_LETTER_HEADERS.stage)).toBe("VALUE_CONVERTER");
      expect(text(headers, DEAD_LETTER_HEADERS.exceptionClassName)).toBe("CodecError");
      expect(text(headers, DEAD_LETTER_HEADERS.code)).toBe(code);
      const message = text(headers, DEAD_LETTER_HEADERS.exceptionMessage);
      expect(message.startsWith(`[${code}] `), message).toBe(true);
      expect(message).toMatch(/^[\x20-\x7e]{1,1024}$/);
    }
  });
});
