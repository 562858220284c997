// Run by concurrency.test.ts in a child process (`node --import tsx`): sends 1,000 concurrent
// requests (ok ones with a 10-minute timeoutMs, ones whose headers function never settles and
// time out, ones aborted by a shared signal), closes its server, prints the count of each result
// kind as one JSON line, and then must exit by itself: any timer, listener or socket the client
// left behind would keep it alive.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "../../src/client/index.js";

const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end('{"data":[]}');
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;
const baseUrl = `http://127.0.0.1:${port}`;

const patient = createClient({ baseUrl, timeoutMs: 600_000 });
const stuck = createClient({ baseUrl, timeoutMs: 200, headers: () => new Promise(() => {}) });
const shared = new AbortController();
const results = await Promise.all(
  Array.from({ length: 1_000 }, (_, n) => {
    if (n % 4 === 1) return stuck.listVehicles();
    if (n % 4 === 2) return stuck.listVehicles({ signal: shared.signal });
    if (n % 4 === 3 && n < 500) setTimeout(() => shared.abort("done"), 50);
    return patient.listVehicles({ signal: n % 4 === 3 ? AbortSignal.abort("at once") : undefined });
  }),
);
const kinds: Record<string, number> = {};
for (const result of results) kinds[result.kind] = (kinds[result.kind] ?? 0) + 1;
server.closeAllConnections();
server.close();
process.stdout.write(`${JSON.stringify(kinds)}\n`);
