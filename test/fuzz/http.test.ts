import { describe, expect, it } from "vitest";
import { FUZZ_TEST_INPUTS, fuzzInTest } from "./fuzz-in-test.js";

describe("parseResponse() under hostile bodies and statuses", () => {
  it(`never throws, each input within 50 ms, over ${FUZZ_TEST_INPUTS} inputs`, async () => {
    const report = await fuzzInTest("parseResponse");
    expect(report.rejected).toEqual({});
    expect(Object.keys(report.acceptedBy).sort()).toEqual(
      ["api_error", "invalid_body", "ok", "unexpected_status", "unreadable_error"].sort(),
    );
  });
});
