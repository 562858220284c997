import { describe, expect, it } from "vitest";
import { FUZZ_TEST_INPUTS, fuzzInTest } from "./fuzz-in-test.js";

describe("envelopeFromJsonString() under mutated and odd JSON", () => {
  it(`rejects only with CodecError, each input within 50 ms, over ${FUZZ_TEST_INPUTS} inputs`, async () => {
    const report = await fuzzInTest("envelopeFromJsonString");
    expect(Object.keys(report.rejected).sort()).toEqual(
      ["invalid_json", "missing_data", "too_deep", "too_large"].sort(),
    );
    expect(report.accepted).toBeGreaterThan(FUZZ_TEST_INPUTS / 20);
  });
});
