import type * as z from "zod";
import { CodecError } from "../codec-error.js";
import { describeThrown } from "../internal/describe-thrown.js";
import { boundMessage, escapeText, quoteText } from "../internal/escape-text.js";
import { formatIssuePath } from "./format-issue-path.js";
import { findNonJsonValue } from "./json-value.js";
import { type Operation, type OperationId, type OperationOf, operations } from "./operations.js";
import { CommonJSONError } from "./records.js";

/** One problem found in a body: a zod issue, with `path` such as `["data", 3]`. */
export type ZodIssue = z.core.$ZodIssue;

/**
 * What {@link parseResponse} makes of one response of operation `Op`, discriminated by `kind`.
 * Every result carries the `operation` id and the HTTP `status`. For a union of operations it is
 * the union of their results, so checking `operation` narrows `data` too.
 */
export type ResponseResult<Op extends Operation = Operation> = Op extends Operation
  ? /** Status 200 and a body that matches the schema; `data` is the parsed body. */
      | {
          readonly kind: "ok";
          readonly operation: Op["id"];
          readonly status: 200;
          readonly data: z.output<Op["responseSchema"]>;
        }
      /** Status 200 but the body breaks the schema (or is not a JSON value). */
      | {
          readonly kind: "invalid_body";
          readonly operation: Op["id"];
          readonly status: 200;
          readonly issues: readonly ZodIssue[];
          readonly message: string;
          readonly body: unknown;
        }
      /** A status the operation declares, with a CommonJSONError body. */
      | {
          readonly kind: "api_error";
          readonly operation: Op["id"];
          readonly status: Op["errorStatuses"][number];
          readonly error: CommonJSONError;
        }
      /** A status the operation declares, but the body is not a CommonJSONError. */
      | {
          readonly kind: "unreadable_error";
          readonly operation: Op["id"];
          readonly status: Op["errorStatuses"][number];
          readonly issues: readonly ZodIssue[];
          readonly message: string;
          readonly body: unknown;
        }
      /** Any status that is neither 200 nor declared by the operation; `body` is as received. */
      | {
          readonly kind: "unexpected_status";
          readonly operation: Op["id"];
          readonly status: number;
          readonly body: unknown;
        }
  : never;

/** The `kind` of a {@link ResponseResult}. */
export type ResponseKind = ResponseResult["kind"];

/**
 * Checks one HTTP response of `operation` (an id of {@link operations}, one of its entries, or
 * your own {@link Operation} with an extended schema) and returns a {@link ResponseResult}:
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
 * `body` is the parsed JSON or, when the response was not JSON, its text. Whatever it holds
 * (a cycle, a getter that throws, a bigint, undefined, a function) this never throws: a value that
 * is not JSON is reported as an issue. It throws a CodecError `invalid_argument` only when
 * `operation` is neither a known id nor an operation entry. Schemas must be synchronous.
 *
 * ```ts
 * const result = parseResponse("listVehicles", response.status, await response.json());
 * if (result.kind === "ok") for (const car of result.data.data ?? []) console.log(car);
 * else if (result.kind === "api_error") console.error(result.status, result.error);
 * ```
 */
export function parseResponse<Id extends OperationId>(
  operation: Id,
  status: number,
  body: unknown,
): ResponseResult<OperationOf<Id>>;
/**
 * The same for an {@link Operation} object: an entry of {@link operations}, or your own with an
 * extended `responseSchema`, which then types `data`. Throws a CodecError `invalid_argument` only
 * for an object without a string `id`, a zod `responseSchema` or an `errorStatuses` array.
 */
export function parseResponse<Op extends Operation>(
  operation: Op,
  status: number,
  body: unknown,
): ResponseResult<Op>;
export function parseResponse(
  operation: OperationId | Operation,
  status: number,
  body: unknown,
): ResponseResult {
  const op = toOperation(operation);
  const id = op.id;
  if (status === 200) {
    const checked = check(op.responseSchema, body);
    if (checked.success) return { kind: "ok", operation: id, status, data: checked.data };
    const message = summarize(`${id} 200 body does not match its schema`, checked.issues);
    return { kind: "invalid_body", operation: id, status, issues: checked.issues, message, body };
  }
  if (op.errorStatuses.includes(status)) {
    const checked = check(CommonJSONError, body);
    if (checked.success) return { kind: "api_error", operation: id, status, error: checked.data };
    const message = summarize(`${id} ${status} body is not a CommonJSONError`, checked.issues);
    return {
      kind: "unreadable_error",
      operation: id,
      status,
      issues: checked.issues,
      message,
      body,
    };
  }
  return { kind: "unexpected_status", operation: id, status, body };
}

function toOperation(operation: unknown): Operation {
  if (typeof operation === "string") {
    if (Object.hasOwn(operations, operation)) return operations[operation as OperationId];
    throw new CodecError("invalid_argument", `unknown operation id ${quoteText(operation)}`);
  }
  const entry = operation as Partial<Operation> | null;
  if (
    typeof entry !== "object" ||
    entry === null ||
    typeof entry.id !== "string" ||
    typeof entry.responseSchema?.safeParse !== "function" ||
    !Array.isArray(entry.errorStatuses)
  ) {
    throw new CodecError(
      "invalid_argument",
      `expected an operation id or an entry with id, responseSchema and errorStatuses, got ${describeThrown(operation)}`,
    );
  }
  return entry as Operation;
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
