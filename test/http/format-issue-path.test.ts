import { describe, expect, it } from "vitest";
import { formatIssuePath } from "../../src/http/index.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";

describe("formatIssuePath()", () => {
  it.each<[PropertyKey[], string]>([
    [[], ""],
    [["data"], "data"],
    [["data", 3], "data[3]"],
    [["data", 3, "vin"], "data[3].vin"],
    [[0, "a", 1, 2], "[0].a[1][2]"],
    [["$ok", "_x1"], "$ok._x1"],
    [["a b"], '["a b"]'],
    [["data", "1st"], 'data["1st"]'],
    [["x", 'q"uote'], 'x["q\\"uote"]'],
    [[Symbol("s")], "[Symbol(s)]"],
  ])("formats %j as %s", (path, text) => {
    expect(formatIssuePath(path)).toBe(text);
  });
});

describe("formatIssuePath() on keys from a hostile body", () => {
  it.each<[PropertyKey[], string]>([
    [["a\nb"], '["a\\nb"]'],
    [["\u001b[31m"], '["\\u001b[31m"]'],
    [["\u202eevil"], '["\\u202eevil"]'],
    [["\ud800"], '["\\ud800"]'],
    [["😀"], '["😀"]'],
    [["a".repeat(64)], "a".repeat(64)],
    [["a".repeat(65)], `["${"a".repeat(64)}…"]`],
    [[`"${"q".repeat(100)}`], `["\\"${"q".repeat(62)}…"]`],
    [[Symbol("\u0007")], "[Symbol(\\u0007)]"],
  ])("writes %j as %s", (path, text) => {
    expect(formatIssuePath(path)).toBe(text);
  });
});

describe("formatIssuePath() on what is not a path", () => {
  it.each<[string, unknown, string]>([
    ["null", null, "path must be an array of strings, numbers and symbols, got null"],
    [
      "undefined",
      undefined,
      "path must be an array of strings, numbers and symbols, got undefined",
    ],
    ["a string", "a\nb", 'path must be an array of strings, numbers and symbols, got "a\\nb"'],
    [
      "a Set",
      new Set(["a"]),
      "path must be an array of strings, numbers and symbols, got an object",
    ],
    ["a null segment", ["a", null], "path[1] must be a string, a number or a symbol, got null"],
    ["an object segment", [{}], "path[0] must be a string, a number or a symbol, got an object"],
  ])("refuses %s with invalid_argument", (_, path, message) => {
    const error = codecErrorOf(() => formatIssuePath(path as never));
    expect(error.message).toBe(`[invalid_argument] ${message}`);
  });
});
