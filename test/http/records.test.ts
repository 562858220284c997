import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CommonAPICall,
  CommonAPIToken,
  CommonCar,
  CommonIssue,
  CommonJSONDBQueryResult,
  CommonJSONError,
  CommonJSONMessage,
  HandlersJSONCarStateMultiMessage,
  HandlersManifestMigrateVersion,
  SmsSMSDetailsResponse,
  TwinCarStateBody,
} from "../../src/http/index.js";

const records = {
  CommonJSONDBQueryResult,
  CommonAPICall,
  CommonAPIToken,
  CommonCar,
  CommonIssue,
  CommonJSONMessage,
  CommonJSONError,
  SmsSMSDetailsResponse,
  HandlersManifestMigrateVersion,
  HandlersJSONCarStateMultiMessage,
};
const recordCases = Object.entries(records);

describe("HTTP response records", () => {
  it("are the ten records the spec names", () => {
    expect(recordCases).toHaveLength(10);
  });

  it.each(recordCases)("%s accepts any JSON object and keeps every property", (_, schema) => {
    const body = { id: 7, name: "x", nested: { deep: [1, null, "a"] }, empty: null };
    expect(schema.parse(body)).toEqual(body);
    expect(schema.parse({})).toEqual({});
  });

  const notRecords: Array<[string, unknown]> = [
    ["an array", []],
    ["a string", "{}"],
    ["a number", 1],
    ["a boolean", true],
    ["null", null],
    ["undefined", undefined],
  ];
  it.each(notRecords)("rejects %s", (_, value) => {
    for (const schema of Object.values(records)) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.code).toBe("invalid_type");
    }
  });

  it("extends with the fields a user knows and still keeps the others", () => {
    const Car = CommonCar.extend({ vin: z.string() });
    expect(Car.parse({ vin: "WVW123", color: "red" })).toEqual({ vin: "WVW123", color: "red" });
    const result = Car.safeParse({ color: "red" });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["vin"]]);
  });
});

describe("TwinCarStateBody", () => {
  it("accepts an array of any JSON values", () => {
    const body = [1, "a", true, null, [2, [3]], { a: { b: null } }];
    expect(TwinCarStateBody.parse(body)).toEqual(body);
    expect(TwinCarStateBody.parse([])).toEqual([]);
  });

  it.each<[string, unknown]>([
    ["an object", {}],
    ["null", null],
    ["a string", "[]"],
  ])("rejects %s", (_, value) => {
    expect(TwinCarStateBody.safeParse(value).success).toBe(false);
  });

  it.each<[string, unknown, PropertyKey[]]>([
    ["undefined", [1, undefined], [1]],
    ["a bigint", [1n], [0]],
    ["a function", [() => 1], [0]],
    ["NaN", [Number.NaN], [0]],
  ])("rejects an item that is %s", (_, value, path) => {
    expect(TwinCarStateBody.safeParse(value).error?.issues[0]?.path).toEqual(path);
  });
});
