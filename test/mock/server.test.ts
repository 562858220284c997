// The real mock server over TCP on 127.0.0.1: the package's client against it, the journal,
// overrides and reset, CORS, and a hostile client (a huge body, a request that never ends).
import { connect } from "node:net";
import { delay, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createClient } from "../../src/client/index.js";
import { sampleHttpBody } from "../../src/fixtures/index.js";
import { CommonCar } from "../../src/http/index.js";
import { isCodecError } from "../../src/index.js";
import { type MockServer, mockOperation, startMockServer } from "../../src/mock/index.js";

let server: MockServer;

beforeAll(async () => {
  server = await startMockServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

/** Sends raw bytes and resolves to what came back before the server closed the connection. */
function rawExchange(port: number, send: (socket: ReturnType<typeof connect>) => void) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
    });
    socket.on("error", (error) => (text === "" ? reject(error) : resolve(text)));
    socket.on("close", () => resolve(text));
    socket.on("connect", () => send(socket));
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer in 10 s")));
  });
}

describe("startMockServer()", () => {
  it("listens on 127.0.0.1 on a free port", () => {
    expect(server.host).toBe("127.0.0.1");
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it("answers the package's client with the fixtures", async () => {
    const client = createClient({ baseUrl: server.url });
    expect(await client.listVehicles()).toEqual({
      kind: "ok",
      operation: "listVehicles",
      status: 200,
      data: sampleHttpBody("listVehicles", 200),
    });
    expect(await client.deleteIssue("512")).toMatchObject({ kind: "ok" });
    expect(
      await client.sendSms({ to: "+447700900123" }, { headers: { prefer: "code=408" } }),
    ).toMatchObject({ kind: "api_error", status: 408 });
  });

  it("keeps a journal of the requests in the order they came", async () => {
    const client = createClient({ baseUrl: `${server.url}/api`, headers: { authorization: "t" } });
    await client.listVehicles({ query: { page: 2, vin: ["a", "b"] } });
    await client.sendSms({ to: "+1" });
    await fetch(`${server.url}/nowhere`);
    expect(
      server.requests.map(({ method, path, query, operation, status, body }) => ({
        method,
        path,
        query,
        operation,
        status,
        body,
      })),
    ).toEqual([
      {
        method: "GET",
        path: "/api/vehicles",
        query: [
          ["page", "2"],
          ["vin", "a"],
          ["vin", "b"],
        ],
        operation: "listVehicles",
        status: 200,
        body: "",
      },
      {
        method: "POST",
        path: "/api/sms",
        query: [],
        operation: "sendSms",
        status: 200,
        body: '{"to":"+1"}',
      },
      { method: "GET", path: "/nowhere", query: [], operation: undefined, status: 404, body: "" },
    ]);
    expect(server.requests[0]?.headers.authorization).toBe("t");
    server.clearRequests();
    expect(server.requests).toEqual([]);
  });

  it("records a delayed request when it arrives, its status when answered", async () => {
    server.use(
      mockOperation("listIssues", async () => {
        await delay(200);
        return { status: 200 };
      }),
    );
    const client = createClient({ baseUrl: server.url });
    const pending = client.listIssues();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await client.listVehicles();
    expect(server.requests.map((r) => [r.operation, r.status])).toEqual([
      ["listIssues", undefined],
      ["listVehicles", 200],
    ]);
    await pending;
    expect(server.requests[0]?.status).toBe(200);
  });

  it("takes overrides with use(), once or until reset()", async () => {
    const client = createClient({ baseUrl: server.url });
    server.use(mockOperation("listVehicles", { status: 503 }));
    server.use(mockOperation("listVehicles", { status: 401 }, { once: true }));
    const status = async () => {
      const result = await client.listVehicles();
      return "status" in result ? result.status : result.kind;
    };
    expect(await status()).toBe(401);
    expect(await status()).toBe(503);
    expect(await status()).toBe(503);
    server.resetHandlers();
    expect(await status()).toBe(200);
  });

  it("drops the connection for msw's HttpResponse.error()", async () => {
    server.use(mockOperation("listVehicles", () => HttpResponse.error()));
    const result = await createClient({ baseUrl: server.url }).listVehicles();
    expect(result.kind).toBe("network_error");
    expect(server.requests.at(-1)?.status).toBe(0);
  });

  it("answers a resolver reply from the request, and checks what it returns", async () => {
    server.use(
      mockOperation("deleteIssue", ({ request, params }) =>
        params.id === "7"
          ? { status: 200, body: { message: `${request.method} ${params.id}` } }
          : ({ status: 404 } as never),
      ),
    );
    const client = createClient({ baseUrl: server.url });
    expect(await client.deleteIssue(7)).toMatchObject({
      kind: "ok",
      data: { message: "DELETE 7" },
    });
    expect(await client.deleteIssue(8)).toEqual({
      kind: "unexpected_status",
      operation: "deleteIssue",
      status: 500,
      body: 'the deleteIssue reply\'s status must be one that deleteIssue declares (200, 400, 401, 503), got 404; use { kind: "raw" } for any other\n',
    });
  });

  it("checks replies by the records given at start", async () => {
    const records = { CommonCar: CommonCar.extend({ vin: z.string() }) };
    const error = await startMockServer({
      records,
      // @ts-expect-error a car without vin breaks the records
      replies: { listVehicles: { status: 200, body: { data: [{ model: "ID.3" }] } } },
    }).catch((e: unknown) => e);
    expect(isCodecError(error) && error.message).toMatch(
      /^\[invalid_argument\] the listVehicles reply's body breaks the contract: listVehicles 200 body does not match its schema: data\[0\]\.vin: /,
    );
  });

  it("takes replies at start", async () => {
    const other = await startMockServer({ replies: { getTwinCarState: { status: 503 } } });
    try {
      const result = await createClient({ baseUrl: other.url }).getTwinCarState();
      expect(result).toMatchObject({ kind: "api_error", status: 503 });
    } finally {
      await other.close();
    }
  });

  it("answers a CORS preflight with 204 and every answer with the page's origin", async () => {
    const preflight = await fetch(`${server.url}/vehicles`, {
      method: "OPTIONS",
      headers: {
        origin: "http://app.localhost:5173",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization, prefer",
      },
    });
    expect(preflight.status).toBe(204);
    const headers: Record<string, string> = {};
    preflight.headers.forEach((value, name) => {
      headers[name] = value;
    });
    expect(headers).toMatchObject({
      "access-control-allow-origin": "http://app.localhost:5173",
      "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
      "access-control-allow-headers": "authorization, prefer",
    });
    const answer = await fetch(`${server.url}/vehicles`, {
      headers: { origin: "http://app.localhost:5173" },
    });
    expect(answer.headers.get("access-control-allow-origin")).toBe("http://app.localhost:5173");
    expect(server.requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("answers 413 to a body over maxBodyBytes and closes the connection", async () => {
    const small = await startMockServer({ maxBodyBytes: 1024 });
    try {
      // Content-Length says it: refused before a byte of the body is read.
      const declared = await fetch(`${small.url}/sms`, { method: "POST", body: "x".repeat(2048) });
      expect(declared.status).toBe(413);
      expect(await declared.text()).toBe("request body larger than maxBodyBytes 1024\n");
      // Chunked, never ending: refused once 1 KiB has come, without reading the rest.
      const answer = await rawExchange(small.port, (socket) => {
        socket.write("POST /sms HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n");
        const chunk = `400\r\n${"y".repeat(1024)}\r\n`;
        for (let i = 0; i < 8; i++) socket.write(chunk);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(small.requests.map((r) => [r.operation, r.status, r.body])).toEqual([
        ["sendSms", 413, ""],
        ["sendSms", 413, ""],
      ]);
    } finally {
      await small.close();
    }
  });

  it("answers 408 to a request that does not arrive within requestTimeoutMs", async () => {
    const quick = await startMockServer({ requestTimeoutMs: 300 });
    try {
      const answer = await rawExchange(quick.port, (socket) => {
        socket.write("POST /sms HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nabc");
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await quick.close();
    }
  });

  it("answers 400 to an absolute-form target for another origin", async () => {
    const answer = await rawExchange(server.port, (socket) => {
      socket.end(
        "GET http://elsewhere.test/vehicles HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("the request target is not a path");
  });

  it.each([
    [{ port: -1 }, "port must be an integer from 0 to 65535, got -1"],
    [{ port: 1.5 }, "port must be an integer from 0 to 65535, got 1.5"],
    [{ host: "" }, "host must be a non-empty string"],
    [{ maxBodyBytes: "1" }, 'maxBodyBytes must be an integer from 0 to 9007199254740991, got "1"'],
    [{ requestTimeoutMs: 0 }, "requestTimeoutMs must be an integer from 1 to 2147483647, got 0"],
    [{ records: { Car: {} } }, 'records names unknown record "Car"'],
  ])("rejects bad options %j", async (options, message) => {
    const error = await startMockServer(options as never).catch((e: unknown) => e);
    expect(isCodecError(error) && error.message).toBe(`[invalid_argument] ${message}`);
  });

  it("rejects with the listen error when the port is taken", async () => {
    const error = await startMockServer({ port: server.port }).catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe("EADDRINUSE");
  });
});

describe("startMockServer() and a client that goes away", () => {
  it("keeps serving after a client drops its connection in the middle of a body", async () => {
    const server = await startMockServer();
    try {
      await new Promise<void>((resolve) => {
        const socket = connect(server.port, "127.0.0.1", () => {
          socket.write("POST /sms HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\nabc");
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 100);
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const result = await createClient({ baseUrl: server.url }).listVehicles();
      expect(result.kind).toBe("ok");
      expect(server.requests.map((r) => [r.operation, r.status])).toEqual([
        ["sendSms", 0],
        ["listVehicles", 200],
      ]);
    } finally {
      await server.close();
    }
  });
});
