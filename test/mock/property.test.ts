// For any operation, declared status and body the override accepts, the package's own client
// decodes the mock's answer to the matching result kind and data: through MSW in this process,
// and through the real mock server.
import fc from "fast-check";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import { sampleHttpBody } from "../../src/fixtures/index.js";
import { type JsonValue, type OperationId, operations } from "../../src/http/index.js";
import { type MockServer, mockOperation, startMockServer } from "../../src/mock/index.js";

const ids = Object.keys(operations) as OperationId[];
const listIds = new Set<OperationId>([
  "listApiCalls",
  "listApiTokens",
  "listVehicles",
  "listIssues",
]);

const key = fc.string({ maxLength: 12 }).filter((k) => k !== "__proto__");
const record = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });

/** A body of `id` for `status`: the fixture with some top-level members replaced or added (a
 * list body's `data` replaced by any list of records and nulls), or any array for the car state. */
function bodyOf(id: OperationId, status: number): fc.Arbitrary<JsonValue> {
  const fixture = sampleHttpBody(id, status as 200) as JsonValue;
  if (status === 200 && id === "getTwinCarState") {
    const items = fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 });
    return fc.oneof(fc.constant(fixture), items as fc.Arbitrary<JsonValue>);
  }
  const overrides =
    status === 200 && listIds.has(id)
      ? fc
          .record(
            { extra: record, data: fc.option(fc.array(fc.option(record), { maxLength: 4 })) },
            { requiredKeys: ["extra"] },
          )
          .map(({ extra, data }) => (data === undefined ? extra : { ...extra, data }))
      : record;
  return overrides.map(
    (override) => ({ ...(fixture as Record<string, JsonValue>), ...override }) as JsonValue,
  );
}

const call = fc
  .constantFrom(...ids)
  .chain((id) =>
    fc
      .constantFrom(200, ...operations[id].errorStatuses)
      .chain((status) => bodyOf(id, status).map((body) => ({ id, status, body }))),
  );

/** Sends `id` with the client: the arguments its path and method need. */
function send(client: ReturnType<typeof createClient>, id: OperationId) {
  const op = operations[id];
  const args: unknown[] = [];
  if (op.path.includes("{id}")) args.push("512");
  if (op.method === "POST") args.push({});
  return (client[id] as (...a: unknown[]) => Promise<Record<string, unknown>>)(...args);
}

/** What the client must resolve to: the body as it comes off the wire, `data: null` as absent. */
function expected(id: OperationId, status: number, body: JsonValue) {
  const wire = JSON.parse(JSON.stringify(body)) as JsonValue;
  if (status !== 200) return { kind: "api_error", operation: id, status, error: wire };
  const data =
    listIds.has(id) && (wire as Record<string, JsonValue>).data === null
      ? { ...(wire as object), data: undefined }
      : wire;
  return { kind: "ok", operation: id, status, data };
}

describe("the mock and the package's client agree", () => {
  describe("through MSW in this process", () => {
    const baseUrl = "http://ota.test/api";
    const msw = setupServer();
    const client = createClient({ baseUrl, timeoutMs: 5000 });
    beforeAll(() => msw.listen({ onUnhandledRequest: "error" }));
    afterAll(() => msw.close());

    it("for any operation, declared status and accepted body", async () => {
      await fc.assert(
        fc.asyncProperty(call, async ({ id, status, body }) => {
          msw.resetHandlers(mockOperation(id, { status, body } as never, { baseUrl }));
          expect(await send(client, id)).toEqual(expected(id, status, body));
        }),
        { numRuns: 150 },
      );
    });
  });

  describe("through the real mock server", () => {
    let server: MockServer;
    let client: ReturnType<typeof createClient>;
    beforeAll(async () => {
      server = await startMockServer();
      client = createClient({ baseUrl: server.url, timeoutMs: 5000 });
    });
    afterAll(() => server.close());

    it("for any operation, declared status and accepted body", async () => {
      await fc.assert(
        fc.asyncProperty(call, async ({ id, status, body }) => {
          server.resetHandlers(mockOperation(id, { status, body } as never));
          expect(await send(client, id)).toEqual(expected(id, status, body));
        }),
        { numRuns: 50 },
      );
    });
  });
});
