import { describeThrown } from "../internal/describe-thrown.js";
import { quoteText } from "../runtime/escape-text.js";
import { invalidArgument } from "./client-options.js";

/**
 * The URL of one request: `base` with its path prefix (trailing slashes dropped), then `path`
 * with `{id}` replaced by the encoded `id`, then the query of `base` and `query`. Throws a
 * CodecError `invalid_argument` for an id it cannot write. Internal.
 */
export function requestUrl(
  base: URL,
  path: string,
  id: unknown,
  query: ReadonlyArray<readonly [string, string]>,
): string {
  const url = new URL(base);
  const filled = path.includes("{id}") ? path.replace("{id}", () => encodeId(id)) : path;
  url.pathname = base.pathname.replace(/\/+$/, "") + filled;
  for (const [name, value] of query) url.searchParams.append(name, value);
  return url.href;
}

function encodeId(id: unknown): string {
  const valid =
    (typeof id === "string" && id !== "" && id !== "." && id !== "..") ||
    (typeof id === "number" && Number.isFinite(id)) ||
    typeof id === "bigint";
  if (!valid) {
    const got = typeof id === "string" ? quoteText(id) : describeThrown(id);
    throw invalidArgument(
      `id must be a non-empty string other than "." and "..", a finite number or a bigint, got ${got}`,
    );
  }
  return encodeURIComponent(String(id)); // throws URIError on a lone surrogate
}
