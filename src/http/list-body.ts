import * as z from "zod";
import {
  CommonAPICall,
  CommonAPIToken,
  CommonCar,
  CommonIssue,
  CommonJSONDBQueryResult,
} from "./records.js";

/**
 * Returns the schema of a list body whose `data` items are checked by `item`: one JSON object
 * with the fields of {@link CommonJSONDBQueryResult} at the top level (all kept) beside an
 * optional `data` array. Each item of `data` is `null` or a valid `item`.
 *
 * `data: null` (how Go encodes an empty slice) is treated as absent: the parsed `data` is
 * `undefined`, whether the key was missing or null. Anything else in `data` fails with issue
 * paths such as `data[3]`. It never throws; call it once at module level and reuse the schema.
 *
 * ```ts
 * const CarList = listBody(CommonCar.extend({ vin: z.string() }));
 * const PagedCarList = CarList.extend({ total: z.number() }); // known top-level fields
 * ```
 */
export function listBody<Item extends z.ZodType>(item: Item) {
  return CommonJSONDBQueryResult.extend({
    data: z.array(z.nullable(item)).nullish().transform(nullToUndefined),
  });
}

function nullToUndefined<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}

/** The 200 body of GET /apicalls: {@link listBody} of {@link CommonAPICall}. */
export const ApiCallListBody = /*@__PURE__*/ listBody(CommonAPICall);
export type ApiCallListBody = z.infer<typeof ApiCallListBody>;

/** The 200 body of GET /apitokens: {@link listBody} of {@link CommonAPIToken}. */
export const ApiTokenListBody = /*@__PURE__*/ listBody(CommonAPIToken);
export type ApiTokenListBody = z.infer<typeof ApiTokenListBody>;

/** The 200 body of GET /vehicles: {@link listBody} of {@link CommonCar}. */
export const VehicleListBody = /*@__PURE__*/ listBody(CommonCar);
export type VehicleListBody = z.infer<typeof VehicleListBody>;

/** The 200 body of GET /issues: {@link listBody} of {@link CommonIssue}. */
export const IssueListBody = /*@__PURE__*/ listBody(CommonIssue);
export type IssueListBody = z.infer<typeof IssueListBody>;
