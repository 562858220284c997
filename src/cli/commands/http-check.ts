import {
  type OperationId,
  operations,
  parseResponse,
  type ResponseKind,
} from "../../http/index.js";
import { UsageError } from "../cli-io.js";
import type { Command } from "../command.js";

/** The exit code of `http check` for each outcome. 1 and 2 stay for user errors and bad usage. */
export const httpCheckExitCodes: Readonly<Record<ResponseKind, number>> = {
  ok: 0,
  invalid_body: 3,
  api_error: 4,
  unreadable_error: 5,
  unexpected_status: 6,
};

const operationIds = Object.keys(operations) as OperationId[];

/** `http check <operationId> --status <n>`: what parseResponse makes of a response body. */
export const httpCheckCommand: Command = {
  name: "http check",
  summary: "check an HTTP response body against an operation's schemas",
  help: `Usage: vehicle-update-codec http check <operationId> --status <n> [file|-]

Reads a response body from the file, or from standard input when the file is - or left out,
runs parseResponse for the operation and status, and prints the result as JSON. A body that
is not JSON is passed on as text, as a client would see it.
Operations: ${operationIds.join(", ")}.

Exit codes: 0 ok, 3 invalid_body, 4 api_error, 5 unreadable_error, 6 unexpected_status
(1 is a user error, 2 bad usage).

Options:
  --status <n>  the HTTP status of the response (required)
  -h, --help    show this help

Examples:
  curl -s "$BASE/vehicles" | vehicle-update-codec http check listVehicles --status 200
  vehicle-update-codec http check sendSms --status 408 error.json`,
  options: { status: { type: "string" } },
  positionals: { min: 1, max: 2 },
  async run(values, positionals, io) {
    const id = positionals[0] as string;
    if (!operationIds.includes(id as OperationId)) {
      throw new UsageError(
        `unknown operation ${JSON.stringify(id)}, expected one of ${operationIds.join(", ")}`,
      );
    }
    const statusText = values.status;
    if (typeof statusText !== "string") throw new UsageError("--status <n> is required");
    const status = Number(statusText);
    if (!/^[1-5][0-9][0-9]$/.test(statusText)) {
      throw new UsageError(
        `--status must be an HTTP status from 100 to 599, got ${JSON.stringify(statusText)}`,
      );
    }
    const text = new TextDecoder().decode(await io.readInput(positionals[1]));
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: parseResponse gets the text, as a client that read it would pass it.
    }
    const result = parseResponse(id as OperationId, status, body);
    io.writeOut(`${JSON.stringify(result, null, 2)}\n`);
    return httpCheckExitCodes[result.kind];
  },
};
