// The package in a real browser: a page that imports it as a browser app does, bundled by
// esbuild for the browser, served from 127.0.0.1 and run in headless Chromium. It decodes every
// golden vector, narrows and maps it, parses HTTP bodies, and must get what Node.js gets.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleHttpBodies } from "../../src/fixtures/index.js";
import { parseResponse } from "../../src/http/index.js";
import {
  decodeEnvelope,
  envelopeKind,
  envelopeToJsonString,
  isCodecError,
  isEnvelopeOf,
  matchEnvelope,
} from "../../src/index.js";
import { ensureDist, goldenFolder, root } from "../package/pack.js";
import { bundlePage, hasChromium, launchChromium, skipNote } from "./bundle-page.js";
import { type Input, type Output, runChecks } from "./checks.js";

/** Said in each test's name when Chromium is missing, so the skip explains itself. */

/** The page's script: the package by its name and subpaths, as a browser app imports it. */
const pageEntry = `
import {
  decodeEnvelope, envelopeKind, envelopeToJsonString, isCodecError, isEnvelopeOf, matchEnvelope,
} from "vehicle-update-codec";
import { parseResponse } from "vehicle-update-codec/http";
import { runChecks } from ${JSON.stringify(join(import.meta.dirname, "checks.ts"))};

const lib = {
  decodeEnvelope, envelopeKind, envelopeToJsonString, isCodecError, isEnvelopeOf, matchEnvelope,
  parseResponse,
};
globalThis.runChecks = (input) => runChecks(lib, input);
`;

const goldenDir = join(root, goldenFolder);
const input: Input = {
  golden: readdirSync(goldenDir)
    .filter((file) => file.endsWith(".binpb"))
    .map((file) => ({
      kind: file.replace(/\.binpb$/, ""),
      bytes: [...readFileSync(join(goldenDir, file))],
    })),
  responses: [
    ...Object.entries(sampleHttpBodies()).flatMap(([operation, byStatus]) =>
      Object.entries(byStatus).map(([status, body]) => ({
        operation,
        status: Number(status),
        body,
      })),
    ),
    { operation: "listVehicles", status: 200, body: { data: [{ vin: 1 }, "not a car"] } },
    { operation: "listVehicles", status: 503, body: "<html>Bad gateway</html>" },
    { operation: "deleteIssue", status: 404, body: null },
  ],
};

let dir: string;
let server: Server | undefined;
let browser: Browser | undefined;
let baseUrl: string;
/** The `node:` and built-in modules the bundle would import, which a browser cannot load. */
let nodeImports: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  await ensureDist();
  // A throwaway app folder whose node_modules holds the package (a link to this repository), so
  // that esbuild resolves "vehicle-update-codec/..." through package.json "exports" to dist/.
  dir = mkdtempSync(join(tmpdir(), "vuc-browser-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(root, join(dir, "node_modules/vehicle-update-codec"), "dir");
  const page = await bundlePage(dir, pageEntry, "ts");
  nodeImports = page.nodeImports;
  const script = page.script;
  const html = `<!doctype html><meta charset="utf-8"><title>vehicle-update-codec</title>
<script type="module" src="/page.js"></script>`;
  server = createServer((request, response) => {
    const [type, body] =
      request.url === "/page.js" ? ["text/javascript", script] : ["text/html", html];
    response.writeHead(200, { "content-type": `${type}; charset=utf-8` }).end(body);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the server has no port");
  baseUrl = `http://127.0.0.1:${address.port}/`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("vehicle-update-codec in Chromium", () => {
  it.skipIf(!hasChromium)(`bundles for the browser without any Node.js module${skipNote}`, () => {
    expect(nodeImports).toEqual([]);
  });

  it.skipIf(!hasChromium)(
    `decodes, narrows and maps every golden vector and parses HTTP bodies as Node.js does${skipNote}`,
    async () => {
      if (!browser) throw new Error("Chromium did not start");
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console error: ${message.text()}`);
      });
      // Nothing leaves 127.0.0.1.
      await page.route(
        (url) => !url.href.startsWith(baseUrl),
        (route) => route.abort(),
      );
      await page.goto(baseUrl);
      await page.waitForFunction(() => "runChecks" in globalThis, undefined, { timeout: 10_000 });
      const inBrowser = await page.evaluate(
        (arg) => (globalThis as unknown as { runChecks(input: Input): Output }).runChecks(arg),
        input,
      );
      await page.close();

      const inNode = runChecks(
        {
          decodeEnvelope,
          envelopeKind,
          envelopeToJsonString,
          isCodecError,
          isEnvelopeOf,
          matchEnvelope,
          parseResponse,
        },
        input,
      );
      expect(problems).toEqual([]);
      expect(inBrowser).toEqual(inNode);
      // And Node.js agrees with the files: every vector narrows to its kind and maps to its JSON.
      expect(inNode.golden).toHaveLength(11);
      input.golden.forEach(({ kind }, index) => {
        expect(inNode.golden[index]).toMatchObject({ kind, isOfFileKind: true });
        expect(`${inNode.golden[index]?.json}\n`).toBe(
          readFileSync(join(goldenDir, `${kind}.json`), "utf8"),
        );
      });
      expect(inNode.error.isCodecError).toBe(true);
      expect(inNode.responses.map((result) => (result as { kind: string }).kind)).toContain(
        "invalid_body",
      );
    },
  );
});
