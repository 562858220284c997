import type * as z from "zod";
import { CodecError } from "../codec-error.js";
import { describeThrown } from "../internal/describe-thrown.js";
import { showValue } from "../internal/describe-value.js";
import { boundMessage, escapeText } from "../runtime/escape-text.js";
import { formatIssuePath } from "./format-issue-path.js";
import { findNonJsonValue } from "./json-value.js";
import { createOperations, type OperationId, type OperationOf, operations } from "./operations.js";
import type { RecordSchemas } from "./record-schemas.js";

/** One problem found in a body: a zod issue, with `path` such as `["data", 3]`. */
export type ZodIssue = z.core.$ZodIssue;

/**
 * What {@link parseResponse} makes of one response of operation `Id`, discriminated by `kind`,
 * with `data` and `error` typed by the record schemas `R` when given. Every result carries the
 * `operation` id and the HTTP `status`. For a union of ids it is the union of their results, so
 * checking `operation` narrows `data` too.
 */
export type ResponseResult<
  Id extends OperationId = OperationId,
  R extends RecordSchemas = Record<never, never>,
> = Id extends OperationId
  ? /** Status 200 and a body that matches the schema; `data` is the parsed body. */
      | {
          readonly kind: "ok";
          readonly operation: Id;
          readonly status: 200;
          readonly data: z.output<OperationOf<Id, R>["responseSchema"]>;
        }
      /** Status 200 but the body breaks the schema (or is not a JSON value). */
      | {
          readonly kind: "invalid_body";
          readonly operation: Id;
          readonly status: 200;
          readonly issues: readonly ZodIssue[];
          readonly message: string;
          readonly body: unknown;
        }
      /** A status the operation declares, with a CommonJSONError body. */
      | {
          readonly kind: "api_error";
          readonly operation: Id;
          readonly status: OperationOf<Id>["errorStatuses"][number];
          readonly error: z.output<OperationOf<Id, R>["errorSchema"]>;
        }
      /** A status the operation declares, but the body is not a CommonJSONError. */
      | {
          readonly kind: "unreadable_error";
          readonly operation: Id;
          readonly status: OperationOf<Id>["errorStatuses"][number];
          readonly issues: readonly ZodIssue[];
          readonly message: string;
          readonly body: unknown;
        }
      /** Any status that is neither 200 nor declared by the operation; `body` is as received. */
      | {
          readonly kind: "unexpected_status";
          readonly operation: Id;
          readonly status: number;
          readonly body: unknown;
        }
  : never;

/** The `kind` of a {@link ResponseResult}. */
export type ResponseKind = ResponseResult["kind"];

/** Options of {@link parseResponse}. */
export interface ParseResponseOptions<R extends RecordSchemas = Record<never, never>> {
  /**
   * The record schemas your deployment knows, by the spec's record names (see
   * {@link RecordSchemas}): they check the body and type `data` and `error`. Default: the spec's
   * open records.
   */
  records?: R | undefined;
}

/**
 * Checks one HTTP response of operation `id` (an id of {@link operations}) and returns a
 * {@link ResponseResult}:
 *
 * - `ok`: status 200 and a valid body; `data` is the parsed body, typed by the schema, with every
 *   property kept (except a `__proto__` key, which zod drops on purpose);
 * - `invalid_body`: status 200 and an invalid body, with the zod `issues`, a `message` naming the
 *   paths (`data[3]: …`) and the raw `body`;
 * - `api_error`: a declared error status with a CommonJSONError body, as `error`;
 * - `unreadable_error`: a declared error status with any other body (an HTML page from a proxy,
 *   an empty body, null), with `issues`, `message` and the raw `body`;
 * - `unexpected_status`: any other status, including 2xx other than 200 and 408 on an operation
 *   other than `sendSms`, with the raw `body`.
 *
 * With `records` (the record schemas you know, such as
 * `{ CommonCar: CommonCar.extend({ vin: z.string() }) }`), the body is checked by them and `data`
 * and `error` are typed by them: a car without `vin` is then `invalid_body`.
 *
 * `body` is the parsed JSON or, when the response was not JSON, its text. Whatever it holds
 * (a cycle, a getter that throws, a bigint, undefined, a function) this never throws: a value that
 * is not JSON is reported as an issue. It throws a CodecError `invalid_argument` only when `id` is
 * not an operation id or `records` is not an object of zod schemas by record name. Schemas must
 * be synchronous.
 *
 * ```ts
 * const result = parseResponse("listVehicles", response.status, await response.json());
 * if (result.kind === "ok") for (const car of result.data.data ?? []) console.log(car);
 * else if (result.kind === "api_error") console.error(result.status, result.error);
 * ```
 */
export function parseResponse<
  Id extends OperationId,
  R extends RecordSchemas = Record<never, never>,
>(id: Id, status: number, body: unknown, options?: ParseResponseOptions<R>): ResponseResult<Id, R>;
export function parseResponse(
  id: OperationId,
  status: number,
  body: unknown,
  options?: ParseResponseOptions<RecordSchemas>,
): ResponseResult {
  if (typeof id !== "string" || !Object.hasOwn(operations, id)) {
    throw new CodecError("invalid_argument", `unknown operation id ${showValue(id)}`);
  }
  const records = options?.records;
  const op = (records === undefined ? operations : createOperations(records))[id];
  if (status === 200) {
    const checked = check(op.responseSchema, body);
    if (checked.success) {
      return { kind: "ok", operation: id, status, data: checked.data } as ResponseResult;
    }
    const message = summarize(`${id} 200 body does not match its schema`, checked.issues);
    return { kind: "invalid_body", operation: id, status, issues: checked.issues, message, body };
  }
  if ((op.errorStatuses as readonly number[]).includes(status)) {
    const checked = check(op.errorSchema, body);
    if (checked.success) {
      return { kind: "api_error", operation: id, status, error: checked.data } as ResponseResult;
    }
    const message = summarize(`${id} ${status} body is not a CommonJSONError`, checked.issues);
    return {
      kind: "unreadable_error",
      operation: id,
      status,
      issues: checked.issues,
      message,
      body,
    } as ResponseResult;
  }
  return { kind: "unexpected_status", operation: id, status, body };
}

type Checked<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly issues: readonly ZodIssue[] };

function check<S extends z.ZodType>(schema: S, body: unknown): Checked<z.output<S>> {
  const nonJson = findNonJsonValue(body);
  if (nonJson !== undefined) {
    return {
      success: false,
      issues: [{ code: "custom", path: nonJson.path, message: nonJson.message }],
    };
  }
  try {
    const result = schema.safeParse(body);
    return result.success ? result : { success: false, issues: result.error.issues };
  } catch (cause) {
    const message = `the schema threw: ${describeThrown(cause)}`;
    return { success: false, issues: [{ code: "custom", path: [], message }] };
  }
}

const shownIssues = 5;

function summarize(head: string, issues: readonly ZodIssue[]): string {
  const shown = issues.slice(0, shownIssues).map((issue) => {
    const path = shorten(formatIssuePath(issue.path));
    return `${path === "" ? "(root)" : path}: ${escapeText(String(issue.message))}`;
  });
  const more = issues.length > shownIssues ? `; and ${issues.length - shownIssues} more` : "";
  return boundMessage(`${head}: ${shown.join("; ")}${more}`);
}

/** Keeps a path readable in a message: its first 40 and last 60 characters around "…". */
function shorten(path: string): string {
  return path.length <= 120 ? path : `${path.slice(0, 40)}…${path.slice(-60)}`;
}
