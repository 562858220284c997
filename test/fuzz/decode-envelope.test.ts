import { describe, expect, it } from "vitest";
import { envelopeKinds } from "../../src/index.js";
import { FUZZ_TEST_INPUTS, fuzzInTest } from "./fuzz-in-test.js";

describe("decodeEnvelope() under mutated golden vectors", () => {
  it(`rejects only with CodecError, each input within 50 ms, over ${FUZZ_TEST_INPUTS} inputs`, async () => {
    const report = await fuzzInTest("decodeEnvelope");
    // The mutants reach every rejection of the wire check, and enough of them stay valid.
    expect(Object.keys(report.rejected).sort()).toEqual(
      ["invalid_utf8", "malformed", "missing_data", "too_deep", "too_large", "truncated"].sort(),
    );
    expect(Object.keys(report.acceptedBy)).toEqual(expect.arrayContaining([...envelopeKinds]));
    expect(report.accepted).toBeGreaterThan(FUZZ_TEST_INPUTS / 20);
  });
});
