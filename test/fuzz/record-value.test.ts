import { describe, expect, it } from "vitest";
import { FUZZ_TEST_INPUTS, fuzzInTest } from "./fuzz-in-test.js";

describe("decodeRecordValue() under mutated values, bare and in Schema Registry frames", () => {
  it(`rejects only with CodecError, each input within 50 ms, over ${FUZZ_TEST_INPUTS} inputs`, async () => {
    const report = await fuzzInTest("decodeRecordValue");
    expect(report.acceptedBy).toEqual({
      raw: expect.any(Number),
      "schema-registry": expect.any(Number),
    });
    expect(Object.keys(report.rejected)).toEqual(
      expect.arrayContaining(["malformed", "truncated", "too_large", "invalid_utf8"]),
    );
  });
});
