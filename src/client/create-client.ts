import { CodecError } from "../codec-error.js";
import {
  type Operation,
  type OperationId,
  type OperationOf,
  operations,
  parseResponse,
  type ResponseResult,
} from "../http/index.js";
import { describeThrown } from "../http/json-value.js";

/** Default of {@link ClientOptions.timeoutMs}: 30 000 ms (30 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The largest `timeoutMs` a timer can hold: 2 147 483 647 ms (about 24.8 days). */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * What `new Headers()` accepts: a record, an array of pairs or a `Headers`. Spelled out here
 * because the DOM's `HeadersInit` type is missing from Node.js projects without the DOM lib.
 */
export type HeadersInit = ConstructorParameters<typeof Headers>[0];

/** The fetch a client calls: the platform's `fetch` or any function with its shape. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Headers sent with every request: a record (or any `HeadersInit`), or a function called before
 * each request, sync or async, so a rotating token is read fresh each time.
 */
export type HeadersSource = HeadersInit | (() => HeadersInit | Promise<HeadersInit>);

/** One query parameter value; `String()` writes it. */
export type QueryValue = string | number | boolean | bigint;

/** Query parameters: `undefined` values are left out, an array repeats its key (`?a=1&a=2`). */
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[] | undefined>>;

/** Options of {@link createClient}. */
export interface ClientOptions {
  /**
   * Absolute http(s) URL of the service. It may carry a path prefix and a trailing slash
   * (`https://ota.example.com/api/`); operation paths are appended to it.
   */
  baseUrl: string | URL;
  /** The fetch to call. Default: the platform's global `fetch`, looked up at each request. */
  fetch?: FetchFunction | undefined;
  /** Headers for every request, e.g. the credentials (the spec does not name the scheme). */
  headers?: HeadersSource | undefined;
  /**
   * Milliseconds before a request, body included, is abandoned as `timeout`: a positive finite
   * number, at most {@link MAX_TIMEOUT_MS}. Default {@link DEFAULT_TIMEOUT_MS} (30 s).
   */
  timeoutMs?: number | undefined;
}

/** Options of one request. */
export interface RequestOptions {
  /** Query parameters appended to the URL. */
  query?: QueryParams | undefined;
  /** Aborts the request; the method then resolves to `aborted`. */
  signal?: AbortSignal | undefined;
  /** Headers for this request only; they replace client headers of the same name. */
  headers?: HeadersInit | undefined;
}

/** The kinds a client adds to {@link ResponseResult} when no response could be read. */
export type ClientFailureKind = "request_error" | "network_error" | "timeout" | "aborted";

/**
 * What a client method resolves to: the {@link ResponseResult} of the response, or one of:
 *
 * - `request_error`: the request could not be built (a bad `deleteIssue` id, a body that
 *   `JSON.stringify` cannot write such as a bigint, a cycle or `undefined`, a headers function that
 *   threw or returned invalid headers); nothing was sent and `cause` is the error;
 * - `network_error`: fetch failed or the body could not be read (refused connection, reset);
 * - `timeout`: `timeoutMs` passed first;
 * - `aborted`: the caller's `signal` aborted.
 *
 * These carry `operation`, a readable `message` and the `cause`, and no `status`.
 */
export type ClientResult<Op extends Operation = Operation> =
  | ResponseResult<Op>
  | {
      readonly kind: ClientFailureKind;
      readonly operation: Op["id"];
      readonly message: string;
      readonly cause: unknown;
    };

/**
 * A client of the service, one method per operation of `operations`. Every method resolves to a
 * {@link ClientResult} and never rejects.
 */
export interface Client {
  /** POST /sms with `body`, sent as `JSON.stringify(body)` (the spec leaves the body open). */
  sendSms(body: unknown, options?: RequestOptions): Promise<ClientResult<OperationOf<"sendSms">>>;
  /** GET /apicalls. */
  listApiCalls(options?: RequestOptions): Promise<ClientResult<OperationOf<"listApiCalls">>>;
  /** GET /apitokens. */
  listApiTokens(options?: RequestOptions): Promise<ClientResult<OperationOf<"listApiTokens">>>;
  /** GET /vehicles. */
  listVehicles(options?: RequestOptions): Promise<ClientResult<OperationOf<"listVehicles">>>;
  /** GET /issues. */
  listIssues(options?: RequestOptions): Promise<ClientResult<OperationOf<"listIssues">>>;
  /** GET /manifestmigrate-version. */
  getManifestMigrateVersion(
    options?: RequestOptions,
  ): Promise<ClientResult<OperationOf<"getManifestMigrateVersion">>>;
  /** DELETE /vehiclecommand/immobilize. */
  deleteImmobilizeCommand(
    options?: RequestOptions,
  ): Promise<ClientResult<OperationOf<"deleteImmobilizeCommand">>>;
  /** DELETE /subscriptionconfig. */
  deleteSubscriptionConfig(
    options?: RequestOptions,
  ): Promise<ClientResult<OperationOf<"deleteSubscriptionConfig">>>;
  /** POST /carstate_multi with `body`, sent as `JSON.stringify(body)` (the spec leaves it open). */
  postCarStateMulti(
    body: unknown,
    options?: RequestOptions,
  ): Promise<ClientResult<OperationOf<"postCarStateMulti">>>;
  /** GET /twin/carstate. */
  getTwinCarState(options?: RequestOptions): Promise<ClientResult<OperationOf<"getTwinCarState">>>;
  /**
   * DELETE /issues/{id}. `id` is written with `String()` and `encodeURIComponent`. An empty
   * string, `"."`, `".."` (which would change the path), a non-finite number or a lone surrogate
   * resolves to `request_error` with a CodecError `invalid_argument` as `cause`; nothing is sent.
   */
  deleteIssue(
    id: string | number | bigint,
    options?: RequestOptions,
  ): Promise<ClientResult<OperationOf<"deleteIssue">>>;
  /** DELETE /apitoken. */
  deleteApiToken(options?: RequestOptions): Promise<ClientResult<OperationOf<"deleteApiToken">>>;
}

interface Call {
  readonly id?: unknown;
  readonly body?: unknown;
}

/**
 * Returns a {@link Client} for the service at `baseUrl`. Each method sends one request with
 * `accept: application/json` (and, for the two POSTs, a JSON body with
 * `content-type: application/json`), reads the response as JSON when its content-type says JSON
 * (as text otherwise, or when that JSON does not parse), and resolves to a {@link ClientResult}.
 * Methods never reject.
 *
 * Throws a CodecError `invalid_argument` when `baseUrl` is not an absolute http(s) URL without
 * credentials, `timeoutMs` is not a positive finite number up to {@link MAX_TIMEOUT_MS}, `fetch`
 * is not a function, or `headers` is neither valid headers nor a function; nowhere else.
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
export function createClient(options: ClientOptions): Client {
  const base = checkBaseUrl(options.baseUrl);
  const timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const fetchFn = checkFetch(options.fetch);
  const headerSource = checkHeaders(options.headers);

  async function buildRequest(
    op: Operation,
    call: Call,
    requestOptions: RequestOptions | undefined,
    timeoutSignal: AbortSignal,
  ): Promise<{ url: string; init: RequestInit }> {
    const path = "id" in call ? op.path.replace("{id}", () => encodeId(call.id)) : op.path;
    const url = buildUrl(base, path, requestOptions?.query);
    const userSignal = requestOptions?.signal;
    const signal = userSignal ? AbortSignal.any([userSignal, timeoutSignal]) : timeoutSignal;
    const source = typeof headerSource === "function" ? await headerSource() : headerSource;
    const headers = new Headers(source);
    new Headers(requestOptions?.headers).forEach((value, name) => {
      headers.set(name, value);
    });
    if (!headers.has("accept")) headers.set("accept", "application/json");
    const init: RequestInit = { method: op.method, headers, signal };
    if ("body" in call) {
      const text: unknown = JSON.stringify(call.body);
      if (typeof text !== "string") {
        throw invalidArgument(`body must be a JSON value, got ${typeof call.body}`);
      }
      init.body = text;
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    return { url, init };
  }

  async function send<Id extends OperationId>(
    id: Id,
    call: Call,
    requestOptions: RequestOptions | undefined,
  ): Promise<ClientResult<OperationOf<Id>>> {
    const op: Operation = operations[id];
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError"));
    }, timeoutMs);
    let result: ClientResult;
    try {
      const { url, init } = await buildRequest(op, call, requestOptions, controller.signal);
      const target = `${op.method} ${url}`;
      try {
        const response = await fetchFn(url, init);
        result = parseResponse(op, response.status, await readBody(response));
      } catch (cause) {
        if (requestOptions?.signal?.aborted) {
          result = failure(op, "aborted", `${target} was aborted`, cause);
        } else if (controller.signal.aborted) {
          result = failure(op, "timeout", `${target} timed out after ${timeoutMs} ms`, cause);
        } else {
          result = failure(
            op,
            "network_error",
            `${target} failed: ${describeThrown(cause)}`,
            cause,
          );
        }
      }
    } catch (cause) {
      const message = `could not build the ${op.id} request: ${describeThrown(cause)}`;
      result = failure(op, "request_error", message, cause);
    } finally {
      clearTimeout(timer);
    }
    return result as ClientResult<OperationOf<Id>>;
  }

  return {
    sendSms: (body, o) => send("sendSms", { body }, o),
    listApiCalls: (o) => send("listApiCalls", {}, o),
    listApiTokens: (o) => send("listApiTokens", {}, o),
    listVehicles: (o) => send("listVehicles", {}, o),
    listIssues: (o) => send("listIssues", {}, o),
    getManifestMigrateVersion: (o) => send("getManifestMigrateVersion", {}, o),
    deleteImmobilizeCommand: (o) => send("deleteImmobilizeCommand", {}, o),
    deleteSubscriptionConfig: (o) => send("deleteSubscriptionConfig", {}, o),
    postCarStateMulti: (body, o) => send("postCarStateMulti", { body }, o),
    getTwinCarState: (o) => send("getTwinCarState", {}, o),
    deleteIssue: (id, o) => send("deleteIssue", { id }, o),
    deleteApiToken: (o) => send("deleteApiToken", {}, o),
  };
}

function failure(op: Operation, kind: ClientFailureKind, message: string, cause: unknown) {
  return { kind, operation: op.id, message, cause };
}

function invalidArgument(message: string, cause?: unknown): CodecError {
  return new CodecError("invalid_argument", message, cause === undefined ? undefined : { cause });
}

function checkBaseUrl(baseUrl: unknown): URL {
  let url: URL;
  try {
    url = new URL(baseUrl as string | URL);
  } catch (cause) {
    throw invalidArgument(
      `baseUrl must be an absolute http(s) URL, got ${describeThrown(baseUrl)}`,
      cause,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalidArgument(`baseUrl must be an absolute http(s) URL, got protocol ${url.protocol}`);
  }
  if (url.username !== "" || url.password !== "") {
    throw invalidArgument("baseUrl must not carry credentials; pass them in headers");
  }
  return url;
}

function checkTimeout(timeoutMs: unknown): number {
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0) || timeoutMs > MAX_TIMEOUT_MS) {
    throw invalidArgument(
      `timeoutMs must be a positive finite number of at most ${MAX_TIMEOUT_MS}, got ${typeof timeoutMs === "string" ? JSON.stringify(timeoutMs) : describeThrown(timeoutMs)}`,
    );
  }
  return timeoutMs;
}

function checkFetch(fetchOption: unknown): FetchFunction {
  if (fetchOption === undefined) return (url, init) => fetch(url, init);
  if (typeof fetchOption !== "function") {
    throw invalidArgument(`fetch must be a function, got ${typeof fetchOption}`);
  }
  return fetchOption as FetchFunction;
}

function checkHeaders(headers: unknown): HeadersSource | undefined {
  if (headers === undefined || typeof headers === "function") return headers as HeadersSource;
  try {
    new Headers(headers as HeadersInit);
  } catch (cause) {
    throw invalidArgument(
      `headers must be valid headers or a function: ${describeThrown(cause)}`,
      cause,
    );
  }
  return headers as HeadersInit;
}

function encodeId(id: unknown): string {
  const valid =
    (typeof id === "string" && id !== "" && id !== "." && id !== "..") ||
    (typeof id === "number" && Number.isFinite(id)) ||
    typeof id === "bigint";
  if (!valid) {
    throw invalidArgument(
      `id must be a non-empty string other than "." and "..", a finite number or a bigint, got ${typeof id === "string" ? JSON.stringify(id) : describeThrown(id)}`,
    );
  }
  return encodeURIComponent(String(id)); // throws URIError on a lone surrogate
}

function buildUrl(base: URL, path: string, query: QueryParams | undefined): string {
  const url = new URL(base);
  url.pathname = base.pathname.replace(/\/+$/, "") + path;
  url.hash = "";
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) url.searchParams.append(name, String(item));
    }
  }
  return url.href;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!/[/+]json\s*(;|$)/i.test(response.headers.get("content-type") ?? "")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
