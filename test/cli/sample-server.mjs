// A stand-in for the service: answers every operation with its sample 200 body; any path
// under /deep/ with a body nested 5000 levels, under /big/ with 64 KiB of JSON, and under
// /redirect/ with a 302 to another origin. A request with a query gets it back as the
// body's `query` property (when the body is an object). Prints its base URL on the first line of stdout.
// Run: node test/cli/sample-server.mjs (the CLI tests start it; it stops when stdin closes).
import { createServer } from "node:http";
import { join } from "node:path";

const root = join(import.meta.dirname, "../..");
const { sampleHttpBody } = await import(join(root, "dist/fixtures/index.js"));
const { operations } = await import(join(root, "dist/http/index.js"));

const server = createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://x").pathname.replace(/^\/api/, "");
  if (path.startsWith("/deep/")) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(`${"[".repeat(5000)}${"]".repeat(5000)}`);
    return;
  }
  if (path.startsWith("/big/")) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ data: [], pad: "x".repeat(64 * 1024) }));
    return;
  }
  if (path.startsWith("/redirect/")) {
    response.writeHead(302, { location: "http://elsewhere.invalid/vehicles" });
    response.end();
    return;
  }
  const op = Object.values(operations).find(
    (o) =>
      o.method === request.method && new RegExp(`^${o.path.replace("{id}", "[^/]+")}$`).test(path),
  );
  if (op === undefined) {
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
    return;
  }
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "content-type": "application/json" });
    const body = sampleHttpBody(op.id, 200);
    const { search } = new URL(request.url ?? "/", "http://x");
    if (search !== "" && !Array.isArray(body)) body.query = search;
    response.end(JSON.stringify(body));
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}/api\n`);
});
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
