import { describe, expect, it } from "vitest";
import {
  describeMessage,
  describeValue,
  expectedMessage,
  showValue,
} from "../../src/internal/describe-value.js";
import { boundMessage, MAX_MESSAGE_LENGTH } from "../../src/runtime/escape-text.js";

describe("describeValue()", () => {
  it.each([
    [null, "null"],
    [undefined, "undefined"],
    [[1], "array"],
    [new Uint8Array(3), "Uint8Array of 3 bytes"],
    [Buffer.from("ab"), "Uint8Array of 2 bytes"],
    [new Proxy(new Uint8Array(3), {}), "object"],
    ["abc", "string"],
    [5, "number"],
    [{}, "object"],
  ])("names the type of %j: %s", (value, text) => {
    expect(describeValue(value)).toBe(text);
  });
});

describe("describeMessage()", () => {
  it.each([
    [
      "a message of another type by its $typeName",
      { $typeName: "kafka_grpc.Order" },
      "kafka_grpc.Order",
    ],
    ["a $typeName escaped", { $typeName: "a\nb" }, "a\\nb"],
    ["a $typeName that is no string by the type", { $typeName: 5 }, "object"],
    ["an object without $typeName by the type", {}, "object"],
    ["an array by the type", [], "array"],
    ["null by the type", null, "null"],
    ["a string by the type", "kafka_grpc.Order", "string"],
  ])("names %s", (_, value, text) => {
    expect(describeMessage(value)).toBe(text);
  });

  it("puts what it got into the one text of a value that is not the message expected", () => {
    expect(expectedMessage("kafka_grpc.Order", "object")).toBe(
      "expected a kafka_grpc.Order message, got object",
    );
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
