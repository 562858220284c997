import { expect } from "vitest";
import { type FuzzReport, formatFinding, formatSummary, runFuzz } from "../../tools/fuzz/engine.js";
import { createTarget, type TargetName } from "../../tools/fuzz/targets.js";

// The bounded fuzz run of the test suite: about 20 000 inputs per target, from a fixed seed, so
// that a run is the same on every machine. `npm run fuzz` runs as many as you like.

/** Inputs per target in the test suite. */
export const FUZZ_TEST_INPUTS = 20_000;

/** The seed of the test suite's inputs: 1, or FUZZ_SEED from the environment to explore. */
export const FUZZ_TEST_SEED = Number(process.env.FUZZ_SEED ?? 1);

/**
 * Fuzzes one target, prints its summary line, and fails with every finding (its input and
 * stack) if there was one, or if the heap grew by more than 64 MiB.
 */
export async function fuzzInTest(
  name: TargetName,
  iterations = FUZZ_TEST_INPUTS,
): Promise<FuzzReport> {
  const report = await runFuzz(createTarget(name), { iterations, seed: FUZZ_TEST_SEED });
  console.log(formatSummary(report));
  expect(report.findings.map(formatFinding).join("\n\n")).toBe("");
  expect(report.findingCount).toBe(0);
  expect(report.inputs).toBe(iterations);
  expect(report.heap.growthBytes).toBeLessThan(64 * 1024 * 1024);
  return report;
}
