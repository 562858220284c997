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
