// `inspect --web`: the inspector page (dist/inspector.html, shipped as
// vehicle-update-codec/inspector.html) served on 127.0.0.1 until SIGINT or SIGTERM. The page is
// self-contained; the server sends it for any GET and a policy that forbids every connection.
// A file given to `inspect --web <file>` goes in the page it sends, in base64.

import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { CliIo } from "./cli-io.js";
import { UsageError } from "./cli-io.js";
import { exitCodes } from "./exit-codes.js";

/**
 * The header's policy: the page's own `<meta>` policy lets only its inline script and style run
 * (by hash); this one adds what a `<meta>` cannot say (no framing by other pages) and forbids
 * every connection again.
 */
const policy = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "connect-src 'none'",
  "img-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The page's file, found as a user of the package finds it: by the package's own export. */
async function readPage(): Promise<Buffer> {
  const url = import.meta.resolve("vehicle-update-codec/inspector.html");
  try {
    return await readFile(new URL(url));
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === "ENOENT") {
      throw new UsageError(`the inspector page is missing (${url}): run npm run build`);
    }
    throw cause;
  }
}

/** A file to show in the page as it loads: its name and its bytes. */
export interface GivenValue {
  readonly name: string;
  readonly bytes: Uint8Array;
}

const attributeEscapes: Readonly<Record<string, string>> = {
  "&": "&amp;",
  '"': "&quot;",
  "<": "&lt;",
  ">": "&gt;",
};

/**
 * The page with `given` in it: a hidden element before the end of `<main>`, its bytes in base64
 * (no character of which means anything to HTML), which the page's script reads as it starts.
 */
function withValue(page: Buffer, given: GivenValue): Buffer {
  const html = page.toString("utf8");
  const at = html.indexOf("</main>");
  if (at === -1) throw new Error("the inspector page has no </main>");
  const name = given.name.replace(/[&"<>]/g, (c) => attributeEscapes[c] as string);
  const base64 = Buffer.from(given.bytes).toString("base64");
  const element = `<pre id="given-value" hidden data-name="${name}">${base64}</pre>\n`;
  return Buffer.from(`${html.slice(0, at)}${element}${html.slice(at)}`);
}

/**
 * Serves the page on 127.0.0.1 `port` (0: a free one), with `given` in it if any, prints its
 * URL, and runs until a signal.
 */
export async function serveInspector(port: number, io: CliIo, given?: GivenValue): Promise<number> {
  const file = await readPage();
  const page = given === undefined ? file : withValue(file, given);
  const server = createServer((request, response) => {
    const headers = {
      "content-security-policy": policy,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    };
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { ...headers, allow: "GET, HEAD" }).end();
      return;
    }
    if (request.url !== "/" && !request.url?.startsWith("/?")) {
      response.writeHead(404, { ...headers, "content-type": "text/plain; charset=utf-8" });
      response.end("not found: the inspector is at /\n");
      return;
    }
    response.writeHead(200, { ...headers, "content-type": "text/html; charset=utf-8" });
    response.end(request.method === "HEAD" ? undefined : page);
  });
  const listening = await new Promise<true | string>((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (listening !== true) {
    io.writeErr(
      `vehicle-update-codec inspect: cannot listen on 127.0.0.1 port ${port}: ${listening}\n`,
    );
    return exitCodes.dataError;
  }
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the server has no port");
  // Listening for the signals before the address is printed: whoever reads it may stop us at once.
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  io.writeOut(`inspector page on http://127.0.0.1:${address.port}/\n`);
  const signal = await stopped;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  io.writeOut(`stopped by ${signal}\n`);
  return exitCodes.ok;
}
