import { HttpResponse } from "msw";
import { CodecError } from "../codec-error.js";
import { sampleHttpBody } from "../fixtures/index.js";
import { type OperationId, operations, parseResponse, type RecordSchemas } from "../http/index.js";
import { showValue } from "../internal/describe-value.js";
import { quoteText } from "../runtime/escape-text.js";
import type { JsonReply, RawReply } from "./mock-reply.js";

/** A reply given as data: JSON or raw. */
export type ReplyData = JsonReply<OperationId> | RawReply;

/** Statuses whose response has no body, whatever a reply says. */
const nullBodyStatuses: ReadonlySet<number> = new Set([204, 205, 304]);

/**
 * Checks a reply of operation `id` given as data, as the types do, for callers without them: a
 * JSON reply's status must be declared and its body what `parseResponse()` accepts with `records`
 * (`ok` for 200, `api_error` for an error status); a raw reply's status from 200 to 599 and its
 * body text. Returns what is wrong, or undefined.
 */
export function replyProblem(
  id: OperationId,
  reply: unknown,
  records: RecordSchemas | undefined,
): string | undefined {
  const where = `the ${id} reply`;
  if (typeof reply !== "object" || reply === null || Array.isArray(reply)) {
    return `${where} must be an object or a function, got ${showValue(reply)}`;
  }
  const r = reply as Record<string, unknown>;
  if (r.headers !== undefined) {
    const problem = headersProblem(where, r.headers);
    if (problem !== undefined) return problem;
  }
  if (r.kind === "raw") {
    const status = r.status;
    if (!(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599)) {
      return `${where}'s status must be an integer from 200 to 599, got ${showValue(status)}`;
    }
    if (r.body !== undefined && typeof r.body !== "string") {
      return `${where}'s raw body must be a string, got ${showValue(r.body)}`;
    }
    return undefined;
  }
  if (r.kind !== undefined && r.kind !== "json") {
    return `${where}'s kind must be "json" or "raw", got ${showValue(r.kind)}`;
  }
  const declared: readonly number[] = [200, ...operations[id].errorStatuses];
  if (typeof r.status !== "number" || !declared.includes(r.status)) {
    return `${where}'s status must be one that ${id} declares (${declared.join(", ")}), got ${showValue(r.status)}; use { kind: "raw" } for any other`;
  }
  if (r.body === undefined) return undefined;
  const result = parseResponse(id, r.status, r.body, { records });
  if (result.kind === "invalid_body" || result.kind === "unreadable_error") {
    return `${where}'s body breaks the contract: ${result.message}; use { kind: "raw" } to send it anyway`;
  }
  return undefined;
}

/** {@link replyProblem}, thrown as a CodecError `invalid_argument`. */
export function checkReply(
  id: OperationId,
  reply: unknown,
  records: RecordSchemas | undefined,
): asserts reply is ReplyData {
  const problem = replyProblem(id, reply, records);
  if (problem !== undefined) throw new CodecError("invalid_argument", problem);
}

function headersProblem(where: string, headers: unknown): string | undefined {
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    return `${where}'s headers must be an object of strings, got ${showValue(headers)}`;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== "string") {
      return `${where}'s header ${quoteText(name)} must be a string, got ${showValue(value)}`;
    }
  }
  return undefined;
}

/** The response of a checked reply. */
export function replyResponse(id: OperationId, reply: ReplyData): Response {
  if (reply.kind === "raw") {
    const headers = new Headers(reply.headers);
    if (!headers.has("content-type")) headers.set("content-type", "text/plain; charset=utf-8");
    const body = nullBodyStatuses.has(reply.status) ? null : (reply.body ?? "");
    return new HttpResponse(body, { status: reply.status, headers });
  }
  const body = reply.body ?? sampleHttpBody(id, reply.status as 200);
  const headers = new Headers(reply.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  return new HttpResponse(JSON.stringify(body), { status: reply.status, headers });
}

/** The 500 text response of a reply the mock cannot send, saying why. */
export function refusedReply(text: string): Response {
  return new HttpResponse(`${text}\n`, {
    status: 500,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
