import type { DeclaredStatus, OperationId, ResponseBody } from "../http/index.js";

/** The statuses operation `Id` declares: {@link DeclaredStatus} of `/http`. */
export type MockStatus<Id extends OperationId> = DeclaredStatus<Id>;

/** The body a reply of operation `Id` with `Status` may carry: {@link ResponseBody} of `/http`. */
export type ReplyBody<Id extends OperationId, Status extends MockStatus<Id>> = ResponseBody<
  Id,
  Status
>;

/** Headers of a reply: names to values. */
export type ReplyHeaders = Readonly<Record<string, string>>;

interface Delayed {
  /**
   * Milliseconds to wait before answering: 0 to {@link MAX_DELAY_MS}. Default 0. A client whose
   * timeout is shorter sees its `timeout` result.
   */
  readonly delayMs?: number | undefined;
}

/**
 * A JSON reply typed by the operation's declared statuses: `status` is 200 or one of its error
 * statuses, and `body` (the fixture of `sampleHttpBody(id, status)` when left out) is the 200
 * record or a CommonJSONError. The response has `content-type: application/json`.
 */
export type JsonReply<Id extends OperationId> = {
  readonly [Status in MockStatus<Id>]: Delayed & {
    readonly kind?: "json" | undefined;
    readonly status: Status;
    readonly body?: ReplyBody<Id, Status> | undefined;
    readonly headers?: ReplyHeaders | undefined;
  };
}[MockStatus<Id>];

/**
 * A reply outside the contract, for the cases a client must survive: any status from 200 to 599
 * and any text (a proxy's HTML page, a 500, a 204 with no body, JSON the schemas reject).
 * `content-type` is `text/plain; charset=utf-8` unless `headers` names one; the body of a 204,
 * 205 or 304 is always empty.
 */
export interface RawReply extends Delayed {
  readonly kind: "raw";
  readonly status: number;
  /** The body as text. Default: empty. */
  readonly body?: string | undefined;
  readonly headers?: ReplyHeaders | undefined;
}

/** A network error: the connection fails and no response arrives (fetch rejects). */
export interface NetworkErrorReply extends Delayed {
  readonly kind: "network_error";
}

/** What a mocked operation `Id` answers: a {@link JsonReply}, a {@link RawReply} or a {@link NetworkErrorReply}. */
export type MockReply<Id extends OperationId> = JsonReply<Id> | RawReply | NetworkErrorReply;

/** The longest `delayMs`: 2 147 483 647 ms, the longest a timer can wait. */
export const MAX_DELAY_MS = 2_147_483_647;
