// The Kafka batch scenario: what a consumer does with one fetch. Thousands of envelopes of all 11
// kinds (shares in payloads.ts), encoded by protobuf-es and laid end to end in one Buffer, as a
// Kafka client hands a fetch over; each record is a subarray view into it, never a copy. Every
// codec decodes every record into one array. Measured: messages/s and MB/s (CPU clock, interleaved
// rounds, median), and the heap the decoded array keeps alive, per message. The same envelopes as
// JSON text (protobuf-es's canonical text, one line each) make the JSON form of the scenario: a
// stream of all kinds in turn, which no single payload shows (each reader's property loads see
// every kind's object shapes).
import type { Codec } from "./codecs.js";
import { batchEnvelopes, batchShares } from "./payloads.js";

/** The records of one batch: views into one shared buffer, and the same envelopes as JSON text. */
export interface KafkaBatch {
  readonly records: readonly Uint8Array[];
  readonly bytes: number;
  /** Each record's envelope as protobuf-es's JSON text. */
  readonly texts: readonly string[];
  /** The UTF-8 bytes of all the texts. */
  readonly textBytes: number;
  readonly kinds: Readonly<Record<string, number>>;
}

/** What the batch is read from: its binary records (decode) or its JSON texts (parse). */
export type BatchForm = "binary" | "JSON";

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
  const texts: string[] = [];
  for (const record of records) {
    const message = reference.decode(record);
    const kind = (message as { Data: { case: string } }).Data.case;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    texts.push(reference.toJsonString(message));
  }
  const textBytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  return { records, bytes: buffer.length, texts, textBytes, kinds };
}

/** Reads every record of the batch in `form`; returns the messages. */
function readAll(codec: Codec, batch: KafkaBatch, form: BatchForm): unknown[] {
  const n = batch.records.length;
  const out = new Array<unknown>(n);
  if (form === "binary") {
    const { records } = batch;
    for (let i = 0; i < n; i++) out[i] = codec.decode(records[i] as Uint8Array);
  } else {
    const { texts } = batch;
    for (let i = 0; i < n; i++) out[i] = codec.fromJsonString(texts[i] as string);
  }
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

/** A full GC, the heap, read the batch and hold it, a full GC, the heap: bytes per message. */
function heldOnce(codec: Codec, batch: KafkaBatch, form: BatchForm, gc: () => void) {
  held = undefined;
  gc();
  gc();
  const before = process.memoryUsage();
  held = readAll(codec, batch, form);
  gc();
  gc();
  const after = process.memoryUsage();
  held = undefined;
  const n = batch.records.length;
  return {
    heap: (after.heapUsed - before.heapUsed) / n,
    arrayBuffers: (after.arrayBuffers - before.arrayBuffers) / n,
  };
}

/**
 * Times readAll in `form` for each codec in `rounds` interleaved rounds (each codec at least `ms`
 * of the clock per round, whole batches only), then measures retained heap with `gc` when given.
 */
export function runKafkaBatch(
  codecs: readonly Codec[],
  baseline: Codec,
  batch: KafkaBatch,
  form: BatchForm,
  options: { rounds: number; ms: number; now: () => number; gc: (() => void) | undefined },
): BatchResult[] {
  const n = batch.records.length;
  const { rounds, ms, now, gc } = options;
  const rate = (codec: Codec) => {
    // A pass is about 100 ms and leaves 20 MB of messages behind: measured right after another
    // codec, this codec's time paid for collecting that codec's batch (per-round ratios and the
    // ratio of median rates disagreed by up to 25 % within one run). So a full GC, then one pass
    // that is not timed: a full GC also drops optimized code whose object shapes died, which
    // the untimed pass makes again. The timed passes then collect only their own garbage, as a
    // consumer that decodes all day does.
    gc?.();
    sink = readAll(codec, batch, form);
    let passes = 0;
    const start = now();
    let t = start;
    do {
      sink = readAll(codec, batch, form);
      passes++;
      t = now();
    } while (t - start < ms);
    return (passes * n * 1000) / (t - start);
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
    const once = [0, 1, 2].map(() => heldOnce(codec, batch, form, gc));
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
  form: BatchForm,
  results: readonly BatchResult[],
  self: string,
): string {
  const lines: string[] = [];
  const n = batch.records.length;
  const bytes = form === "binary" ? batch.bytes : batch.textBytes;
  const perMessage = bytes / n;
  const shares = Object.entries(batch.kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");
  const size = `${(bytes / 1e6).toFixed(2)} MB, ${perMessage.toFixed(0)} B average`;
  lines.push(
    form === "binary"
      ? `### Kafka batch: decode ${n} records (${size}) from one Buffer\n`
      : `### Kafka batch (JSON): parse the same ${n} envelopes as JSON texts (${size} of UTF-8)\n`,
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
