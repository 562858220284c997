import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient, DEFAULT_MAX_BODY_BYTES } from "../../src/client/index.js";
import { startRawServer } from "./raw-server.js";
import { json, startTestServer, type TestServer } from "./test-server.js";

const exec = promisify(execFile);
const MiB = 2 ** 20;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.reply(() => json(200, {}));
});

function client(maxBodyBytes: number) {
  return createClient({ baseUrl: server.url, maxBodyBytes });
}

describe("maxBodyBytes", () => {
  it("defaults to DEFAULT_MAX_BODY_BYTES, 16 MiB", () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(16 * MiB);
  });

  it("reads a body of exactly maxBodyBytes bytes", async () => {
    server.reply(() => json(200, ["x".repeat(96)])); // 100 bytes of JSON
    expect(await client(100).getTwinCarState()).toMatchObject({
      kind: "ok",
      data: ["x".repeat(96)],
    });
  });

  it("refuses a Content-Length over the limit before reading", async () => {
    const body = JSON.stringify(["x".repeat(97)]);
    server.reply(() => ({
      status: 200,
      headers: { "content-type": "application/json", "content-length": String(body.length) },
      body,
    }));
    expect(await client(100).getTwinCarState()).toEqual({
      kind: "too_large",
      operation: "getTwinCarState",
      status: 200,
      maxBodyBytes: 100,
      message: `GET ${server.url}/twin/carstate answered 200 with a body of more than maxBodyBytes 100 bytes; its Content-Length is 101`,
    });
  });

  it("cuts a chunked body off once it passes the limit, whatever the status", async () => {
    const raw = await startRawServer((socket) => {
      socket.write("HTTP/1.1 503 Service Unavailable\r\ntransfer-encoding: chunked\r\n\r\n");
      socket.write(`40\r\n${"<".repeat(64)}\r\n`);
      socket.write(`40\r\n${"<".repeat(64)}\r\n`);
    });
    try {
      expect(
        await createClient({ baseUrl: raw.url, maxBodyBytes: 100 }).listIssues(),
      ).toMatchObject({
        kind: "too_large",
        status: 503,
        message: `GET ${raw.url}/issues answered 503 with a body of more than maxBodyBytes 100 bytes; stopped reading`,
      });
    } finally {
      await raw.close();
    }
  });

  it("counts bytes after decompression, not the Content-Length of the gzip", async () => {
    const zeros = gzipSync(Buffer.alloc(MiB));
    server.reply(() => ({
      status: 200,
      headers: { "content-encoding": "gzip", "content-type": "application/json" },
      body: zeros as unknown as string,
    }));
    expect(zeros.length).toBeLessThan(2_000);
    expect(await client(64 * 1024).listVehicles()).toMatchObject({
      kind: "too_large",
      message: expect.stringMatching(/; stopped reading$/),
    });
  });

  it("reads the text of a custom fetch's stand-in without a body stream, within the limit", async () => {
    const standIn = (text: string) => async () =>
      ({
        status: 200,
        headers: new Headers({ "content-type": "application/json" }),
        text: async () => text,
      }) as unknown as Response;
    const make = (text: string) =>
      createClient({ baseUrl: server.url, maxBodyBytes: 10, fetch: standIn(text) });
    expect(await make('{"a":1}').listVehicles()).toMatchObject({ kind: "ok", data: { a: 1 } });
    expect(await make('{"a":"long"}').listVehicles()).toMatchObject({ kind: "too_large" });
  });

  it("accepts maxBodyBytes 0 for an empty body", async () => {
    server.reply(() => ({ status: 204 }));
    expect(await client(0).deleteApiToken()).toMatchObject({ kind: "unexpected_status", body: "" });
  });

  // Each scenario runs in a child process of its own (body-memory-child.ts), which serves the body
  // from a local server, reads it with the default limit of 16 MiB and prints its peak RSS. Bounds
  // are generous (the body alone is 16 MiB; 1 GB and more before the limit existed); what matters
  // is that memory stays near the limit instead of growing with the body.
  it.each([
    ["a brotli bomb (329 bytes inflating to 400 MiB)", "brotli-bomb"],
    ["a gzip bomb (400 MiB of zeros, gzipped on the fly)", "gzip-bomb"],
    ["a 256 MiB chunked body", "chunked-256mib"],
    ["an endless chunked body", "endless"],
  ])(
    "refuses %s quickly, with memory bounded near the limit",
    async (_, scenario) => {
      const { stdout } = await exec(
        process.execPath,
        ["--expose-gc", "--import", "tsx", "test/client/body-memory-child.ts", scenario],
        { cwd: `${import.meta.dirname}/../..`, timeout: 60_000 },
      );
      const report = JSON.parse(stdout) as {
        kind: string;
        message: string;
        ms: number;
        baselineMiB: number;
        peakMiB: number;
      };
      expect(report).toMatchObject({ kind: "too_large" });
      expect(report.message).toMatch(/more than maxBodyBytes 16777216 bytes; stopped reading$/);
      expect(report.peakMiB - report.baselineMiB).toBeLessThan(160);
      expect(report.ms).toBeLessThan(20_000);
    },
    60_000,
  );
});
