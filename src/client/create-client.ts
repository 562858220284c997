import {
  type Operation,
  type OperationId,
  operations,
  parseResponse,
  type RecordSchemas,
} from "../http/index.js";
import { describeThrown } from "../internal/describe-thrown.js";
import { boundMessage, escapeText } from "../runtime/escape-text.js";
import type { Client } from "./client.js";
import { readMethodCall } from "./client.js";
import {
  type CheckedClientOptions,
  type ClientOptions,
  checkClientOptions,
  checkRequestOptions,
  toHeaders,
} from "./client-options.js";
import type { ClientFailureKind, ClientResult } from "./client-result.js";
import { type Deadline, startDeadline } from "./deadline.js";
import { describeNetworkError } from "./describe-network-error.js";
import { fetchWithRedirects } from "./fetch-with-redirects.js";
import { readBody } from "./read-body.js";
import { requestBody } from "./request-body.js";
import { requestUrl } from "./request-url.js";

/**
 * Returns a {@link Client} for the service at `baseUrl`: one method per entry of `operations`.
 * Each method sends one request with `accept: application/json` (and, for the POSTs, the body as
 * `JSON.stringify(body)` with `content-type: application/json`), reads the response body up to
 * `maxBodyBytes`, as JSON when its content-type says JSON (as text otherwise, or when that JSON
 * does not parse), and resolves to a `ClientResult`. Methods never reject: a request that could
 * not be built, a network failure, a timeout, an abort, a redirect it may not follow and a body
 * over the limit are results too.
 *
 * Headers and bodies go only to the origin of `baseUrl`; see the `redirect` option. `timeoutMs`
 * and the request's `signal` bound every step, a headers function and a custom fetch that ignore
 * them included.
 *
 * Throws a CodecError `invalid_argument` when `options` is not an object or any option is out of
 * its type or range (`baseUrl` not an absolute http(s) URL or with credentials, `timeoutMs` not a
 * positive number up to `MAX_TIMEOUT_MS`, `maxBodyBytes` not an integer from 0, `redirect` not one
 * of its three values, `fetch` not a function, `headers` neither valid headers nor a function,
 * `records` not an object of zod schemas by record name), and when reading an option throws
 * (`cause` is the error); nowhere else.
 *
 * With `records` (the record schemas you know, as for `parseResponse()`), every body is checked
 * by them and every result's `data` and `error` typed by them.
 *
 * ```ts
 * const client = createClient({
 *   baseUrl: "https://ota.example.com/api/",
 *   headers: async () => ({ authorization: `Bearer ${await tokens.current()}` }),
 * });
 * const result = await client.listVehicles({ query: { page: 2 } });
 * if (result.kind === "ok") console.log(result.data.data ?? []);
 * ```
 */
export function createClient<R extends RecordSchemas = Record<never, never>>(
  options: ClientOptions<R>,
): Client<R> {
  const checked = checkClientOptions(options);
  const client: Record<string, (...args: unknown[]) => Promise<ClientResult>> = {};
  for (const id of Object.keys(operations) as OperationId[]) {
    const op: Operation<OperationId> = operations[id];
    client[id] = (...args) => send(checked, op, args);
  }
  return Object.freeze(client) as unknown as Client<R>;
}

/** Sends one call of `op` and resolves to its result; never rejects. */
async function send(
  options: CheckedClientOptions,
  op: Operation<OperationId>,
  args: readonly unknown[],
): Promise<ClientResult> {
  const call = readMethodCall(op, args);
  let request: ReturnType<typeof checkRequestOptions>;
  try {
    request = checkRequestOptions(call.options);
  } catch (cause) {
    return failure(
      op,
      "request_error",
      `invalid ${op.id} request options: ${describeThrown(cause)}`,
      cause,
    );
  }
  let deadline: Deadline;
  try {
    deadline = startDeadline(options.timeoutMs, request.signal);
  } catch (cause) {
    const message = `could not listen to the ${op.id} request's signal: ${describeThrown(cause)}`;
    return failure(op, "request_error", message, cause);
  }
  let target = `${op.method} ${op.path}`;
  let sending = false;
  try {
    const source =
      typeof options.headers === "function"
        ? await deadline.race(Promise.resolve({ signal: deadline.signal }).then(options.headers))
        : options.headers;
    const headers = toHeaders(source, "the headers function returned invalid headers");
    request.headers?.forEach((value, name) => {
      headers.set(name, value);
    });
    if (!headers.has("accept")) headers.set("accept", "application/json");
    const url = requestUrl(options.baseUrl, op.path, call.id, request.query);
    target = `${op.method} ${escapeText(url)}`;
    let body: string | undefined;
    if (op.method === "POST") {
      body = requestBody(call.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }

    sending = true;
    const outcome = await fetchWithRedirects(
      options.fetch,
      { url, method: op.method, headers, body },
      options.redirect,
      options.baseUrl.origin,
      deadline,
    );
    if (outcome.kind === "redirect") {
      const { status, location, message } = outcome;
      return {
        kind: "redirect",
        operation: op.id,
        status,
        location,
        message: boundMessage(message),
      };
    }
    const { response } = outcome;
    const read = await readBody(response, options.maxBodyBytes, deadline);
    if (!read.complete) {
      const declared =
        read.declaredLength === undefined
          ? "stopped reading"
          : `its Content-Length is ${read.declaredLength}`;
      return {
        kind: "too_large",
        operation: op.id,
        status: response.status,
        maxBodyBytes: options.maxBodyBytes,
        message: boundMessage(
          `${target} answered ${response.status} with a body of more than maxBodyBytes ${options.maxBodyBytes} bytes; ${declared}`,
        ),
      };
    }
    const records = options.records;
    return parseResponse(op.id, response.status, read.body, { records }) as ClientResult;
  } catch (cause) {
    // Whatever a step threw once the deadline ended (fetch's AbortError, a stream's error), the
    // cause is the deadline's own reason: the TimeoutError, or the caller's abort reason as given.
    if (deadline.ended === "aborted") {
      return failure(op, "aborted", `${target} was aborted`, deadline.signal.reason);
    }
    if (deadline.ended === "timeout") {
      const message = `${target} timed out after ${options.timeoutMs} ms`;
      return failure(op, "timeout", message, deadline.signal.reason);
    }
    if (!sending) {
      const message = `could not build the ${op.id} request: ${describeThrown(cause)}`;
      return failure(op, "request_error", message, cause);
    }
    return failure(op, "network_error", `${target} failed: ${describeNetworkError(cause)}`, cause);
  } finally {
    deadline.dispose();
  }
}

function failure(
  op: Operation<OperationId>,
  kind: ClientFailureKind,
  message: string,
  cause: unknown,
): ClientResult {
  return { kind, operation: op.id, message: boundMessage(message), cause };
}
