import { describeThrown } from "../internal/describe-thrown.js";
import { escapeText } from "../runtime/escape-text.js";

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
      const first = Array.isArray(fields.errors) ? (fields.errors[0] as ErrorFields) : undefined;
      const where = whereOf(fields) ?? (first?.code === fields.code ? whereOf(first) : undefined);
      if (where !== undefined) return escapeText(`${fields.code} ${where}`);
      const message = typeof fields.message === "string" ? fields.message : "";
      return escapeText(message === "" ? fields.code : `${fields.code}: ${message}`);
    }
    if (typeof fields.message === "string" && fields.message !== "") {
      innermost = describeThrown(current);
    }
    const errors = fields.errors;
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : fields.cause;
  }
  return innermost;
}

/** `address:port`, `address` or `hostname` of a socket error, or undefined. */
function whereOf(fields: ErrorFields | undefined): string | undefined {
  if (typeof fields?.address === "string") {
    return typeof fields.port === "number" ? `${fields.address}:${fields.port}` : fields.address;
  }
  return typeof fields?.hostname === "string" ? fields.hostname : undefined;
}
