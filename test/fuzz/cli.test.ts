import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

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
    const a = fuzz("--iterations", "200", "--target", "decodeKafkaValue", "--seed", "3");
    const b = fuzz("--iterations", "200", "--target", "decodeKafkaValue", "--seed", "3");
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
