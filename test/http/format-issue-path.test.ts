import { describe, expect, it } from "vitest";
import { formatIssuePath } from "../../src/http/index.js";

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
