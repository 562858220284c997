import { describe, expect, it } from "vitest";
import { preferredStatus } from "../../src/mock/prefer-code.js";

describe("preferredStatus()", () => {
  it.each([
    ["code=503", 503],
    ['code="401"', 401],
    ["respond-async, code=408; q=1", 408],
    ["dynamic=true, code=200", 200],
    ["dynamic=true", undefined],
    ["code=5031", undefined],
    ["xcode=503", undefined],
    [null, undefined],
  ])("reads %j as %s", (header, status) => {
    expect(preferredStatus(header)).toBe(status);
  });
});
