import type { OperationId, OperationOf, RecordSchemas } from "../http/index.js";
import type { RequestOptions } from "./client-options.js";
import type { ClientResult } from "./client-result.js";

/** The `{id}` of a path such as DELETE /issues/{id}: written with `String()`, then percent-encoded. */
export type PathId = string | number | bigint;

/**
 * The parameters of the client method of operation `Op`, derived from its entry: `id` first when
 * its path has `{id}`, then `body` when its method is POST (the spec leaves request bodies open, so
 * any JSON value), then the {@link RequestOptions}. `(options?)` for the plain GETs and DELETEs,
 * `(body, options?)` for `sendSms`, `(id, options?)` for `deleteIssue`.
 */
export type ClientMethodArgs<Op extends { readonly method: string; readonly path: string }> = [
  ...(Op["path"] extends `${string}{id}${string}` ? [id: PathId] : []),
  ...(Op["method"] extends "POST" ? [body: unknown] : []),
  options?: RequestOptions,
];

/**
 * A client of the service: one method per entry of `operations`, named by its id, whose parameters
 * are {@link ClientMethodArgs} and whose result is the {@link ClientResult} of that operation,
 * typed by the record schemas `R` the client was given. It is derived from the table, so an
 * operation added there is a method here. Every method resolves and never rejects.
 */
export type Client<R extends RecordSchemas = Record<never, never>> = {
  readonly [Id in OperationId]: (
    ...args: ClientMethodArgs<OperationOf<Id>>
  ) => Promise<ClientResult<Id, R>>;
};

/** One call of a client method, its arguments sorted out. Internal. */
export interface MethodCall {
  readonly id?: unknown;
  readonly body?: unknown;
  readonly options: unknown;
}

/**
 * Sorts the arguments of a client method by the same rule as {@link ClientMethodArgs}: `id` when
 * the path has `{id}`, `body` when the method is POST, then the options. Internal.
 */
export function readMethodCall(
  op: { readonly method: string; readonly path: string },
  args: readonly unknown[],
): MethodCall {
  let next = 0;
  const call: { id?: unknown; body?: unknown; options?: unknown } = {};
  if (op.path.includes("{id}")) call.id = args[next++];
  if (op.method === "POST") call.body = args[next++];
  call.options = args[next];
  return call as MethodCall;
}
