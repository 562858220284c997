// The Kafka consumer benchmark: a kafkajs consumer group against librdkafka's mock cluster
// (test/kafka/broker/), consuming 100,000 realistic records (all 11 kinds in the shares of
// bench/payloads.ts with fewer manifests and fleet status maps, about 700 B on average; half in
// the Schema Registry frame, half bare with the schema GUID in the __value_schema_id header),
// the same eachBatch loop, each in a fresh group, after a warm-up pass, in rotated order over
// several rounds (median):
//
//   none          the loop without decoding: what the client itself costs
//   none, timed   the same, each batch timed as the others' decoding is: what the timing costs
//   ./kafka       decodeKafkaBatch(batch)
//   ./kafka, 1 kind  decodeKafkaBatch(batch, { kinds: ["carUpdateProgress"] }): a service that
//                 handles one kind in eleven, the others peeked at and skipped
//   ./kafka, 1 rare kind  the same with { kinds: ["order"] }: 25 records in 1,000 decoded, what
//                 the peek and skip cost on its own
//   Confluent     @confluentinc/schemaregistry's ProtobufDeserializer, awaited per record
//   protobuf-es   fromBinary after a hand-stripped frame (no checks of the frame)
//
// Then the decode-only figure: the same values, as kafkajs-shaped messages built beforehand,
// decoded one by one by each decoder in the same loop, no broker: warm-up rounds for all, then
// rounds in rotated order, CPU time, median. It prints messages/s and ratios from one run.
// Run: npm run bench:kafka [-- --records=N --rounds=N]

import { fromBinary } from "@bufbuild/protobuf";
import {
  HeaderSchemaIdSerializer,
  MockClient,
  ProtobufDeserializer,
  ProtobufSerializer,
  SerdeType,
} from "@confluentinc/schemaregistry";
import { type IHeaders, Kafka, type KafkaMessage, logLevel } from "kafkajs";
import {
  decodeEnvelope,
  encodeEnvelope,
  envelopeKind,
  GRPC_AttendantPayloadSchema,
} from "../src/index.js";
import { decodeKafkaBatch, decodeKafkaMessage } from "../src/kafka/index.js";
import { startBroker } from "../test/kafka/broker/start-broker.js";
import { batchEnvelopes, batchShares } from "./payloads.js";

process.env.KAFKAJS_NO_PARTITIONER_WARNING = "1";

/** The number after `--name=` on the command line, else `fallback`. */
function numberArg(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.slice(name.length + 3)) : fallback;
}
const RECORDS = numberArg("records", 100_000);
const ROUNDS = numberArg("rounds", 5); // rounds of the four consumer loops; decode only: 3 × 5
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

// The batch benchmark's mix with fewer manifests (about 50 KB each) and fleet status maps (about
// 6.5 KB): a topic's values of about 700 B on average, as a live fleet's status traffic is.
const shares = { ...batchShares, updateManifest: 2, carUpdateStatus: 30 };
const mix = Object.entries(shares)
  .sort(([, a], [, b]) => b - a)
  .map(([kind, share]) => `${kind} ${share}`)
  .join(", ");
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
const stripped = (value: Buffer) => (value[0] === 0x00 ? value.subarray(6) : value);

/** The one kind the "1 kind" loops handle: the most frequent of the mix. */
const handled = { kinds: ["carUpdateProgress"] } as const;
/** The one kind the "1 rare kind" loops handle: almost every record is skipped. */
const handledRare = { kinds: ["order"] } as const;

/**
 * µs spent decoding since the loop started, added up by {@link decoding}: the wall clock around
 * each call. A call takes microseconds, and the CPU clocks (`process.cpuUsage()`, and
 * `process.threadCpuUsage()`) move in steps for calls that short: the process's, by the kernel's
 * accounting of the other threads (V8's, while the call runs), the thread's, by that of its own;
 * over a loop, many times the call's time or a fraction of it. The wall clock is exact, but on a
 * loaded machine also counts the time the thread waited for a core: it errs high.
 */
let timeDecoding = 0;

/** Runs `work`, a batch's decoding, and adds its time to {@link timeDecoding}. */
function decoding(work: () => number): number {
  const start = performance.now();
  const n = work();
  timeDecoding += (performance.now() - start) * 1000;
  return n;
}

/** The loop of a service that decodes the kinds `options` names and skips the other records. */
function selecting(options: typeof handled | typeof handledRare): Decode {
  return async (batch) =>
    decoding(() => {
      let n = 0;
      for (const result of decodeKafkaBatch(batch, options)) {
        if (result.kind === "ok" || result.kind === "skipped") n++;
      }
      return n;
    });
}

const loops: Record<string, Decode> = {
  none: async (batch) => batch.messages.length,
  // Two clock readings a batch cost time of their own: what this loop "spends decoding" is the
  // timing's, taken off the others'.
  "none, timed": async (batch) => decoding(() => batch.messages.length),
  "./kafka": async (batch) =>
    decoding(() => {
      let n = 0;
      for (const result of decodeKafkaBatch(batch)) if (result.kind === "ok") n++;
      return n;
    }),
  "./kafka, 1 kind": selecting(handled),
  "./kafka, 1 rare kind": selecting(handledRare),
  Confluent: async (batch) => {
    let n = 0;
    for (const m of batch.messages) {
      // Timed around each awaited call: what else runs while it waits is counted too.
      const start = performance.now();
      const decoded = await confluent.deserialize(topic, m.value as Buffer, m.headers);
      timeDecoding += (performance.now() - start) * 1000;
      if (decoded) n++;
    }
    return n;
  },
  "protobuf-es": async (batch) =>
    decoding(() => {
      let n = 0;
      for (const m of batch.messages) {
        if (fromBinary(GRPC_AttendantPayloadSchema, stripped(m.value as Buffer))) n++;
      }
      return n;
    }),
};

/** CPU time of this process so far, in µs: kafkajs's work and the decoding, not the broker's. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * Consumes every record in a fresh group: messages/s from the first batch to the last record
 * (the group's join is not counted), this process's CPU µs per record over the same span, and
 * the µs per record spent decoding (timed around each batch's decoding).
 */
async function consume(
  name: string,
  decode: Decode,
): Promise<{ rate: number; cpu: number; decodingTime: number }> {
  const consumer = kafka.consumer({ groupId: `bench-${name}-${Date.now()}`, maxWaitTimeInMs: 50 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  let decoded = 0;
  let first = 0;
  let last = 0;
  let cpuFirst = 0;
  let cpuLast = 0;
  timeDecoding = 0;
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
        if (first === 0) {
          first = performance.now();
          cpuFirst = cpu();
        }
        decoded += await decode(batch);
        if (decoded >= held) {
          last = performance.now();
          cpuLast = cpu();
          clearInterval(timer);
          resolve();
        }
      },
    });
  });
  await done;
  await Promise.race([consumer.disconnect(), new Promise((r) => setTimeout(r, 5_000))]);
  return {
    rate: held / ((last - first) / 1000),
    cpu: (cpuLast - cpuFirst) / held,
    decodingTime: timeDecoding / held,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const spread = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${n(sorted[0] as number)}–${n(sorted[sorted.length - 1] as number)}`;
};
const n = (x: number) => Math.round(x).toLocaleString("en");
const r = (x: number) => `${x.toFixed(1)}×`;

const loopNames = Object.keys(loops);
const rateRounds: Record<string, number[]> = Object.fromEntries(loopNames.map((k) => [k, []]));
const cpuRounds: Record<string, number[]> = Object.fromEntries(loopNames.map((k) => [k, []]));
const decodingRounds: Record<string, number[]> = Object.fromEntries(loopNames.map((k) => [k, []]));
// A warm-up pass, not counted: kafkajs's own code is compiled before any loop is measured.
await consume("warm-up", loops.none as Decode);
for (let round = 0; round < ROUNDS; round++) {
  for (let j = 0; j < loopNames.length; j++) {
    const name = loopNames[(j + round) % loopNames.length] as string;
    const { rate, cpu: perRecord, decodingTime } = await consume(name, loops[name] as Decode);
    rateRounds[name]?.push(rate);
    cpuRounds[name]?.push(perRecord);
    decodingRounds[name]?.push(decodingTime);
    console.log(
      `round ${round + 1}: consumed with ${name.padEnd(16)} ${n(rate)} messages/s, ` +
        `${perRecord.toFixed(1)} µs CPU per record, ${((decodingTime / perRecord) * 100).toFixed(0)} % of it timed as decoding`,
    );
  }
}
const rates = Object.fromEntries(loopNames.map((k) => [k, median(rateRounds[k] as number[])]));
const cpus = Object.fromEntries(loopNames.map((k) => [k, median(cpuRounds[k] as number[])]));
// The timing's own time per record, taken off each round's decoding: the share of each round's
// CPU spent decoding, median.
const timingTime = median(decodingRounds["none, timed"] as number[]);
const decodingShares = Object.fromEntries(
  loopNames.map((k) => [
    k,
    median(
      (decodingRounds[k] as number[]).map(
        (d, i) => (d - timingTime) / ((cpuRounds[k] as number[])[i] as number),
      ),
    ),
  ]),
);
const percent = (x: number) => `${(x * 100).toFixed(0)} %`;

// Decode only: the values of the records as kafkajs hands them over (Buffers, with their
// headers, in message objects built beforehand), 20,000 of them: about 14 MB, out of the CPU's
// caches, as a consumer's fresh records are, for every decoder alike.
const messages: KafkaMessage[] = [];
for (let i = 0; i < Math.min(RECORDS, 20_000); i++) {
  const envelope = envelopes[i % envelopes.length];
  const headers: IHeaders = {};
  const value = await (i % 2 === 0 ? prefix : header).serialize(topic, envelope, headers);
  messages.push({
    key: null,
    value,
    timestamp: "0",
    attributes: 0,
    offset: String(i),
    headers,
  } as KafkaMessage);
}
let sink = 0;
const decoders: Record<string, () => Promise<void>> = {
  "./kafka": async () => {
    for (const message of messages) {
      if (decodeKafkaMessage({ topic, partition: 0, message }).kind === "ok") sink++;
    }
  },
  "./kafka, 1 kind": async () => {
    for (const message of messages) {
      if (decodeKafkaMessage({ topic, partition: 0, message }, handled).kind !== "error") sink++;
    }
  },
  "./kafka, 1 rare kind": async () => {
    for (const message of messages) {
      if (decodeKafkaMessage({ topic, partition: 0, message }, handledRare).kind !== "error") {
        sink++;
      }
    }
  },
  decodeEnvelope: async () => {
    for (const message of messages) {
      if (decodeEnvelope(stripped(message.value as Buffer))) sink++;
    }
  },
  Confluent: async () => {
    for (const message of messages) {
      if (await confluent.deserialize(topic, message.value as Buffer, message.headers)) sink++;
    }
  },
  "protobuf-es": async () => {
    for (const message of messages) {
      if (fromBinary(GRPC_AttendantPayloadSchema, stripped(message.value as Buffer))) sink++;
    }
  },
};
const decoderNames = Object.keys(decoders);
const nsRounds: Record<string, number[]> = Object.fromEntries(decoderNames.map((k) => [k, []]));
const DECODE_ROUNDS = 3 * ROUNDS;
for (let round = -2; round < DECODE_ROUNDS; round++) {
  for (let j = 0; j < decoderNames.length; j++) {
    const name = decoderNames[(j + round + 2) % decoderNames.length] as string;
    const start = cpu();
    await decoders[name]?.();
    // Two warm-up rounds for every decoder, then the measured ones.
    if (round >= 0) nsRounds[name]?.push(((cpu() - start) * 1000) / messages.length);
  }
}
const perValue = Object.fromEntries(decoderNames.map((k) => [k, median(nsRounds[k] as number[])]));
await broker.stop();

// Where decodeEnvelope's time goes in the mix: the bare values of each kind decoded again and
// again (in the caches), and each kind's part of an average record's time.
const byKind = new Map<string, Uint8Array[]>();
for (const envelope of envelopes) {
  const kind = envelopeKind(envelope) as string;
  const values = byKind.get(kind) ?? [];
  values.push(encodeEnvelope(envelope));
  byKind.set(kind, values);
}
const kindRows = [...byKind].map(([kind, values]) => {
  const rounds: number[] = [];
  for (let round = -2; round < DECODE_ROUNDS; round++) {
    const start = cpu();
    for (let rep = 0; rep < 3; rep++) for (const value of values) if (decodeEnvelope(value)) sink++;
    if (round >= 0) rounds.push(((cpu() - start) * 1000) / (3 * values.length));
  }
  const ns = median(rounds);
  const size = values.reduce((sum, value) => sum + value.length, 0) / values.length;
  return { kind, count: values.length, size, ns, part: (ns * values.length) / envelopes.length };
});
const partTotal = kindRows.reduce((sum, row) => sum + row.part, 0);
if (sink === 0) throw new Error("nothing decoded");

const kafkaRate = rates["./kafka"] as number;
const noneCpu = cpus.none as number;
console.log(`
Kafka consumer, ${held.toLocaleString("en")} records held of ${RECORDS.toLocaleString("en")} produced (${(bytes / RECORDS).toFixed(0)} B on average; mix per 1,000: ${mix}; half prefix frame, half header), kafkajs eachBatch, Node.js ${process.versions.node}, median of ${ROUNDS} rounds

The share of the loop's CPU spent decoding: the wall clock around each batch's decoding (on a
loaded machine it also counts time the thread waited for a core), less what the timing itself
costs (${timingTime.toFixed(2)} µs a record: the loop "none, timed"), over the loop's CPU; beside it,
the loop's CPU per record less that of the loop without decoding, over the loop's (which moves
with the noise of two loops).

| loop | messages/s | range | ./kafka ÷ it | CPU µs per record | share of the loop's CPU spent decoding | (CPU − none) ÷ CPU |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${loopNames
  .map((name) => {
    const c = cpus[name] as number;
    return `| ${name} | ${n(rates[name] as number)} | ${spread(rateRounds[name] as number[])} | ${r(kafkaRate / (rates[name] as number))} | ${c.toFixed(1)} | ${
      name.startsWith("none") ? "" : percent(decodingShares[name] as number)
    } | ${name === "none" ? "" : percent((c - noneCpu) / c)} |`;
  })
  .join("\n")}

Decode only, ${messages.length.toLocaleString("en")} values as kafkajs messages, CPU time, 2 warm-up rounds then the median of ${DECODE_ROUNDS} (rotated order):

| decoder | ns per value | range | values/s | it ÷ ./kafka |
| --- | ---: | ---: | ---: | ---: |
${decoderNames
  .map(
    (name) =>
      `| ${name} | ${n(perValue[name] as number)} | ${spread(nsRounds[name] as number[])} | ${n(1e9 / (perValue[name] as number))} | ${r((perValue[name] as number) / (perValue["./kafka"] as number))} |`,
  )
  .join("\n")}

decodeEnvelope by kind, the ${envelopes.length.toLocaleString("en")} envelopes of the mix as bare values, each kind decoded again and again (in the caches), median of ${DECODE_ROUNDS} rounds:

| kind | records | B on average | ns per value | ns of an average record | share |
| --- | ---: | ---: | ---: | ---: | ---: |
${kindRows
  .sort((a, b) => b.part - a.part)
  .map(
    (row) =>
      `| ${row.kind} | ${n(row.count)} | ${n(row.size)} | ${n(row.ns)} | ${n(row.part)} | ${((row.part / partTotal) * 100).toFixed(0)} % |`,
  )
  .join("\n")}
| all | ${n(envelopes.length)} | | | ${n(partTotal)} | |

Handling one kind in eleven (carUpdateProgress, ${shares.carUpdateProgress} records in 1,000; the others peeked at and skipped): ${percent(decodingShares["./kafka, 1 kind"] as number)} of the loop's CPU spent decoding and peeking.
Handling one rare kind (order, ${shares.order} records in 1,000; the others peeked at and skipped): ${percent(decodingShares["./kafka, 1 rare kind"] as number)} of the loop's CPU spent decoding and peeking.
`);
