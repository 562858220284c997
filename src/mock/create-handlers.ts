import { type HttpHandler, http } from "msw";
import { CodecError } from "../codec-error.js";
import {
  createOperations,
  type OperationId,
  operations,
  type RecordSchemas,
} from "../http/index.js";
import { quoteText } from "../runtime/escape-text.js";
import type { MockReply, MockResolver, MockResolverInfo } from "./mock-reply.js";
import { operationUrl } from "./operation-url.js";
import { preferredStatus } from "./prefer-code.js";
import {
  checkReply,
  type ReplyData,
  refusedReply,
  replyProblem,
  replyResponse,
} from "./reply-response.js";

/** A reply for some of the operations, by id, typed by the record schemas `R`. */
export type MockReplies<R extends RecordSchemas = Record<never, never>> = {
  readonly [Id in OperationId]?: MockReply<Id, R> | undefined;
};

/** Options of {@link createHandlers}. */
export interface CreateHandlersOptions<R extends RecordSchemas = Record<never, never>> {
  /**
   * The service's address, as given to `createClient()`: an absolute http(s) URL, with a path
   * prefix if any. Default: none, and each handler matches its path on any origin and under any
   * prefix (`*\/vehicles`).
   */
  baseUrl?: string | URL | undefined;
  /** What some operations answer instead of their 200 fixture. Default: none. */
  replies?: MockReplies<NoInfer<R>> | undefined;
  /**
   * The record schemas your deployment knows, as for `createClient()` (`RecordSchemas` of
   * `vehicle-update-codec/http`): they type the bodies of `replies` and check them. Default: the
   * spec's open records.
   */
  records?: R | undefined;
}

/** Options of {@link mockOperation}. */
export interface MockOperationOptions<R extends RecordSchemas = Record<never, never>> {
  /** As {@link CreateHandlersOptions.baseUrl}. */
  baseUrl?: string | URL | undefined;
  /** Answer one request only, then let the next handler answer (MSW's `once`). Default false. */
  once?: boolean | undefined;
  /** As {@link CreateHandlersOptions.records}: they type the reply's body and check it. */
  records?: R | undefined;
}

/**
 * Returns the MSW request handlers of the service: one per operation (GET /vehicles, DELETE
 * /issues/:id…), each answering its 200 fixture (`sampleHttpBody(id, 200)`) as JSON, or the reply
 * of `replies` for its id.
 *
 * A handler without a reply also follows `Prefer: code=<status>` as Prism does: a declared status
 * answers that status's fixture, and an undeclared one answers 500 with a text body saying which
 * statuses the operation declares. Checks every option and reply first, as {@link mockOperation}
 * does, and throws a CodecError `invalid_argument` for a bad one.
 *
 * ```ts
 * import { setupServer } from "msw/node";
 * const server = setupServer(...createHandlers({ baseUrl: "https://ota.example.com/api/" }));
 * server.listen({ onUnhandledRequest: "error" });
 * ```
 */
export function createHandlers<R extends RecordSchemas = Record<never, never>>(
  options: CreateHandlersOptions<R> = {},
): HttpHandler[] {
  if (typeof options !== "object" || options === null) {
    throw new CodecError("invalid_argument", "createHandlers options must be an object");
  }
  const records = checkRecords(options.records);
  const replies: Partial<Record<string, unknown>> = options.replies ?? {};
  for (const id of Object.keys(replies)) {
    if (!Object.hasOwn(operations, id)) {
      throw new CodecError("invalid_argument", `replies names unknown operation ${quoteText(id)}`);
    }
    const reply = replies[id];
    if (reply !== undefined && typeof reply !== "function") {
      checkReply(id as OperationId, reply, records);
    }
  }
  return (Object.keys(operations) as OperationId[]).map((id) => {
    const reply = replies[id] as MockReply<OperationId> | undefined;
    return handler(id, options.baseUrl, false, reply, records);
  });
}

/**
 * Returns one MSW handler for operation `id` that answers `reply`, to put in front of the others
 * with `server.use(…)` for one test (`once: true` for a single request). A reply is:
 *
 * - `{ status, body?, headers? }`: a JSON reply, typed by the statuses the operation declares
 *   (`408` only for `sendSms`): the 200 body is the operation's record as it is on the wire, an
 *   error status takes a CommonJSONError, each by the `records` given; `body` defaults to the
 *   fixture;
 * - `{ kind: "raw", status, body?, headers? }`: any status from 200 to 599, any text;
 * - a function of `{ request, params }`, as an msw resolver, sync or async, returning one of
 *   these, a `Response` sent as it is (msw's `HttpResponse.error()` for a network error), or
 *   `undefined` to let the next handler answer; it may wait first with msw's `delay()`.
 *
 * Throws a CodecError `invalid_argument` for an unknown operation, a bad `baseUrl` or `records`,
 * or a reply the types would refuse (an undeclared status, a body `parseResponse()` does not
 * accept). What a function returns is checked when it returns: a reply the types would refuse is
 * answered 500 with a text body saying what is wrong.
 *
 * ```ts
 * server.use(mockOperation("listVehicles", { status: 503 }, { once: true }));
 * server.use(mockOperation("listVehicles", () => HttpResponse.error()));
 * ```
 */
export function mockOperation<
  Id extends OperationId,
  R extends RecordSchemas = Record<never, never>,
>(id: Id, reply: MockReply<Id, NoInfer<R>>, options: MockOperationOptions<R> = {}): HttpHandler {
  if (typeof id !== "string" || !Object.hasOwn(operations, id)) {
    throw new CodecError("invalid_argument", `unknown operation id ${quoteText(String(id))}`);
  }
  const records = checkRecords(options.records);
  if (typeof reply !== "function") checkReply(id, reply, records);
  return handler(
    id,
    options.baseUrl,
    options.once === true,
    reply as MockReply<OperationId>,
    records,
  );
}

/** Checks a `records` option with `createOperations()`, which throws invalid_argument. */
function checkRecords(records: RecordSchemas | undefined): RecordSchemas | undefined {
  if (records !== undefined) createOperations(records);
  return records;
}

function handler(
  id: OperationId,
  baseUrl: string | URL | undefined,
  once: boolean,
  reply: MockReply<OperationId> | undefined,
  records: RecordSchemas | undefined,
): HttpHandler {
  const op = operations[id];
  const method = op.method === "GET" ? http.get : op.method === "POST" ? http.post : http.delete;
  return method(
    operationUrl(op, baseUrl),
    ({ request, params }) => {
      if (reply === undefined) return replyResponse(id, preferredReply(id, request));
      if (typeof reply !== "function") return replyResponse(id, reply);
      return resolve(id, reply, { request, params } as MockResolverInfo<OperationId>, records);
    },
    { once },
  );
}

/** Runs a resolver reply and answers what it returned, once checked. */
async function resolve(
  id: OperationId,
  resolver: MockResolver<OperationId>,
  info: MockResolverInfo<OperationId>,
  records: RecordSchemas | undefined,
): Promise<Response | undefined> {
  const returned: unknown = await resolver(info);
  if (returned === undefined || returned instanceof Response) return returned;
  const problem = replyProblem(id, returned, records);
  if (problem !== undefined) return refusedReply(problem);
  return replyResponse(id, returned as ReplyData);
}

/** The reply a default handler gives: the fixture of the status `Prefer: code=` names, or 200. */
function preferredReply(id: OperationId, request: Request): ReplyData {
  const status = preferredStatus(request.headers.get("prefer"));
  if (status === undefined) return { status: 200 };
  const declared: readonly number[] = [200, ...operations[id].errorStatuses];
  if (declared.includes(status)) return { status } as ReplyData;
  return {
    kind: "raw",
    status: 500,
    body: `the mock of ${id} cannot answer Prefer: code=${status}: it declares ${declared.join(", ")}\n`,
  };
}
