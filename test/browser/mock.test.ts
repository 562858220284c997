// The mock where browser tests use it, in headless Chromium with the package's client: (a) MSW's
// setupWorker with the service worker file of `msw init`, and (b) the real mock server called
// cross-origin, with CORS. The page imports the package by name (dist/, through "exports"), is
// bundled by esbuild for the browser and served from 127.0.0.1.

import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleHttpBody } from "../../src/fixtures/index.js";
import { type MockServer, startMockServer } from "../../src/mock/index.js";
import { ensureDist, root } from "../package/pack.js";
import { bundlePage, hasChromium, launchChromium, skipNote } from "./bundle-page.js";

/** What the page runs; each function resolves to plain results the test compares. */
const pageEntry = `
import { delay, HttpResponse } from "msw";
import { setupWorker } from "msw/browser";
import { createClient } from "vehicle-update-codec/client";
import { createHandlers, mockOperation } from "vehicle-update-codec/mock";

const summary = (r) => ({ kind: r.kind, status: r.status, data: r.data, error: r.error, body: r.body });

globalThis.withWorker = async () => {
  const worker = setupWorker(...createHandlers({ baseUrl: location.origin + "/api" }));
  await worker.start({ serviceWorker: { url: "/mockServiceWorker.js" }, quiet: true, onUnhandledRequest: "error" });
  const client = createClient({ baseUrl: location.origin + "/api", timeoutMs: 2000 });
  const results = [];
  results.push(summary(await client.listVehicles()));
  results.push(summary(await client.sendSms({ to: "+1" }, { headers: { prefer: "code=408" } })));
  worker.use(mockOperation("listVehicles", { status: 503 }, { baseUrl: location.origin + "/api", once: true }));
  results.push(summary(await client.listVehicles()));
  results.push(summary(await client.listVehicles()));
  worker.use(mockOperation("deleteIssue", { kind: "raw", status: 502, body: "<html>Bad gateway</html>" }));
  results.push(summary(await client.deleteIssue(512)));
  worker.use(mockOperation("getTwinCarState", () => HttpResponse.error()));
  results.push({ kind: (await client.getTwinCarState()).kind });
  worker.use(mockOperation("listIssues", async () => { await delay(500); return { status: 200 }; }));
  worker.use(mockOperation("deleteIssue", ({ params }) => ({ status: 200, body: { message: "deleted " + params.id } })));
  const impatient = createClient({ baseUrl: location.origin + "/api", timeoutMs: 50 });
  results.push({ kind: (await impatient.listIssues()).kind });
  results.push(summary(await client.deleteIssue(9)));
  worker.stop();
  return results;
};

globalThis.withServer = async (url) => {
  const client = createClient({ baseUrl: url, headers: { authorization: "Bearer page" } });
  return [
    summary(await client.listVehicles()),
    summary(await client.postCarStateMulti([{ vin: "V" }], { headers: { prefer: "code=503" } })),
    summary(await client.deleteIssue("512")),
  ];
};
`;

let dir: string;
let server: Server | undefined;
let mock: MockServer | undefined;
let browser: Browser | undefined;
let pageUrl: string;
let nodeImports: string[] = [];
/** The files of the page's bundle that come from packages the mock must not pull in. */
let unwanted: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  await ensureDist();
  dir = mkdtempSync(join(tmpdir(), "vuc-mock-browser-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(root, join(dir, "node_modules/vehicle-update-codec"), "dir");
  symlinkSync(join(root, "node_modules/msw"), join(dir, "node_modules/msw"), "dir");
  // The service worker file as an app gets it: `msw init <public dir>`.
  await promisify(execFile)(process.execPath, [
    join(root, "node_modules/msw/cli/index.js"),
    "init",
    join(dir, "public"),
    "--no-save",
  ]);
  const worker = readFileSync(join(dir, "public/mockServiceWorker.js"), "utf8");
  const page = await bundlePage(dir, pageEntry, "js");
  nodeImports = page.nodeImports;
  unwanted = page.inputs.filter((input) => /@bufbuild\/protobuf|\/gen\/|node-http/.test(input));
  const script = page.script;
  const html = `<!doctype html><meta charset="utf-8"><title>mock</title>
<script type="module" src="/page.js"></script>`;
  server = createServer((request, response) => {
    const [type, body] =
      request.url === "/page.js"
        ? ["text/javascript", script]
        : request.url === "/mockServiceWorker.js"
          ? ["text/javascript", worker]
          : ["text/html", html];
    response.writeHead(200, { "content-type": `${type}; charset=utf-8` }).end(body);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the server has no port");
  pageUrl = `http://127.0.0.1:${address.port}/`;
  mock = await startMockServer();
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await mock?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A fresh page at the app, with every error it logs collected in `problems`. */
async function openPage(problems: string[]): Promise<Page> {
  if (!browser) throw new Error("Chromium did not start");
  const page = await browser.newPage();
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.goto(pageUrl);
  await page.waitForFunction(() => "withWorker" in globalThis, undefined, { timeout: 10_000 });
  return page;
}

const fixture = (id: "listVehicles", status: 200 | 503) => sampleHttpBody(id, status);

describe("vehicle-update-codec/mock in Chromium", () => {
  it.skipIf(!hasChromium)(
    `bundles for the browser without any Node.js module or the protobuf runtime${skipNote}`,
    () => {
      expect(nodeImports).toEqual([]);
      expect(unwanted).toEqual([]);
    },
  );

  it.skipIf(!hasChromium)(
    `answers the client through setupWorker and the msw init service worker${skipNote}`,
    async () => {
      const problems: string[] = [];
      const page = await openPage(problems);
      const results = await page.evaluate(() =>
        (globalThis as unknown as { withWorker(): Promise<unknown[]> }).withWorker(),
      );
      await page.close();
      expect(problems).toEqual([]);
      expect(results).toEqual([
        { kind: "ok", status: 200, data: fixture("listVehicles", 200) },
        { kind: "api_error", status: 408, error: sampleHttpBody("sendSms", 408) },
        { kind: "api_error", status: 503, error: fixture("listVehicles", 503) },
        { kind: "ok", status: 200, data: fixture("listVehicles", 200) },
        { kind: "unexpected_status", status: 502, body: "<html>Bad gateway</html>" },
        { kind: "network_error" },
        { kind: "timeout" },
        { kind: "ok", status: 200, data: { message: "deleted 9" } },
      ]);
    },
  );

  it.skipIf(!hasChromium)(
    `calls the real mock server cross-origin, CORS preflight included${skipNote}`,
    async () => {
      if (!mock) throw new Error("the mock server did not start");
      mock.reset();
      const problems: string[] = [];
      const page = await openPage(problems);
      const results = await page.evaluate(
        (url) =>
          (globalThis as unknown as { withServer(url: string): Promise<unknown[]> }).withServer(
            url,
          ),
        mock.url,
      );
      await page.close();
      expect(problems).toEqual([]);
      expect(results).toEqual([
        { kind: "ok", status: 200, data: fixture("listVehicles", 200) },
        { kind: "api_error", status: 503, error: sampleHttpBody("postCarStateMulti", 503) },
        { kind: "ok", status: 200, data: sampleHttpBody("deleteIssue", 200) },
      ]);
      const origin = pageUrl.slice(0, -1);
      expect(
        mock.requests.map((r) => [r.method, r.operation, r.status, r.headers.origin, r.body]),
      ).toEqual([
        ["GET", "listVehicles", 200, origin, ""],
        ["POST", "postCarStateMulti", 503, origin, '[{"vin":"V"}]'],
        ["DELETE", "deleteIssue", 200, origin, ""],
      ]);
      expect(mock.requests[0]?.headers.authorization).toBe("Bearer page");
    },
  );
});
