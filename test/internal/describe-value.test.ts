import { describe, expect, it } from "vitest";
import { describeValue, showValue } from "../../src/internal/describe-value.js";
import { boundMessage, MAX_MESSAGE_LENGTH } from "../../src/runtime/escape-text.js";

describe("describeValue()", () => {
  it.each([
    [null, "null"],
    [undefined, "undefined"],
    [[1], "array"],
    [new Uint8Array(3), "Uint8Array of 3 bytes"],
    ["abc", "string"],
    [5, "number"],
    [{}, "object"],
  ])("names the type of %j: %s", (value, text) => {
    expect(describeValue(value)).toBe(text);
  });
});

describe("showValue()", () => {
  it.each([
    ["a\nb", '"a\\nb"'],
    [5, "5"],
    [10n, "10"],
    [false, "false"],
    [null, "null"],
    [undefined, "undefined"],
    [[1], "an array"],
    [{}, "an object"],
    [() => 1, "a function"],
  ])("shows %s as %s", (value, text) => {
    expect(showValue(value)).toBe(text);
  });
});

describe("boundMessage()", () => {
  it("keeps a short message as it is, escaping what is left unescaped", () => {
    expect(boundMessage("GET /a failed: \u001b[31m")).toBe("GET /a failed: \\u001b[31m");
  });

  it(`cuts a long message after ${MAX_MESSAGE_LENGTH} characters with "…"`, () => {
    const message = boundMessage("x".repeat(5000));
    expect(message).toBe(`${"x".repeat(MAX_MESSAGE_LENGTH)}…`);
  });
});
