import type { Arbitrary } from "fast-check";
import { describe, expectTypeOf, it } from "vitest";
import { type CarECU, CarECUSchema } from "../../src/index.js";
import { arbitraryMessage } from "../../src/testing/index.js";

describe("arbitraryMessage()", () => {
  it("generates the message type of the schema", () => {
    expectTypeOf(arbitraryMessage(CarECUSchema)).toEqualTypeOf<Arbitrary<CarECU>>();
  });
});
