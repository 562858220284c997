import type * as z from "zod";
import { listBody } from "./list-body.js";
import {
  type AnyRecords,
  type RecordName,
  type RecordSchemas,
  type ResolvedRecords,
  resolveRecords,
} from "./record-schemas.js";
import { specRecords, TwinCarStateBody } from "./records.js";

/** The HTTP methods the service uses. */
export type HttpMethod = "GET" | "POST" | "DELETE";

/**
 * One HTTP operation: its id, method, path (`{id}` marks the path parameter), the schema of its
 * 200 body, the schema of its error bodies (CommonJSONError) and the error statuses it declares.
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
  readonly errorSchema: z.ZodType;
  readonly errorStatuses: readonly ErrorStatus[];
}

/** The operations table built on `records`: one place for what each operation answers. */
function operationTable<S extends AnyRecords>(records: S) {
  // `records[name]` with a generic name keeps the type `S` gives, where `records.CommonCar` would
  // give the constraint's.
  const record = <Name extends RecordName>(name: Name): S[Name] => records[name];
  const listOf = <Item extends z.ZodType>(item: Item) =>
    listBody(item, record("CommonJSONDBQueryResult"));
  const errorSchema = record("CommonJSONError");
  return {
    /** POST /sms with a request body (any JSON value; the spec leaves it open): sends an SMS. */
    sendSms: {
      id: "sendSms",
      method: "POST",
      path: "/sms",
      responseSchema: record("SmsSMSDetailsResponse"),
      errorSchema,
      errorStatuses: [400, 401, 408, 503],
    },
    /** GET /apicalls: the recorded API calls, a list body of CommonAPICall. */
    listApiCalls: {
      id: "listApiCalls",
      method: "GET",
      path: "/apicalls",
      responseSchema: listOf(record("CommonAPICall")),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** GET /apitokens: the API tokens, a list body of CommonAPIToken. */
    listApiTokens: {
      id: "listApiTokens",
      method: "GET",
      path: "/apitokens",
      responseSchema: listOf(record("CommonAPIToken")),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** GET /vehicles: the vehicles, a list body of CommonCar. */
    listVehicles: {
      id: "listVehicles",
      method: "GET",
      path: "/vehicles",
      responseSchema: listOf(record("CommonCar")),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** GET /issues: the issues, a list body of CommonIssue. */
    listIssues: {
      id: "listIssues",
      method: "GET",
      path: "/issues",
      responseSchema: listOf(record("CommonIssue")),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** GET /manifestmigrate-version: the manifest migration version. */
    getManifestMigrateVersion: {
      id: "getManifestMigrateVersion",
      method: "GET",
      path: "/manifestmigrate-version",
      responseSchema: record("HandlersManifestMigrateVersion"),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** DELETE /vehiclecommand/immobilize: deletes the immobilize command of a vehicle. */
    deleteImmobilizeCommand: {
      id: "deleteImmobilizeCommand",
      method: "DELETE",
      path: "/vehiclecommand/immobilize",
      responseSchema: record("CommonJSONMessage"),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** DELETE /subscriptionconfig: deletes a subscription configuration. */
    deleteSubscriptionConfig: {
      id: "deleteSubscriptionConfig",
      method: "DELETE",
      path: "/subscriptionconfig",
      responseSchema: record("CommonJSONMessage"),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** POST /carstate_multi with a request body (any JSON value): the state of several cars. */
    postCarStateMulti: {
      id: "postCarStateMulti",
      method: "POST",
      path: "/carstate_multi",
      responseSchema: record("HandlersJSONCarStateMultiMessage"),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** GET /twin/carstate: a car state, a JSON array of any JSON values. */
    getTwinCarState: {
      id: "getTwinCarState",
      method: "GET",
      path: "/twin/carstate",
      responseSchema: TwinCarStateBody,
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** DELETE /issues/{id}: deletes one issue; `id` is the path parameter. */
    deleteIssue: {
      id: "deleteIssue",
      method: "DELETE",
      path: "/issues/{id}",
      responseSchema: record("CommonJSONMessage"),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
    /** DELETE /apitoken: deletes an API token. */
    deleteApiToken: {
      id: "deleteApiToken",
      method: "DELETE",
      path: "/apitoken",
      responseSchema: record("CommonJSONMessage"),
      errorSchema,
      errorStatuses: [400, 401, 503],
    },
  } as const satisfies Readonly<Record<string, Operation>>;
}

/**
 * The 12 operations of the service keyed by id, exactly as the spec's Endpoints table lists them.
 * Every operation declares 400, 401 and 503; only `sendSms` (POST /sms) adds 408.
 *
 * This table is the one place an operation is listed: `parseResponse()` reads it, and the client
 * of `vehicle-update-codec/client` has one method per entry, whose parameters follow the entry's
 * path (`{id}`) and method (POST takes a body). Adding an operation here adds the method.
 */
export const operations = /*@__PURE__*/ operationTable(specRecords);

/**
 * The operations table with the record schemas `R` in place of the spec's open records: the type
 * of `createOperations(records)`. `Operations` alone is the type of {@link operations}.
 */
export type Operations<R extends RecordSchemas = Record<never, never>> = ReturnType<
  typeof createOperations<R>
>;

const tables = new WeakMap<object, unknown>();

/**
 * Returns the operations table with your record schemas in place of the spec's open records
 * (see {@link RecordSchemas}): the same ids, methods, paths and statuses as {@link operations},
 * with response and error schemas built on `records`, so that they check and type the fields you
 * know. `parseResponse()`, `createClient()` and the mock call it with their `records` option; the
 * same `records` object gives the same table.
 *
 * Throws a CodecError `invalid_argument` for a `records` that is not an object of zod schemas by
 * the spec's record names (a CommonJSONDBQueryResult must be a zod object schema).
 *
 * ```ts
 * const api = createOperations({ CommonCar: CommonCar.extend({ vin: z.string() }) });
 * api.listVehicles.responseSchema.parse({ data: [{ vin: "WA1LFAFP0TA000417" }] });
 * ```
 */
export function createOperations<R extends RecordSchemas>(records: R) {
  // The return type is left to inference, so that the declarations spell the table out, record
  // by record (RecordOf), where a named type would point to the private operationTable.
  const known = typeof records === "object" && records !== null ? tables.get(records) : undefined;
  if (known !== undefined) return known as typeof table;
  const table = operationTable(resolveRecords(records) as ResolvedRecords<R>);
  tables.set(records, table);
  return table;
}

/** The id of one of the 12 {@link operations}: `"sendSms" | "listApiCalls" | …`. */
export type OperationId = keyof typeof operations;

/** The entry of {@link operations} for one id, with the record schemas `R` when given. */
export type OperationOf<
  Id extends OperationId,
  R extends RecordSchemas = Record<never, never>,
> = Operations<R>[Id];

/** The statuses operation `Id` declares: 200 and its error statuses (408 only for `sendSms`). */
export type DeclaredStatus<Id extends OperationId> = 200 | OperationOf<Id>["errorStatuses"][number];

/**
 * The body operation `Id` answers with `Status`, as it is on the wire (the input type of the zod
 * schema): the operation's response record for 200, a CommonJSONError for an error status, each
 * by the record schemas `R` when given.
 */
export type ResponseBody<
  Id extends OperationId,
  Status extends DeclaredStatus<Id>,
  R extends RecordSchemas = Record<never, never>,
> = Status extends 200
  ? z.input<OperationOf<Id, R>["responseSchema"]>
  : z.input<OperationOf<Id, R>["errorSchema"]>;
