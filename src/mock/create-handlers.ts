import { type HttpHandler, http } from "msw";
import { type OperationId, operations } from "../http/index.js";
import { CodecError } from "../index.js";
import type { MockReply } from "./mock-reply.js";
import { operationUrl } from "./operation-url.js";
import { preferredStatus } from "./prefer-code.js";
import { checkReply, replyResponse } from "./reply-response.js";

/** A reply for some of the operations, by id. */
export type MockReplies = { readonly [Id in OperationId]?: MockReply<Id> | undefined };

/** Options of {@link createHandlers}. */
export interface CreateHandlersOptions {
  /**
   * The service's address, as given to `createClient()`: an absolute http(s) URL, with a path
   * prefix if any. Default: none, and each handler matches its path on any origin and under any
   * prefix (`*\/vehicles`).
   */
  baseUrl?: string | URL | undefined;
  /** What some operations answer instead of their 200 fixture. Default: none. */
  replies?: MockReplies | undefined;
}

/** Options of {@link mockOperation}. */
export interface MockOperationOptions {
  /** As {@link CreateHandlersOptions.baseUrl}. */
  baseUrl?: string | URL | undefined;
  /** Answer one request only, then let the next handler answer (MSW's `once`). Default false. */
  once?: boolean | undefined;
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
export function createHandlers(options: CreateHandlersOptions = {}): HttpHandler[] {
  if (typeof options !== "object" || options === null) {
    throw new CodecError("invalid_argument", "createHandlers options must be an object");
  }
  const replies: Partial<Record<string, unknown>> = options.replies ?? {};
  for (const id of Object.keys(replies)) {
    if (!Object.hasOwn(operations, id)) {
      throw new CodecError(
        "invalid_argument",
        `replies names unknown operation ${JSON.stringify(id)}`,
      );
    }
    if (replies[id] !== undefined) checkReply(id as OperationId, replies[id]);
  }
  return (Object.keys(operations) as OperationId[]).map((id) => {
    const reply = replies[id] as MockReply<OperationId> | undefined;
    return handler(id, options.baseUrl, false, reply);
  });
}

/**
 * Returns one MSW handler for operation `id` that answers `reply`, to put in front of the others
 * with `server.use(…)` for one test (`once: true` for a single request):
 *
 * - `{ status, body?, headers?, delayMs? }`: a JSON reply, typed by the statuses the operation
 *   declares (`408` only for `sendSms`): the 200 body is the operation's record as it is on the
 *   wire, an error status takes a CommonJSONError; `body` defaults to the fixture;
 * - `{ kind: "raw", status, body?, headers?, delayMs? }`: any status from 200 to 599, any text;
 * - `{ kind: "network_error", delayMs? }`: no response; the client's fetch rejects.
 *
 * Throws a CodecError `invalid_argument` for an unknown operation, a bad `baseUrl`, or a reply
 * the types would refuse (an undeclared status, a body `parseResponse()` does not accept).
 *
 * ```ts
 * server.use(mockOperation("listVehicles", { status: 503 }, { once: true }));
 * ```
 */
export function mockOperation<Id extends OperationId>(
  id: Id,
  reply: MockReply<Id>,
  options: MockOperationOptions = {},
): HttpHandler {
  if (typeof id !== "string" || !Object.hasOwn(operations, id)) {
    throw new CodecError("invalid_argument", `unknown operation id ${JSON.stringify(String(id))}`);
  }
  checkReply(id, reply);
  return handler(id, options.baseUrl, options.once === true, reply as MockReply<OperationId>);
}

function handler(
  id: OperationId,
  baseUrl: string | URL | undefined,
  once: boolean,
  reply: MockReply<OperationId> | undefined,
): HttpHandler {
  const op = operations[id];
  const method = op.method === "GET" ? http.get : op.method === "POST" ? http.post : http.delete;
  return method(
    operationUrl(op, baseUrl),
    ({ request }) => replyResponse(id, reply ?? preferredReply(id, request)),
    { once },
  );
}

/** The reply a default handler gives: the fixture of the status `Prefer: code=` names, or 200. */
function preferredReply(id: OperationId, request: Request): MockReply<OperationId> {
  const status = preferredStatus(request.headers.get("prefer"));
  if (status === undefined) return { status: 200 };
  const declared: readonly number[] = [200, ...operations[id].errorStatuses];
  if (declared.includes(status)) return { status } as MockReply<OperationId>;
  return {
    kind: "raw",
    status: 500,
    body: `the mock of ${id} cannot answer Prefer: code=${status}: it declares ${declared.join(", ")}\n`,
  };
}
