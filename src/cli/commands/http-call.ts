import {
  type ClientResult,
  createClient,
  DEFAULT_TIMEOUT_MS,
  MAX_TIMEOUT_MS,
} from "../../client/index.js";
import { MAX_JSON_DEPTH, type OperationId, operations } from "../../http/index.js";
import { readInput, UsageError } from "../cli-io.js";
import { type Command, maxBytes, maxBytesOption, stringOption, wrapList } from "../command.js";
import { exitCodes } from "../exit-codes.js";
import { formatJson, valueTooDeep } from "../json-output.js";
import { wholeNumber } from "../parse-args.js";
import { CodecError } from "../root.js";
import { errorLine, quote } from "../safe-text.js";
import { httpExitCodes, operationId, operationIds, tooDeep } from "./http-check.js";

type AnyMethod = (...args: unknown[]) => Promise<ClientResult>;

/** The first `code` in an error's chain of causes (ECONNREFUSED, ENOTFOUND, a TLS code). */
function causeCode(error: unknown): { code: string; message: string } | undefined {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string")
      return { code, message: typeof message === "string" ? message : "" };
    current = cause;
  }
  return undefined;
}

/** The message of a client failure, with the cause's code when the message lacks it. */
export function failureMessage(message: string, cause: unknown): string {
  const found = causeCode(cause);
  if (found === undefined || message.includes(found.code)) return message;
  return found.message.includes(found.code)
    ? `${message} (${found.message})`
    : `${message} (${found.code}${found.message === "" ? "" : `: ${found.message}`})`;
}

function baseUrl(text: string | undefined): string {
  if (text === undefined) throw new UsageError("--base-url <url> is required");
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // reported below
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new UsageError(`--base-url must be an absolute http or https URL, got ${quote(text)}`);
  }
  return text;
}

/** The `--query name=value` options as the client's query: a repeated name, an array. */
function queryParams(texts: readonly string[]): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const text of texts) {
    const eq = text.indexOf("=");
    if (eq <= 0) throw new UsageError(`--query must be "name=value", got ${quote(text)}`);
    const name = text.slice(0, eq);
    if (!Object.hasOwn(query, name)) query[name] = [];
    query[name]?.push(text.slice(eq + 1));
  }
  return query;
}

function header(text: string): [string, string] {
  const colon = text.indexOf(":");
  const name = text.slice(0, colon).trim();
  if (colon < 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw new UsageError(`--header must be "name: value", got ${quote(text)}`);
  }
  return [name, text.slice(colon + 1).trim()];
}

/** `http call <operationId> --base-url <url>`: one request with the typed client. */
export const httpCallCommand: Command = {
  help: `Usage: vehicle-update-codec http call <operationId> --base-url <url> [options]

Sends one request of the operation with the package's client, checks the response as
'http check' does, and prints the result as JSON.
${wrapList("Operations:", operationIds)}

Exit codes: 0 ok, 3 invalid_body, 4 api_error, 5 unreadable_error, 6 unexpected_status
(a redirect the client does not follow, to another origin or after 20, is printed with 6);
69 no response: network_error (the message names the cause, such as ECONNREFUSED,
ENOTFOUND or a TLS certificate error) or timeout; 1 a response body that cannot be read
(too_large, or nested too deep); 2 bad usage.

Options:
  --base-url <url>        the service's http(s) URL, with any path prefix (required)
  --id <id>               the issue id of deleteIssue (required there, refused elsewhere)
  --body <file|->         the JSON body of sendSms and postCarStateMulti (required there)
  --header <name: value>  a request header, such as authorization; may be repeated
  --query <name=value>    a query parameter, such as page=2; may be repeated, a repeated
                          name sends it once per value (?vin=A&vin=B)
  --timeout <ms>          give up after this many milliseconds, 1 to ${MAX_TIMEOUT_MS}
                          (default ${DEFAULT_TIMEOUT_MS})
  --max-bytes <n>         refuse a --body file or a response body longer than n bytes;
                          K, M or G for KiB, MiB or GiB (default 16M, at most 256M)
  -h, --help              show this help

Examples (BASE is the service's URL, such as https://ota.example.com/api):
  vehicle-update-codec http call listVehicles --base-url "$BASE"
  vehicle-update-codec http call listVehicles --query page=2 --query per_page=50 --base-url "$BASE"
  vehicle-update-codec http call deleteIssue --id 17 --base-url "$BASE" --header "authorization: Bearer $TOKEN"
  echo '{"vin":"WVWZZZ1JZXW000001","text":"hello"}' | vehicle-update-codec http call sendSms --body - --base-url "$BASE"`,
  options: {
    "base-url": { value: "<url>" },
    id: { value: "<id>" },
    body: { value: "<file|->" },
    header: { value: "<name: value>", multiple: true },
    query: { value: "<name=value>", multiple: true },
    timeout: { value: "<ms>" },
    ...maxBytesOption,
  },
  positionals: { min: 1, max: 1 },
  readsInput: false,
  async run(values, positionals, io) {
    const id: OperationId = operationId(positionals[0] as string);
    const op = operations[id];
    const base = baseUrl(stringOption(values, "base-url"));
    const headerValues = values.header;
    const headers = (Array.isArray(headerValues) ? headerValues : []).map(header);
    const timeoutText = stringOption(values, "timeout");
    const timeoutMs =
      timeoutText === undefined
        ? DEFAULT_TIMEOUT_MS
        : wholeNumber("timeout", timeoutText, 1, MAX_TIMEOUT_MS);
    const issueId = stringOption(values, "id");
    const takesId = op.path.includes("{id}");
    if (takesId && issueId === undefined) throw new UsageError(`${id} needs --id <id>`);
    if (!takesId && issueId !== undefined) throw new UsageError(`${id} takes no --id`);
    const bodyFile = stringOption(values, "body");
    const takesBody = op.method === "POST";
    if (takesBody && bodyFile === undefined)
      throw new UsageError(`${id} sends a body: pass --body <file|->`);
    if (!takesBody && bodyFile !== undefined)
      throw new UsageError(`${id} sends no body, so it takes no --body`);
    if (bodyFile === "-" && io.stdinIsTTY) {
      throw new UsageError("no input: name a --body file, or pipe the body to standard input");
    }
    const limit = maxBytes(values);
    const args: unknown[] = [];
    if (takesId) args.push(issueId);
    if (bodyFile !== undefined) {
      const text = new TextDecoder().decode(await readInput(io, bodyFile, limit));
      try {
        args.push(JSON.parse(text));
      } catch (cause) {
        throw new CodecError("invalid_json", `--body ${quote(bodyFile)} is not JSON`, { cause });
      }
    }
    const queryValues = values.query;
    args.push({ headers, query: queryParams(Array.isArray(queryValues) ? queryValues : []) });
    const client = createClient({
      baseUrl: base,
      timeoutMs,
      maxBodyBytes: limit,
    }) as unknown as Record<OperationId, AnyMethod>;
    const result = await client[id](...args);
    switch (result.kind) {
      case "request_error":
        throw new UsageError(result.message);
      case "network_error":
      case "timeout":
      case "aborted":
        io.writeErr(
          `vehicle-update-codec http call: ${errorLine(`[${result.kind}] ${failureMessage(result.message, result.cause)}`)}\n`,
        );
        return exitCodes.unavailable;
      case "too_large":
        io.writeErr(
          `vehicle-update-codec http call: ${errorLine(`[too_large] ${result.message}`)}\n`,
        );
        return exitCodes.dataError;
      case "redirect":
        // A 3xx the client may not follow: a status the operation does not declare.
        io.writeOut(`${formatJson(result)}\n`);
        return httpExitCodes.unexpected_status;
      default: {
        if (valueTooDeep(result, MAX_JSON_DEPTH + 1)) throw tooDeep();
        io.writeOut(`${formatJson(result)}\n`);
        return httpExitCodes[result.kind];
      }
    }
  },
};
