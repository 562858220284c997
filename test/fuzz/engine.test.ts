import { describe, expect, it } from "vitest";
import { CodecError } from "../../src/index.js";
import { goldenBinaries } from "../../tools/fuzz/corpus.js";
import { type FuzzTarget, formatFinding, formatSummary, runFuzz } from "../../tools/fuzz/engine.js";
import {
  byteMutators,
  encodeVarint,
  MAX_MUTATED_BYTES,
  mutateBytes,
  toHex,
} from "../../tools/fuzz/mutate-bytes.js";
import { createRandom } from "../../tools/fuzz/random.js";
import { createTarget, targetNames } from "../../tools/fuzz/targets.js";

// The fuzzers are only as good as their engine: these tests show that it reports what it must
// (an escaping error, a rejection from a target that must not throw, a failed check, a slow
// input), and that the same seed gives the same inputs.

/** A target over the numbers 0, 1, 2, …, whose run does what `behave` says. */
function countingTarget(
  behave: (n: number) => unknown,
  extra: Partial<FuzzTarget<number, unknown>> = {},
): FuzzTarget<number, unknown> {
  let next = 0;
  return {
    name: "counting",
    description: "0, 1, 2, …",
    mayReject: true,
    generate: () => next++,
    run: behave,
    show: (n) => `#${n}`,
    ...extra,
  };
}

describe("createRandom()", () => {
  it("gives the same sequence for the same seed, another for another seed", () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 8 }, () => random.uint32());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("draws whole numbers in range, every value of a small range", () => {
    const random = createRandom(1);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const n = random.between(-2, 2);
      expect(Number.isInteger(n) && n >= -2 && n <= 2).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([-1, -2, 0, 1, 2]);
    expect(random.below(2 ** 40)).toBeLessThan(2 ** 40);
  });
});

describe("mutateBytes()", () => {
  const corpus = goldenBinaries();

  it("gives the same mutants for the same seed", () => {
    const mutants = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 50 }, () =>
        toHex(mutateBytes(random, corpus[0] as Uint8Array, corpus)),
      );
    };
    expect(mutants(3)).toEqual(mutants(3));
    expect(mutants(3)).not.toEqual(mutants(4));
  });

  it.each(Object.keys(byteMutators))("%s leaves its input and the corpus unchanged", (name) => {
    const mutate = byteMutators[name]?.mutate;
    if (mutate === undefined) throw new Error(name);
    const random = createRandom(9);
    const before = corpus.map(toHex);
    for (let i = 0; i < 200; i++) {
      const out = mutate(random, corpus[i % corpus.length] as Uint8Array, corpus);
      expect(out).toBeInstanceOf(Uint8Array);
    }
    expect(corpus.map(toHex)).toEqual(before);
  });

  it("keeps mutants at most 64 KiB long", () => {
    const random = createRandom(5);
    const big = new Uint8Array(MAX_MUTATED_BYTES);
    for (let i = 0; i < 50; i++) {
      expect(mutateBytes(random, big, [big]).length).toBeLessThanOrEqual(MAX_MUTATED_BYTES);
    }
  });

  it("writes varints, padded when asked, past 10 bytes too", () => {
    expect(toHex(encodeVarint(300n))).toBe("ac02");
    expect(toHex(encodeVarint(2n ** 32n))).toBe("8080808010");
    expect(toHex(encodeVarint(5n, 3))).toBe("858000");
    expect(encodeVarint(0n, 11)).toHaveLength(11);
    expect(toHex(encodeVarint(2n ** 64n - 1n))).toBe("ffffffffffffffffff01");
  });
});

describe("runFuzz()", () => {
  it("counts accepted inputs and CodecErrors by code", async () => {
    const report = await runFuzz(
      countingTarget((n) => {
        if (n % 3 === 0) throw new CodecError("truncated", "t");
        if (n % 3 === 1) throw new CodecError("malformed", "m");
        return n;
      }),
      { iterations: 30 },
    );
    expect(report.inputs).toBe(30);
    expect(report.accepted).toBe(10);
    expect(report.rejected).toEqual({ truncated: 10, malformed: 10 });
    expect(report.findings).toEqual([]);
    expect(formatSummary(report)).toMatch(
      /^counting: 30 inputs in .*accepted 10 \(accepted 10\); rejected truncated 10, malformed 10; .*findings 0$/,
    );
  });

  it("reports an error other than a CodecError, with the input and the stack", async () => {
    const report = await runFuzz(
      countingTarget((n) => {
        if (n === 4) throw new TypeError("cannot read properties of undefined");
        return n;
      }),
      { iterations: 10 },
    );
    expect(report.findingCount).toBe(1);
    const [finding] = report.findings;
    expect(finding).toMatchObject({
      kind: "escape",
      index: 4,
      message: "TypeError: cannot read properties of undefined",
      input: "#4",
    });
    expect(formatFinding(finding as never)).toMatch(
      /^escape at input #4: TypeError: .*\n {2}input: #4\n {2}stack: TypeError/,
    );
  });

  it("reports a thrown non-Error and a rejected promise", async () => {
    const report = await runFuzz(
      countingTarget(async (n) => {
        if (n === 1) throw 42;
        if (n === 2) throw new CodecError("malformed", "fine");
        return n;
      }),
      { iterations: 4 },
    );
    expect(report.findings.map((f) => [f.kind, f.index, f.message])).toEqual([
      ["escape", 1, "a non-Error was thrown: 42"],
    ]);
    expect(report.rejected).toEqual({ malformed: 1 });
  });

  it("reports a CodecError from a target that must not throw", async () => {
    const report = await runFuzz(
      countingTarget(
        (n) => {
          if (n === 2) throw new CodecError("invalid_argument", "no");
        },
        { mayReject: false },
      ),
      { iterations: 3 },
    );
    expect(report.findings.map((f) => f.kind)).toEqual(["rejected"]);
  });

  it("reports a failed check", async () => {
    const report = await runFuzz(
      countingTarget((n) => n, {
        check: (n) => {
          if (n === 1) throw new Error("round trip differs");
        },
      }),
      { iterations: 3 },
    );
    expect(report.findings.map((f) => [f.kind, f.message])).toEqual([
      ["check", "Error: round trip differs"],
    ]);
  });

  it("reports an input that is slow every time, not one that was slow once", async () => {
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end) {}
    };
    let firstRun = true;
    const report = await runFuzz(
      countingTarget((n) => {
        if (n === 1) busy(30); // always slow
        if (n === 2 && firstRun) {
          firstRun = false;
          busy(30); // slow once, as after a GC pause
        }
      }),
      { iterations: 4, maxInputMs: 20 },
    );
    expect(report.findings.map((f) => [f.kind, f.index])).toEqual([["slow", 1]]);
    expect(report.slowest.ms).toBeGreaterThanOrEqual(30);
    expect(report.slowestSteady.index).toBe(1);
    expect(report.slowestSteady.ms).toBeGreaterThanOrEqual(30);
    expect(report.timeBuckets["10ms"]).toBe(2);
  });

  it("keeps at most maxFindings findings but counts them all", async () => {
    const report = await runFuzz(
      countingTarget(() => {
        throw new Error("always");
      }),
      { iterations: 50, maxFindings: 3 },
    );
    expect(report.findings).toHaveLength(3);
    expect(report.findingCount).toBe(50);
  });

  it.each(targetNames)("gives the same %s inputs for the same seed", (name) => {
    const inputs = (seed: number) => {
      const target = createTarget(name) as FuzzTarget<unknown, unknown>;
      const random = createRandom(seed);
      return Array.from({ length: 30 }, () => target.show(target.generate(random)));
    };
    expect(inputs(11)).toEqual(inputs(11));
    expect(inputs(11)).not.toEqual(inputs(12));
  });
});
