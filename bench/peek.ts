// peekEnvelope against decodeEnvelope on the Kafka batch's mix (payloads.ts): how much faster
// routing by kind is than decoding, payload kind by payload kind and over the whole mix, and
// what a peek allocates. Run with --expose-gc for the allocation figures (npm run bench:peek).

import { decodeRecordValue, encodeSchemaRegistryFrame } from "../src/framing/index.js";
import {
  decodeEnvelope,
  type EnvelopeKind,
  encodeEnvelope,
  envelopeKind,
  peekEnvelope,
} from "../src/index.js";
import { batchEnvelopes } from "./payloads.js";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value = ""] = arg.replace(/^--/, "").split("=");
    return [name, value] as const;
  }),
);
const count = Number(args.get("records") ?? 10_000);
const rounds = Number(args.get("rounds") ?? 7);
const sliceMs = Number(args.get("ms") ?? 50);
const gc = (globalThis as { gc?: () => void }).gc;

/** The values end to end in one Buffer, each a view into it, as a Kafka client hands a fetch. */
function asFetch(values: readonly Uint8Array[]): Buffer[] {
  const buffer = Buffer.concat(values);
  const views: Buffer[] = [];
  let offset = 0;
  for (const value of values) {
    views.push(buffer.subarray(offset, offset + value.length));
    offset += value.length;
  }
  return views;
}

const envelopes = batchEnvelopes(count);
const raw = asFetch(envelopes.map((envelope) => encodeEnvelope(envelope)));
const framed = asFetch(
  envelopes.map((envelope) => encodeSchemaRegistryFrame(envelope, { schemaId: 42 })),
);
const kinds = envelopes.map((envelope) => envelopeKind(envelope) as EnvelopeKind);

let sink = 0;

/** Nanoseconds of CPU per call of `fn` over `values`, repeated for at least `sliceMs`. */
function timeSlice(values: readonly Uint8Array[], fn: (value: Uint8Array) => unknown): number {
  let calls = 0;
  const start = process.cpuUsage();
  let spent = 0;
  do {
    for (const value of values) {
      if (fn(value) !== undefined) sink++;
    }
    calls += values.length;
    const used = process.cpuUsage(start);
    spent = (used.user + used.system) / 1000;
  } while (spent < sliceMs);
  return (spent * 1e6) / calls;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

interface Row {
  readonly name: string;
  readonly values: readonly Uint8Array[];
  readonly decode: (value: Uint8Array) => unknown;
}

const decode = (value: Uint8Array) => decodeEnvelope(value);
const peek = (value: Uint8Array) => peekEnvelope(value);
const rows: Row[] = [
  ...[...new Set(kinds)].map((kind) => ({
    name: kind,
    values: raw.filter((_, i) => kinds[i] === kind),
    decode,
  })),
  { name: "the whole mix", values: raw, decode },
  {
    name: "the whole mix, Schema Registry frame (decodeRecordValue)",
    values: framed,
    decode: (value: Uint8Array) => decodeRecordValue(value),
  },
];

// Warm-up: every row's both functions, untimed.
for (const row of rows) {
  for (const value of row.values) {
    row.decode(value);
    peek(value);
  }
}

const ratios = new Map<string, number[]>(rows.map((row) => [row.name, []]));
const peekNs = new Map<string, number[]>(rows.map((row) => [row.name, []]));
const decodeNs = new Map<string, number[]>(rows.map((row) => [row.name, []]));
for (let round = 0; round < rounds; round++) {
  for (const row of rows) {
    // The order of the two alternates from round to round.
    const first = round % 2 === 0;
    const a = first ? timeSlice(row.values, row.decode) : timeSlice(row.values, peek);
    const b = first ? timeSlice(row.values, peek) : timeSlice(row.values, row.decode);
    const [d, p] = first ? [a, b] : [b, a];
    decodeNs.get(row.name)?.push(d);
    peekNs.get(row.name)?.push(p);
    ratios.get(row.name)?.push(d / p);
  }
}

console.log(
  `peekEnvelope vs decodeEnvelope, Node ${process.versions.node}: ${count} records of the Kafka batch's mix, ` +
    `${rounds} rounds of ${sliceMs} ms CPU per function and row, median`,
);
console.log("");
console.log("| payload | records | bytes (mean) | decode ns | peek ns | peek ÷ decode speed |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) {
  const bytes = row.values.reduce((sum, value) => sum + value.length, 0) / row.values.length;
  console.log(
    `| ${row.name} | ${row.values.length} | ${bytes.toFixed(0)} | ` +
      `${median(decodeNs.get(row.name) ?? []).toFixed(0)} | ${median(peekNs.get(row.name) ?? []).toFixed(0)} | ` +
      `${median(ratios.get(row.name) ?? []).toFixed(1)}× |`,
  );
}

/**
 * Heap bytes per call: allocated (heapUsed grows by it while the results are held, no GC
 * between) and kept (what is left after a full GC: the results themselves). Equal figures mean
 * that a call allocates nothing but what it returns. Median of 5 passes over `chunk` records.
 */
function heapPerCall(values: readonly Uint8Array[], chunk: number): [number, number] {
  if (gc === undefined) return [Number.NaN, Number.NaN];
  const allocated: number[] = [];
  const kept: number[] = [];
  // The first pass is not counted: code the loop compiles then lands on the heap too.
  for (let pass = 0; pass < 6; pass++) {
    const results = new Array<unknown>(chunk).fill(undefined);
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < chunk; i++)
      results[i] = peekEnvelope(values[i % values.length] as Uint8Array);
    const after = process.memoryUsage().heapUsed;
    gc();
    gc();
    const held = process.memoryUsage().heapUsed;
    if (pass > 0) allocated.push((after - before) / chunk);
    if (pass > 0) kept.push((held - before) / chunk);
    if (results.length !== chunk) sink++;
  }
  return [median(allocated), median(kept)];
}

console.log("");
if (gc === undefined) {
  console.log("heap per call: run with --expose-gc (npm run bench:peek) to measure it");
} else {
  console.log("| values | heap allocated per peek | heap kept per peek (its result) |");
  console.log("| --- | ---: | ---: |");
  for (const [name, values] of [
    ["bare", raw],
    ["Schema Registry frame", framed],
  ] as const) {
    const [allocated, kept] = heapPerCall(values, 5000);
    console.log(`| ${name} | ${allocated.toFixed(0)} B | ${kept.toFixed(0)} B |`);
  }
}
if (sink < 0) console.log(sink);
