import { describeThrown } from "../internal/describe-thrown.js";
import { escapeText } from "../internal/escape-text.js";

/**
 * Describes why fetch failed, naming the underlying code: Node's fetch (undici) throws
 * `TypeError: fetch failed` and keeps the reason in `cause` (`ECONNREFUSED` with an address and a
 * port, `ENOTFOUND` with a host name, `UND_ERR_SOCKET`, TLS codes such as
 * `UNABLE_TO_VERIFY_LEAF_SIGNATURE`), sometimes inside an AggregateError. The result reads
 * `fetch failed (ECONNREFUSED 127.0.0.1:9)`; without a code it names the innermost message.
 * Escaped and cut; never throws. Internal.
 */
export function describeNetworkError(error: unknown): string {
  try {
    const head = error instanceof Error ? escapeText(String(error.message)) : describeThrown(error);
    const detail = findDetail(error);
    return detail === undefined ? head : `${head} (${detail})`;
  } catch {
    return describeThrown(error);
  }
}

interface ErrorFields {
  readonly code?: unknown;
  readonly address?: unknown;
  readonly port?: unknown;
  readonly hostname?: unknown;
  readonly message?: unknown;
  readonly name?: unknown;
  readonly cause?: unknown;
  readonly errors?: unknown;
}

/** `CODE where` from the first error down the cause chain that has a code, or its message. */
function findDetail(error: unknown): string | undefined {
  let current: unknown = (error as ErrorFields | null)?.cause;
  let innermost: string | undefined;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const fields = current as ErrorFields;
    if (typeof fields.code === "string" && fields.code !== "") {
      const where =
        typeof fields.address === "string"
          ? typeof fields.port === "number"
            ? ` ${fields.address}:${fields.port}`
            : ` ${fields.address}`
          : typeof fields.hostname === "string"
            ? ` ${fields.hostname}`
            : "";
      const what = where === "" && typeof fields.message === "string" ? `: ${fields.message}` : "";
      return escapeText(`${fields.code}${where}${what}`);
    }
    if (typeof fields.message === "string" && fields.message !== "") {
      innermost = describeThrown(current);
    }
    const errors = fields.errors;
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : fields.cause;
  }
  return innermost;
}
