// The Kafka consumer benchmark: a kafkajs consumer group against librdkafka's mock cluster
// (test/kafka/broker/), consuming 100,000 realistic records (all 11 kinds in the shares of
// bench/payloads.ts, half in the Schema Registry frame, half bare with the schema GUID in the
// __value_schema_id header), the same eachBatch loop run four times, each in a fresh group:
//
//   none          the loop without decoding: what the client itself costs
//   ./kafka       decodeKafkaBatch(batch)
//   Confluent     @confluentinc/schemaregistry's ProtobufDeserializer, awaited per record
//   protobuf-es   fromBinary after a hand-stripped frame (no checks of the frame)
//
// Then the decode-only figure: the same values decoded in a loop by each, no broker. It prints
// messages/s and ratios from one run. Run: npm run bench:kafka [-- --records=N]

import { fromBinary } from "@bufbuild/protobuf";
import {
  HeaderSchemaIdSerializer,
  MockClient,
  ProtobufDeserializer,
  ProtobufSerializer,
  SerdeType,
} from "@confluentinc/schemaregistry";
import { type IHeaders, Kafka, type KafkaMessage, logLevel } from "kafkajs";
import { GRPC_AttendantPayloadSchema } from "../src/index.js";
import { decodeKafkaBatch, decodeKafkaMessage } from "../src/kafka/index.js";
import { startBroker } from "../test/kafka/broker/start-broker.js";
import { batchEnvelopes, batchShares } from "./payloads.js";

process.env.KAFKAJS_NO_PARTITIONER_WARNING = "1";

const arg = process.argv.find((a) => a.startsWith("--records="));
const RECORDS = arg ? Number(arg.slice("--records=".length)) : 100_000;
const PARTITIONS = 40; // the mock keeps at most 5 MiB per partition: about 3 MB each here
const topic = "bench.consumer";

const broker = await startBroker({ [topic]: PARTITIONS });
const kafka = new Kafka({
  clientId: "bench",
  brokers: [broker.bootstrap],
  logLevel: logLevel.NOTHING,
});

// The records: Confluent's own serializer writes them, so that its deserializer can read them.
const registry = new MockClient();
const prefix = new ProtobufSerializer(registry, SerdeType.VALUE, { autoRegisterSchemas: true });
const header = new ProtobufSerializer(registry, SerdeType.VALUE, {
  autoRegisterSchemas: true,
  schemaIdSerializer: HeaderSchemaIdSerializer,
});
prefix.registry.add(GRPC_AttendantPayloadSchema);
header.registry.add(GRPC_AttendantPayloadSchema);
const confluent = new ProtobufDeserializer(registry, SerdeType.VALUE, {});

// The batch benchmark's mix with fewer manifests (46 KB each) and fleet status maps (6 KB): a
// topic's values of about 700 B on average, as a live fleet's status traffic is.
const shares = { ...batchShares, updateManifest: 4, carUpdateStatus: 30 };
const envelopes = batchEnvelopes(Math.min(RECORDS, 10_000), shares);
const producer = kafka.producer();
await producer.connect();
let bytes = 0;
const produceStart = performance.now();
for (let start = 0; start < RECORDS; start += 1_000) {
  const messages = [];
  for (let i = start; i < Math.min(start + 1_000, RECORDS); i++) {
    const envelope = envelopes[i % envelopes.length];
    const headers: IHeaders = {};
    const value = await (i % 2 === 0 ? prefix : header).serialize(topic, envelope, headers);
    bytes += value.length;
    messages.push({ value, headers, partition: i % PARTITIONS });
  }
  await producer.send({ topic, messages });
}
await producer.disconnect();
// What the broker holds: the sum of the partitions' high watermarks.
const admin = kafka.admin();
await admin.connect();
const offsets = await admin.fetchTopicOffsets(topic);
await admin.disconnect();
const held = offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
console.log(
  `produced ${RECORDS} records, ${(bytes / RECORDS).toFixed(0)} B per value on average, over ` +
    `${PARTITIONS} partitions in ${((performance.now() - produceStart) / 1000).toFixed(1)} s; ` +
    `the broker holds ${held}`,
);

type Decode = (batch: {
  topic: string;
  partition: number;
  messages: KafkaMessage[];
}) => Promise<number>;

/** Strips the frame by hand: the Schema Registry prefix with indexes [0] is 6 bytes. */
const stripped = (message: KafkaMessage) =>
  (message.value as Buffer)[0] === 0x00
    ? (message.value as Buffer).subarray(6)
    : (message.value as Buffer);

const loops: Record<string, Decode> = {
  none: async (batch) => batch.messages.length,
  "./kafka": async (batch) => decodeKafkaBatch(batch).filter((r) => r?.ok).length,
  Confluent: async (batch) => {
    let n = 0;
    for (const m of batch.messages) {
      if (await confluent.deserialize(topic, m.value as Buffer, m.headers)) n++;
    }
    return n;
  },
  "protobuf-es": async (batch) => {
    let n = 0;
    for (const m of batch.messages) if (fromBinary(GRPC_AttendantPayloadSchema, stripped(m))) n++;
    return n;
  },
};

/** Consumes every record in a fresh group; messages/s from the first batch to the last record. */
async function consume(name: string, decode: Decode): Promise<number> {
  const consumer = kafka.consumer({ groupId: `bench-${name}-${Date.now()}`, maxWaitTimeInMs: 50 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  let decoded = 0;
  let first = 0;
  let last = 0;
  const done = new Promise<void>((resolve, reject) => {
    // Bounded: fails when 30 s pass without a record (the group takes about 3 s to form).
    let stalled = 0;
    const timer = setInterval(() => {
      if (++stalled > 30) {
        clearInterval(timer);
        reject(new Error(`${name}: no record for 30 s after ${decoded} of ${held}`));
      }
    }, 1_000);
    void consumer.run({
      eachBatch: async ({ batch }) => {
        stalled = 0;
        if (first === 0) first = performance.now();
        decoded += await decode(batch);
        if (decoded >= held) {
          last = performance.now();
          clearInterval(timer);
          resolve();
        }
      },
    });
  });
  await done;
  await Promise.race([consumer.disconnect(), new Promise((r) => setTimeout(r, 5_000))]);
  return held / ((last - first) / 1000);
}

const rates: Record<string, number> = {};
for (const [name, decode] of Object.entries(loops)) {
  rates[name] = await consume(name, decode);
  console.log(
    `consumed with ${name.padEnd(12)} ${Math.round(rates[name] as number).toLocaleString("en")} messages/s`,
  );
}

// Decode only: the values of the records, decoded in a loop, median of 5 rounds.
const values: { value: Buffer; headers: IHeaders }[] = [];
for (let i = 0; i < Math.min(RECORDS, 20_000); i++) {
  const envelope = envelopes[i % envelopes.length];
  const headers: IHeaders = {};
  values.push({
    value: await (i % 2 === 0 ? prefix : header).serialize(topic, envelope, headers),
    headers,
  });
}
const message = (v: (typeof values)[number], i: number) => ({
  value: v.value,
  headers: v.headers,
  offset: String(i),
  key: null,
});
const decoders: Record<string, () => Promise<void>> = {
  "./kafka": async () => {
    for (const [i, v] of values.entries())
      decodeKafkaMessage({ topic, partition: 0, message: message(v, i) });
  },
  Confluent: async () => {
    for (const v of values) await confluent.deserialize(topic, v.value, v.headers);
  },
  "protobuf-es": async () => {
    for (const v of values)
      fromBinary(GRPC_AttendantPayloadSchema, v.value[0] === 0 ? v.value.subarray(6) : v.value);
  },
};
const perValue: Record<string, number> = {};
for (const [name, run] of Object.entries(decoders)) {
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    await run();
    rounds.push(((performance.now() - start) * 1e6) / values.length);
  }
  perValue[name] = rounds.sort((a, b) => a - b)[2] as number;
}
await broker.stop();

const r = (x: number) => `${x.toFixed(1)}×`;
const n = (x: number) => Math.round(x).toLocaleString("en");
const share = (name: string) => 1 - (rates[name] as number) / (rates.none as number);
console.log(`
Kafka consumer, ${held.toLocaleString("en")} records held of ${RECORDS.toLocaleString("en")} produced (${(bytes / RECORDS).toFixed(0)} B on average), kafkajs eachBatch, Node.js ${process.versions.node}

| loop | messages/s | ./kafka ÷ it | share of the loop spent decoding |
| --- | ---: | ---: | ---: |
${Object.keys(loops)
  .map(
    (name) =>
      `| ${name} | ${n(rates[name] as number)} | ${r((rates["./kafka"] as number) / (rates[name] as number))} | ${
        name === "none" ? "" : `${(share(name) * 100).toFixed(0)} %`
      } |`,
  )
  .join("\n")}

Decode only, ${values.length.toLocaleString("en")} values, median of 5 rounds:

| decoder | ns per value | values/s | ./kafka ÷ it |
| --- | ---: | ---: | ---: |
${Object.keys(decoders)
  .map(
    (name) =>
      `| ${name} | ${n(perValue[name] as number)} | ${n(1e9 / (perValue[name] as number))} | ${r((perValue[name] as number) / (perValue["./kafka"] as number))} |`,
  )
  .join("\n")}
`);
