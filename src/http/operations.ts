import type * as z from "zod";
import { ApiCallListBody, ApiTokenListBody, IssueListBody, VehicleListBody } from "./list-body.js";
import {
  type CommonJSONError,
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
 *
 * This table is the one place an operation is listed: `parseResponse()` reads it, and the client
 * of `vehicle-update-codec/client` has one method per entry, whose parameters follow the entry's
 * path (`{id}`) and method (POST takes a body). Adding an operation here adds the method.
 */
export const operations = {
  /** POST /sms with a request body (any JSON value; the spec leaves it open): sends an SMS. */
  sendSms: {
    id: "sendSms",
    method: "POST",
    path: "/sms",
    responseSchema: SmsSMSDetailsResponse,
    errorStatuses: [400, 401, 408, 503],
  },
  /** GET /apicalls: the recorded API calls, a list body of CommonAPICall. */
  listApiCalls: {
    id: "listApiCalls",
    method: "GET",
    path: "/apicalls",
    responseSchema: ApiCallListBody,
    errorStatuses: [400, 401, 503],
  },
  /** GET /apitokens: the API tokens, a list body of CommonAPIToken. */
  listApiTokens: {
    id: "listApiTokens",
    method: "GET",
    path: "/apitokens",
    responseSchema: ApiTokenListBody,
    errorStatuses: [400, 401, 503],
  },
  /** GET /vehicles: the vehicles, a list body of CommonCar. */
  listVehicles: {
    id: "listVehicles",
    method: "GET",
    path: "/vehicles",
    responseSchema: VehicleListBody,
    errorStatuses: [400, 401, 503],
  },
  /** GET /issues: the issues, a list body of CommonIssue. */
  listIssues: {
    id: "listIssues",
    method: "GET",
    path: "/issues",
    responseSchema: IssueListBody,
    errorStatuses: [400, 401, 503],
  },
  /** GET /manifestmigrate-version: the manifest migration version. */
  getManifestMigrateVersion: {
    id: "getManifestMigrateVersion",
    method: "GET",
    path: "/manifestmigrate-version",
    responseSchema: HandlersManifestMigrateVersion,
    errorStatuses: [400, 401, 503],
  },
  /** DELETE /vehiclecommand/immobilize: deletes the immobilize command of a vehicle. */
  deleteImmobilizeCommand: {
    id: "deleteImmobilizeCommand",
    method: "DELETE",
    path: "/vehiclecommand/immobilize",
    responseSchema: CommonJSONMessage,
    errorStatuses: [400, 401, 503],
  },
  /** DELETE /subscriptionconfig: deletes a subscription configuration. */
  deleteSubscriptionConfig: {
    id: "deleteSubscriptionConfig",
    method: "DELETE",
    path: "/subscriptionconfig",
    responseSchema: CommonJSONMessage,
    errorStatuses: [400, 401, 503],
  },
  /** POST /carstate_multi with a request body (any JSON value): the state of several cars. */
  postCarStateMulti: {
    id: "postCarStateMulti",
    method: "POST",
    path: "/carstate_multi",
    responseSchema: HandlersJSONCarStateMultiMessage,
    errorStatuses: [400, 401, 503],
  },
  /** GET /twin/carstate: a car state, a JSON array of any JSON values. */
  getTwinCarState: {
    id: "getTwinCarState",
    method: "GET",
    path: "/twin/carstate",
    responseSchema: TwinCarStateBody,
    errorStatuses: [400, 401, 503],
  },
  /** DELETE /issues/{id}: deletes one issue; `id` is the path parameter. */
  deleteIssue: {
    id: "deleteIssue",
    method: "DELETE",
    path: "/issues/{id}",
    responseSchema: CommonJSONMessage,
    errorStatuses: [400, 401, 503],
  },
  /** DELETE /apitoken: deletes an API token. */
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

/** The statuses operation `Id` declares: 200 and its error statuses (408 only for `sendSms`). */
export type DeclaredStatus<Id extends OperationId> = 200 | OperationOf<Id>["errorStatuses"][number];

/**
 * The body operation `Id` answers with `Status`, as it is on the wire (the input type of the zod
 * schema): the operation's response record for 200, a CommonJSONError for an error status.
 */
export type ResponseBody<
  Id extends OperationId,
  Status extends DeclaredStatus<Id>,
> = Status extends 200
  ? z.input<OperationOf<Id>["responseSchema"]>
  : z.input<typeof CommonJSONError>;
