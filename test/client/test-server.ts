import { createServer, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the server received it. */
export interface RecordedRequest {
  readonly method: string;
  /** The raw path, still percent-encoded, without the query. */
  readonly path: string;
  /** The raw query string without `?`, or "" when there is none. */
  readonly search: string;
  readonly headers: IncomingHttpHeaders;
  /** The body text, "" when there is none. */
  readonly body: string;
}

/** What the server answers. */
export interface Reply {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Waits this long before sending the status line. */
  readonly delayMs?: number;
  /** Sends the status and headers at once but waits this long before the body. */
  readonly bodyDelayMs?: number;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Sets how the server answers from now on. */
  reply(answer: (request: RecordedRequest) => Reply): void;
  close(): Promise<void>;
}

/** JSON reply with `content-type: application/json`. */
export function json(status: number, value: unknown): Reply {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(value) };
}

/** Starts a server on 127.0.0.1 on a free port that records every request. */
export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let answer: (request: RecordedRequest) => Reply = () => json(200, {});
  const server = createServer(async (req, res) => {
    const request = await record(req);
    requests.push(request);
    const { status, headers = {}, body = "", delayMs = 0, bodyDelayMs = 0 } = answer(request);
    const timers: NodeJS.Timeout[] = [];
    res.on("close", () => {
      for (const timer of timers) clearTimeout(timer);
    });
    timers.push(
      setTimeout(() => {
        res.writeHead(status, headers);
        if (bodyDelayMs === 0) res.end(body);
        else {
          res.flushHeaders();
          timers.push(setTimeout(() => res.end(body), bodyDelayMs));
        }
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(next) {
      answer = next;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** Returns a port nothing listens on: one the OS gave a server that is closed again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = req.url ?? "";
  const queryAt = url.indexOf("?");
  return {
    method: req.method ?? "",
    path: queryAt === -1 ? url : url.slice(0, queryAt),
    search: queryAt === -1 ? "" : url.slice(queryAt + 1),
    headers: req.headers,
    body: Buffer.concat(chunks).toString("utf8"),
  };
}
