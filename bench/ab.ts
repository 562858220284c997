// A same-process A/B of the envelope API: this tree against a baseline git revision (default
// `main`), and the baseline against a second copy of itself, whose ratio is the noise of the
// measure. The baseline's src/ and gen/ are exported with `git archive` into .tmp/ab-<rev>/ (and
// .tmp/ab-<rev>-again/), this tree's copied into .tmp/ab-this/, so all three run from source
// under the same Node, in one process, as alike as can be: each side's code is called only by
// its own slices, the inputs being made by protobuf-es (the bytes and the JSON text).
//
// Each operation runs on bench/payloads.ts's 16 payloads, the sides interleaved in rounds in
// rotated order, each slice `ms` milliseconds of CPU clock. Per operation it prints, per payload,
// the median over rounds of the ratio this ÷ baseline (and baseline again ÷ baseline), their
// geometric means, and for the text operations each side's speed as a fraction of the engine's
// JSON.parse() or JSON.stringify() alone on the same payload.
//
//   node --import tsx bench/ab.ts [--baseline=main] [--rounds=9] [--ms=40] [--op="JSON parse"]...

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type JsonValue, toBinary, toJsonString } from "@bufbuild/protobuf";
import { GRPC_AttendantPayloadSchema } from "../gen/kafka_grpc/kafka_grpc_pb.js";
import type * as self from "../src/index.js";
import { type BenchOp, benchOps } from "./codecs.js";
import { benchPayloads } from "./payloads.js";

type Api = typeof self;

const ALL_OPS = benchOps;
type Op = BenchOp;

const argv = process.argv.slice(2);
const arg = (name: string) =>
  argv.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
const baseline = arg("baseline")[0] ?? "main";
const rounds = Number(arg("rounds")[0] ?? 9);
const sliceMs = Number(arg("ms")[0] ?? 40);
const ops: readonly Op[] =
  arg("op").length > 0 ? (arg("op") as Op[]) : ["JSON parse", "JSON parse (value)"];
for (const op of ops) if (!ALL_OPS.includes(op)) throw new Error(`unknown --op ${op}`);

/** The baseline's src/, gen/ and package.json in `.tmp/<dir>/`, exported once. */
function exportBaseline(dir: string): string {
  const root = resolve(import.meta.dirname, "..");
  const target = resolve(root, ".tmp", dir);
  if (!existsSync(resolve(target, "src/index.ts"))) {
    mkdirSync(target, { recursive: true });
    const archive = execFileSync("git", ["archive", baseline, "src", "gen", "package.json"], {
      cwd: root,
      maxBuffer: 1 << 28,
    });
    execFileSync("tar", ["-x", "-C", target], { input: archive });
  }
  return target;
}

/** This tree's src/, gen/ and package.json in `.tmp/ab-this/`, copied afresh. */
function copyThis(): string {
  const root = resolve(import.meta.dirname, "..");
  const target = resolve(root, ".tmp", "ab-this");
  rmSync(target, { recursive: true, force: true });
  for (const part of ["src", "gen", "package.json"]) {
    cpSync(resolve(root, part), resolve(target, part), { recursive: true });
  }
  return target;
}

const load = async (root: string): Promise<Api> =>
  import(pathToFileURL(resolve(root, "src/index.ts")).href);
const safe = baseline.replace(/[^A-Za-z0-9._-]/g, "_");
const sides: readonly (readonly [string, Api])[] = [
  ["baseline", await load(exportBaseline(`ab-${safe}`))],
  ["baseline again", await load(exportBaseline(`ab-${safe}-again`))],
  ["this", await load(copyThis())],
];

const payloads = benchPayloads();
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
export let sink: unknown;

/** Calls per second of `fn` on `input` over one slice of `sliceMs` CPU milliseconds. */
function rate(fn: (input: unknown) => unknown, input: unknown): number {
  sink = fn(input);
  let n = 0;
  let batch = 1;
  const start = cpu();
  let t = start;
  while (t - start < sliceMs) {
    for (let i = 0; i < batch; i++) sink = fn(input);
    n += batch;
    t = cpu();
    if (t - start < sliceMs / 20) batch *= 2;
  }
  return (n * 1000) / (t - start);
}

/** The function of `op` on `api`, and its input for `payload`: made by protobuf-es, or decoded by `api`. */
function task(api: Api, op: Op, envelope: self.GRPC_AttendantPayload) {
  const bytes = toBinary(GRPC_AttendantPayloadSchema, envelope);
  const text = toJsonString(GRPC_AttendantPayloadSchema, envelope);
  const own = api.decodeEnvelope(bytes);
  switch (op) {
    case "decode":
      return [(b: unknown) => api.decodeEnvelope(b as Uint8Array), bytes] as const;
    case "encode":
      return [(m: unknown) => api.encodeEnvelope(m as typeof own), own] as const;
    case "JSON serialize":
      return [(m: unknown) => api.envelopeToJsonString(m as typeof own), own] as const;
    case "JSON parse":
      return [(t: unknown) => api.envelopeFromJsonString(t as string), text] as const;
    case "JSON serialize (value)":
      return [(m: unknown) => api.envelopeToJson(m as typeof own), own] as const;
    case "JSON parse (value)":
      return [(j: unknown) => api.envelopeFromJson(j as JsonValue), JSON.parse(text)] as const;
  }
}

/** The engine alone on a text operation: JSON.parse() of the text, JSON.stringify() of its value. */
function floor(op: Op, envelope: self.GRPC_AttendantPayload) {
  const text = toJsonString(GRPC_AttendantPayloadSchema, envelope);
  if (op === "JSON parse") return [(t: unknown) => JSON.parse(t as string), text] as const;
  if (op === "JSON serialize")
    return [(j: unknown) => JSON.stringify(j), JSON.parse(text)] as const;
  return undefined;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const geomean = (xs: readonly number[]) =>
  Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

const out: string[] = [
  `Node ${process.versions.node}: this tree against ${baseline}, ${rounds} rounds of ${sliceMs} ms CPU per slice`,
];
for (const op of ops) {
  out.push("", `### ${op}`, "", "| payload | this ÷ baseline | baseline again ÷ baseline |");
  out.push("| --- | ---: | ---: |");
  const ratios: number[][] = [[], []];
  const fractions = sides.map(() => [] as number[]);
  for (const payload of payloads) {
    const tasks = sides.map(([, api]) => task(api, op, payload.envelope));
    const engine = floor(op, payload.envelope);
    const all = engine === undefined ? tasks : [...tasks, engine];
    const rates = all.map(() => [] as number[]);
    for (const [fn, input] of all) rate(fn, input); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (let j = 0; j < all.length; j++) {
        const i = (j + round) % all.length;
        const [fn, input] = all[i] as (typeof all)[number];
        rates[i]?.push(rate(fn, input));
      }
    }
    const base = rates[0] as number[];
    const ratioOf = (i: number) =>
      median((rates[i] as number[]).map((r, k) => r / (base[k] as number)));
    const thisRatio = ratioOf(2);
    const again = ratioOf(1);
    ratios[0]?.push(thisRatio);
    ratios[1]?.push(again);
    if (engine !== undefined) {
      const engineRates = rates[3] as number[];
      for (let s = 0; s < sides.length; s++) {
        fractions[s]?.push(
          median((rates[s] as number[]).map((r, k) => r / (engineRates[k] as number))),
        );
      }
    }
    out.push(`| ${payload.name} | ${thisRatio.toFixed(3)} | ${again.toFixed(3)} |`);
  }
  out.push(
    `| geometric mean | ${geomean(ratios[0] as number[]).toFixed(3)} | ${geomean(ratios[1] as number[]).toFixed(3)} |`,
  );
  if ((fractions[0] as number[]).length > 0) {
    const engine = op === "JSON parse" ? "JSON.parse()" : "JSON.stringify()";
    out.push(
      "",
      `Speed as a fraction of ${engine} alone (geometric mean): ${sides
        .map(([name], s) => `${name} ${geomean(fractions[s] as number[]).toFixed(2)}`)
        .join(", ")}`,
    );
  }
  console.error(out.slice(-6).join("\n"));
}
console.log(out.join("\n"));
