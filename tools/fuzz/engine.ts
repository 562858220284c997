import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { type CodecError, isCodecError } from "../../src/index.js";
import { createRandom, type Random } from "./random.js";

// The fuzzing engine: it feeds the inputs a target generates to the code under test, one by
// one, and records what happened. Only a CodecError may escape (or nothing at all, for targets
// that must never throw); anything else is a finding, printed with its input so it can be
// replayed. It also times every input and watches the heap.

/** What running one input gave: the output, or the CodecError that rejected it. */
export type Outcome<Output> =
  | { readonly ok: true; readonly value: Output }
  | { readonly ok: false; readonly error: CodecError };

/** Something to fuzz: how to make inputs, how to run one, and what to check afterwards. */
export interface FuzzTarget<Input = unknown, Output = unknown> {
  /** The name `npm run fuzz -- --target` takes. */
  readonly name: string;
  /** One line: which inputs are fed to which function. */
  readonly description: string;
  /** Whether a CodecError is a fine outcome. False for a function that must never throw. */
  readonly mayReject: boolean;
  /** Makes the next input. */
  generate(random: Random): Input;
  /** Feeds one input to the code under test. Must be repeatable: a slow input is run again. */
  run(input: Input): Output | Promise<Output>;
  /** Checks an outcome beyond "no crash" (a round trip, a differential); throws to report. */
  check?(input: Input, outcome: Outcome<Output>): void | Promise<void>;
  /** A label for an accepted output, counted in the report (an envelope kind, a framing). */
  label?(output: Output): string;
  /** The input as text that reproduces it: hex for bytes, JSON (or a description) for values. */
  show(input: Input): string;
}

/** Options of {@link runFuzz}. */
export interface FuzzOptions {
  /** How many inputs to run. */
  iterations: number;
  /** The seed of the input sequence. Default 1. */
  seed: number;
  /**
   * The longest any one input may take, in milliseconds: an input is slow only if it takes
   * longer in each of four runs, so that a GC pause or another process on the same cores does
   * not count against it. Default 50.
   */
  maxInputMs: number;
  /**
   * An input whose first run takes longer than this is timed again, and its steady time is the
   * better of the two (of four, when both are over `maxInputMs`). Default 5 ms.
   */
  retimeAboveMs: number;
  /** The most the heap may grow over the run, in bytes, after a GC. Default 64 MiB. */
  maxHeapGrowthBytes: number;
  /** How many findings to keep with their inputs; the rest are only counted. Default 20. */
  maxFindings: number;
  /** Calls `onProgress` every this many inputs; 0 never. Default 0. */
  progressEvery: number;
  onProgress?: (report: FuzzReport) => void;
}

/** Something that went wrong, with the input that did it. */
export interface Finding {
  /**
   * `escape`: an error other than a CodecError escaped; `rejected`: a CodecError from a target
   * that must not throw; `check`: the target's check failed; `slow`: an input took longer than
   * `maxInputMs` in each of four runs; `heap`: the heap grew more than `maxHeapGrowthBytes`.
   */
  readonly kind: "escape" | "rejected" | "check" | "slow" | "heap";
  /** The input's number in the sequence, from 0. */
  readonly index: number;
  readonly message: string;
  readonly stack?: string;
  readonly input: string;
}

/** One input and how long it took, in milliseconds. */
export interface SlowInput {
  index: number;
  ms: number;
  input: string;
}

/** What a run did, for one target. */
export interface FuzzReport {
  readonly target: string;
  readonly seed: number;
  /** Inputs run so far. */
  inputs: number;
  /** Inputs the code accepted, and how many of each label. */
  accepted: number;
  readonly acceptedBy: Record<string, number>;
  /** Inputs rejected with a CodecError, by code. */
  readonly rejected: Record<string, number>;
  readonly findings: Finding[];
  /** All findings, including those not kept. */
  findingCount: number;
  /** The input whose first run was the slowest (often a GC pause rather than the input). */
  slowest: SlowInput;
  /**
   * The input slowest to run every time: by its best time over two runs (four when over
   * `maxInputMs`), for inputs whose first run took over `retimeAboveMs`. This is the figure
   * `maxInputMs` bounds.
   */
  slowestSteady: SlowInput;
  /** How many inputs took at least 1, 5, 10 and 50 ms on their first run. */
  readonly timeBuckets: Record<"1ms" | "5ms" | "10ms" | "50ms", number>;
  wallMs: number;
  inputsPerSecond: number;
  readonly heap: {
    gcForced: boolean;
    beforeBytes: number;
    afterBytes: number;
    growthBytes: number;
    peakBytes: number;
    /** Memory of ArrayBuffers (outside the JS heap), after the run less before. */
    arrayBuffersGrowthBytes: number;
  };
}

const defaults = {
  seed: 1,
  maxInputMs: 50,
  retimeAboveMs: 5,
  maxHeapGrowthBytes: 64 * 1024 * 1024,
  maxFindings: 20,
  progressEvery: 0,
} as const;

/**
 * Runs `options.iterations` inputs of `target` and returns the report. Never throws for what
 * the target does: every problem is a finding in the report.
 */
export async function runFuzz<Input, Output>(
  target: FuzzTarget<Input, Output>,
  options: Partial<FuzzOptions> & Pick<FuzzOptions, "iterations">,
): Promise<FuzzReport> {
  const o = { ...defaults, ...options };
  const random = createRandom(o.seed);
  const gc = findGc();
  gc?.();
  const before = process.memoryUsage();
  const report: FuzzReport = {
    target: target.name,
    seed: o.seed,
    inputs: 0,
    accepted: 0,
    acceptedBy: {},
    rejected: {},
    findings: [],
    findingCount: 0,
    slowest: { index: -1, ms: 0, input: "" },
    slowestSteady: { index: -1, ms: 0, input: "" },
    timeBuckets: { "1ms": 0, "5ms": 0, "10ms": 0, "50ms": 0 },
    wallMs: 0,
    inputsPerSecond: 0,
    heap: {
      gcForced: gc !== undefined,
      beforeBytes: before.heapUsed,
      afterBytes: before.heapUsed,
      growthBytes: 0,
      peakBytes: before.heapUsed,
      arrayBuffersGrowthBytes: 0,
    },
  };
  const find = (finding: Finding) => {
    report.findingCount++;
    if (report.findings.length < o.maxFindings) report.findings.push(finding);
  };
  const start = performance.now();

  for (let index = 0; index < o.iterations; index++) {
    let input: Input;
    try {
      input = target.generate(random);
    } catch (error) {
      // A bug in the fuzzer, not in the code under test; reported all the same.
      find({ kind: "escape", index, ...describeError(error), input: "(generate threw)" });
      continue;
    }
    const t0 = performance.now();
    let outcome = settle(target, input);
    if (outcome instanceof Promise) outcome = await outcome;
    const ms = performance.now() - t0;
    report.inputs++;

    if (ms >= 1) countTime(report, ms);
    if (ms > report.slowest.ms) {
      report.slowest = { index, ms, input: safeShow(target, input) };
    }
    const steadyMs = ms > o.retimeAboveMs ? await steadyTime(target, input, ms, o.maxInputMs) : ms;
    if (steadyMs > report.slowestSteady.ms) {
      report.slowestSteady = { index, ms: steadyMs, input: safeShow(target, input) };
    }
    if (steadyMs > o.maxInputMs) {
      find({
        kind: "slow",
        index,
        message: `took ${ms.toFixed(1)} ms, and at least ${steadyMs.toFixed(1)} ms in each of three more runs (limit ${o.maxInputMs} ms)`,
        input: safeShow(target, input),
      });
    }

    if ("kind" in outcome) {
      find({
        kind: "escape",
        index,
        ...describeError(outcome.error),
        input: safeShow(target, input),
      });
      continue;
    }
    if (outcome.ok) {
      report.accepted++;
      const label = target.label === undefined ? "accepted" : safeLabel(target, outcome.value);
      report.acceptedBy[label] = (report.acceptedBy[label] ?? 0) + 1;
    } else {
      const code = outcome.error.code;
      report.rejected[code] = (report.rejected[code] ?? 0) + 1;
      if (!target.mayReject) {
        find({
          kind: "rejected",
          index,
          ...describeError(outcome.error),
          input: safeShow(target, input),
        });
      }
    }
    if (target.check !== undefined) {
      try {
        const checked = target.check(input, outcome);
        if (isThenable(checked)) await checked;
      } catch (error) {
        find({ kind: "check", index, ...describeError(error), input: safeShow(target, input) });
      }
    }

    if (index % 1024 === 1023) {
      const used = process.memoryUsage().heapUsed;
      if (used > report.heap.peakBytes) report.heap.peakBytes = used;
    }
    if (o.progressEvery > 0 && (index + 1) % o.progressEvery === 0 && o.onProgress) {
      finishTiming(report, start);
      o.onProgress(report);
    }
  }

  finishTiming(report, start);
  gc?.();
  const after = process.memoryUsage();
  report.heap.afterBytes = after.heapUsed;
  report.heap.growthBytes = after.heapUsed - before.heapUsed;
  report.heap.peakBytes = Math.max(report.heap.peakBytes, after.heapUsed);
  report.heap.arrayBuffersGrowthBytes = after.arrayBuffers - before.arrayBuffers;
  if (report.heap.growthBytes > o.maxHeapGrowthBytes) {
    find({
      kind: "heap",
      index: report.inputs,
      message: `the heap grew by ${formatBytes(report.heap.growthBytes)} over the run (limit ${formatBytes(o.maxHeapGrowthBytes)})`,
      input: "(the whole run)",
    });
  }
  return report;
}

type Settled<Output> = Outcome<Output> | { readonly kind: "thrown"; readonly error: unknown };

/** Runs one input; stays synchronous (no microtask per input) unless the target is async. */
function settle<Input, Output>(
  target: FuzzTarget<Input, Output>,
  input: Input,
): Settled<Output> | Promise<Settled<Output>> {
  try {
    const result = target.run(input);
    if (isThenable(result)) {
      return Promise.resolve(result).then(
        (value): Settled<Output> => ({ ok: true, value: value as Output }),
        classify,
      );
    }
    return { ok: true, value: result as Output };
  } catch (error) {
    return classify(error);
  }
}

function classify(error: unknown): Settled<never> {
  return isCodecError(error) ? { ok: false, error } : { kind: "thrown", error };
}

/**
 * The best time of an input over a second run, and two more while it stays over `limitMs`: a
 * GC pause, or another process on the same cores, is not the input's fault.
 */
async function steadyTime<Input, Output>(
  target: FuzzTarget<Input, Output>,
  input: Input,
  firstMs: number,
  limitMs: number,
): Promise<number> {
  let best = firstMs;
  for (let run = 0; run < 3 && (run === 0 || best > limitMs); run++) {
    const t0 = performance.now();
    const outcome = settle(target, input);
    if (outcome instanceof Promise) await outcome;
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

function countTime(report: FuzzReport, ms: number): void {
  report.timeBuckets["1ms"]++;
  if (ms >= 5) report.timeBuckets["5ms"]++;
  if (ms >= 10) report.timeBuckets["10ms"]++;
  if (ms >= 50) report.timeBuckets["50ms"]++;
}

function finishTiming(report: FuzzReport, start: number): void {
  report.wallMs = performance.now() - start;
  report.inputsPerSecond = report.wallMs > 0 ? (report.inputs / report.wallMs) * 1000 : 0;
}

function describeError(error: unknown): { message: string; stack?: string } {
  try {
    if (error instanceof Error) {
      return error.stack === undefined
        ? { message: `${error.name}: ${error.message}` }
        : { message: `${error.name}: ${error.message}`, stack: error.stack };
    }
    return { message: `a non-Error was thrown: ${String(error)}` };
  } catch {
    return { message: "a value that cannot be printed was thrown" };
  }
}

function safeShow<Input>(target: FuzzTarget<Input, unknown>, input: Input): string {
  try {
    return target.show(input);
  } catch (error) {
    return `(show threw: ${describeError(error).message})`;
  }
}

function safeLabel<Output>(target: FuzzTarget<unknown, Output>, output: Output): string {
  try {
    return target.label?.(output) ?? "accepted";
  } catch {
    return "(label threw)";
  }
}

/**
 * Returns a function that forces a full garbage collection: `global.gc` when node runs with
 * --expose-gc, or the same function obtained by setting the flag at run time.
 */
export function findGc(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === "function") return exposed as () => void;
  try {
    setFlagsFromString("--expose-gc");
    const gc: unknown = runInNewContext("gc");
    return typeof gc === "function" ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

export function formatBytes(bytes: number): string {
  const sign = bytes < 0 ? "-" : "+";
  const abs = Math.abs(bytes);
  if (abs >= 1024 * 1024) return `${sign}${(abs / 1024 / 1024).toFixed(1)} MiB`;
  if (abs >= 1024) return `${sign}${(abs / 1024).toFixed(1)} KiB`;
  return `${sign}${abs} B`;
}

/** The histogram `{ truncated: 3, malformed: 5 }` as `malformed 5, truncated 3`, largest first. */
export function formatHistogram(histogram: Record<string, number>): string {
  const entries = Object.entries(histogram).sort((a, b) => b[1] - a[1]);
  return entries.length === 0 ? "none" : entries.map(([k, n]) => `${k} ${n}`).join(", ");
}

/** One line per target: inputs, accepted, rejected by code, slowest input, heap, findings. */
export function formatSummary(report: FuzzReport): string {
  const slowest =
    `${report.slowestSteady.ms.toFixed(2)} ms steady ` +
    `(first runs up to ${report.slowest.ms.toFixed(2)} ms)`;
  return (
    `${report.target}: ${report.inputs} inputs in ${(report.wallMs / 1000).toFixed(1)} s ` +
    `(${Math.round(report.inputsPerSecond)}/s, seed ${report.seed}); ` +
    `accepted ${report.accepted} (${formatHistogram(report.acceptedBy)}); ` +
    `rejected ${formatHistogram(report.rejected)}; ` +
    `slowest ${slowest}, ≥1 ms ${report.timeBuckets["1ms"]}, ≥10 ms ${report.timeBuckets["10ms"]}; ` +
    `heap ${formatBytes(report.heap.growthBytes)} (peak ${formatBytes(report.heap.peakBytes - report.heap.beforeBytes)}` +
    `${report.heap.gcForced ? "" : ", no forced GC"}); ` +
    `findings ${report.findingCount}`
  );
}

/** A finding as a few lines: what, which input (to replay), and the stack. */
export function formatFinding(finding: Finding): string {
  const lines = [`${finding.kind} at input #${finding.index}: ${finding.message}`];
  lines.push(`  input: ${finding.input}`);
  if (finding.stack !== undefined)
    lines.push(`  stack: ${finding.stack.split("\n").slice(0, 8).join("\n    ")}`);
  return lines.join("\n");
}
