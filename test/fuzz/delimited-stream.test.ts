import { describe, expect, it } from "vitest";
import { FUZZ_TEST_INPUTS, fuzzInTest } from "./fuzz-in-test.js";

describe("decodeDelimitedStream() under mutated streams in random chunks", () => {
  it(`rejects only with CodecError and agrees with decodeDelimited, over ${FUZZ_TEST_INPUTS} inputs`, async () => {
    const report = await fuzzInTest("decodeDelimitedStream");
    expect(report.acceptedBy["4+ envelopes"]).toBeGreaterThan(0);
    expect(Object.keys(report.rejected)).toEqual(
      expect.arrayContaining(["malformed", "truncated", "too_large", "invalid_utf8", "too_deep"]),
    );
  });
});
