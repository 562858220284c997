import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runCli } from "../../src/cli/run-cli.js";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeEnvelope, envelopeToJsonString } from "../../src/index.js";

// scripts/fuzz.ts, run as `npm run fuzz` runs it (through tsx), with a small budget.

const root = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "vuc-fuzz-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fuzz(...args: string[]) {
  const tsx = join(root, "node_modules/.bin/tsx");
  const result = spawnSync(tsx, [join(root, "scripts/fuzz.ts"), ...args], { cwd: root });
  return { code: result.status, out: result.stdout.toString(), err: result.stderr.toString() };
}

describe("npm run fuzz", () => {
  it("runs the targets asked for, prints a summary line each, and exits 0", () => {
    const json = join(dir, "report.json");
    const { code, out } = fuzz(
      "--iterations",
      "300",
      "--target",
      "decodeEnvelope",
      "--target",
      "parseResponse",
      "--seed",
      "7",
      "--json",
      json,
    );
    expect(code).toBe(0);
    expect(out).toMatch(/^decodeEnvelope: 300 inputs in .* \(\d+\/s, seed 7\); accepted /m);
    expect(out).toMatch(/^parseResponse: 300 inputs in .*; findings 0$/m);
    expect(out).toMatch(/^no findings in 2 targets$/m);
    const reports = JSON.parse(readFileSync(json, "utf8")) as { target: string; inputs: number }[];
    expect(reports.map((r) => [r.target, r.inputs])).toEqual([
      ["decodeEnvelope", 300],
      ["parseResponse", 300],
    ]);
  });

  it("gives the same figures for the same seed", () => {
    const histogram = (out: string) => out.match(/accepted .*; slowest/)?.[0];
    const a = fuzz("--iterations", "200", "--target", "decodeRecordValue", "--seed", "3");
    const b = fuzz("--iterations", "200", "--target", "decodeRecordValue", "--seed", "3");
    expect(histogram(a.out)).toBeDefined();
    expect(histogram(a.out)).toBe(histogram(b.out));
  });

  it.each([
    [["--target", "nope"], "fuzz: unknown target nope; the targets are decodeEnvelope, "],
    [["--iterations", "many"], "fuzz: --iterations must be a whole number, got many"],
    [["--frobnicate"], "fuzz: Unknown option '--frobnicate'"],
  ])("exits 2 with usage for %j", (args, message) => {
    const { code, err } = fuzz(...args);
    expect(code).toBe(2);
    expect(err.startsWith(message)).toBe(true);
    expect(err).toContain("usage: npm run fuzz -- [options]");
  });
});

// The CLI itself, in process (the spawned bin is tested in test/cli/): random command lines
// and inputs never crash it, give only documented exit codes, and never put an unescaped
// control character or an unbounded line on standard error.

const fuzzCommands = [
  ["decode"],
  ["encode"],
  ["inspect"],
  ["sample"],
  ["http", "check"],
  ["demo"],
  ["help"],
  ["http"],
];
const fuzzOptions = [
  "--input",
  "--framing",
  "--max-bytes",
  "--output",
  "--schema-id",
  "--status",
  "--compact",
  "--json",
  "--allow-empty",
  "--help",
  "--",
  "-",
  "-x",
];
const fuzzValues = [
  "auto",
  "hex",
  "base64",
  "binary",
  "raw",
  "delimited",
  "schema-registry",
  "-1",
  "42",
  "200",
  "1K",
  "0",
  "4294967295",
  "listVehicles",
  "updateGet",
];

function fuzzIo(input: Uint8Array) {
  const err: string[] = [];
  const io: CliIo = {
    openInput: async function* () {
      yield input;
    },
    stdinIsTTY: false,
    stdoutIsTTY: false,
    writeOut: () => {},
    writeErr: (text) => err.push(text),
    drain: async () => {},
  };
  return { io, err };
}

describe("runCli() on random command lines and inputs", () => {
  const word = fc.oneof(
    fc.constantFrom(...fuzzOptions, ...fuzzValues),
    fc.string({ unit: "binary", maxLength: 20 }),
  );
  const argv = fc
    .tuple(fc.constantFrom(...fuzzCommands), fc.array(word, { maxLength: 6 }))
    .map(([command, rest]) => [...command, ...rest])
    .filter((args) => !(args[0] === "http" && args[1] === "call")); // no network here
  const valid = encodeEnvelope(sampleEnvelope("order"));
  const input = fc.oneof(
    fc.uint8Array({ maxLength: 64 }),
    fc.constantFrom(
      valid,
      new TextEncoder().encode(Buffer.from(valid).toString("hex")),
      new TextEncoder().encode(envelopeToJsonString(sampleEnvelope("order"))),
    ),
    fc.string({ unit: "binary", maxLength: 64 }).map((s) => new TextEncoder().encode(s)),
  );

  it("never throws, exits 0 to 6, and writes at most two escaped, bounded lines to stderr", async () => {
    await fc.assert(
      fc.asyncProperty(argv, input, async (args, bytes) => {
        const { io, err } = fuzzIo(bytes);
        const code = await runCli(args, io);
        expect([0, 1, 2, 3, 4, 5, 6]).toContain(code);
        const lines = err.join("").split("\n");
        expect(lines.at(-1)).toBe("");
        expect(lines.length).toBeLessThanOrEqual(3);
        for (const line of lines) {
          expect(line.length).toBeLessThanOrEqual(460);
          const unsafe = [...line].filter((c) => {
            const n = c.codePointAt(0) as number;
            return (
              n < 0x20 || (n >= 0x7f && n <= 0x9f) || n === 0x2028 || n === 0x2029 || n === 0x202e
            );
          });
          expect(unsafe).toEqual([]);
        }
      }),
      { numRuns: 400, seed: 7 },
    );
  });
});
