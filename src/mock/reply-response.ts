import { HttpResponse } from "msw";
import { sampleHttpBody } from "../fixtures/index.js";
import { type OperationId, operations, parseResponse } from "../http/index.js";
import { CodecError } from "../index.js";
import { MAX_DELAY_MS, type MockReply } from "./mock-reply.js";

/** Statuses whose response has no body, whatever a reply says. */
const nullBodyStatuses: ReadonlySet<number> = new Set([204, 205, 304]);

function invalid(message: string): CodecError {
  return new CodecError("invalid_argument", message);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `string ${JSON.stringify(value.slice(0, 40))}`;
  return typeof value === "number" ? `number ${value}` : typeof value;
}

/**
 * Checks a reply of operation `id` as the types do, for callers without them: a JSON reply's
 * status must be declared and its body must be what `parseResponse()` accepts (`ok` for 200,
 * `api_error` for an error status); a raw reply's status from 200 to 599 and its body text; a
 * delay from 0 to MAX_DELAY_MS. Throws a CodecError `invalid_argument` naming the problem.
 */
export function checkReply(
  id: OperationId,
  reply: unknown,
): asserts reply is MockReply<OperationId> {
  const where = `the ${id} reply`;
  if (typeof reply !== "object" || reply === null || Array.isArray(reply)) {
    throw invalid(`${where} must be an object, got ${describe(reply)}`);
  }
  const r = reply as Record<string, unknown>;
  const delay = r.delayMs;
  if (delay !== undefined && !(typeof delay === "number" && delay >= 0 && delay <= MAX_DELAY_MS)) {
    throw invalid(
      `${where}'s delayMs must be a number from 0 to ${MAX_DELAY_MS}, got ${describe(delay)}`,
    );
  }
  if (r.headers !== undefined) checkHeaders(where, r.headers);
  if (r.kind === "network_error") return;
  if (r.kind === "raw") {
    const status = r.status;
    if (!(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599)) {
      throw invalid(
        `${where}'s status must be an integer from 200 to 599, got ${describe(status)}`,
      );
    }
    if (r.body !== undefined && typeof r.body !== "string") {
      throw invalid(`${where}'s raw body must be a string, got ${describe(r.body)}`);
    }
    return;
  }
  if (r.kind !== undefined && r.kind !== "json") {
    throw invalid(
      `${where}'s kind must be "json", "raw" or "network_error", got ${describe(r.kind)}`,
    );
  }
  const op = operations[id];
  const declared: readonly number[] = [200, ...op.errorStatuses];
  if (typeof r.status !== "number" || !declared.includes(r.status)) {
    throw invalid(
      `${where}'s status must be one that ${id} declares (${declared.join(", ")}), got ${describe(r.status)}; use { kind: "raw" } for any other`,
    );
  }
  if (r.body === undefined) return;
  const result = parseResponse(id, r.status, r.body);
  if (result.kind === "invalid_body" || result.kind === "unreadable_error") {
    throw invalid(
      `${where}'s body breaks the contract: ${result.message}; use { kind: "raw" } to send it anyway`,
    );
  }
}

function checkHeaders(where: string, headers: unknown): void {
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    throw invalid(`${where}'s headers must be an object of strings, got ${describe(headers)}`);
  }
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== "string") {
      throw invalid(
        `${where}'s header ${JSON.stringify(name)} must be a string, got ${describe(value)}`,
      );
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The response of a checked reply, after its delay. */
export async function replyResponse(
  id: OperationId,
  reply: MockReply<OperationId>,
): Promise<Response> {
  if (reply.delayMs) await sleep(reply.delayMs);
  if (reply.kind === "network_error") return HttpResponse.error();
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
