import {
  MAX_JSON_DEPTH,
  type OperationId,
  operations,
  parseResponse,
  type ResponseKind,
} from "../../http/index.js";
import { readInput, UsageError } from "../cli-io.js";
import { type Command, maxBytes, maxBytesOption, stringOption, wrapList } from "../command.js";
import { formatJson, jsonTextTooDeep } from "../json-output.js";
import { wholeNumber } from "../parse-args.js";
import { CodecError } from "../root.js";
import { quote } from "../safe-text.js";

/** The exit code of `http check` and `http call` for each outcome. */
export const httpExitCodes: Readonly<Record<ResponseKind, number>> = {
  ok: 0,
  invalid_body: 3,
  api_error: 4,
  unreadable_error: 5,
  unexpected_status: 6,
};

/** The operation ids, in the order of the spec's Endpoints table. */
export const operationIds = Object.keys(operations) as OperationId[];

/** Checks an operation id argument. */
export function operationId(id: string): OperationId {
  if (!operationIds.includes(id as OperationId)) {
    throw new UsageError(
      `unknown operation ${quote(id)}, expected one of ${operationIds.join(", ")}`,
    );
  }
  return id as OperationId;
}

/** The error for a body nested deeper than parseResponse reads. */
export function tooDeep(): CodecError {
  return new CodecError(
    "too_deep",
    `the body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep (MAX_JSON_DEPTH), deeper than parseResponse reads`,
  );
}

/** `http check <operationId> --status <n>`: what parseResponse makes of a response body. */
export const httpCheckCommand: Command = {
  help: `Usage: vehicle-update-codec http check <operationId> --status <n> [file|-]

Reads a response body from the file, or from standard input when the file is - or left out,
runs parseResponse for the operation and status, and prints the result as JSON. A body that
is not JSON is passed on as text, as a client would see it.
${wrapList("Operations:", operationIds)}

Exit codes: 0 ok, 3 invalid_body, 4 api_error, 5 unreadable_error, 6 unexpected_status;
1 for input that cannot be checked (a body nested more than ${MAX_JSON_DEPTH} levels deep),
2 bad usage.

Options:
  --status <n>     the HTTP status of the response, 100 to 599 (required)
  --max-bytes <n>  refuse a body longer than n bytes; K, M or G for KiB, MiB or GiB
                   (default 16M, at most 256M)
  -h, --help       show this help

Examples:
  echo '{"data":[]}' | vehicle-update-codec http check listVehicles --status 200
  echo '{"code":401,"message":"token expired"}' | vehicle-update-codec http check sendSms --status 401 || echo "exit code $?"`,
  options: { status: { value: "<n>" }, ...maxBytesOption },
  positionals: { min: 1, max: 2 },
  readsInput: true,
  async run(values, positionals, io) {
    const id = operationId(positionals[0] as string);
    const statusText = stringOption(values, "status");
    if (statusText === undefined) throw new UsageError("--status <n> is required");
    const status = wholeNumber("status", statusText, 100, 599, "an HTTP status from 100 to 599");
    const limit = maxBytes(values);
    const text = new TextDecoder().decode(await readInput(io, positionals[1], limit));
    if (jsonTextTooDeep(text, MAX_JSON_DEPTH)) throw tooDeep();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: parseResponse gets the text, as a client that read it would pass it.
    }
    const result = parseResponse(id, status, body);
    io.writeOut(`${formatJson(result)}\n`);
    return httpExitCodes[result.kind];
  },
};
