// The mock checked against the OpenAPI document from outside: the mock server behind Stoplight
// Prism's validating proxy (`prism proxy openapi.json <mock> --errors`), which answers 500 with
// its VIOLATIONS problem when a response breaks the document.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleHttpBody } from "../../src/fixtures/index.js";
import { type OperationId, operations } from "../../src/http/index.js";
import { type MockServer, mockOperation, startMockServer } from "../../src/mock/index.js";

const root = join(import.meta.dirname, "../..");
const prismBin = join(root, "node_modules/@stoplight/prism-cli/dist/index.js");

let mock: MockServer;
let prism: ChildProcess | undefined;
let prismUrl: string;
let prismLog = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  mock = await startMockServer();
  const port = await freePort();
  prismUrl = `http://127.0.0.1:${port}`;
  const args = ["proxy", join(root, "openapi.json"), mock.url, "--errors"];
  prism = spawn(process.execPath, [prismBin, ...args, "--host", "127.0.0.1", "--port", `${port}`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  prism.stdout?.on("data", (chunk: Buffer) => {
    prismLog = (prismLog + chunk.toString()).slice(-4000);
  });
  prism.stderr?.on("data", (chunk: Buffer) => {
    prismLog = (prismLog + chunk.toString()).slice(-4000);
  });
  // Ready when it answers at all (404 for "/", a path the document lacks): at most 60 s.
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${prismUrl}/`);
      break;
    } catch {
      if (attempt >= 300 || prism.exitCode !== null) {
        throw new Error(`Prism did not start within 60 s:\n${prismLog}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  mock.clearRequests();
}, 90_000);

afterAll(async () => {
  if (prism && prism.exitCode === null) {
    const exited = new Promise((resolve) => prism?.once("exit", resolve));
    prism.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (prism.exitCode === null) prism.kill("SIGKILL");
  }
  await mock?.close();
});

/** Sends operation `id` through Prism, asking the mock for `status` with `Prefer: code=`. */
function callThroughPrism(id: OperationId, status?: number): Promise<Response> {
  const op = operations[id];
  const headers: Record<string, string> = { accept: "application/json" };
  if (status !== undefined) headers.prefer = `code=${status}`;
  const init: RequestInit = { method: op.method, headers };
  if (op.method === "POST") {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify({ to: "+447700900123" });
  }
  return fetch(`${prismUrl}${op.path.replace("{id}", "512")}`, init);
}

const cases = (Object.keys(operations) as OperationId[]).flatMap((id) =>
  [200, ...operations[id].errorStatuses].map((status) => [id, status] as const),
);

describe("the mock server behind Prism's validating proxy", () => {
  it.each(cases)("answers %s with %i and no violation", async (id, status) => {
    const response = await callThroughPrism(id, status);
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(sampleHttpBody(id, status as 200));
  });

  it("went through to the mock for each of them", () => {
    expect(mock.requests.length).toBe(cases.length);
  });

  it.each([
    ["listVehicles", 200, '{"total":1,"data":"not a list"}'],
    ["getTwinCarState", 200, '{"vin":"WA1LFAFP0TA000417"}'],
    ["sendSms", 408, "[1, 2]"],
  ] as const)("catches a deliberately wrong %s %i body", async (id, status, body) => {
    mock.use(
      mockOperation(id, {
        kind: "raw",
        status,
        body,
        headers: { "content-type": "application/json" },
      }),
    );
    try {
      const response = await callThroughPrism(id);
      expect(response.status).toBe(500);
      const problem = (await response.json()) as { type: string; validation: unknown[] };
      expect(problem.type).toBe("https://stoplight.io/prism/errors#VIOLATIONS");
      expect(problem.validation.length).toBeGreaterThan(0);
    } finally {
      mock.resetHandlers();
    }
  });

  it("flags a status the operation does not declare", async () => {
    mock.use(mockOperation("deleteIssue", { kind: "raw", status: 404, body: "{}" }));
    try {
      // Prism passes it on, flagged as a warning in its sl-violations header.
      const response = await callThroughPrism("deleteIssue");
      expect(response.status).toBe(404);
      const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]");
      expect(violations).toMatchObject([{ location: ["response"], severity: "Warning" }]);
    } finally {
      mock.resetHandlers();
    }
  });
});
