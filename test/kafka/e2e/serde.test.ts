// createConfluentSerializer and createConfluentDeserializer against @confluentinc/schemaregistry's own ProtobufSerializer and
// ProtobufDeserializer, both ways, in the prefix and the header framing, the records going
// through the test broker with kafkajs.
import {
  HeaderSchemaIdSerializer,
  MockClient,
  ProtobufDeserializer,
  ProtobufSerializer,
  SerdeType,
} from "@confluentinc/schemaregistry";
import type { Consumer, IHeaders, Producer } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../../src/fixtures/index.js";
import { VALUE_SCHEMA_ID_HEADER } from "../../../src/framing/index.js";
import { envelopeKinds, GRPC_AttendantPayloadSchema } from "../../../src/index.js";
import {
  createConfluentDeserializer,
  createConfluentSerializer,
} from "../../../src/kafka/index.js";
import { sameEnvelope } from "../../helpers/wire-fields.js";
import { TOPICS } from "../broker/topics.js";
import { createKafka, freshGroupId, waitFor, within10s } from "./clients.js";

const topic = TOPICS.serde;
const client = new MockClient();
const prefixSerializer = new ProtobufSerializer(client, SerdeType.VALUE, {
  autoRegisterSchemas: true,
});
prefixSerializer.registry.add(GRPC_AttendantPayloadSchema);
const headerSerializer = new ProtobufSerializer(client, SerdeType.VALUE, {
  autoRegisterSchemas: true,
  schemaIdSerializer: HeaderSchemaIdSerializer,
});
headerSerializer.registry.add(GRPC_AttendantPayloadSchema);
const theirDeserializer = new ProtobufDeserializer(client, SerdeType.VALUE, {});

/** Who wrote a record, in which framing: the key of each record produced. */
type Writer = "confluent/prefix" | "confluent/header" | "ours/prefix" | "ours/header";

let producer: Producer;
let consumer: Consumer | undefined;
const received: { writer: Writer; kind: string; value: Buffer; headers: IHeaders }[] = [];

beforeAll(async () => {
  const kafka = createKafka("serde");
  producer = kafka.producer();
  await producer.connect();
  // Registering through Confluent's serializer gives the schema its id and GUID.
  const probe: IHeaders = {};
  await headerSerializer.serialize(topic, sampleEnvelope("dtcEntry"), probe);
  const guid = (probe[VALUE_SCHEMA_ID_HEADER] as Buffer).subarray(1, 17).toString("hex");
  const schemaGuid = `${guid.slice(0, 8)}-${guid.slice(8, 12)}-${guid.slice(12, 16)}-${guid.slice(16, 20)}-${guid.slice(20)}`;
  const oursPrefix = createConfluentSerializer({ framing: "schema-registry", schemaId: 1 });
  const oursHeader = createConfluentSerializer({ framing: "schema-registry-header", schemaGuid });

  const messages = [];
  for (const kind of envelopeKinds) {
    const envelope = sampleEnvelope(kind);
    const writers: [Writer, (headers: IHeaders) => Promise<Buffer>][] = [
      ["confluent/prefix", (h) => prefixSerializer.serialize(topic, envelope, h)],
      ["confluent/header", (h) => headerSerializer.serialize(topic, envelope, h)],
      ["ours/prefix", (h) => oursPrefix.serialize(topic, envelope, h)],
      ["ours/header", (h) => oursHeader.serialize(topic, envelope, h)],
    ];
    for (const [writer, serialize] of writers) {
      const headers: IHeaders = {};
      const value = await serialize(headers);
      messages.push({ key: `${writer}|${kind}`, value, headers });
    }
  }
  await producer.send({ topic, messages });

  consumer = kafka.consumer({ groupId: freshGroupId("serde"), maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const [writer, kind] = String(message.key).split("|") as [Writer, string];
      received.push({
        writer,
        kind,
        value: message.value as Buffer,
        headers: message.headers ?? {},
      });
    },
  });
  await waitFor("every record", () => received.length >= messages.length, 60_000);
}, 90_000);

afterAll(async () => {
  await within10s(consumer?.disconnect());
  await within10s(producer?.disconnect());
});

describe("our Confluent-shaped serdes and Confluent's own, through the broker", () => {
  it.each(["confluent/prefix", "confluent/header"] as const)(
    "createConfluentDeserializer() reads every kind %s wrote",
    async (writer) => {
      const serde = createConfluentDeserializer();
      const records = received.filter((r) => r.writer === writer);
      expect(records).toHaveLength(envelopeKinds.length);
      for (const { kind, value, headers } of records) {
        const envelope = await serde.deserialize(topic, value, headers);
        expect(sameEnvelope(envelope, sampleEnvelope(kind as never)), kind).toBe(true);
      }
    },
  );

  it.each(["ours/prefix", "ours/header"] as const)(
    "Confluent's ProtobufDeserializer reads every kind %s wrote",
    async (writer) => {
      const records = received.filter((r) => r.writer === writer);
      expect(records).toHaveLength(envelopeKinds.length);
      for (const { kind, value, headers } of records) {
        if (writer === "ours/header") expect(value[0], kind).not.toBe(0x00); // bare protobuf
        const envelope = await theirDeserializer.deserialize(topic, value, headers);
        expect(sameEnvelope(envelope, sampleEnvelope(kind as never)), kind).toBe(true);
      }
    },
  );

  it("writes the same bytes as Confluent's serializer in both framings", () => {
    for (const kind of envelopeKinds) {
      const of = (writer: Writer) => received.find((r) => r.writer === writer && r.kind === kind);
      expect(of("ours/prefix")?.value, kind).toStrictEqual(of("confluent/prefix")?.value);
      expect(of("ours/header")?.value, kind).toStrictEqual(of("confluent/header")?.value);
      expect(of("ours/header")?.headers[VALUE_SCHEMA_ID_HEADER], kind).toStrictEqual(
        of("confluent/header")?.headers[VALUE_SCHEMA_ID_HEADER],
      );
    }
  });
});
