import type { OperationId, RecordSchemas, ResponseResult } from "../http/index.js";

/**
 * The kinds a client adds to {@link ResponseResult} when no response could be read, each carrying
 * a `message` and the `cause`:
 *
 * - `request_error`: the request could not be built (invalid request options, a bad `deleteIssue`
 *   id, a body that `JSON.stringify` cannot write such as a bigint, a cycle or `undefined`, a
 *   headers function that threw or returned invalid headers); nothing was sent. For a body,
 *   `cause` is a CodecError `invalid_argument` naming the bigint or the cycle by its path,
 *   JSON.stringify()'s error as its own cause;
 * - `network_error`: fetch failed or the body could not be read; the message names the
 *   underlying code (`fetch failed (ECONNREFUSED 127.0.0.1:9)`);
 * - `timeout`: `timeoutMs` passed first; `cause` is a `TimeoutError`;
 * - `aborted`: the caller's `signal` aborted; `cause` is its abort reason, whatever it is.
 */
export type ClientFailureKind = "request_error" | "network_error" | "timeout" | "aborted";

/**
 * What a client method resolves to: the {@link ResponseResult} of the response (`ok`,
 * `invalid_body`, `api_error`, `unreadable_error`, `unexpected_status`), or one of:
 *
 * - a {@link ClientFailureKind} (`request_error`, `network_error`, `timeout`, `aborted`), with
 *   `message` and `cause` and no `status`;
 * - `redirect`: the service answered a redirect the `redirect` option does not let the client
 *   follow (by default, one to another origin), or more than 20 in a row. `status` is the 3xx
 *   status and `location` the target, resolved against the request URL (as sent when it does not
 *   parse). In a browser, fetch hides redirects from scripts: `status` is then 0 and `location`
 *   undefined. Nothing was sent to the target;
 * - `too_large`: the body grew past `maxBodyBytes` (after decompression) and was cut off; `status`
 *   is the response's.
 *
 * Every result carries `operation`; every `message` is one line of at most about 1 KB, with text
 * from the response escaped and cut. `data` and `error` are typed by the client's `records`.
 */
export type ClientResult<
  Id extends OperationId = OperationId,
  R extends RecordSchemas = Record<never, never>,
> =
  | ResponseResult<Id, R>
  | {
      readonly kind: ClientFailureKind;
      readonly operation: Id;
      readonly message: string;
      readonly cause: unknown;
    }
  | {
      readonly kind: "redirect";
      readonly operation: Id;
      readonly status: number;
      readonly location: string | undefined;
      readonly message: string;
    }
  | {
      readonly kind: "too_large";
      readonly operation: Id;
      readonly status: number;
      readonly maxBodyBytes: number;
      readonly message: string;
    };

/** The `kind` of a {@link ClientResult}: the five `parseResponse` kinds and the six a client adds. */
export type ClientResultKind = ClientResult["kind"];
