import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientOptions, type ClientResult, createClient } from "../../src/client/index.js";
import { startRawServer, trickle } from "./raw-server.js";
import { json, startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const never = new Promise<never>(() => {});

/** Runs `call` and returns its result and how long it took, in ms. */
async function timed(call: () => Promise<ClientResult>): Promise<[ClientResult, number]> {
  const started = performance.now();
  const result = await call();
  return [result, performance.now() - started];
}

function client(options: Partial<ClientOptions>) {
  return createClient({ baseUrl: server.url, timeoutMs: 300, ...options });
}

/** Expects a `timeout` of a 300 ms deadline: not before it, and within 2 s of it. */
function expectTimeout([result, ms]: [ClientResult, number]) {
  expect(result).toMatchObject({
    kind: "timeout",
    message: expect.stringMatching(/ timed out after 300 ms$/),
    cause: { name: "TimeoutError" },
  });
  expect(ms).toBeGreaterThanOrEqual(250);
  expect(ms).toBeLessThan(2_300);
}

describe("timeoutMs bounds every step", () => {
  it("a headers function that never settles", async () => {
    const before = server.requests.length;
    expectTimeout(await timed(() => client({ headers: () => never }).listVehicles()));
    expect(server.requests.length).toBe(before);
  });

  it("a headers function that takes 2 s", async () => {
    const slow = () => new Promise<HeadersInit>((resolve) => setTimeout(() => resolve({}), 2_000));
    expectTimeout(await timed(() => client({ headers: slow }).listVehicles()));
  });

  it("a headers function that gets a signal which aborts at the deadline", async () => {
    let seen: AbortSignal | undefined;
    const headers = ({ signal }: { signal: AbortSignal }) => {
      seen = signal;
      return never;
    };
    expectTimeout(await timed(() => client({ headers }).listVehicles()));
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toMatchObject({ name: "TimeoutError" });
  });

  it("a custom fetch that ignores the signal and never settles", async () => {
    expectTimeout(await timed(() => client({ fetch: () => never }).listVehicles()));
  });

  it("a body stream that never ends", async () => {
    const endless = () =>
      Promise.resolve(
        new Response(new ReadableStream({ pull: () => never }), {
          headers: { "content-type": "application/json" },
        }),
      );
    expectTimeout(await timed(() => client({ fetch: endless }).listVehicles()));
  });

  it("a server that answers after the deadline", async () => {
    server.reply(() => ({ ...json(200, {}), delayMs: 5_000 }));
    expectTimeout(await timed(() => client({}).listVehicles()));
  });

  it("a body that arrives after the deadline", async () => {
    server.reply(() => ({ ...json(200, {}), bodyDelayMs: 5_000 }));
    expectTimeout(await timed(() => client({}).listVehicles()));
  });

  it("a redirect, then a server that hangs", async () => {
    server.reply((request) =>
      request.path === "/hang"
        ? { ...json(200, {}), delayMs: 5_000 }
        : { status: 302, headers: { location: "/hang" } },
    );
    expectTimeout(await timed(() => client({}).listVehicles()));
  });
});

describe("hostile servers", () => {
  it.each<[string, string]>([
    ["trickles its headers one byte every 50 ms", "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}"],
    [
      "trickles its body one byte every 50 ms",
      `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n${"[".repeat(100)}`,
    ],
  ])("times out when the server %s", async (_, text) => {
    const raw = await startRawServer((socket) => trickle(socket, text, 50));
    try {
      const c = createClient({ baseUrl: raw.url, timeoutMs: 300 });
      expectTimeout(await timed(() => c.listVehicles()));
    } finally {
      await raw.close();
    }
  });

  it("times out when Content-Length promises more than is sent and the socket stays open", async () => {
    const raw = await startRawServer((socket) => {
      socket.write(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{}",
      );
    });
    try {
      const c = createClient({ baseUrl: raw.url, timeoutMs: 300 });
      expectTimeout(await timed(() => c.listVehicles()));
    } finally {
      await raw.close();
    }
  });

  it.each<[string, string]>([
    [
      "closes before the promised Content-Length",
      "HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n{}",
    ],
    ["sends a garbage status line", "HTTP/1.1 2000000 WHAT\r\n\r\n"],
    ["sends something that is not HTTP", "SSH-2.0-OpenSSH_9.6\r\n\r\n"],
    ["sends an invalid header", "HTTP/1.1 200 OK\r\nbad header\r\n\r\n"],
    ["closes without a word", ""],
  ])("resolves to network_error at once when the server %s", async (_, text) => {
    const raw = await startRawServer((socket) => socket.end(text));
    try {
      const c = createClient({ baseUrl: raw.url, timeoutMs: 10_000 });
      const [result, ms] = await timed(() => c.listVehicles());
      expect(result).toMatchObject({
        kind: "network_error",
        message: expect.stringMatching(new RegExp(`^GET ${raw.url}/vehicles failed: .+ \\(.+\\)$`)),
      });
      expect(ms).toBeLessThan(2_000);
    } finally {
      await raw.close();
    }
  });
});

describe("the caller's signal", () => {
  it.each<[string, unknown]>([
    ["an Error", new Error("user left the page")],
    ["a string", "stop"],
    ["0", 0],
    ["null", null],
    ["an object", { why: "navigation" }],
  ])("resolves to aborted with the reason as cause when the reason is %s", async (_, reason) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(reason), 20);
    const c = createClient({ baseUrl: server.url, headers: () => never });
    const result = await c.listVehicles({ signal: controller.signal });
    expect(result).toEqual({
      kind: "aborted",
      operation: "listVehicles",
      message: `GET /vehicles was aborted`,
      cause: reason,
    });
  });

  it("gives the default AbortError when abort() has no reason", async () => {
    const result = await client({}).deleteIssue(1, { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ kind: "aborted", cause: { name: "AbortError" } });
  });

  it("aborts a body being read", async () => {
    server.reply(() => ({ ...json(200, {}), bodyDelayMs: 5_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort("enough"), 50);
    const [result, ms] = await timed(() =>
      createClient({ baseUrl: server.url }).listVehicles({ signal: controller.signal }),
    );
    expect(result).toMatchObject({ kind: "aborted", cause: "enough" });
    expect(ms).toBeLessThan(2_000);
  });

  it("resolves to request_error when a signal-like object throws as it is listened to", async () => {
    const signal = {
      aborted: false,
      addEventListener() {
        throw new Error("no listeners here");
      },
      removeEventListener() {},
    } as unknown as AbortSignal;
    const result = await client({}).listVehicles({ signal });
    expect(result).toMatchObject({
      kind: "request_error",
      message: "could not listen to the listVehicles request's signal: Error: no listeners here",
    });
  });

  it("keeps no listener on a signal shared by many requests", async () => {
    server.reply(() => json(200, {}));
    const controller = new AbortController();
    const c = createClient({ baseUrl: server.url });
    const results = await Promise.all(
      Array.from({ length: 100 }, () => c.listVehicles({ signal: controller.signal })),
    );
    expect(results.every((result) => result.kind === "ok")).toBe(true);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
