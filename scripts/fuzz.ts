// Runs the fuzz targets of tools/fuzz for as long as asked, one after the other:
//
//   npm run fuzz -- --iterations 1000000 [--target decodeEnvelope] [--seed 7] [--json report.json]
//
// Prints a progress line now and then and a summary line per target, then every finding with
// its input (hex or JSON) and stack. Exits 1 if there were findings, 2 on bad usage.

import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  type FuzzReport,
  formatBytes,
  formatFinding,
  formatSummary,
  runFuzz,
} from "../tools/fuzz/engine.js";
import { createTarget, isTargetName, type TargetName, targetNames } from "../tools/fuzz/targets.js";

const usage = `usage: npm run fuzz -- [options]

  --iterations N   inputs per target (default 10000)
  --target NAME    a target to run; repeat for several (default: all of them)
                   ${targetNames.join(", ")}
  --seed S         the seed of the input sequence, a whole number (default 1)
  --max-ms MS      the longest one input may take (default 50)
  --json FILE      also write the reports as JSON to FILE
  --help           this text`;

function fail(message: string): never {
  process.stderr.write(`fuzz: ${message}\n\n${usage}\n`);
  process.exit(2);
}

function wholeNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0)
    fail(`${name} must be a whole number, got ${text}`);
  return value;
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      iterations: { type: "string" },
      target: { type: "string", multiple: true },
      seed: { type: "string" },
      "max-ms": { type: "string" },
      json: { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
    allowPositionals: false,
  });
}
try {
  parsed = parse();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values } = parsed;
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

const iterations = wholeNumber("--iterations", values.iterations, 10_000);
const seed = wholeNumber("--seed", values.seed, 1);
const maxInputMs = wholeNumber("--max-ms", values["max-ms"], 50);
const names: TargetName[] = [];
for (const name of values.target ?? targetNames) {
  if (!isTargetName(name))
    fail(`unknown target ${name}; the targets are ${targetNames.join(", ")}`);
  names.push(name);
}

const reports: FuzzReport[] = [];
const progressEvery = Math.max(10_000, Math.round(iterations / 20));
for (const name of names) {
  const target = createTarget(name);
  process.stdout.write(`${name}: ${target.description}\n`);
  const report = await runFuzz(target, {
    iterations,
    seed,
    maxInputMs,
    progressEvery,
    onProgress: (r) => {
      process.stdout.write(
        `  ${r.inputs} inputs, ${(r.wallMs / 1000).toFixed(0)} s, ${Math.round(r.inputsPerSecond)}/s, ` +
          `slowest ${r.slowestSteady.ms.toFixed(1)} ms steady, heap ${formatBytes(process.memoryUsage().heapUsed - r.heap.beforeBytes)}, ` +
          `findings ${r.findingCount}\n`,
      );
    },
  });
  reports.push(report);
  process.stdout.write(`${formatSummary(report)}\n`);
  process.stdout.write(
    `  slowest input #${report.slowestSteady.index}: ${report.slowestSteady.input.slice(0, 300)}\n`,
  );
  for (const finding of report.findings) process.stdout.write(`${formatFinding(finding)}\n`);
}

if (values.json !== undefined) {
  writeFileSync(values.json, `${JSON.stringify(reports, null, 2)}\n`);
}
const findings = reports.reduce((n, r) => n + r.findingCount, 0);
process.stdout.write(
  findings === 0
    ? `no findings in ${names.length} targets\n`
    : `${findings} findings: replay with --seed ${seed} and the input shown\n`,
);
process.exit(findings === 0 ? 0 : 1);
