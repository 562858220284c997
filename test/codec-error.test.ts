import { describe, expect, it } from "vitest";
import { CodecError, codecErrorCodes, isCodecError } from "../src/index.js";

describe("isCodecError()", () => {
  it("recognises a CodecError without instanceof, e.g. from another copy of the package", () => {
    const foreign = Object.assign(new Error("[malformed] x"), {
      name: "CodecError",
      code: "malformed",
      rawMessage: "x",
    });
    expect(isCodecError(foreign)).toBe(true);
    expect(isCodecError(new CodecError("truncated", "x"))).toBe(true);
  });

  it.each([
    ["a plain Error", new Error("x")],
    [
      "an unknown code",
      Object.assign(new Error("x"), { name: "CodecError", code: "nope", rawMessage: "x" }),
    ],
    ["a plain object", { name: "CodecError", code: "malformed", rawMessage: "x" }],
    ["null", null],
  ])("rejects %s", (_, value) => {
    expect(isCodecError(value)).toBe(false);
  });

  it("documents a closed set of codes", () => {
    expect(codecErrorCodes).toEqual([
      "truncated",
      "malformed",
      "invalid_utf8",
      "too_deep",
      "too_large",
      "missing_data",
      "invalid_json",
      "invalid_message",
      "invalid_argument",
    ]);
  });
});
