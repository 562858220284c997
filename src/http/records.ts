import * as z from "zod";

// The spec names the ten HTTP response records and shows none of their fields, so each schema
// accepts any JSON object and keeps every property. A deployment that knows some fields passes
// its own schemas as the `records` option of `parseResponse()`, `createClient()` and the mock:
//
//   const records = { CommonCar: CommonCar.extend({ vin: z.string() }) };
//
// An extended schema stays loose (unknown properties are still kept).

/**
 * The top-level part of every list response (GET /apicalls, /apitokens, /vehicles, /issues): its
 * fields sit beside `data`. Any JSON object; every property is kept. Arrays, strings, numbers,
 * booleans and null are rejected.
 */
export const CommonJSONDBQueryResult = /*@__PURE__*/ z.looseObject({});
export type CommonJSONDBQueryResult = z.infer<typeof CommonJSONDBQueryResult>;

/**
 * An item of `data` of GET /apicalls. Any JSON object; every property is kept.
 */
export const CommonAPICall = /*@__PURE__*/ z.looseObject({});
export type CommonAPICall = z.infer<typeof CommonAPICall>;

/**
 * An item of `data` of GET /apitokens. Any JSON object; every property is kept.
 */
export const CommonAPIToken = /*@__PURE__*/ z.looseObject({});
export type CommonAPIToken = z.infer<typeof CommonAPIToken>;

/**
 * An item of `data` of GET /vehicles. Any JSON object; every property is kept. Add the fields you
 * know with `CommonCar.extend({ vin: z.string() })`.
 */
export const CommonCar = /*@__PURE__*/ z.looseObject({});
export type CommonCar = z.infer<typeof CommonCar>;

/**
 * An item of `data` of GET /issues. Any JSON object; every property is kept.
 */
export const CommonIssue = /*@__PURE__*/ z.looseObject({});
export type CommonIssue = z.infer<typeof CommonIssue>;

/**
 * The 200 body of the DELETE operations. Any JSON object; every property is kept.
 */
export const CommonJSONMessage = /*@__PURE__*/ z.looseObject({});
export type CommonJSONMessage = z.infer<typeof CommonJSONMessage>;

/**
 * The body of every error response (400, 401, 408 on POST /sms, 503). Any JSON object; every
 * property is kept.
 */
export const CommonJSONError = /*@__PURE__*/ z.looseObject({});
export type CommonJSONError = z.infer<typeof CommonJSONError>;

/**
 * The 200 body of POST /sms. Any JSON object; every property is kept.
 */
export const SmsSMSDetailsResponse = /*@__PURE__*/ z.looseObject({});
export type SmsSMSDetailsResponse = z.infer<typeof SmsSMSDetailsResponse>;

/**
 * The 200 body of GET /manifestmigrate-version. Any JSON object; every property is kept.
 */
export const HandlersManifestMigrateVersion = /*@__PURE__*/ z.looseObject({});
export type HandlersManifestMigrateVersion = z.infer<typeof HandlersManifestMigrateVersion>;

/**
 * The 200 body of POST /carstate_multi. Any JSON object; every property is kept.
 */
export const HandlersJSONCarStateMultiMessage = /*@__PURE__*/ z.looseObject({});
export type HandlersJSONCarStateMultiMessage = z.infer<typeof HandlersJSONCarStateMultiMessage>;

/**
 * The 200 body of GET /twin/carstate: a JSON array whose items are any JSON values (not a named
 * record in the spec). Rejects non-JSON items such as `undefined`, bigint, functions and
 * non-finite numbers.
 */
export const TwinCarStateBody = /*@__PURE__*/ z.array(z.json());
export type TwinCarStateBody = z.infer<typeof TwinCarStateBody>;

/**
 * The ten records of the spec by name, as the spec leaves them (open JSON objects): the table a
 * `records` option (see {@link RecordSchemas}) replaces entry by entry, and the source of
 * {@link RecordName}.
 */
export const specRecords = {
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
