import { UsageError } from "../cli-io.js";
import { type Command, stringOption } from "../command.js";
import { exitCodes } from "../exit-codes.js";
import { wholeNumber } from "../parse-args.js";
import { operationIds } from "./http-check.js";

/** The default `--port`: 4010, Prism's. */
const defaultPort = 4010;

/** `mock`: the mock server of vehicle-update-codec/mock, until SIGINT or SIGTERM. */
export const mockCommand: Command = {
  help: `Usage: vehicle-update-codec mock [--port <n>] [--host <address>]

Runs a mock of the service's HTTP API: the 12 operations, each answering its sample body
(the fixtures of vehicle-update-codec/fixtures) with status 200. Prints the address it
listens on as 'listening on http://<host>:<port>', then runs until SIGINT (Ctrl-C) or
SIGTERM, closes its connections and exits 0. It is the server of startMockServer() in
vehicle-update-codec/mock: CORS for any origin (the browser preflight is answered), request
bodies up to 1 MiB (413 past that), 10 s to send a request (408 past that), 404 for a path
that is no operation.

A request picks a declared status with the header 'Prefer: code=<status>', as with Prism:
400, 401 or 503 (408 too for POST /sms) answer that status's CommonJSONError sample; an
undeclared one answers 500 with a text body naming the declared statuses.

It needs the msw package (an optional peer dependency): npm install --save-dev msw
Exit codes: 0 stopped by a signal, 1 it could not listen (the port is taken), 2 bad usage or
msw is not installed.

Options:
  --port <n>          the TCP port, 0 to 65535; 0 picks a free one (default ${defaultPort})
  --host <address>    the address to listen on (default 127.0.0.1: this machine only;
                      0.0.0.0 or :: to be reached from other machines)
  -h, --help          show this help

Examples (one shell session; the mock runs in the background until killed):
  vehicle-update-codec mock --port 4010 > mock.log &
  for i in $(seq 100); do grep -qs listening mock.log && break; sleep 0.1; done
  vehicle-update-codec http call listVehicles --base-url http://127.0.0.1:4010
  echo '{}' | vehicle-update-codec http call sendSms --body - --header 'prefer: code=408' --base-url http://127.0.0.1:4010 || echo "exit code $?"
  kill $!

Operations: ${operationIds.join(", ")}.`,
  options: { port: { value: "<n>" }, host: { value: "<address>" } },
  positionals: { min: 0, max: 0 },
  readsInput: false,
  async run(values, _positionals, io) {
    const portText = stringOption(values, "port");
    const port = portText === undefined ? defaultPort : wholeNumber("port", portText, 0, 65535);
    const host = stringOption(values, "host") ?? "127.0.0.1";
    if (host === "") throw new UsageError("--host must not be empty");
    // msw 2 looks for localStorage when it loads (for its cookie store). On Node.js 25 and later
    // that global is a getter that prints an ExperimentalWarning unless node was started with
    // --localstorage-file; this process has no use for it, so it is made plainly absent first.
    if (Object.getOwnPropertyDescriptor(globalThis, "localStorage")?.get !== undefined) {
      Object.defineProperty(globalThis, "localStorage", { value: undefined, configurable: true });
    }
    // Loaded only now: msw is an optional peer, and the other commands do not need it.
    try {
      await import("msw");
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") {
        throw new UsageError("the mock needs the msw package: npm install --save-dev msw");
      }
      throw cause;
    }
    const mock = await import("../../mock/index.js");
    let server: Awaited<ReturnType<typeof mock.startMockServer>>;
    try {
      server = await mock.startMockServer({ port, host });
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      if (typeof code !== "string" || code === "invalid_argument") throw cause;
      io.writeErr(`vehicle-update-codec mock: cannot listen on ${host} port ${port}: ${code}\n`);
      return exitCodes.dataError;
    }
    // Listening for the signals before the address is printed: whoever reads it may stop us at once.
    const stopped = new Promise<NodeJS.Signals>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    io.writeOut(`listening on ${server.url}\n`);
    const signal = await stopped;
    await server.close();
    io.writeOut(`stopped by ${signal}\n`);
    return exitCodes.ok;
  },
};
