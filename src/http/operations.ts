import type * as z from "zod";
import { ApiCallListBody, ApiTokenListBody, IssueListBody, VehicleListBody } from "./list-body.js";
import {
  CommonJSONMessage,
  HandlersJSONCarStateMultiMessage,
  HandlersManifestMigrateVersion,
  SmsSMSDetailsResponse,
  TwinCarStateBody,
} from "./records.js";

/** The HTTP methods the service uses. */
export type HttpMethod = "GET" | "POST" | "DELETE";

/**
 * One HTTP operation: its id, method, path (`{id}` marks the path parameter), the schema of its
 * 200 body and the error statuses it declares (each with a CommonJSONError body).
 *
 * Build your own entry to check a body against a schema you extended, then pass it to
 * `parseResponse()`: `{ ...operations.listVehicles, responseSchema: listBody(Car) }`.
 */
export interface Operation<
  Id extends string = string,
  Schema extends z.ZodType = z.ZodType,
  ErrorStatus extends number = number,
> {
  readonly id: Id;
  readonly method: HttpMethod;
  readonly path: string;
  readonly responseSchema: Schema;
  readonly errorStatuses: readonly ErrorStatus[];
}

/**
 * The 12 operations of the service keyed by id, exactly as the spec's Endpoints table lists them.
 * Every operation declares 400, 401 and 503; only `sendSms` (POST /sms) adds 408.
 */
export const operations = {
  sendSms: {
    id: "sendSms",
    method: "POST",
    path: "/sms",
    responseSchema: SmsSMSDetailsResponse,
    errorStatuses: [400, 401, 408, 503],
  },
  listApiCalls: {
    id: "listApiCalls",
    method: "GET",
    path: "/apicalls",
    responseSchema: ApiCallListBody,
    errorStatuses: [400, 401, 503],
  },
  listApiTokens: {
    id: "listApiTokens",
    method: "GET",
    path: "/apitokens",
    responseSchema: ApiTokenListBody,
    errorStatuses: [400, 401, 503],
  },
  listVehicles: {
    id: "listVehicles",
    method: "GET",
    path: "/vehicles",
    responseSchema: VehicleListBody,
    errorStatuses: [400, 401, 503],
  },
  listIssues: {
    id: "listIssues",
    method: "GET",
    path: "/issues",
    responseSchema: IssueListBody,
    errorStatuses: [400, 401, 503],
  },
  getManifestMigrateVersion: {
    id: "getManifestMigrateVersion",
    method: "GET",
    path: "/manifestmigrate-version",
    responseSchema: HandlersManifestMigrateVersion,
    errorStatuses: [400, 401, 503],
  },
  deleteImmobilizeCommand: {
    id: "deleteImmobilizeCommand",
    method: "DELETE",
    path: "/vehiclecommand/immobilize",
    responseSchema: CommonJSONMessage,
    errorStatuses: [400, 401, 503],
  },
  deleteSubscriptionConfig: {
    id: "deleteSubscriptionConfig",
    method: "DELETE",
    path: "/subscriptionconfig",
    responseSchema: CommonJSONMessage,
    errorStatuses: [400, 401, 503],
  },
  postCarStateMulti: {
    id: "postCarStateMulti",
    method: "POST",
    path: "/carstate_multi",
    responseSchema: HandlersJSONCarStateMultiMessage,
    errorStatuses: [400, 401, 503],
  },
  getTwinCarState: {
    id: "getTwinCarState",
    method: "GET",
    path: "/twin/carstate",
    responseSchema: TwinCarStateBody,
    errorStatuses: [400, 401, 503],
  },
  deleteIssue: {
    id: "deleteIssue",
    method: "DELETE",
    path: "/issues/{id}",
    responseSchema: CommonJSONMessage,
    errorStatuses: [400, 401, 503],
  },
  deleteApiToken: {
    id: "deleteApiToken",
    method: "DELETE",
    path: "/apitoken",
    responseSchema: CommonJSONMessage,
    errorStatuses: [400, 401, 503],
  },
} as const satisfies Readonly<Record<string, Operation>>;

/** The id of one of the 12 {@link operations}: `"sendSms" | "listApiCalls" | …`. */
export type OperationId = keyof typeof operations;

/** The entry of {@link operations} for one id. */
export type OperationOf<Id extends OperationId> = (typeof operations)[Id];
