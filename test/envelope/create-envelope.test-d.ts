import { describe, expectTypeOf, it } from "vitest";
import { type CarUpdateProgress, createEnvelope } from "../../src/index.js";

describe("createEnvelope() types", () => {
  it("types the init and the result by kind", () => {
    const created = createEnvelope("carUpdateProgress", { fileCurrent: 1n });
    expectTypeOf(created.Data.value).toEqualTypeOf<CarUpdateProgress>();
    // @ts-expect-error fileCurrent is a uint64: a bigint, not a string
    createEnvelope("carUpdateProgress", { fileCurrent: "1" });
    // @ts-expect-error vin is not a field of UpdateData
    createEnvelope("updateApprove", { vin: "x" });
  });
});
