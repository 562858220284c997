import { CodecError } from "../codec-error.js";
import { createOperations, type RecordSchemas } from "../http/index.js";
import { describeThrown } from "../internal/describe-thrown.js";
import { showValue } from "../internal/describe-value.js";
import { escapeText, quoteText } from "../runtime/escape-text.js";

/** Default of {@link ClientOptions.timeoutMs}: 30 000 ms (30 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The largest `timeoutMs` a timer can hold: 2 147 483 647 ms (about 24.8 days). */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Default of {@link ClientOptions.maxBodyBytes}: 16 MiB (16 777 216 bytes) of response body, counted
 * after decompression.
 */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * How many redirects a client follows for one request before it stops with `redirect`: 20, the
 * limit of the Fetch standard.
 */
export const MAX_REDIRECTS = 20;

/**
 * What a client does with a redirect (301, 302, 303, 307, 308 with a `Location`):
 *
 * - `"same-origin"` (the default) follows it when the target has the origin of `baseUrl`, and
 *   otherwise stops with a `redirect` result naming the status and the target;
 * - `"follow"` follows every redirect, but sends no headers but `accept` (neither the `headers`
 *   option nor request headers) once the request has left the origin of `baseUrl`, and stops with
 *   `redirect` rather than send a request body there;
 * - `"manual"` follows none: every redirect resolves to `redirect`.
 */
export type RedirectMode = "same-origin" | "follow" | "manual";

const redirectModes: readonly RedirectMode[] = ["same-origin", "follow", "manual"];

/**
 * What `new Headers()` accepts: a record, an array of pairs or a `Headers`. Spelled out here
 * because the DOM's `HeadersInit` type is missing from Node.js projects without the DOM lib.
 */
export type HeadersInit = ConstructorParameters<typeof Headers>[0];

/** The fetch a client calls: the platform's `fetch` or any function with its shape. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Headers sent with every request to the origin of `baseUrl`: a record (or any `HeadersInit`), or a
 * function called before each request, sync or async, so a rotating token is read fresh each time.
 * The function counts against `timeoutMs` and the request's `signal`; it gets a `signal` that
 * aborts when either ends, to pass on to whatever it awaits (a token endpoint).
 */
export type HeadersSource =
  | HeadersInit
  | ((context: { readonly signal: AbortSignal }) => HeadersInit | Promise<HeadersInit>);

/** One query parameter value; `String()` writes it. Numbers must be finite. */
export type QueryValue = string | number | boolean | bigint;

/** Query parameters: `undefined` values are left out, an array repeats its key (`?a=1&a=2`). */
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[] | undefined>>;

/** Options of `createClient()`. */
export interface ClientOptions<R extends RecordSchemas = Record<never, never>> {
  /**
   * Absolute http(s) URL of the service, without credentials. It may carry a path prefix and a
   * trailing slash (`https://ota.example.com/api/`); operation paths are appended to it. Its origin
   * is the only one that receives headers and bodies.
   */
  baseUrl: string | URL;
  /** The fetch to call. Default: the platform's global `fetch`, looked up at each request. */
  fetch?: FetchFunction | undefined;
  /** Headers for every request, e.g. the credentials (the spec does not name the scheme). */
  headers?: HeadersSource | undefined;
  /**
   * Milliseconds before a request is abandoned as `timeout`, counted from the call and covering
   * every step: the headers function, each fetch (redirects included) and the body. A positive
   * number, at most {@link MAX_TIMEOUT_MS}. Default {@link DEFAULT_TIMEOUT_MS} (30 s).
   */
  timeoutMs?: number | undefined;
  /**
   * The most bytes of a response body the client reads, counted as they arrive and after
   * decompression; a longer body is cut off and resolves to `too_large`. An integer from 0 to
   * `Number.MAX_SAFE_INTEGER`. Default {@link DEFAULT_MAX_BODY_BYTES} (16 MiB).
   */
  maxBodyBytes?: number | undefined;
  /** What to do with redirects; see {@link RedirectMode}. Default `"same-origin"`. */
  redirect?: RedirectMode | undefined;
  /**
   * The record schemas your deployment knows, by the spec's record names (`RecordSchemas` of
   * `vehicle-update-codec/http`), such as `{ CommonCar: CommonCar.extend({ vin: z.string() }) }`:
   * they check each response body and type `data` and `error`. Default: the spec's open records.
   */
  records?: R | undefined;
}

/** Options of one request. */
export interface RequestOptions {
  /** Query parameters appended to the URL. */
  query?: QueryParams | undefined;
  /** Aborts the request, whatever the abort reason; the method then resolves to `aborted`. */
  signal?: AbortSignal | undefined;
  /** Headers for this request only; they replace client headers of the same name. */
  headers?: HeadersInit | undefined;
}

/** {@link ClientOptions} once checked, defaults applied. Internal. */
export interface CheckedClientOptions {
  readonly baseUrl: URL;
  readonly fetch: FetchFunction;
  readonly headers: HeadersSource | undefined;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly redirect: RedirectMode;
  readonly records: RecordSchemas | undefined;
}

/** {@link RequestOptions} once checked. Internal. */
export interface CheckedRequestOptions {
  readonly query: ReadonlyArray<readonly [string, string]>;
  readonly signal: AbortSignal | undefined;
  readonly headers: Headers | undefined;
}

/** Returns a CodecError `invalid_argument`, with `cause` when there is one. */
export function invalidArgument(message: string, cause?: unknown): CodecError {
  return new CodecError("invalid_argument", message, cause === undefined ? undefined : { cause });
}

/**
 * Checks the options of `createClient()` and applies the defaults. Throws a CodecError
 * `invalid_argument` for anything else, a getter or Proxy trap that throws included (as `cause`).
 */
export function checkClientOptions(options: unknown): CheckedClientOptions {
  return guard("options", () => {
    const read = optionReader(options, "options");
    return {
      baseUrl: checkBaseUrl(read("baseUrl")),
      fetch: checkFetch(read("fetch")),
      headers: checkHeaders(read("headers")),
      timeoutMs: checkTimeout(orDefault(read("timeoutMs"), DEFAULT_TIMEOUT_MS)),
      maxBodyBytes: checkMaxBodyBytes(orDefault(read("maxBodyBytes"), DEFAULT_MAX_BODY_BYTES)),
      redirect: checkRedirect(orDefault(read("redirect"), "same-origin")),
      records: checkRecords(read("records")),
    };
  });
}

/** Checks the options of one request, the same way. `undefined` means none. */
export function checkRequestOptions(options: unknown): CheckedRequestOptions {
  if (options === undefined) return { query: [], signal: undefined, headers: undefined };
  return guard("request options", () => {
    const read = optionReader(options, "request options");
    const query = checkQuery(read("query"));
    const signal = checkSignal(read("signal"));
    const headers = read("headers");
    return {
      query,
      signal,
      headers:
        headers === undefined ? undefined : toHeaders(headers, "headers must be valid headers"),
    };
  });
}

/** `value`, or `fallback` when it is undefined (null is a value, and is refused). */
function orDefault(value: unknown, fallback: unknown): unknown {
  return value === undefined ? fallback : value;
}

/** Runs `check`, turning anything it throws that is not already invalid_argument into one. */
function guard<T>(what: string, check: () => T): T {
  try {
    return check();
  } catch (cause) {
    if (cause instanceof CodecError) throw cause;
    throw invalidArgument(`reading the ${what} threw: ${describeThrown(cause)}`, cause);
  }
}

/** Returns a function that reads one property of `options`, turning a throw into invalid_argument. */
function optionReader(options: unknown, what: string): (name: string) => unknown {
  if (typeof options !== "object" || options === null) {
    throw invalidArgument(`${what} must be an object, got ${showValue(options)}`);
  }
  return (name) => {
    try {
      return (options as Record<string, unknown>)[name];
    } catch (cause) {
      throw invalidArgument(
        `reading ${name} of the ${what} threw: ${describeThrown(cause)}`,
        cause,
      );
    }
  };
}

function checkBaseUrl(baseUrl: unknown): URL {
  const got = typeof baseUrl === "string" ? escapeText(baseUrl) : describeThrown(baseUrl);
  if (typeof baseUrl !== "string" && (typeof baseUrl !== "object" || baseUrl === null)) {
    throw invalidArgument(`baseUrl must be an absolute http(s) URL, got ${got}`);
  }
  let url: URL;
  try {
    url = new URL(baseUrl as string | URL);
  } catch (cause) {
    throw invalidArgument(`baseUrl must be an absolute http(s) URL, got ${got}`, cause);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalidArgument(
      `baseUrl must be an absolute http(s) URL, got protocol ${escapeText(url.protocol)}`,
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw invalidArgument("baseUrl must not carry credentials; pass them in headers");
  }
  url.hash = "";
  return url;
}

function checkTimeout(timeoutMs: unknown): number {
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0) || timeoutMs > MAX_TIMEOUT_MS) {
    throw invalidArgument(
      `timeoutMs must be a positive finite number of at most ${MAX_TIMEOUT_MS}, got ${showValue(timeoutMs)}`,
    );
  }
  return timeoutMs;
}

function checkMaxBodyBytes(maxBodyBytes: unknown): number {
  if (typeof maxBodyBytes !== "number" || !Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 0) {
    throw invalidArgument(
      `maxBodyBytes must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}, got ${showValue(maxBodyBytes)}`,
    );
  }
  return maxBodyBytes;
}

function checkRedirect(redirect: unknown): RedirectMode {
  if (!redirectModes.includes(redirect as RedirectMode)) {
    throw invalidArgument(
      `redirect must be "same-origin", "follow" or "manual", got ${showValue(redirect)}`,
    );
  }
  return redirect as RedirectMode;
}

function checkRecords(records: unknown): RecordSchemas | undefined {
  if (records === undefined) return undefined;
  createOperations(records as RecordSchemas); // throws invalid_argument for bad records
  return records as RecordSchemas;
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
  toHeaders(headers, "headers must be valid headers or a function");
  return headers as HeadersInit;
}

/** `new Headers(init)`, or invalid_argument with `message` and the error as `cause`. */
export function toHeaders(init: unknown, message: string): Headers {
  try {
    return new Headers(init as HeadersInit);
  } catch (cause) {
    throw invalidArgument(`${message}: ${describeThrown(cause)}`, cause);
  }
}

function checkSignal(signal: unknown): AbortSignal | undefined {
  if (signal === undefined) return undefined;
  const candidate = signal as Partial<AbortSignal> | null;
  if (
    typeof candidate !== "object" ||
    candidate === null ||
    typeof candidate.aborted !== "boolean" ||
    typeof candidate.addEventListener !== "function" ||
    typeof candidate.removeEventListener !== "function"
  ) {
    throw invalidArgument(`signal must be an AbortSignal, got ${showValue(signal)}`);
  }
  return signal as AbortSignal;
}

function checkQuery(query: unknown): Array<readonly [string, string]> {
  if (query === undefined) return [];
  if (typeof query !== "object" || query === null || Array.isArray(query)) {
    throw invalidArgument(`query must be an object, got ${showValue(query)}`);
  }
  const pairs: Array<readonly [string, string]> = [];
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined) continue;
      const ok =
        typeof item === "string" ||
        typeof item === "boolean" ||
        typeof item === "bigint" ||
        (typeof item === "number" && Number.isFinite(item));
      if (!ok) {
        throw invalidArgument(
          `query ${quoteText(name)} must be a string, a finite number, a boolean or a bigint, got ${showValue(item)}`,
        );
      }
      pairs.push([name, String(item)]);
    }
  }
  return pairs;
}
