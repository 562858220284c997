import { escapeText, quoteText } from "../runtime/escape-text.js";
import { type FetchFunction, MAX_REDIRECTS, type RedirectMode } from "./client-options.js";
import type { Deadline } from "./deadline.js";

/** One request to send: where, how, with which headers and body. Internal. */
export interface OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
}

/** The response at the end of the redirects, or the redirect the client stopped at. Internal. */
export type FetchOutcome =
  | { readonly kind: "response"; readonly response: Response; readonly url: string }
  | {
      readonly kind: "redirect";
      readonly status: number;
      readonly location: string | undefined;
      readonly message: string;
    };

/** The statuses fetch treats as redirects when they carry a Location. */
const redirectStatuses: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** The request headers that describe a body, dropped when a redirect turns the request into a GET. */
const bodyHeaders = ["content-encoding", "content-language", "content-location", "content-type"];

/**
 * Sends `request` with `redirect: "manual"` and follows redirects itself, as `mode` allows, so
 * that headers and bodies go only where they may (see `RedirectMode`):
 *
 * - a 301 or 302 answer to a POST, or a 303 answer to anything but GET or HEAD, is followed by a
 *   GET without body (the Fetch standard's rule); 307 and 308 keep the method and the body;
 * - a target with another origin than `origin` gets no header but `accept`, and never a body;
 * - after {@link MAX_REDIRECTS} redirects it stops.
 *
 * A 3xx without a Location is an ordinary response. Every fetch is raced against `deadline`; the
 * body of each redirect response is cancelled. Internal.
 */
export async function fetchWithRedirects(
  fetchFn: FetchFunction,
  first: OutgoingRequest,
  mode: RedirectMode,
  origin: string,
  deadline: Deadline,
): Promise<FetchOutcome> {
  let request = first;
  let leftOrigin = false;
  for (let count = 0; ; count++) {
    deadline.check();
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      signal: deadline.signal,
      redirect: "manual",
    };
    if (request.body !== undefined) init.body = request.body;
    const response = checkResponse(await deadline.race(fetchFn(request.url, init)));
    const target = `${request.method} ${escapeText(request.url)}`;
    if (response.type === "opaqueredirect") {
      return {
        kind: "redirect",
        status: 0,
        location: undefined,
        message: `${target} was redirected; fetch hides the target from scripts in a browser, so the client does not follow it`,
      };
    }
    const location = redirectStatuses.has(response.status)
      ? response.headers.get("location")
      : null;
    if (location === null) return { kind: "response", response, url: request.url };
    response.body?.cancel().catch(() => {});

    const stop = (why: string, resolved: string) => ({
      kind: "redirect" as const,
      status: response.status,
      location: resolved,
      message: `${target} was redirected (${response.status}) to ${quoteText(resolved)}; not followed: ${why}`,
    });
    let next: URL;
    try {
      next = new URL(location, request.url);
    } catch {
      return stop("the location is not a URL", location);
    }
    if (next.protocol !== "http:" && next.protocol !== "https:") {
      return stop("the location is not an http(s) URL", next.href);
    }
    const sameOrigin = next.origin === origin;
    if (mode === "manual") return stop('redirect is "manual"', next.href);
    if (mode === "same-origin" && !sameOrigin) {
      return stop('another origin, and redirect is "same-origin"', next.href);
    }
    if (count >= MAX_REDIRECTS) return stop(`more than ${MAX_REDIRECTS} redirects`, next.href);

    const toGet =
      ((response.status === 301 || response.status === 302) && request.method === "POST") ||
      (response.status === 303 && request.method !== "GET" && request.method !== "HEAD");
    let headers = new Headers(request.headers);
    if (toGet) for (const name of bodyHeaders) headers.delete(name);
    const body = toGet ? undefined : request.body;
    if (!sameOrigin || leftOrigin) {
      if (body !== undefined)
        return stop("it would send the request body to another origin", next.href);
      headers = new Headers({ accept: request.headers.get("accept") ?? "application/json" });
      leftOrigin = true;
    }
    request = { url: next.href, method: toGet ? "GET" : request.method, headers, body };
  }
}

/** Returns `value` if it looks like a Response, or throws a TypeError (a network_error). */
function checkResponse(value: unknown): Response {
  const response = value as Partial<Response> | null;
  if (
    typeof response !== "object" ||
    response === null ||
    typeof response.status !== "number" ||
    typeof response.headers?.get !== "function"
  ) {
    throw new TypeError(
      `fetch resolved to ${response === null ? "null" : typeof response}, not a Response`,
    );
  }
  return response as Response;
}
