// @platformatic/kafka against the test broker: its producer with createPlatformaticSerializer, its
// consumer with createPlatformaticDeserializer (giving the framing and schema id), and its
// onDeserializationError seeing the CodecError of a value that is not an envelope and
// dead-lettering it with platformaticDeadLetter. A kafkajs consumer of the same topic
// dead-letters the same records with deadLetterMessage; both dead-letter topics are read back
// and compared byte for byte. @platformatic/kafka needs Node.js >= 22.22 (or >= 24.6): below
// that the tests are skipped, and the skip names the reason.
import type { Consumer as KafkajsConsumer, Producer as KafkajsProducer } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../../src/fixtures/index.js";
import type { RecordValue } from "../../../src/framing/index.js";
import {
  type CodecError,
  envelopeKinds,
  type GRPC_AttendantPayload,
  isCodecError,
} from "../../../src/index.js";
import {
  createPlatformaticDeserializer,
  createPlatformaticSerializer,
  DEAD_LETTER_HEADERS,
  deadLetterMessage,
  decodeKafkaMessage,
  encodeKafkaMessage,
  platformaticDeadLetter,
} from "../../../src/kafka/index.js";
import { type WrittenRecord, writtenByKafkajs } from "../../helpers/dead-letter-wire.js";
import { sameEnvelope } from "../../helpers/wire-fields.js";
import { TOPICS } from "../broker/topics.js";
import { createKafka, freshGroupId, waitFor, within10s } from "./clients.js";

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const supported = (major === 22 && minor >= 22) || (major === 24 && minor >= 6) || major > 24;
const topic = TOPICS.platformatic;
if (!supported) {
  console.log(
    `@platformatic/kafka tests skipped: it needs Node.js >= 22.22 or >= 24.6, this is ${process.versions.node}`,
  );
}

interface Received {
  key: string;
  value: RecordValue | undefined;
  offset: bigint;
}

/** The values that are not envelopes, each with its key and headers (a name repeated). */
const corrupt = [
  { key: "corrupt", value: [0xff, 0x01], headers: [] },
  {
    key: "corrupt-headers",
    value: [0x00, 0x00], // a Schema Registry frame cut after its magic byte
    headers: [
      ["trace", "t-1"],
      ["repeated", "1"],
      ["repeated", "2"],
      [DEAD_LETTER_HEADERS.offset, "replaced"],
    ],
  },
  {
    key: undefined,
    value: [...Buffer.from('{"vin":"V1"}')],
    headers: [["trace", "\u00e9t\u00e9"]],
  },
] as const;

/** A record read back from a dead-letter topic, as written. */
function written(message: {
  key?: Buffer | undefined;
  value?: Buffer | undefined;
  headerEntries: [Buffer, Buffer][];
  timestamp: bigint;
}): WrittenRecord {
  return {
    key: message.key === undefined ? null : message.key.toString("hex"),
    value: message.value?.toString("hex") ?? "",
    headers: message.headerEntries.map(([name, value]) => [
      name.toString("utf8"),
      value.toString("hex"),
    ]),
    timestamp: String(message.timestamp),
  };
}

/** The offset a dead letter names, for sorting. */
const offsetOf = (record: WrittenRecord) =>
  Buffer.from(
    record.headers.find(([name]) => name === DEAD_LETTER_HEADERS.offset)?.[1] ?? "",
    "hex",
  ).toString();

describe.skipIf(!supported)(
  `@platformatic/kafka (needs Node.js >= 22.22 or >= 24.6; this is ${process.versions.node})`,
  () => {
    const received: Received[] = [];
    const errors: { error: unknown; offset: bigint; payloadType: string }[] = [];
    const sends: Promise<unknown>[] = []; // the dead letters' sends
    const kafkajsLetters: WrittenRecord[] = [];
    const readBack = new Map<string, WrittenRecord[]>([
      [TOPICS.platformaticDeadLetters, []],
      [TOPICS.platformaticKafkajsDeadLetters, []],
    ]);
    const closers: (() => Promise<unknown>)[] = [];
    const corruptOffsets: bigint[] = [];

    beforeAll(async () => {
      const kafka = await import("@platformatic/kafka");
      const bootstrapBrokers = [(await import("vitest")).inject("kafkaBootstrap")];
      const producer = new kafka.Producer({
        clientId: "platformatic-producer",
        bootstrapBrokers,
        serializers: {
          key: kafka.stringSerializer,
          value: createPlatformaticSerializer({ framing: "schema-registry", schemaId: 9 }),
        },
      });
      closers.push(() => producer.close());
      await producer.send({
        messages: [
          ...envelopeKinds.map((kind) => ({ topic, key: kind, value: sampleEnvelope(kind) })),
          { topic, key: "tombstone" }, // no value: a tombstone
        ],
      });
      // The header framing, produced as bytes with the header it carries.
      const raw = new kafka.Producer({
        clientId: "platformatic-raw-producer",
        bootstrapBrokers,
        serializers: { key: kafka.stringSerializer, headerKey: kafka.stringSerializer },
      });
      closers.push(() => raw.close());
      const framed = encodeKafkaMessage(sampleEnvelope("keys"), {
        framing: "schema-registry-header",
        schemaId: 9,
      });
      await raw.send({
        messages: [{ topic, key: "header", value: framed.value, headers: framed.headers }],
      });
      // Bytes as given, with the default serializers: the corrupt values, and the dead letters.
      const bytes = new kafka.Producer({ clientId: "platformatic-bytes", bootstrapBrokers });
      closers.push(() => bytes.close());
      const sent = await bytes.send({
        messages: corrupt.map(({ key, value, headers }) => ({
          topic,
          ...(key === undefined ? {} : { key: Buffer.from(key) }),
          value: Buffer.from(value),
          // A Buffer for each name: a name repeated is two keys of the Map.
          headers: new Map(headers.map(([name, text]) => [Buffer.from(name), Buffer.from(text)])),
        })),
      });
      const first = sent.offsets?.[0]?.offset ?? -1n;
      for (let i = 0; i < corrupt.length; i++) corruptOffsets.push(first + BigInt(i));

      const consumer = new kafka.Consumer({
        groupId: freshGroupId("platformatic"),
        clientId: "platformatic-consumer",
        bootstrapBrokers,
        maxWaitTime: 100,
        deserializers: {
          key: kafka.stringDeserializer,
          value: createPlatformaticDeserializer({ recordValue: true }),
        },
      });
      closers.unshift(() => consumer.close(true));
      const stream = await consumer.consume({
        topics: [topic],
        mode: "committed",
        fallbackMode: "earliest", // a new group reads what is already there
        autocommit: false,
        onDeserializationError: (context) => {
          errors.push({
            error: context.error,
            offset: context.offset,
            payloadType: context.payloadType,
          });
          sends.push(
            bytes.send({
              messages: [platformaticDeadLetter(context, TOPICS.platformaticDeadLetters)],
            }),
          );
          return "skip";
        },
      });
      stream.on("data", (message) => {
        received.push({ key: String(message.key), value: message.value, offset: message.offset });
      });

      // kafkajs reads the same records and dead-letters with deadLetterMessage.
      const kafkajs = createKafka("platformatic-kafkajs");
      const kafkajsProducer: KafkajsProducer = kafkajs.producer();
      await kafkajsProducer.connect();
      closers.push(() => kafkajsProducer.disconnect());
      const kafkajsConsumer: KafkajsConsumer = kafkajs.consumer({
        groupId: freshGroupId("platformatic-kafkajs"),
        maxWaitTimeInMs: 100,
      });
      await kafkajsConsumer.connect();
      closers.unshift(() => kafkajsConsumer.disconnect());
      await kafkajsConsumer.subscribe({ topic, fromBeginning: true });
      await kafkajsConsumer.run({
        eachMessage: async (payload) => {
          const result = decodeKafkaMessage(payload);
          if (result.kind !== "error") return;
          const letter = deadLetterMessage(result);
          await kafkajsProducer.send({
            topic: TOPICS.platformaticKafkajsDeadLetters,
            messages: [letter],
          });
          kafkajsLetters.push(writtenByKafkajs(letter));
        },
      });

      const expected = envelopeKinds.length + 2; // the kinds, the tombstone, the header framing
      await waitFor(
        "every record, and each client's dead letters",
        () =>
          received.length >= expected &&
          errors.length >= corrupt.length &&
          kafkajsLetters.length >= corrupt.length,
        60_000,
        () =>
          `(${received.length} of ${expected} records, ${errors.length} of ${corrupt.length} errors, ` +
          `${kafkajsLetters.length} of ${corrupt.length} kafkajs dead letters)`,
      );
      await Promise.all(sends);

      // One reader a topic: one consumer of both topics fails in @platformatic/kafka's offset
      // lookup against the mock cluster (no metadata for one of them).
      for (const [dlq, records] of readBack) {
        const reader = new kafka.Consumer({
          groupId: freshGroupId("platformatic-dlq-reader"),
          clientId: "platformatic-dlq-reader",
          bootstrapBrokers,
          maxWaitTime: 100,
        });
        closers.unshift(() => reader.close(true));
        const letters = await reader.consume({
          topics: [dlq],
          mode: "earliest",
          autocommit: false,
        });
        letters.on("data", (message) => records.push(written(message)));
      }
      await waitFor(
        "both dead-letter topics",
        () => [...readBack.values()].every((records) => records.length >= corrupt.length),
        60_000,
        () => `(${[...readBack.values()].map((records) => records.length).join(" and ")})`,
      );
    }, 120_000);

    afterAll(async () => {
      for (const close of closers) await within10s(close());
    });

    it("decodes every kind its producer serialized, with its framing and schema id", () => {
      for (const kind of envelopeKinds) {
        const record = received.find((r) => r.key === kind);
        expect(record?.value?.framing, kind).toBe("schema-registry");
        expect(record?.value?.schemaId, kind).toBe(9);
        expect(
          sameEnvelope(record?.value?.envelope as GRPC_AttendantPayload, sampleEnvelope(kind)),
          kind,
        ).toBe(true);
      }
    });

    it("reads the schema id header", () => {
      const record = received.find((r) => r.key === "header");
      expect([record?.value?.framing, record?.value?.schemaId]).toStrictEqual([
        "schema-registry-header",
        9,
      ]);
      expect(
        sameEnvelope(record?.value?.envelope as GRPC_AttendantPayload, sampleEnvelope("keys")),
      ).toBe(true);
    });

    it("gives undefined for a tombstone", () => {
      const record = received.find((r) => r.key === "tombstone");
      expect(record).toBeDefined();
      expect(record?.value).toBeUndefined();
    });

    it("hands onDeserializationError the CodecError of each corrupt value", () => {
      expect(errors.map(({ offset }) => offset)).toStrictEqual(corruptOffsets);
      expect(errors.map(({ payloadType }) => payloadType)).toStrictEqual([
        "value",
        "value",
        "value",
      ]);
      expect(
        errors.map(({ error }) => isCodecError(error) && (error as CodecError).code),
      ).toStrictEqual(["malformed", "truncated", "malformed"]);
      expect(received.some((r) => r.key.startsWith("corrupt"))).toBe(false);
    });

    it("dead-letters what kafkajs and deadLetterMessage dead-letter, byte for byte", () => {
      const byOffset = (records: WrittenRecord[]) =>
        [...records].sort((a, b) => Number(offsetOf(a)) - Number(offsetOf(b)));
      const ours = byOffset(readBack.get(TOPICS.platformaticDeadLetters) ?? []);
      const theirs = byOffset(readBack.get(TOPICS.platformaticKafkajsDeadLetters) ?? []);
      expect(ours.map(offsetOf)).toStrictEqual(corruptOffsets.map(String));
      expect(ours).toStrictEqual(theirs);
      // What kafkajs was asked to write is what the broker holds.
      expect(theirs).toStrictEqual(byOffset(kafkajsLetters));
      // The record's own headers first, a repeated one twice, the replaced one with its new value.
      expect(ours[1]?.headers.slice(0, 4).map(([name]) => name)).toStrictEqual([
        "trace",
        "repeated",
        "repeated",
        DEAD_LETTER_HEADERS.offset,
      ]);
      expect(ours[2]?.key).toBeNull();
    });
  },
);
