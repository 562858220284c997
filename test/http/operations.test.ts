import { describe, expect, it } from "vitest";
import {
  ApiCallListBody,
  ApiTokenListBody,
  CommonJSONMessage,
  HandlersJSONCarStateMultiMessage,
  HandlersManifestMigrateVersion,
  IssueListBody,
  operations,
  SmsSMSDetailsResponse,
  TwinCarStateBody,
  VehicleListBody,
} from "../../src/http/index.js";

describe("operations", () => {
  it.each([
    ["sendSms", "POST", "/sms", SmsSMSDetailsResponse, [400, 401, 408, 503]],
    ["listApiCalls", "GET", "/apicalls", ApiCallListBody, [400, 401, 503]],
    ["listApiTokens", "GET", "/apitokens", ApiTokenListBody, [400, 401, 503]],
    ["listVehicles", "GET", "/vehicles", VehicleListBody, [400, 401, 503]],
    ["listIssues", "GET", "/issues", IssueListBody, [400, 401, 503]],
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
  ] as const)("%s is %s %s", (id, method, path, responseSchema, errorStatuses) => {
    expect(operations[id]).toEqual({ id, method, path, responseSchema, errorStatuses });
    expect(operations[id].responseSchema).toBe(responseSchema);
  });

  it("lists the 12 operations of the spec, each keyed by its id", () => {
    expect(Object.keys(operations)).toHaveLength(12);
    for (const [key, operation] of Object.entries(operations)) expect(operation.id).toBe(key);
  });
});
