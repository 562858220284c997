import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  type CommonCar,
  CommonCar as CommonCarSchema,
  type CommonJSONError,
  type JsonValue,
  listBody,
  type OperationId,
  operations,
  parseResponse,
  type ResponseKind,
} from "../../src/http/index.js";

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
    const sms = parseResponse(operations.sendSms, 408, {});
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

  it("follows a user's extended schema", () => {
    const listCars = {
      ...operations.listVehicles,
      responseSchema: listBody(CommonCarSchema.extend({ vin: z.string() })),
    };
    const result = parseResponse(listCars, 200, {});
    if (result.kind === "ok") {
      expectTypeOf(result.data.data?.[0]?.vin).toEqualTypeOf<string | undefined>();
    }
  });

  it("narrows by kind only to the five kinds", () => {
    expectTypeOf<ResponseKind>().toEqualTypeOf<
      "ok" | "invalid_body" | "api_error" | "unreadable_error" | "unexpected_status"
    >();
    const result = parseResponse("deleteIssue", 200, {});
    // @ts-expect-error: "network_error" is a client kind, not a parseResponse kind
    if (result.kind === "network_error") return;
  });

  it("rejects a wrong operation id", () => {
    // @ts-expect-error: "listCars" is not an OperationId
    parseResponse("listCars", 200, {});
  });
});
