import type { PathParams } from "msw";
import type {
  DeclaredStatus,
  OperationId,
  OperationOf,
  RecordSchemas,
  ResponseBody,
} from "../http/index.js";

/** Headers of a reply: names to values. */
export type ReplyHeaders = Readonly<Record<string, string>>;

/**
 * A JSON reply typed by the operation's declared statuses: `status` is 200 or one of its error
 * statuses, and `body` (the fixture of `sampleHttpBody(id, status)` when left out) is the 200
 * record or a CommonJSONError as it is on the wire, by the record schemas `R` when given
 * (`ResponseBody<Id, Status, R>` of `vehicle-update-codec/http`). The response has
 * `content-type: application/json`.
 */
export type JsonReply<Id extends OperationId, R extends RecordSchemas = Record<never, never>> = {
  readonly [Status in DeclaredStatus<Id>]: {
    readonly kind?: "json" | undefined;
    readonly status: Status;
    readonly body?: ResponseBody<Id, Status, R> | undefined;
    readonly headers?: ReplyHeaders | undefined;
  };
}[DeclaredStatus<Id>];

/**
 * A reply outside the contract, for the cases a client must survive: any status from 200 to 599
 * and any text (a proxy's HTML page, a 500, a 204 with no body, JSON the schemas reject).
 * `content-type` is `text/plain; charset=utf-8` unless `headers` names one; the body of a 204,
 * 205 or 304 is always empty.
 */
export interface RawReply {
  readonly kind: "raw";
  readonly status: number;
  /** The body as text. Default: empty. */
  readonly body?: string | undefined;
  readonly headers?: ReplyHeaders | undefined;
}

/**
 * What a {@link MockResolver} of operation `Id` is given, as msw gives it to a resolver: the
 * `request` and the path `params` (`params.id` for DELETE /issues/{id}).
 */
export interface MockResolverInfo<Id extends OperationId> {
  readonly request: Request;
  readonly params: PathParams &
    (OperationOf<Id>["path"] extends `${string}{id}${string}` ? { readonly id: string } : unknown);
}

/**
 * A reply computed from the request, as an msw resolver, sync or async. It returns a
 * {@link JsonReply} (typed by the operation and checked as one), a {@link RawReply}, a `Response`
 * sent as it is (msw's `HttpResponse.error()` for a network error), or `undefined` to let the
 * next handler answer. It may wait first with msw's `delay()`.
 *
 * ```ts
 * mockOperation("deleteIssue", async ({ params }) => {
 *   await delay(200);
 *   return params.id === "404" ? { status: 400 } : { status: 200, body: { message: "deleted" } };
 * });
 * ```
 */
export type MockResolver<Id extends OperationId, R extends RecordSchemas = Record<never, never>> = (
  info: MockResolverInfo<Id>,
) => ResolvedReply<Id, R> | Promise<ResolvedReply<Id, R>>;

/** What a {@link MockResolver} returns. */
export type ResolvedReply<Id extends OperationId, R extends RecordSchemas = Record<never, never>> =
  | JsonReply<Id, R>
  | RawReply
  | Response
  | undefined;

/**
 * What a mocked operation `Id` answers: a {@link JsonReply}, a {@link RawReply}, or a
 * {@link MockResolver} that computes one from the request.
 */
export type MockReply<Id extends OperationId, R extends RecordSchemas = Record<never, never>> =
  | JsonReply<Id, R>
  | RawReply
  | MockResolver<Id, R>;
