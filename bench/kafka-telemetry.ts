// What the diagnostics channels cost decodeKafkaBatch: this tree's decodeKafkaBatch with no
// subscriber against the same tree with its channels taken out (the baseline: a copy of src/ in
// which src/kafka/kafka-channels.ts never sees a subscriber, so nothing is read or published),
// and a second copy of the baseline, whose ratio is the noise of the measure. All three are
// copies of this tree's source under .tmp/, loaded side by side in one process. Then, in a
// phase of its own (a subscription changes the channels' state for the rest of the process),
// this tree with the OpenTelemetry adapter recording into no-op providers, and with a subscriber
// on every channel that does nothing.
//
// One batch of the Kafka batch's mix (payloads.ts), as kafkajs hands it over: values are views
// into one Buffer. Interleaved rounds in rotated order, CPU clock, median rate; the ratio is the
// median of the per-round ratios to the baseline.
//
//   node --import tsx bench/kafka-telemetry.ts [--records=2000] [--rounds=15] [--ms=100]

import { subscribe, tracingChannel, unsubscribe } from "node:diagnostics_channel";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { encodeEnvelope } from "../src/index.js";
import {
  decodeKafkaBatch,
  KAFKA_DIAGNOSTICS_CHANNELS,
  type KafkaMessage,
} from "../src/kafka/index.js";
import { instrumentKafkaDecoding } from "../src/opentelemetry/index.js";
import { batchEnvelopes } from "./payloads.js";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value = ""] = arg.replace(/^--/, "").split("=");
    return [name, value] as const;
  }),
);
const count = Number(args.get("records") ?? 2_000);
const rounds = Number(args.get("rounds") ?? 15);
const sliceMs = Number(args.get("ms") ?? 100);
type Decode = typeof decodeKafkaBatch;

/** Takes `from` out of `text`, or throws when it is not there: the tree changed under the bench. */
function without(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`src/kafka/kafka-channels.ts no longer has: ${from}`);
  return text.replace(from, to);
}

/** A copy of this tree's source in `.tmp/<name>/`, its channels taken out when `channels` is false. */
async function copyOfThis(name: string, channels: boolean): Promise<Decode> {
  const root = resolve(import.meta.dirname, "..");
  const target = resolve(root, ".tmp", name);
  rmSync(target, { recursive: true, force: true });
  for (const part of ["src", "gen", "package.json"]) {
    cpSync(resolve(root, part), resolve(target, part), { recursive: true });
  }
  if (!channels) {
    const file = resolve(target, "src/kafka/kafka-channels.ts");
    let text = readFileSync(file, "utf8");
    text = without(text, "return isTraced(batchChannel);", "return false;");
    text = without(text, "return (\n    decodedChannel.hasSubscribers ||", "return false && (");
    text = without(text, "if (channel?.hasSubscribers) channel.publish(result);", "void channel;");
    writeFileSync(file, text);
  }
  const api: { decodeKafkaBatch: Decode } = await import(
    pathToFileURL(resolve(target, "src/kafka/index.ts")).href
  );
  return api.decodeKafkaBatch;
}

const baseline = await copyOfThis("telemetry-without-channels", false);
const baselineAgain = await copyOfThis("telemetry-without-channels-again", false);
const withChannels = await copyOfThis("telemetry-with-channels", true);

const values = batchEnvelopes(count).map((envelope) => encodeEnvelope(envelope));
const fetch = Buffer.concat(values);
const messages: KafkaMessage[] = [];
let at = 0;
for (const [i, value] of values.entries()) {
  messages.push({
    value: fetch.subarray(at, at + value.length),
    key: null,
    offset: String(1000 + i),
    timestamp: "1700000000000",
    headers: {},
  });
  at += value.length;
}
const batch = { topic: "updates", partition: 0, messages };

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
export let sink: unknown;

/** Records per second of `decode` over one slice of `sliceMs` CPU milliseconds. */
function rate(decode: Decode): number {
  sink = decode(batch);
  let passes = 0;
  const start = cpu();
  let t = start;
  do {
    sink = decode(batch);
    passes++;
    t = cpu();
  } while (t - start < sliceMs);
  return (passes * count * 1000) / (t - start);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

interface Variant {
  readonly name: string;
  readonly decode: Decode;
  readonly setUp?: () => () => void;
}

function measure(variants: readonly Variant[]): string[] {
  const rates = variants.map(() => [] as number[]);
  const once = (i: number) => {
    const variant = variants[i] as Variant;
    const tearDown = variant.setUp?.();
    try {
      return rate(variant.decode);
    } finally {
      tearDown?.();
    }
  };
  for (let i = 0; i < variants.length; i++) once(i); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (let j = 0; j < variants.length; j++) {
      const i = (j + round) % variants.length;
      rates[i]?.push(once(i));
    }
  }
  const base = rates[0] as number[];
  return variants.map((variant, i) => {
    const ratios = (rates[i] as number[]).map((r, k) => r / (base[k] as number));
    const sorted = [...ratios].sort((a, b) => a - b);
    const spread = `${(sorted[1] as number).toFixed(3)}–${(sorted.at(-2) as number).toFixed(3)}`;
    return `| ${variant.name} | ${median(rates[i] as number[]).toFixed(0)} | ${median(ratios).toFixed(3)}× | ${spread} |`;
  });
}

const header = [
  `decodeKafkaBatch, ${count} records of the Kafka batch's mix, Node ${process.versions.node}, ${rounds} rounds of ${sliceMs} ms CPU`,
  "",
  "| variant | records/s | median ratio to baseline | ratios, 2nd lowest–2nd highest |",
  "| --- | ---: | ---: | ---: |",
];
const noSubscriber = measure([
  { name: "baseline (no channels)", decode: baseline },
  { name: "baseline again (noise)", decode: baselineAgain },
  { name: "channels, no subscriber", decode: withChannels },
]);

const names = Object.values(KAFKA_DIAGNOSTICS_CHANNELS).filter(
  (name) => name !== KAFKA_DIAGNOSTICS_CHANNELS.decodeBatch,
);
const nothing = () => undefined;
const subscribed = measure([
  { name: "baseline (no channels)", decode: baseline },
  {
    name: "a subscriber that does nothing on every channel",
    decode: decodeKafkaBatch,
    setUp: () => {
      const traced = tracingChannel(KAFKA_DIAGNOSTICS_CHANNELS.decodeBatch);
      const handlers = { start: nothing, end: nothing, error: nothing };
      for (const name of names) subscribe(name, nothing);
      traced.subscribe(handlers as never);
      return () => {
        for (const name of names) unsubscribe(name, nothing);
        traced.unsubscribe(handlers as never);
      };
    },
  },
  {
    name: "instrumentKafkaDecoding() with the API's no-op providers",
    decode: decodeKafkaBatch,
    setUp: () => instrumentKafkaDecoding(),
  },
]);
console.log([...header, ...noSubscriber, ...subscribed.slice(1)].join("\n"));
