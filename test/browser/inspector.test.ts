// The inspector page (dist/inspector.html) in headless Chromium, served by the built bin's
// `inspect --web` as a developer opens it, and opened as a file for offline use: each fixture
// kind, a Schema Registry frame, a value with its schema id header, a truncated and a malformed
// value, a file chosen, dropped or named to `inspect --web <file>`, the hex view and the tree
// pointing at each other, the copy buttons; and that the page makes no request after it loads.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { decodeRecordValue, encodeRecordValue } from "../../src/framing/index.js";
import {
  encodeEnvelope,
  envelopeKinds,
  envelopeToJson,
  GRPC_AttendantPayloadSchema,
  isCodecError,
} from "../../src/index.js";
import { mapWire } from "../../src/inspector/wire-map.js";
import { ensureDist, root } from "../package/pack.js";
import { hasChromium, launchChromium, skipNote } from "./bundle-page.js";

/** What dist/inspector.html may weigh, gzipped (level 9): the page, the codec and the fixtures. */
const PAGE_BUDGET = 56 * 1024;

const pagePath = join(root, "dist/inspector.html");
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

let browser: Browser | undefined;
let server: ChildProcess | undefined;
let url = "";
let stopped: Promise<{ code: number | null; out: string }> | undefined;
/** One page on the server for the tests that read values: a new page per test costs seconds. */
let shared: Opened;

beforeAll(async () => {
  await ensureDist();
  if (!hasChromium) return;
  server = spawn(process.execPath, [join(root, "dist/cli/index.js"), "inspect", "--web"]);
  let out = "";
  stopped = new Promise((resolve) => server?.once("exit", (code) => resolve({ code, out })));
  url = await new Promise<string>((resolve, reject) => {
    server?.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = /^inspector page on (http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(out);
      if (found) resolve(found[1] as string);
    });
    server?.once("exit", () => reject(new Error(`inspect --web exited early: ${out}`)));
  });
  browser = await launchChromium();
  shared = await openPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (server?.exitCode === null) server.kill("SIGINT");
});

interface Opened {
  readonly page: Page;
  /** Every request after the page loaded. */
  readonly requests: string[];
  /** Errors thrown in the page or written to its console. */
  readonly problems: string[];
}

/** A page on the server, with every request after the first load counted. */
async function openPage(at = url): Promise<Opened> {
  if (!browser) throw new Error("Chromium did not start");
  const page = await browser.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  await page.goto(at);
  page.on("request", (request) => requests.push(request.url()));
  return { page, requests, problems };
}

/** The shared page with its inputs cleared. */
async function reset(): Promise<Opened> {
  await shared.page.fill("#header", "");
  await shared.page.fill("#value", "");
  return shared;
}

/** The facts the page shows of the value, by name. */
async function facts(page: Page): Promise<Record<string, string>> {
  return page.$$eval("#framing dd", (nodes) =>
    Object.fromEntries(nodes.map((n) => [(n as HTMLElement).dataset.fact, n.textContent])),
  );
}

async function copied(page: Page, button: string): Promise<string> {
  await page.click(`#copy-${button}`);
  return page.inputValue("#copied");
}

/** The offsets of the bytes of the hex view that carry `name`. */
async function marked(page: Page, name: string): Promise<number[]> {
  return page.$$eval(`#hex .${name}`, (nodes) =>
    nodes.map((n) => Number((n as HTMLElement).dataset.offset)),
  );
}

const range = (start: number, end: number) =>
  Array.from({ length: end - start }, (_, i) => start + i);

describe("the inspector page", () => {
  it(`weighs at most ${PAGE_BUDGET / 1024} KiB gzipped, with no reference to anything outside it`, () => {
    const html = readFileSync(pagePath, "utf8");
    expect(gzipSync(html, { level: 9 }).length).toBeLessThanOrEqual(PAGE_BUDGET);
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]*\s(src|href)=/i);
    expect(html).toContain("connect-src 'none'");
  });

  it.skipIf(!hasChromium)(
    `shows every fixture kind as JSON and as a fixture${skipNote}`,
    async () => {
      const { page, requests, problems } = await reset();
      for (const kind of envelopeKinds) {
        const envelope = sampleEnvelope(kind);
        await page.fill("#value", hex(encodeEnvelope(envelope)));
        expect(await facts(page)).toMatchObject({ framing: "raw", kind, handler: `"ota.${kind}"` });
        expect(await copied(page, "json")).toBe(
          `${JSON.stringify(envelopeToJson(envelope), null, 2)}\n`,
        );
        expect(await copied(page, "fixture")).toBe(`const envelope = sampleEnvelope("${kind}");`);
      }
      expect(problems).toEqual([]);
      expect(requests).toEqual([]);
    },
  );

  it.skipIf(!hasChromium)(`points from a field to its bytes and back${skipNote}`, async () => {
    const { page, requests } = await reset();
    const bytes = encodeEnvelope(sampleEnvelope("keys", { handler: "night shift" }));
    const field = mapWire(bytes, GRPC_AttendantPayloadSchema).fields.find(
      (f) => f.path === "keys.eccKeys[0].ecu",
    );
    if (!field) throw new Error("the keys fixture has no keys.eccKeys[0].ecu");
    await page.fill("#value", Buffer.from(bytes).toString("base64"));
    await page.hover('#tree [data-path="keys.eccKeys[0].ecu"]');
    expect(await marked(page, "lit")).toEqual(range(field.start, field.valueStart));
    expect(await marked(page, "lit-value")).toEqual(range(field.valueStart, field.end));
    expect(await page.textContent("#pointer")).toBe(
      `keys.eccKeys[0].ecu: field ${field.number} (string), bytes ${field.start} to ${field.end}`,
    );
    // And from a byte of that value to the field and its node in the tree.
    await page.hover("#pointer");
    await page.hover(`#hex [data-offset="${field.valueStart + 1}"]`);
    expect(await page.getAttribute("#pointer", "data-path")).toBe("keys.eccKeys[0].ecu");
    expect(
      await page.$$eval("#tree .lit-node", (nodes) =>
        nodes.map((n) => (n as HTMLElement).dataset.path),
      ),
    ).toEqual(["keys.eccKeys[0].ecu"]);
    // A handler that is not the sample's is an override of the fixture.
    expect(await copied(page, "fixture")).toBe(
      'const envelope = sampleEnvelope("keys", { handler: "night shift" });',
    );
    expect(requests).toEqual([]);
  });

  it.skipIf(!hasChromium)(`reads a Schema Registry frame from a file${skipNote}`, async () => {
    const { page, requests } = await reset();
    const { value } = encodeRecordValue(sampleEnvelope("order"), {
      framing: "schema-registry",
      schemaId: 42,
    });
    await page.setInputFiles("#file", {
      name: "order.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(value),
    });
    await page.waitForSelector(`#value[placeholder="order.bin: ${value.length} bytes"]`);
    expect(await facts(page)).toMatchObject({
      framing: "schema-registry",
      "schema id": "42",
      "message indexes": "[0]",
      "frame header": "bytes 0 to 6",
      kind: "order",
    });
    expect(await marked(page, "frame")).toEqual(range(0, 6));
    await page.hover('#hex [data-offset="2"]');
    expect(await page.getAttribute("#pointer", "data-path")).toBe("(frame)");
    expect(await copied(page, "fixture")).toBe(
      'const { value, headers } = encodeRecordValue(sampleEnvelope("order"), { framing: "schema-registry", schemaId: 42 });',
    );
    expect(requests).toEqual([]);
  });

  it.skipIf(!hasChromium)(`reads a file dropped on the page${skipNote}`, async () => {
    const { page, requests } = await reset();
    const value = encodeEnvelope(sampleEnvelope("keys"));
    const dataTransfer = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], "keys.bin", { type: "application/octet-stream" }));
      return transfer;
    }, Buffer.from(value).toString("base64"));
    await page.dispatchEvent("#tree", "drop", { dataTransfer });
    await page.waitForSelector(`#value[placeholder="keys.bin: ${value.length} bytes"]`);
    expect(await facts(page)).toMatchObject({
      framing: "raw",
      kind: "keys",
      handler: '"ota.keys"',
    });
    expect(await copied(page, "fixture")).toBe('const envelope = sampleEnvelope("keys");');
    expect(requests).toEqual([]);
  });

  it.skipIf(!hasChromium)(
    `opens with the value of the file inspect --web <file> names${skipNote}`,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "vuc-inspector-"));
      const { value } = encodeRecordValue(sampleEnvelope("order"), {
        framing: "schema-registry",
        schemaId: 42,
      });
      writeFileSync(join(dir, "order.bin"), value);
      const given = spawn(process.execPath, [
        join(root, "dist/cli/index.js"),
        "inspect",
        "--web",
        join(dir, "order.bin"),
      ]);
      try {
        const at = await new Promise<string>((resolve, reject) => {
          let out = "";
          given.stdout.on("data", (chunk: Buffer) => {
            out += chunk.toString();
            const found = /^inspector page on (http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(out);
            if (found) resolve(found[1] as string);
          });
          given.once("exit", () => reject(new Error(`inspect --web exited early: ${out}`)));
        });
        const { page, requests, problems } = await openPage(at);
        await page.waitForSelector(`#value[placeholder="order.bin: ${value.length} bytes"]`);
        expect(await facts(page)).toMatchObject({
          framing: "schema-registry",
          "schema id": "42",
          kind: "order",
        });
        await page.close();
        expect(problems).toEqual([]);
        expect(requests).toEqual([]);
      } finally {
        given.kill("SIGINT");
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!hasChromium)(`reads a value with its schema id header${skipNote}`, async () => {
    const { page, requests } = await reset();
    const schemaGuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const { value, headers } = encodeRecordValue(sampleEnvelope("dtcEntry"), {
      framing: "schema-registry-header",
      schemaGuid,
    });
    const header = headers.__value_schema_id as Uint8Array;
    await page.fill("#header", hex(header));
    await page.fill("#value", hex(value));
    expect(await facts(page)).toMatchObject({
      framing: "schema-registry-header",
      "schema GUID": schemaGuid,
      "message indexes": "[0]",
      "header __value_schema_id": [...header].map((b) => b.toString(16).padStart(2, "0")).join(" "),
      kind: "dtcEntry",
    });
    expect(await marked(page, "frame")).toEqual([]);
    expect(await copied(page, "fixture")).toBe(
      `const { value, headers } = encodeRecordValue(sampleEnvelope("dtcEntry"), { framing: "schema-registry-header", schemaGuid: "${schemaGuid}" });`,
    );
    expect(requests).toEqual([]);
  });

  const sample = encodeEnvelope(sampleEnvelope("keys"));
  it.skipIf(!hasChromium).each([
    ["a truncated value", sample.subarray(0, 40), 11, 12],
    ["a malformed value", Uint8Array.from([...sample, 0x00]), sample.length, sample.length],
    [
      "a truncated Schema Registry frame",
      encodeRecordValue(sampleEnvelope("keys"), {
        framing: "schema-registry",
        schemaId: 7,
      }).value.subarray(0, 46),
      17,
      18,
    ],
  ])(`shows the error of %s with its bytes marked${skipNote}`, async (_, bytes, offset, start) => {
    const { page, requests } = await reset();
    let message = "";
    try {
      decodeRecordValue(bytes, undefined, { requireData: false });
    } catch (error) {
      if (!isCodecError(error)) throw error;
      message = error.message;
    }
    await page.fill("#value", hex(bytes));
    const problem = mapWire(bytes, GRPC_AttendantPayloadSchema, start === 18 ? 6 : 0).problem;
    expect(problem?.offset).toBe(offset);
    expect(await page.textContent("#error strong")).toBe("Error: ");
    expect(await page.textContent("#error")).toContain(`Error: ${message}`);
    expect(await marked(page, "bad-at")).toEqual([offset]);
    const bad = await marked(page, "bad");
    expect(bad[0]).toBe(problem?.start);
    expect(bad).toContain(offset);
    expect(requests).toEqual([]);
  });

  it.skipIf(!hasChromium)(
    `lists unknown fields, which point at their bytes${skipNote}`,
    async () => {
      const { page, requests } = await reset();
      const known = encodeEnvelope(sampleEnvelope("updateGet", { handler: "h" }));
      const inner = known.subarray(5);
      const bytes = Uint8Array.from([
        ...known.subarray(0, 3),
        0x3a,
        inner.length + 3,
        ...inner,
        0x98,
        0x06,
        0x05,
      ]);
      await page.fill("#value", hex(bytes));
      expect(await page.textContent("#unknown li")).toBe(
        `updateGet.#99: field 99, wire type 0, 1 bytes at offset ${bytes.length - 3}`,
      );
      await page.hover("#unknown li");
      expect(await marked(page, "lit")).toEqual(range(bytes.length - 3, bytes.length - 1));
      expect(requests).toEqual([]);
    },
  );

  it.skipIf(!hasChromium)(`works opened as a file, offline${skipNote}`, async () => {
    const { page, requests, problems } = await openPage(`file://${pagePath}`);
    await page.fill("#value", hex(encodeEnvelope(sampleEnvelope("messageStatus"))));
    expect(await facts(page)).toMatchObject({ framing: "raw", kind: "messageStatus" });
    await page.fill("#value", "not hex!");
    expect(await page.textContent("#error")).toBe(
      "Error: value: the text is neither hex nor base64: paste hex or base64, or drop a file",
    );
    await page.close();
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
  });

  it.skipIf(!hasChromium)(`inspect --web stops on SIGINT${skipNote}`, async () => {
    expect(shared.problems).toEqual([]);
    await shared.page.close();
    server?.kill("SIGINT");
    expect(await stopped).toEqual({
      code: 0,
      out: `inspector page on ${url}\nstopped by SIGINT\n`,
    });
  });
});
