import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CommonAPICall,
  CommonAPIToken,
  CommonCar,
  CommonIssue,
  CommonJSONError,
  CommonJSONMessage,
  createOperations,
  HandlersJSONCarStateMultiMessage,
  HandlersManifestMigrateVersion,
  operations,
  SmsSMSDetailsResponse,
  TwinCarStateBody,
} from "../../src/http/index.js";

/** The item schema of a list body's `data`, as zod keeps it. */
function itemOf(schema: unknown): unknown {
  const shape = (schema as { shape: { data: { def: { in: unknown } } } }).shape;
  return (shape.data.def.in as { unwrap(): { unwrap(): { element: { unwrap(): unknown } } } })
    .unwrap()
    .unwrap()
    .element.unwrap();
}

describe("operations", () => {
  it.each([
    ["sendSms", "POST", "/sms", SmsSMSDetailsResponse, [400, 401, 408, 503]],
    ["listApiCalls", "GET", "/apicalls", CommonAPICall, [400, 401, 503]],
    ["listApiTokens", "GET", "/apitokens", CommonAPIToken, [400, 401, 503]],
    ["listVehicles", "GET", "/vehicles", CommonCar, [400, 401, 503]],
    ["listIssues", "GET", "/issues", CommonIssue, [400, 401, 503]],
    [
      "getManifestMigrateVersion",
      "GET",
      "/manifestmigrate-version",
      HandlersManifestMigrateVersion,
      [400, 401, 503],
    ],
    [
      "deleteImmobilizeCommand",
      "DELETE",
      "/vehiclecommand/immobilize",
      CommonJSONMessage,
      [400, 401, 503],
    ],
    [
      "deleteSubscriptionConfig",
      "DELETE",
      "/subscriptionconfig",
      CommonJSONMessage,
      [400, 401, 503],
    ],
    [
      "postCarStateMulti",
      "POST",
      "/carstate_multi",
      HandlersJSONCarStateMultiMessage,
      [400, 401, 503],
    ],
    ["getTwinCarState", "GET", "/twin/carstate", TwinCarStateBody, [400, 401, 503]],
    ["deleteIssue", "DELETE", "/issues/{id}", CommonJSONMessage, [400, 401, 503]],
    ["deleteApiToken", "DELETE", "/apitoken", CommonJSONMessage, [400, 401, 503]],
  ] as const)("%s is %s %s", (id, method, path, record, errorStatuses) => {
    const op = operations[id];
    expect({ ...op, responseSchema: undefined, errorSchema: undefined }).toEqual({
      id,
      method,
      path,
      responseSchema: undefined,
      errorSchema: undefined,
      errorStatuses,
    });
    // A list operation's body is a list body of its record; the others are the record itself.
    expect(id.startsWith("list") ? itemOf(op.responseSchema) : op.responseSchema).toBe(record);
    expect(op.errorSchema).toBe(CommonJSONError);
  });

  it("lists the 12 operations of the spec, each keyed by its id", () => {
    expect(Object.keys(operations)).toHaveLength(12);
    for (const [key, operation] of Object.entries(operations)) expect(operation.id).toBe(key);
  });
});

describe("createOperations()", () => {
  const Car = CommonCar.extend({ vin: z.string() });
  const ApiError = CommonJSONError.extend({ code: z.number() });

  it("builds every schema on the records given, the spec's for the others", () => {
    const api = createOperations({ CommonCar: Car, CommonJSONError: ApiError });
    expect(itemOf(api.listVehicles.responseSchema)).toBe(Car);
    expect(itemOf(api.listIssues.responseSchema)).toBe(CommonIssue);
    expect(api.sendSms.errorSchema).toBe(ApiError);
    expect(api.deleteIssue.responseSchema).toBe(CommonJSONMessage);
    expect(api.getTwinCarState.responseSchema).toBe(TwinCarStateBody);
    for (const id of Object.keys(operations) as (keyof typeof operations)[]) {
      expect(api[id].path).toBe(operations[id].path);
      expect(api[id].errorStatuses).toEqual(operations[id].errorStatuses);
    }
  });

  it("gives the same table for the same records object", () => {
    const records = { CommonCar: Car };
    expect(createOperations(records)).toBe(createOperations(records));
    expect(createOperations({})).not.toBe(operations);
  });

  it.each<[string, unknown, string]>([
    ["null", null, "records must be an object of zod schemas by record name, got null"],
    ["an array", [], "records must be an object of zod schemas by record name, got an array"],
    ["an unknown record", { Car }, 'records names unknown record "Car"'],
    ["an inherited name", { toString: Car }, 'records names unknown record "toString"'],
    [
      "a value that is no schema",
      { CommonCar: "vin" },
      'records.CommonCar must be a zod schema, got "vin"',
    ],
    [
      "a function",
      { CommonCar: () => Car },
      "records.CommonCar must be a zod schema, got a function",
    ],
    [
      "a list top level that is no object schema",
      { CommonJSONDBQueryResult: z.array(z.string()) },
      "records.CommonJSONDBQueryResult must be a zod object schema: the list bodies extend it with data",
    ],
    [
      "a getter that throws",
      Object.defineProperty({}, "CommonCar", {
        enumerable: true,
        get() {
          throw new TypeError("no");
        },
      }),
      "reading records threw: TypeError: no",
    ],
  ])("refuses %s with invalid_argument", (_, records, message) => {
    let thrown: unknown;
    try {
      createOperations(records as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: "invalid_argument",
      message: `[invalid_argument] ${message}`,
    });
  });

  it("takes a record given as undefined as the spec's", () => {
    expect(itemOf(createOperations({ CommonCar: undefined }).listVehicles.responseSchema)).toBe(
      CommonCar,
    );
  });
});
