import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  type CommonCar,
  CommonCar as CommonCarSchema,
  CommonJSONDBQueryResult,
  type CommonJSONError,
  CommonJSONError as CommonJSONErrorSchema,
  createOperations,
  type JsonValue,
  type ListBody,
  type ObjectSchema,
  type OperationId,
  type Operations,
  operations,
  parseResponse,
  type RecordName,
  type RecordOf,
  type ResponseBody,
  type ResponseKind,
  type ResponseResult,
  type specRecords,
} from "../../src/http/index.js";

describe("the types the operations tables are built of", () => {
  const records = { CommonCar: CommonCarSchema.extend({ vin: z.string() }) };

  it("name a record's schema once record schemas apply, and the spec's otherwise", () => {
    expectTypeOf<RecordOf<typeof records, "CommonCar">>().toEqualTypeOf<typeof records.CommonCar>();
    expectTypeOf<RecordOf<typeof records, "CommonIssue">>().toEqualTypeOf<
      typeof specRecords.CommonIssue
    >();
    expectTypeOf<keyof typeof specRecords>().toEqualTypeOf<RecordName>();
  });

  it("spell a list body as a ListBody of its item on an ObjectSchema", () => {
    const api = createOperations(records);
    expectTypeOf(api).toEqualTypeOf<Operations<typeof records>>();
    expectTypeOf(api.listVehicles.responseSchema).toEqualTypeOf<
      ListBody<typeof records.CommonCar, typeof CommonJSONDBQueryResult>
    >();
    expectTypeOf<z.output<typeof api.listVehicles.responseSchema>["data"]>().toEqualTypeOf<
      ({ [key: string]: unknown; vin: string } | null)[] | undefined
    >();
    expectTypeOf(CommonJSONDBQueryResult).toExtend<ObjectSchema>();
  });
});

describe("operations", () => {
  it("types errorStatuses as readonly tuples", () => {
    expectTypeOf(operations.sendSms.errorStatuses).toEqualTypeOf<readonly [400, 401, 408, 503]>();
    expectTypeOf(operations.listVehicles.errorStatuses).toEqualTypeOf<readonly [400, 401, 503]>();
    expectTypeOf(operations.deleteIssue.path).toEqualTypeOf<"/issues/{id}">();
    expectTypeOf(operations.sendSms.method).toEqualTypeOf<"POST">();
  });

  it("types OperationId as the union of the 12 ids", () => {
    expectTypeOf<OperationId>().toEqualTypeOf<
      | "sendSms"
      | "listApiCalls"
      | "listApiTokens"
      | "listVehicles"
      | "listIssues"
      | "getManifestMigrateVersion"
      | "deleteImmobilizeCommand"
      | "deleteSubscriptionConfig"
      | "postCarStateMulti"
      | "getTwinCarState"
      | "deleteIssue"
      | "deleteApiToken"
    >();
  });
});

describe("parseResponse()", () => {
  it("types data of a list body after narrowing on ok", () => {
    const result = parseResponse("listVehicles", 200, {});
    if (result.kind === "ok") {
      expectTypeOf(result.data.data).toEqualTypeOf<Array<CommonCar | null> | undefined>();
      expectTypeOf(result.status).toEqualTypeOf<200>();
      expectTypeOf(result.operation).toEqualTypeOf<"listVehicles">();
    }
  });

  it("types the declared error statuses of api_error", () => {
    const sms = parseResponse("sendSms", 408, {});
    if (sms.kind === "api_error") {
      expectTypeOf(sms.status).toEqualTypeOf<400 | 401 | 408 | 503>();
      expectTypeOf(sms.error).toEqualTypeOf<CommonJSONError>();
    }
    const vehicles = parseResponse("listVehicles", 400, {});
    if (vehicles.kind === "api_error")
      expectTypeOf(vehicles.status).toEqualTypeOf<400 | 401 | 503>();
    if (vehicles.kind === "unexpected_status")
      expectTypeOf(vehicles.status).toEqualTypeOf<number>();
  });

  it("types the twin car state as JSON values", () => {
    const result = parseResponse("getTwinCarState", 200, []);
    if (result.kind === "ok") expectTypeOf(result.data).toEqualTypeOf<JsonValue[]>();
  });

  const records = {
    CommonCar: CommonCarSchema.extend({ vin: z.string() }),
    CommonJSONError: CommonJSONErrorSchema.extend({ code: z.number() }),
    CommonJSONDBQueryResult: CommonJSONDBQueryResult.extend({ total: z.number() }),
  };

  it("types car.vin as string with the records given, unknown without", () => {
    const typed = parseResponse("listVehicles", 200, {}, { records });
    if (typed.kind === "ok") {
      const car = typed.data.data?.[0];
      if (car) expectTypeOf(car.vin).toEqualTypeOf<string>();
      expectTypeOf(typed.data.total).toEqualTypeOf<number>();
    }
    const open = parseResponse("listVehicles", 200, {});
    if (open.kind === "ok") {
      const car = open.data.data?.[0];
      if (car) expectTypeOf(car.vin).toEqualTypeOf<unknown>();
    }
  });

  it("types the error body by the CommonJSONError given", () => {
    const result = parseResponse("sendSms", 503, {}, { records });
    if (result.kind === "api_error") expectTypeOf(result.error.code).toEqualTypeOf<number>();
    expectTypeOf(result).toEqualTypeOf<ResponseResult<"sendSms", typeof records>>();
  });

  it("types the operations table and the wire bodies by the records", () => {
    const api = createOperations(records);
    expectTypeOf<
      z.output<typeof api.listVehicles.responseSchema>["total"]
    >().toEqualTypeOf<number>();
    expectTypeOf<
      NonNullable<
        NonNullable<ResponseBody<"listVehicles", 200, typeof records>["data"]>[number]
      >["vin"]
    >().toEqualTypeOf<string>();
    expectTypeOf<
      ResponseBody<"listVehicles", 401, typeof records>["code"]
    >().toEqualTypeOf<number>();
  });

  it("takes only schemas of the spec's records, objects all", () => {
    // @ts-expect-error: a car is a JSON object, not a string
    parseResponse("listVehicles", 200, {}, { records: { CommonCar: z.string() } });
    // @ts-expect-error: the spec names no record Car
    parseResponse("listVehicles", 200, {}, { records: { Car: z.looseObject({}) } });
    parseResponse(
      "listVehicles",
      200,
      {},
      {
        // @ts-expect-error: the list bodies extend CommonJSONDBQueryResult, so it is an object schema
        records: { CommonJSONDBQueryResult: z.looseObject({}).transform((body) => body) },
      },
    );
    parseResponse(
      "listVehicles",
      200,
      {},
      { records: { CommonCar: z.object({ vin: z.string() }) } },
    );
  });

  it("narrows by kind only to the five kinds", () => {
    expectTypeOf<ResponseKind>().toEqualTypeOf<
      "ok" | "invalid_body" | "api_error" | "unreadable_error" | "unexpected_status"
    >();
    const result = parseResponse("deleteIssue", 200, {});
    // @ts-expect-error: "network_error" is a client kind, not a parseResponse kind
    if (result.kind === "network_error") return;
  });

  it("rejects a wrong operation id and an operation entry", () => {
    // @ts-expect-error: "listCars" is not an OperationId
    parseResponse("listCars", 200, {});
    // @ts-expect-error: parseResponse takes the id
    parseResponse(operations.sendSms, 200, {});
  });
});
