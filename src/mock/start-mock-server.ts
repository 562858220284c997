import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { getResponse, type RequestHandler } from "msw";
import { CodecError } from "../codec-error.js";
import type { OperationId, RecordSchemas } from "../http/index.js";
import { showValue } from "../internal/describe-value.js";
import { createHandlers, type MockReplies } from "./create-handlers.js";
import { matchOperation } from "./match-operation.js";

/** Default of {@link MockServerOptions.host}: `"127.0.0.1"`, reachable from this machine only. */
export const DEFAULT_MOCK_HOST = "127.0.0.1";

/** Default of {@link MockServerOptions.maxBodyBytes}: 1 MiB (1 048 576 bytes) of request body. */
export const DEFAULT_MOCK_MAX_BODY_BYTES = 1024 * 1024;

/** Default of {@link MockServerOptions.requestTimeoutMs}: 10 000 ms (10 s) to receive a request. */
export const DEFAULT_MOCK_REQUEST_TIMEOUT_MS = 10_000;

/** How many requests the journal keeps: the latest 10 000. */
export const MAX_RECORDED_REQUESTS = 10_000;

/** Options of {@link startMockServer}. */
export interface MockServerOptions<R extends RecordSchemas = Record<never, never>> {
  /** The TCP port, 0 to 65535. Default 0: a free port the system picks. */
  port?: number | undefined;
  /** The address to listen on. Default {@link DEFAULT_MOCK_HOST}. */
  host?: string | undefined;
  /** What some operations answer instead of their 200 fixture, as for `createHandlers()`. */
  replies?: MockReplies<NoInfer<R>> | undefined;
  /** The record schemas your deployment knows, as for `createHandlers()`. */
  records?: R | undefined;
  /**
   * The largest request body read, in bytes: a longer one is answered 413 and its connection
   * closed. Default {@link DEFAULT_MOCK_MAX_BODY_BYTES} (1 MiB).
   */
  maxBodyBytes?: number | undefined;
  /**
   * Milliseconds a client has to send a whole request (headers and body); a slower one is
   * answered 408 and its connection closed. Default {@link DEFAULT_MOCK_REQUEST_TIMEOUT_MS} (10 s).
   */
  requestTimeoutMs?: number | undefined;
}

/** One request the mock server received, in the journal. */
export interface RecordedRequest {
  /** `GET`, `POST`, `DELETE`… */
  readonly method: string;
  /** The path, as sent (percent-encoding kept), without the query. */
  readonly path: string;
  /** The query parameters, in order. */
  readonly query: readonly (readonly [string, string])[];
  /** The operation the method and path name, or undefined for any other request. */
  readonly operation: OperationId | undefined;
  /** The request headers, names in lowercase. */
  readonly headers: Readonly<Record<string, string>>;
  /** The request body as text (empty for none, or for one refused as too large). */
  readonly body: string;
  /**
   * The status answered; 0 for a network error (`HttpResponse.error()`: the connection is
   * dropped); undefined while the answer is on its way (a resolver that waits with `delay()`).
   */
  readonly status: number | undefined;
}

/** A journal entry as the server fills it in. */
type Entry = { -readonly [K in keyof RecordedRequest]: RecordedRequest[K] };

/** A running mock server: see {@link startMockServer}. */
export interface MockServer {
  /** The base URL to give to clients, such as `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** The requests received so far, oldest first (OPTIONS preflights aside). */
  readonly requests: readonly RecordedRequest[];
  /** Puts handlers (from `mockOperation()`) in front of the others, as MSW's `server.use`. */
  use(...handlers: RequestHandler[]): void;
  /** Drops the handlers added by `use`, or replaces them with `handlers`, as MSW's. */
  resetHandlers(...handlers: RequestHandler[]): void;
  /** Empties the journal. */
  clearRequests(): void;
  /** `resetHandlers()` and `clearRequests()`: the server as it started, for the next test. */
  reset(): void;
  /** Stops listening, ends every open connection and resolves when the server is closed. */
  close(): Promise<void>;
}

// A variable specifier: a browser bundle of this subpath must not try to resolve node:http.
const nodeHttp = "node:http";

/**
 * Starts a real HTTP server that answers as the MSW handlers of `createHandlers()` do, through
 * MSW's `getResponse`, for tests that cannot intercept requests: another process or language, a
 * browser app under Playwright. It listens on 127.0.0.1 and a free port unless told otherwise,
 * answers CORS requests from any origin (the preflight `OPTIONS` with 204), keeps a journal of the
 * requests, and takes per-test overrides with `use()` and `reset()`. A request that matches no
 * handler gets 404 with a text body. Node.js only.
 *
 * Rejects with a CodecError `invalid_argument` for a bad option, and with the listen error (such
 * as EADDRINUSE) when it cannot listen.
 *
 * ```ts
 * const server = await startMockServer();
 * const client = createClient({ baseUrl: server.url });
 * server.use(mockOperation("listVehicles", { status: 503 }));
 * await client.listVehicles(); // api_error 503
 * console.log(server.requests.map((r) => r.operation)); // ["listVehicles"]
 * await server.close();
 * ```
 */
export async function startMockServer<R extends RecordSchemas = Record<never, never>>(
  options: MockServerOptions<R> = {},
): Promise<MockServer> {
  const port = checkInteger("port", options.port ?? 0, 0, 65535);
  const host = options.host ?? DEFAULT_MOCK_HOST;
  if (typeof host !== "string" || host === "") {
    throw new CodecError("invalid_argument", "host must be a non-empty string");
  }
  const maxBodyBytes = checkInteger(
    "maxBodyBytes",
    options.maxBodyBytes ?? DEFAULT_MOCK_MAX_BODY_BYTES,
    0,
    Number.MAX_SAFE_INTEGER,
  );
  const requestTimeoutMs = checkInteger(
    "requestTimeoutMs",
    options.requestTimeoutMs ?? DEFAULT_MOCK_REQUEST_TIMEOUT_MS,
    1,
    2_147_483_647,
  );
  const initial = createHandlers<R>({ replies: options.replies, records: options.records });
  let added: RequestHandler[] = [];
  const journal: Entry[] = [];
  const record = (entry: Entry) => {
    journal.push(entry);
    if (journal.length > MAX_RECORDED_REQUESTS) journal.shift();
  };

  const { createServer }: typeof import("node:http") = await import(/* @vite-ignore */ nodeHttp);
  const server: Server = createServer({
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    // How often Node.js looks for requests past their timeout: often enough for short ones.
    connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
  });
  let origin = "";
  server.on("request", (incoming: IncomingMessage, outgoing: ServerResponse) => {
    answer(incoming, outgoing, {
      origin,
      maxBodyBytes,
      handlers: () => [...added, ...initial],
      record,
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the server has no port");
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  origin = `http://${urlHost}:${address.port}`;

  const mock: MockServer = {
    url: origin,
    host: address.address,
    port: address.port,
    get requests() {
      return journal.map((entry) => Object.freeze({ ...entry }));
    },
    use(...handlers) {
      added = [...handlers, ...added];
    },
    resetHandlers(...handlers) {
      added = handlers;
    },
    clearRequests() {
      journal.length = 0;
    },
    reset() {
      added = [];
      journal.length = 0;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  return mock;
}

function checkInteger(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new CodecError(
      "invalid_argument",
      `${name} must be an integer from ${min} to ${max}, got ${showValue(value)}`,
    );
  }
  return value;
}

interface Context {
  readonly origin: string;
  readonly maxBodyBytes: number;
  handlers(): RequestHandler[];
  record(entry: Entry): void;
}

/** CORS headers for any origin: the page's own origin echoed, credentials allowed. */
function corsHeaders(incoming: IncomingMessage): Record<string, string> {
  const origin = incoming.headers.origin;
  return origin === undefined
    ? { "access-control-allow-origin": "*" }
    : {
        "access-control-allow-origin": origin,
        "access-control-allow-credentials": "true",
        "access-control-expose-headers": "*",
        vary: "origin",
      };
}

function answer(incoming: IncomingMessage, outgoing: ServerResponse, context: Context): void {
  const method = incoming.method ?? "GET";
  if (method === "OPTIONS") {
    const requested = incoming.headers["access-control-request-headers"];
    outgoing
      .writeHead(204, {
        ...corsHeaders(incoming),
        "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
        ...(requested === undefined ? {} : { "access-control-allow-headers": requested }),
        "access-control-max-age": "600",
      })
      .end();
    incoming.resume();
    return;
  }
  const entry: Entry = { ...describeRequest(incoming), status: undefined };
  context.record(entry);
  // A client that goes away mid-request (ECONNRESET, a request timeout): nothing to answer.
  incoming.on("error", () => {
    entry.status ??= 0;
  });
  const declared = Number(incoming.headers["content-length"]);
  if (declared > context.maxBodyBytes) {
    tooLarge(incoming, outgoing, context, entry);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  incoming.on("data", (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > context.maxBodyBytes) {
      refused = true;
      chunks.length = 0;
      tooLarge(incoming, outgoing, context, entry);
      return;
    }
    chunks.push(chunk);
  });
  incoming.on("end", () => {
    if (refused) return;
    entry.body = Buffer.concat(chunks, size).toString("utf8");
    respond(incoming, outgoing, Buffer.concat(chunks, size), context, entry).catch(() => {
      entry.status = 0;
      outgoing.destroy();
    });
  });
}

/** 413 for a body over maxBodyBytes; the connection is closed so the rest is never read. */
function tooLarge(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  context: Context,
  entry: Entry,
): void {
  const text = `request body larger than maxBodyBytes ${context.maxBodyBytes}\n`;
  outgoing.shouldKeepAlive = false;
  outgoing
    .writeHead(413, {
      ...corsHeaders(incoming),
      "content-type": "text/plain; charset=utf-8",
      connection: "close",
    })
    .end(text, () => incoming.destroy());
  entry.status = 413;
}

function describeRequest(incoming: IncomingMessage): Omit<Entry, "status"> {
  const method = incoming.method ?? "GET";
  const target = incoming.url ?? "/";
  const queryAt = target.indexOf("?");
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const query = [...new URLSearchParams(queryAt < 0 ? "" : target.slice(queryAt + 1))];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  let pathname = path;
  try {
    pathname = new URL(path, "http://mock").pathname;
  } catch {
    // Not a path a URL can hold: no operation matches it.
  }
  return { method, path, query, operation: matchOperation(method, pathname), headers, body: "" };
}

async function respond(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  raw: Buffer,
  context: Context,
  seen: Entry,
): Promise<void> {
  const cors = corsHeaders(incoming);
  let url: URL;
  try {
    url = new URL(incoming.url ?? "/", context.origin);
    if (url.origin !== context.origin) throw new Error("absolute-form target");
  } catch {
    send(outgoing, 400, cors, "the request target is not a path\n");
    seen.status = 400;
    return;
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
    const name = incoming.rawHeaders[i] as string;
    // Headers that describe this hop, which a Request does not take.
    if (!/^(host|connection|keep-alive|transfer-encoding|upgrade|expect)$/i.test(name)) {
      headers.append(name, incoming.rawHeaders[i + 1] as string);
    }
  }
  const hasBody = seen.method !== "GET" && seen.method !== "HEAD";
  let response: Response | undefined;
  try {
    const request = new Request(url, {
      method: seen.method,
      headers,
      ...(hasBody ? { body: new Uint8Array(raw) } : {}),
    });
    response = await getResponse(context.handlers(), request);
  } catch (cause) {
    const text = `the mock's handler threw: ${cause instanceof Error ? cause.name : typeof cause}\n`;
    send(outgoing, 500, cors, text);
    seen.status = 500;
    return;
  }
  if (response === undefined) {
    const text = `no mock handler for ${seen.method} ${url.pathname}\n`;
    send(outgoing, 404, cors, text);
    seen.status = 404;
    return;
  }
  if (response.type === "error") {
    seen.status = 0;
    outgoing.destroy();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const out: Record<string, string> = { ...cors };
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  outgoing.writeHead(response.status, out).end(body);
  seen.status = response.status;
}

function send(
  outgoing: ServerResponse,
  status: number,
  cors: Record<string, string>,
  text: string,
): void {
  outgoing.writeHead(status, { ...cors, "content-type": "text/plain; charset=utf-8" }).end(text);
}
