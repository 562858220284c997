// Run by read-body.test.ts in a child process (`node --expose-gc --import tsx`), so that its
// memory figures are its own: serves one hostile body from a local server, reads it with the
// client and prints one JSON line with the result kind, the time taken and the peak RSS.
//
//   node --expose-gc --import tsx test/client/body-memory-child.ts <scenario> [client module]
//
// Scenarios: "brotli-bomb" (329 bytes of brotli inflating to 400 MiB of zeros), "gzip-bomb"
// (400 MiB of zeros gzipped on the fly), "plain-256mib" (256 MiB sent as is, with its
// Content-Length), "chunked-256mib" (the same without Content-Length), "endless" (a chunked body
// that never ends).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip } from "node:zlib";

/** `brotliCompressSync(Buffer.alloc(400 * 2 ** 20), { quality 11, lgwin 24 })`: 329 bytes. */
export const BROTLI_BOMB_400_MIB = Buffer.from(
  "z///f/gnAOKxQCD3/p/////wTwDEYQGA7v0/////4Z8AiMMiAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/n/////gnAOKwAED3/h8=",
  "base64",
);

const MiB = 2 ** 20;
const chunk = Buffer.alloc(64 * 1024);

const [scenario = "brotli-bomb", clientModule = "../../src/client/index.ts"] =
  process.argv.slice(2);

const server = createServer((_req, res) => {
  res.on("error", () => {});
  const write = (limit: number, done: () => void) => {
    let sent = 0;
    const pump = () => {
      while (sent < limit) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      done();
    };
    pump();
  };
  if (scenario === "brotli-bomb") {
    res.writeHead(200, { "content-type": "application/json", "content-encoding": "br" });
    res.end(BROTLI_BOMB_400_MIB);
  } else if (scenario === "gzip-bomb") {
    res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
    const gzip = createGzip({ level: 9 });
    gzip.pipe(res);
    let sent = 0;
    const pump = () => {
      while (sent < 400 * MiB) {
        sent += chunk.length;
        if (!gzip.write(chunk)) return void gzip.once("drain", pump);
      }
      gzip.end();
    };
    res.on("close", () => gzip.destroy());
    pump();
  } else if (scenario === "plain-256mib") {
    res.writeHead(200, { "content-type": "application/json", "content-length": 256 * MiB });
    write(256 * MiB, () => res.end());
  } else if (scenario === "chunked-256mib") {
    res.writeHead(200, { "content-type": "application/json" });
    write(256 * MiB, () => res.end());
  } else {
    res.writeHead(200, { "content-type": "application/json" });
    write(Number.POSITIVE_INFINITY, () => res.end());
  }
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;

const { createClient } = (await import(clientModule)) as typeof import("../../src/client/index.js");
globalThis.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
const started = performance.now();
const result = await createClient({
  baseUrl: `http://127.0.0.1:${port}`,
  timeoutMs: 60_000,
}).getTwinCarState();
const ms = performance.now() - started;
peak = Math.max(peak, process.memoryUsage().rss);
clearInterval(sampler);
server.closeAllConnections();
server.close();
const message = "message" in result ? result.message : "";
process.stdout.write(
  `${JSON.stringify({
    kind: result.kind,
    message,
    ms: Math.round(ms),
    baselineMiB: Math.round(baseline / MiB),
    peakMiB: Math.round(peak / MiB),
  })}\n`,
);
