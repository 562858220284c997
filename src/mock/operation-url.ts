import { CodecError } from "../codec-error.js";
import type { Operation } from "../http/index.js";
import { quoteText } from "../runtime/escape-text.js";

/**
 * The URL pattern MSW matches for `op`: `baseUrl` (its path prefix kept, trailing slashes and
 * query dropped) followed by the operation's path with `{id}` as the `:id` parameter; with no
 * `baseUrl`, `*` and the path, which matches the path on any origin and under any prefix.
 * Throws a CodecError `invalid_argument` for a `baseUrl` that is not an absolute http(s) URL.
 */
export function operationUrl(op: Operation, baseUrl: string | URL | undefined): string {
  const path = op.path.replace("{id}", ":id");
  if (baseUrl === undefined) return `*${path}`;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CodecError(
      "invalid_argument",
      `baseUrl must be an absolute http(s) URL, got ${quoteText(String(baseUrl))}`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CodecError(
      "invalid_argument",
      `baseUrl must be an http(s) URL, got ${url.protocol} one`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}${path}`;
}
