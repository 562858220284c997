import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CommonCar, CommonJSONDBQueryResult, operations } from "../../src/http/index.js";
import { listBody } from "../../src/http/list-body.js";

const listBodies = {
  listApiCalls: operations.listApiCalls.responseSchema,
  listApiTokens: operations.listApiTokens.responseSchema,
  listIssues: operations.listIssues.responseSchema,
  listVehicles: operations.listVehicles.responseSchema,
};
const VehicleListBody = operations.listVehicles.responseSchema;

describe("listBody()", () => {
  it.each(Object.entries(listBodies))("%s keeps the top-level fields beside data", (_, schema) => {
    const body = { total: 2, page: 1, data: [{ id: 1 }, null] };
    expect(schema.parse(body)).toEqual(body);
  });

  it("accepts a body without data", () => {
    expect(VehicleListBody.parse({ total: 0 })).toEqual({ total: 0 });
  });

  it("treats data: null as absent", () => {
    const parsed = VehicleListBody.parse({ total: 0, data: null });
    expect(parsed.data).toBeUndefined();
    expect(parsed).toEqual({ total: 0 });
  });

  it("accepts an empty data array", () => {
    expect(VehicleListBody.parse({ data: [] })).toEqual({ data: [] });
  });

  it("accepts null items", () => {
    expect(VehicleListBody.parse({ data: [null, { vin: "x" }, null] }).data).toEqual([
      null,
      { vin: "x" },
      null,
    ]);
  });

  it.each<[string, unknown, PropertyKey[][]]>([
    ["an array body", [], [[]]],
    ["a null body", null, [[]]],
    ["a string body", "data", [[]]],
    ["data as an object", { data: {} }, [["data"]]],
    ["data as a string", { data: "[]" }, [["data"]]],
    ["data as a number", { data: 0 }, [["data"]]],
    ["an item that is a string", { data: [{}, {}, {}, "car"] }, [["data", 3]]],
    [
      "items that are arrays or numbers",
      { data: [[], {}, 5] },
      [
        ["data", 0],
        ["data", 2],
      ],
    ],
    ["an item that is undefined", { data: [undefined] }, [["data", 0]]],
  ])("rejects %s", (_, body, paths) => {
    const result = VehicleListBody.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual(paths);
  });

  it("checks items against an extended record", () => {
    const CarList = listBody(CommonCar.extend({ vin: z.string() }), CommonJSONDBQueryResult);
    expect(CarList.parse({ data: [{ vin: "A", extra: 1 }, null] })).toEqual({
      data: [{ vin: "A", extra: 1 }, null],
    });
    const result = CarList.safeParse({ data: [{ vin: "A" }, { vin: 3 }] });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["data", 1, "vin"]]);
  });

  it("extends with known top-level fields", () => {
    const Paged = listBody(CommonCar, CommonJSONDBQueryResult.extend({ total: z.number() }));
    expect(Paged.parse({ total: 3, data: null })).toEqual({ total: 3 });
    expect(Paged.safeParse({ data: [] }).error?.issues[0]?.path).toEqual(["total"]);
  });
});
