// The Kafka batch scenario: what a consumer does with one fetch. Thousands of envelopes of all 11
// kinds (shares in payloads.ts), encoded by protobuf-es and laid end to end in one Buffer, as a
// Kafka client hands a fetch over; each record is a subarray view into it, never a copy. Every
// codec decodes every record into one array. Measured: messages/s and MB/s (CPU clock, interleaved
// rounds, median), and the heap the decoded array keeps alive, per message.
import type { Codec } from "./codecs.js";
import { batchEnvelopes, batchShares } from "./payloads.js";

/** The records of one batch: views into one shared buffer. */
export interface KafkaBatch {
  readonly records: readonly Uint8Array[];
  readonly bytes: number;
  readonly kinds: Readonly<Record<string, number>>;
}

/** Encodes `count` mixed envelopes with `reference` and lays them end to end in one Buffer. */
export function makeKafkaBatch(reference: Codec, count: number): KafkaBatch {
  const encoded = batchEnvelopes(count).map((envelope) => reference.encode(envelope));
  const buffer = Buffer.concat(encoded);
  const records: Uint8Array[] = [];
  const kinds: Record<string, number> = {};
  let offset = 0;
  for (const bytes of encoded) {
    records.push(buffer.subarray(offset, offset + bytes.length));
    offset += bytes.length;
  }
  for (const record of records) {
    const kind = (reference.decode(record) as { Data: { case: string } }).Data.case;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return { records, bytes: buffer.length, kinds };
}

/** Decodes every record of the batch; returns the decoded messages. */
function decodeAll(codec: Codec, records: readonly Uint8Array[]): unknown[] {
  const out = new Array<unknown>(records.length);
  for (let i = 0; i < records.length; i++) out[i] = codec.decode(records[i] as Uint8Array);
  return out;
}

/** One codec's batch figures. */
export interface BatchResult {
  readonly codec: string;
  /** Messages per second, median of the rounds. */
  readonly messagesPerSecond: number;
  /** Median of the per-round ratios to protobuf-es. */
  readonly ratio: number;
  /** Heap (V8's heapUsed) kept alive by the decoded array, bytes per message; NaN without gc. */
  readonly heapPerMessage: number;
  /** ArrayBuffer memory (outside the V8 heap) kept alive, bytes per message; NaN without gc. */
  readonly arrayBuffersPerMessage: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Keeps results alive so that no decode can be optimized away. */
export let sink: unknown;

/** The decoded batch while its memory is measured, and nothing else. */
export let held: unknown[] | undefined;

/** A full GC, the heap, decode the batch and hold it, a full GC, the heap: bytes per message. */
function heldOnce(codec: Codec, records: readonly Uint8Array[], gc: () => void) {
  held = undefined;
  gc();
  gc();
  const before = process.memoryUsage();
  held = decodeAll(codec, records);
  gc();
  gc();
  const after = process.memoryUsage();
  held = undefined;
  return {
    heap: (after.heapUsed - before.heapUsed) / records.length,
    arrayBuffers: (after.arrayBuffers - before.arrayBuffers) / records.length,
  };
}

/**
 * Times decodeAll for each codec in `rounds` interleaved rounds (each codec at least `ms` of the
 * clock per round, whole batches only), then measures retained heap with `gc` when given.
 */
export function runKafkaBatch(
  codecs: readonly Codec[],
  baseline: Codec,
  batch: KafkaBatch,
  options: { rounds: number; ms: number; now: () => number; gc: (() => void) | undefined },
): BatchResult[] {
  const { records } = batch;
  const { rounds, ms, now, gc } = options;
  const rate = (codec: Codec) => {
    // A pass is about 100 ms and leaves 20 MB of messages behind: measured right after another
    // codec, this codec's time paid for collecting that codec's batch (per-round ratios and the
    // ratio of median rates disagreed by up to 25 % within one run). So a full GC, then one pass
    // that is not timed: a full GC also drops optimized code whose object shapes died, which
    // the untimed pass makes again. The timed passes then collect only their own garbage, as a
    // consumer that decodes all day does.
    gc?.();
    sink = decodeAll(codec, records);
    let n = 0;
    const start = now();
    let t = start;
    do {
      sink = decodeAll(codec, records);
      n++;
      t = now();
    } while (t - start < ms);
    return (n * records.length * 1000) / (t - start);
  };
  const rates = new Map<Codec, number[]>(codecs.map((c) => [c, []]));
  for (const codec of codecs) rate(codec); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < codecs.length; i++) {
      const codec = codecs[(i + round) % codecs.length] as Codec;
      sink = undefined;
      rates.get(codec)?.push(rate(codec));
    }
  }
  const base = rates.get(baseline) as number[];

  // Retained memory, median of 3 measurements. Each is a call of its own (heldOnce), so that no
  // stack slot of this frame still points at an earlier decoded batch.
  const retained = (codec: Codec) => {
    if (gc === undefined) return { heap: Number.NaN, arrayBuffers: Number.NaN };
    sink = undefined;
    const once = [0, 1, 2].map(() => heldOnce(codec, records, gc));
    return {
      heap: median(once.map((m) => m.heap)),
      arrayBuffers: median(once.map((m) => m.arrayBuffers)),
    };
  };

  return codecs.map((codec) => {
    const mine = rates.get(codec) as number[];
    const memory = retained(codec);
    return {
      codec: codec.name,
      messagesPerSecond: median(mine),
      ratio: median(mine.map((r, i) => r / (base[i] as number))),
      heapPerMessage: memory.heap,
      arrayBuffersPerMessage: memory.arrayBuffers,
    };
  });
}

/** The batch results as a markdown table, with the ratio to the fastest and the leanest peer. */
export function formatKafkaBatch(
  batch: KafkaBatch,
  results: readonly BatchResult[],
  self: string,
): string {
  const lines: string[] = [];
  const perMessage = batch.bytes / batch.records.length;
  const shares = Object.entries(batch.kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");
  lines.push(
    `### Kafka batch: decode ${batch.records.length} records (${(batch.bytes / 1e6).toFixed(2)} MB, ${perMessage.toFixed(0)} B average) from one Buffer\n`,
  );
  lines.push(`kinds: ${shares} (shares per 1000: ${JSON.stringify(batchShares)})\n`);
  lines.push(
    "| codec | messages/s | MB/s | ratio to protobuf-es | heap per message | ArrayBuffer per message |",
  );
  lines.push("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const r of results) {
    const mbps = (r.messagesPerSecond * perMessage) / 1e6;
    lines.push(
      `| ${r.codec} | ${r.messagesPerSecond.toFixed(0)} | ${mbps.toFixed(1)} | ${r.ratio.toFixed(2)}× | ${Number.isNaN(r.heapPerMessage) ? "(needs --expose-gc)" : `${r.heapPerMessage.toFixed(0)} B`} | ${Number.isNaN(r.arrayBuffersPerMessage) ? "" : `${r.arrayBuffersPerMessage.toFixed(0)} B`} |`,
    );
  }
  const mine = results.find((r) => r.codec === self);
  const peers = results.filter((r) => r.codec !== self);
  if (mine && peers.length > 0) {
    const fastest = peers.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    const leanest = peers.reduce((a, b) => (b.heapPerMessage < a.heapPerMessage ? b : a));
    lines.push(
      `\n${self}: ${(mine.ratio / fastest.ratio).toFixed(2)}× the messages/s of the fastest peer (${fastest.codec}); ` +
        (Number.isNaN(mine.heapPerMessage)
          ? "heap not measured (run node with --expose-gc)"
          : `${(mine.heapPerMessage / leanest.heapPerMessage).toFixed(2)}× the heap per message of the leanest peer (${leanest.codec}, ${leanest.heapPerMessage.toFixed(0)} B)`),
    );
  }
  return lines.join("\n");
}
