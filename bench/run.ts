// The benchmark: this library's public envelope API against raw protobuf-es, protobufjs,
// ts-proto (int64 as bigint and as number) and protobuf-ts, in one process, in interleaved rounds.
// It regenerates the peer code (buf generate with buf.gen.bench.yaml), checks that every codec
// agrees on the bytes and the JSON, then prints ops/s and the ratio to raw protobuf-es (median
// over the rounds, geometric mean over the payloads) for decode, encode, JSON serialize and JSON
// parse, the Kafka batch in binary and as JSON (messages/s, MB/s, heap per message) and the
// bundle sizes. Runs under any Node from 20 on; bench/run-all.ts runs it under several. Method
// and results: bench/README.md.
//
// npm run bench                                   all of it (about 10 minutes on 2 busy cores)
// npm run bench -- --rounds 5 --ms 50             quicker, noisier
// npm run bench -- --clock wall                   elapsed time instead of CPU time
// node --expose-gc --import tsx bench/run.ts      heap per message in the Kafka batch (npm run bench does this)
// node --expose-gc --import tsx bench/run.ts --gc  a full GC before each slice
// npm run bench -- --op decode --payload updateManifest --codec vehicle-update-codec
//                                                 a subset, e.g. under node --cpu-prof
// npm run bench -- --op "Kafka batch" --batch 10000   the Kafka batch alone
// npm run bench -- --op "Kafka batch (JSON)"          the same envelopes as JSON texts
// npm run bench -- --ring 1                       JSON serialize of one message again and again
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { checkAgreement, checkBatchAgreement, checkRingAgreement } from "./agreement.js";
import { bundleSizes } from "./bundle-size.js";
import {
  type BenchOp,
  benchOps,
  type Codec,
  jsonFloor,
  loadPeers,
  protobufEs,
  thisLibrary,
} from "./codecs.js";
import { int64Variants, ringSize } from "./int64-variants.js";
import { formatKafkaBatch, makeKafkaBatch, runKafkaBatch } from "./kafka-batch.js";
import { benchPayloads, type PayloadSet } from "./payloads.js";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "15" },
    ms: { type: "string", default: "100" },
    op: { type: "string", multiple: true },
    payload: { type: "string", multiple: true },
    codec: { type: "string", multiple: true },
    "no-generate": { type: "boolean", default: false },
    "no-bundle": { type: "boolean", default: false },
    clock: { type: "string", default: "cpu" },
    gc: { type: "boolean", default: false },
    batch: { type: "string", default: "10000" },
    ring: { type: "string", default: "auto" },
  },
});
const rounds = Number(args.rounds);
const sliceMs = Number(args.ms);
// The clock the rates are measured with. "cpu" (the default) counts the CPU time of this process,
// all its threads (so a codec that makes more garbage pays for the collector's threads too): it
// holds up when other processes compete for the 2 cores. "wall" counts elapsed time.
const clock = args.clock === "wall" ? "wall" : "cpu";
const now =
  clock === "wall"
    ? () => performance.now()
    : () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };

if (!args["no-generate"]) {
  const root = new URL("../", import.meta.url).pathname;
  execFileSync(`${root}node_modules/.bin/buf`, ["generate", "--template", "buf.gen.bench.yaml"], {
    cwd: root,
    stdio: "inherit",
  });
}

const ops = benchOps;
type Op = BenchOp;
/** The operations the floor (JSON.stringify or JSON.parse alone) runs beside the codecs. */
const floorOps: readonly Op[] = ["JSON serialize", "JSON parse"];
/** The Kafka batch, read from its binary records and from its JSON texts. */
const batchOps = [
  ["Kafka batch", "binary"],
  ["Kafka batch (JSON)", "JSON"],
] as const;

const codecs: Codec[] = [thisLibrary, protobufEs, ...(await loadPeers())];
const payloads = benchPayloads();
checkAgreement(codecs, payloads);

/** The operations that rotate int64 values: each call serializes the next message of a ring. */
const ringOps: readonly Op[] = ["JSON serialize", "JSON serialize (value)"];

/**
 * The inputs each codec gets for an operation on a payload, made once, outside the timing: one,
 * or on the serialize operations the ring of messages (`ring`, the payload's int64 variants as
 * protobuf-es encodes them), each codec's own decoding of each.
 */
function inputsOf(
  codec: Codec,
  op: Op,
  bytes: Uint8Array,
  json: string,
  ring: readonly Uint8Array[],
): unknown[] {
  switch (op) {
    case "decode":
      return [bytes];
    case "encode":
      return [codec.decode(bytes)];
    case "JSON serialize":
    case "JSON serialize (value)":
      return ring.map((variant) => codec.decode(variant));
    case "JSON parse":
      return [json];
    case "JSON parse (value)":
      return [JSON.parse(json)];
  }
}

function runOp(codec: Codec, op: Op): (input: never) => unknown {
  switch (op) {
    case "decode":
      return (input: Uint8Array) => codec.decode(input);
    case "encode":
      return (input: unknown) => codec.encode(input);
    case "JSON serialize":
      return (input: unknown) => flat(codec.toJsonString(input));
    case "JSON parse":
      return (input: string) => codec.fromJsonString(input);
    case "JSON serialize (value)":
      return (input: unknown) => codec.toJson(input);
    case "JSON parse (value)":
      return (input: unknown) => codec.fromJson(input);
  }
}

/** Keeps results alive so that no call can be optimized away. */
let sink: unknown;
let sinkChar = 0;

/**
 * `text`, made flat before the clock stops: JSON.stringify() returns flat text, but text made by
 * concatenation may be a rope, which V8 copies into flat text when it is first read (as
 * Buffer.from() or a Kafka producer reads it). Reading a character in the middle makes every
 * codec's text flat, so that none leaves that copy to its caller.
 */
function flat(text: string): string {
  sinkChar ^= text.charCodeAt(text.length >> 1);
  return text;
}

/**
 * Calls `fn` on each of `inputs` in turn, round and round, for about `ms` milliseconds of the
 * clock and returns the calls per second.
 */
function opsPerSecond(
  fn: (input: never) => unknown,
  inputs: readonly unknown[],
  ms: number,
): number {
  const call = fn as (input: unknown) => unknown;
  const last = inputs.length - 1;
  let next = 0;
  let n = 0;
  let batch = 1;
  const start = now();
  let t = start;
  while (t - start < ms) {
    for (let i = 0; i < batch; i++) {
      sink = call(inputs[next]);
      next = next === last ? 0 : next + 1;
    }
    n += batch;
    t = now();
    if (t - start < ms / 20) batch *= 2;
  }
  return (n * 1000) / (t - start);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const geomean = (xs: number[]) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

const selectedOps = ops.filter((op) => !args.op || args.op.includes(op));
const selectedPayloads = payloads.filter((p) => !args.payload || args.payload.includes(p.name));
const selectedCodecs = codecs.filter(
  (c) => !args.codec || args.codec.includes(c.name) || c === protobufEs,
);
/** The codecs of an operation: the floor runs too on JSON text. */
const codecsOf = (op: Op): Codec[] =>
  floorOps.includes(op) ? [...selectedCodecs, jsonFloor] : selectedCodecs;
// A forced full GC before each slice starts every codec on a clean heap, but it is no steady
// state: V8 throws away optimized code specialized to object shapes that die in a full GC, so it
// measures re-optimization as much as the codec. Off by default; --gc (with node --expose-gc).
const gc = args.gc ? (globalThis as { gc?: () => void }).gc : undefined;
if (args.gc && gc === undefined) throw new Error("--gc needs node --expose-gc");

/** ops/s per round, by op, payload and codec. */
const results = new Map<string, number[]>();
const key = (op: Op, payload: string, codec: string) => `${op}|${payload}|${codec}`;

// The ring of each payload for the serialize operations: its int64 variants (int64-variants.ts),
// or with --ring N the first N of them (--ring 1: the same message every call).
if (args.ring !== "auto" && !(Number.isSafeInteger(Number(args.ring)) && Number(args.ring) >= 1)) {
  throw new Error(`--ring takes "auto" or a whole number of at least 1, got ${args.ring}`);
}
const rotating = selectedOps.some((op) => ringOps.includes(op));
const prepared = selectedPayloads.map((payload) => {
  const bytes = protobufEs.encode(payload.envelope);
  const json = protobufEs.toJsonString(payload.envelope);
  const size = !rotating
    ? 1
    : args.ring === "auto"
      ? ringSize(payload.envelope)
      : Number(args.ring);
  const ring = int64Variants(payload.envelope, size, 7001 + payloads.indexOf(payload)).map((v) =>
    protobufEs.encode(v),
  );
  return { payload, bytes, json, ring };
});
if (rotating) checkRingAgreement(codecsOf("JSON serialize"), prepared);
/** Codec inputs, made once: by op, payload and codec. */
const inputs = new Map<string, unknown[]>();

// Warm-up: every function gets optimized before the first measured round.
for (const { payload, bytes, json, ring } of prepared) {
  for (const op of selectedOps) {
    for (const codec of codecsOf(op)) {
      const k = key(op, payload.name, codec.name);
      const input = inputsOf(codec, op, bytes, json, ring);
      inputs.set(k, input);
      opsPerSecond(runOp(codec, op), input, sliceMs);
      results.set(k, []);
    }
  }
}

for (let round = 0; round < rounds; round++) {
  for (const { payload } of prepared) {
    for (const op of selectedOps) {
      // Rotate the order each round, so that no codec always runs first or last.
      const opCodecs = codecsOf(op);
      for (let i = 0; i < opCodecs.length; i++) {
        const codec = opCodecs[(i + round) % opCodecs.length] as Codec;
        const k = key(op, payload.name, codec.name);
        gc?.();
        const rate = opsPerSecond(runOp(codec, op), inputs.get(k) as unknown[], sliceMs);
        results.get(k)?.push(rate);
      }
    }
  }
  process.stderr.write(`round ${round + 1}/${rounds}\n`);
}
void sink;
void sinkChar;

const fmt = (n: number) =>
  n >= 100_000
    ? `${(n / 1000).toFixed(0)}k`
    : n >= 10_000
      ? `${(n / 1000).toFixed(1)}k`
      : n.toFixed(0);

console.log(
  `\nnode ${process.version}, ${rounds} rounds of ${sliceMs} ms (${clock} time) per codec, op and payload; ` +
    `flags: ${process.execArgv.filter((a) => a.startsWith("--") && !/import|require|tsx|loader/.test(a)).join(" ") || "none"}`,
);
console.log(
  "ops/s (median of the rounds) and, in brackets, the median of the per-round ratios to protobuf-es\n",
);
/** Prints one table: per payload, each codec's median rate and median per-round ratio to `base`. */
function printTable(op: Op, tableCodecs: readonly Codec[], base: Codec, fraction: boolean): void {
  const ratio = (rates: number[], baseRates: number[]) =>
    median(rates.map((r, i) => r / (baseRates[i] as number)));
  const unit = fraction ? "" : "×";
  console.log(`| payload | ${tableCodecs.map((c) => c.name).join(" | ")} |`);
  console.log(`| --- | ${tableCodecs.map(() => "---:").join(" | ")} |`);
  const bySet = new Map<PayloadSet | "all", Map<string, number[]>>();
  for (const { payload, bytes } of prepared) {
    const baseRates = results.get(key(op, payload.name, base.name)) as number[];
    const cells = tableCodecs.map((codec) => {
      const rates = results.get(key(op, payload.name, codec.name)) as number[];
      const r = ratio(rates, baseRates);
      for (const set of ["all", payload.set] as const) {
        const m = bySet.get(set) ?? new Map<string, number[]>();
        bySet.set(set, m);
        m.set(codec.name, [...(m.get(codec.name) ?? []), r]);
      }
      return fraction ? r.toFixed(2) : `${fmt(median(rates))} (${r.toFixed(2)}×)`;
    });
    console.log(`| ${payload.name} (${bytes.length} B, ${payload.set}) | ${cells.join(" | ")} |`);
  }
  const means = (m: Map<string, number[]>) =>
    tableCodecs.map((c) => `${geomean(m.get(c.name) ?? []).toFixed(2)}${unit}`).join(" | ");
  const sets = (["tuned", "varied", "untuned"] as const).filter((set) => bySet.has(set));
  if (sets.length > 1) {
    for (const set of sets) {
      const m = bySet.get(set) as Map<string, number[]>;
      const n = (m.get(base.name) ?? []).length;
      console.log(`| geometric mean, ${set} ${n} | ${means(m)} |`);
    }
  }
  const all = bySet.get("all") ?? new Map<string, number[]>();
  const mins = fraction
    ? `\n| lowest | ${tableCodecs.map((c) => Math.min(...(all.get(c.name) ?? [])).toFixed(2)).join(" | ")} |`
    : "";
  console.log(
    `| **geometric mean, all** | ${means(all).replace(/([\d.]+×?)/g, "**$1**")} |${mins}\n`,
  );
}

for (const op of selectedOps) {
  console.log(`### ${op}\n`);
  printTable(op, codecsOf(op), protobufEs, false);
  if (floorOps.includes(op)) {
    console.log(
      `### ${op}: fraction of the floor (${op === "JSON parse" ? "JSON.parse" : "JSON.stringify"} alone), median of the per-round ratios\n`,
    );
    printTable(op, codecsOf(op), jsonFloor, true);
  }
}

const selectedBatchOps = batchOps.filter(([op]) => !args.op || args.op.includes(op));
if (selectedBatchOps.length > 0) {
  const batch = makeKafkaBatch(protobufEs, Number(args.batch));
  const batchCodecs = codecs.filter(
    (c) => !args.codec || args.codec.includes(c.name) || c === protobufEs,
  );
  checkBatchAgreement(batchCodecs, batch);
  const gcForHeap = (globalThis as { gc?: () => void }).gc;
  for (const [, form] of selectedBatchOps) {
    const results = runKafkaBatch(batchCodecs, protobufEs, batch, form, {
      rounds,
      ms: Math.max(sliceMs, 200),
      now,
      gc: gcForHeap,
    });
    console.log(`${formatKafkaBatch(batch, form, results, thisLibrary.name)}\n`);
  }
}

if (!args["no-bundle"]) {
  console.log(
    "### bundle: decode an envelope and narrow it (esbuild --minify, browser ESM, gzip -9)\n",
  );
  console.log("| codec | minified | gzipped |");
  console.log("| --- | ---: | ---: |");
  for (const size of await bundleSizes()) {
    console.log(
      `| ${size.name} | ${(size.minified / 1024).toFixed(1)} KiB | ${(size.gzipped / 1024).toFixed(2)} KiB (${size.gzipped} B) |`,
    );
  }
}
