// The MSW handlers through msw itself: setupServer in this process, and the package's own client
// sending real fetch calls that msw intercepts.
import { delay, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createClient } from "../../src/client/index.js";
import { sampleHttpBody } from "../../src/fixtures/index.js";
import { CommonCar, CommonJSONError, type OperationId, operations } from "../../src/http/index.js";
import { isCodecError } from "../../src/index.js";
import { createHandlers, mockOperation } from "../../src/mock/index.js";

const baseUrl = "https://ota.example.com/api/";
const server = setupServer(...createHandlers({ baseUrl }));
const client = createClient({ baseUrl, timeoutMs: 2000 });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Calls operation `id` with the arguments its path and method need. */
function call(id: OperationId, options: { headers?: Record<string, string> } = {}) {
  const op = operations[id];
  const args: unknown[] = [];
  if (op.path.includes("{id}")) args.push(512);
  if (op.method === "POST") args.push({ to: "+447700900123" });
  args.push(options);
  return (client[id] as (...a: unknown[]) => ReturnType<typeof client.listVehicles>)(...args);
}

const ids = Object.keys(operations) as OperationId[];

describe("createHandlers()", () => {
  it("returns one handler per operation", () => {
    expect(createHandlers()).toHaveLength(ids.length);
  });

  it.each(ids)("answers %s with its 200 fixture by default", async (id) => {
    const result = await call(id);
    expect(result).toMatchObject({ kind: "ok", status: 200, data: sampleHttpBody(id, 200) });
  });

  it.each(ids.flatMap((id) => operations[id].errorStatuses.map((status) => [id, status] as const)))(
    "answers %s with the fixture of Prefer: code=%i",
    async (id, status) => {
      const result = await call(id, { headers: { prefer: `code=${status}` } });
      expect(result).toEqual({
        kind: "api_error",
        operation: id,
        status,
        error: sampleHttpBody(id, status as 400),
      });
    },
  );

  it("answers 500 with a text naming the declared statuses for an undeclared Prefer code", async () => {
    const result = await call("listVehicles", { headers: { prefer: "code=408" } });
    expect(result).toEqual({
      kind: "unexpected_status",
      operation: "listVehicles",
      status: 500,
      body: "the mock of listVehicles cannot answer Prefer: code=408: it declares 200, 400, 401, 503\n",
    });
  });

  it("takes replies for some operations", async () => {
    server.use(
      ...createHandlers({
        baseUrl,
        replies: { listIssues: { status: 401, body: { code: 401, message: "expired" } } },
      }),
    );
    expect(await client.listIssues()).toMatchObject({ kind: "api_error", status: 401 });
    expect(await client.listVehicles()).toMatchObject({ kind: "ok" });
  });

  it("matches the path under any origin and prefix without baseUrl", async () => {
    server.use(...createHandlers({ replies: { listVehicles: { status: 503 } } }));
    const other = createClient({ baseUrl: "http://fleet.internal:8080/v2" });
    expect(await other.listVehicles()).toMatchObject({ kind: "api_error", status: 503 });
  });

  it.each([
    [{ replies: { nope: { status: 200 } } }, 'replies names unknown operation "nope"'],
    [
      { baseUrl: "ota.example.com" },
      'baseUrl must be an absolute http(s) URL, got "ota.example.com"',
    ],
    [{ baseUrl: "ftp://ota.example.com" }, "baseUrl must be an http(s) URL, got ftp: one"],
  ])("refuses bad options: %j", (options, message) => {
    expect(() => createHandlers(options as never)).toThrow(`[invalid_argument] ${message}`);
  });
});

describe("mockOperation()", () => {
  it("overrides one operation with a declared error status and its fixture", async () => {
    server.use(mockOperation("listVehicles", { status: 503 }, { baseUrl }));
    expect(await client.listVehicles()).toEqual({
      kind: "api_error",
      operation: "listVehicles",
      status: 503,
      error: sampleHttpBody("listVehicles", 503),
    });
  });

  it("answers 408 for sendSms with the body given", async () => {
    server.use(mockOperation("sendSms", { status: 408, body: { code: 408, message: "slow" } }));
    expect(await client.sendSms({})).toEqual({
      kind: "api_error",
      operation: "sendSms",
      status: 408,
      error: { code: 408, message: "slow" },
    });
  });

  it("answers once with once: true, then the default again", async () => {
    server.use(mockOperation("listVehicles", { status: 401 }, { once: true }));
    expect((await client.listVehicles()).kind).toBe("api_error");
    expect((await client.listVehicles()).kind).toBe("ok");
  });

  it("sends a 200 body of the operation's record, with headers", async () => {
    const body = { total: 1, data: [{ vin: "WAUZZZ8V5KA000001" }, null] };
    server.use(mockOperation("listVehicles", { status: 200, body, headers: { "x-page": "1" } }));
    expect(await client.listVehicles()).toEqual({
      kind: "ok",
      operation: "listVehicles",
      status: 200,
      data: { total: 1, data: [{ vin: "WAUZZZ8V5KA000001" }, null] },
    });
  });

  it.each([
    [{ kind: "raw", status: 502, body: "<html>Bad gateway</html>" }, "unexpected_status"],
    [{ kind: "raw", status: 503, body: "<html>down</html>" }, "unreadable_error"],
    [
      {
        kind: "raw",
        status: 200,
        body: '{"data":"x"}',
        headers: { "content-type": "application/json" },
      },
      "invalid_body",
    ],
    [{ kind: "raw", status: 204 }, "unexpected_status"],
  ] as const)("answers a raw reply: %j", async (reply, kind) => {
    server.use(mockOperation("listVehicles", reply));
    expect((await client.listVehicles()).kind).toBe(kind);
  });

  it("keeps the raw body as text", async () => {
    server.use(mockOperation("deleteIssue", { kind: "raw", status: 500, body: "oops" }));
    expect(await client.deleteIssue(7)).toEqual({
      kind: "unexpected_status",
      operation: "deleteIssue",
      status: 500,
      body: "oops",
    });
  });

  it("refuses a records option that names no record", () => {
    expect(() =>
      mockOperation("listVehicles", { status: 200 }, { records: { Car: CommonCar } as never }),
    ).toThrow('[invalid_argument] records names unknown record "Car"');
  });

  it("checks a body against the records given", () => {
    const records = { CommonCar: CommonCar.extend({ vin: z.string() }) };
    mockOperation("listVehicles", { status: 200, body: { data: [{ vin: "V" }] } }, { records });
    expect(() =>
      mockOperation(
        "listVehicles",
        // @ts-expect-error a car without vin breaks the records
        { status: 200, body: { data: [{ model: "ID.3" }] } },
        { records },
      ),
    ).toThrow(
      /^\[invalid_argument\] the listVehicles reply's body breaks the contract: listVehicles 200 body does not match its schema: data\[0\]\.vin: /,
    );
  });
});

describe("mockOperation() with a resolver", () => {
  it("answers what the resolver returns for the request and its params", async () => {
    server.use(
      mockOperation("deleteIssue", ({ request, params }) => ({
        status: 200,
        body: { message: `${request.method} ${params.id} ${request.headers.get("x-user")}` },
      })),
    );
    expect(await client.deleteIssue(7, { headers: { "x-user": "ana" } })).toEqual({
      kind: "ok",
      operation: "deleteIssue",
      status: 200,
      data: { message: "DELETE 7 ana" },
    });
  });

  it("reads the request body, async", async () => {
    server.use(
      mockOperation("sendSms", async ({ request }) => {
        const sent = (await request.json()) as { to: string };
        return sent.to.startsWith("+")
          ? { status: 200, body: { to: sent.to } }
          : { status: 400, body: { code: 400, message: `bad number ${sent.to}` } };
      }),
    );
    expect(await client.sendSms({ to: "+1" })).toMatchObject({ kind: "ok", data: { to: "+1" } });
    expect(await client.sendSms({ to: "1" })).toMatchObject({
      kind: "api_error",
      status: 400,
      error: { code: 400, message: "bad number 1" },
    });
  });

  it("sends msw's HttpResponse.error() as a network error", async () => {
    server.use(mockOperation("listVehicles", () => HttpResponse.error()));
    const result = await client.listVehicles();
    expect(result.kind).toBe("network_error");
  });

  it("sends any other Response as it is", async () => {
    server.use(mockOperation("listVehicles", () => new HttpResponse("teapot", { status: 418 })));
    expect(await client.listVehicles()).toEqual({
      kind: "unexpected_status",
      operation: "listVehicles",
      status: 418,
      body: "teapot",
    });
  });

  it("waits with msw's delay(), past a client's timeout", async () => {
    server.use(
      mockOperation("listVehicles", async () => {
        await delay(300);
        return { status: 200 };
      }),
    );
    const impatient = createClient({ baseUrl, timeoutMs: 50 });
    expect((await impatient.listVehicles()).kind).toBe("timeout");
  });

  it("lets the next handler answer when it returns undefined", async () => {
    server.use(mockOperation("listVehicles", () => undefined));
    expect(await client.listVehicles()).toMatchObject({ kind: "ok", status: 200 });
  });

  it("answers a raw reply it returns", async () => {
    server.use(mockOperation("listVehicles", () => ({ kind: "raw", status: 502, body: "<html>" })));
    expect(await client.listVehicles()).toMatchObject({ status: 502, body: "<html>" });
  });

  it.each([
    [
      { status: 408 },
      'the listVehicles reply\'s status must be one that listVehicles declares (200, 400, 401, 503), got 408; use { kind: "raw" } for any other',
    ],
    ["503", 'the listVehicles reply must be an object or a function, got "503"'],
  ])("answers 500 saying why for a reply the types refuse: %j", async (reply, text) => {
    server.use(mockOperation("listVehicles", () => reply as never));
    expect(await client.listVehicles()).toEqual({
      kind: "unexpected_status",
      operation: "listVehicles",
      status: 500,
      body: `${text}\n`,
    });
  });

  it("checks what it returns against the records given", async () => {
    const records = {
      CommonCar: CommonCar.extend({ vin: z.string() }),
      CommonJSONError: CommonJSONError.extend({ code: z.number() }),
    };
    server.use(
      mockOperation(
        "listVehicles",
        ({ request }) =>
          new URL(request.url).searchParams.has("bad")
            ? ({ status: 200, body: { data: [{ model: "ID.3" }] } } as never)
            : { status: 200, body: { data: [{ vin: "V" }] } },
        { records },
      ),
    );
    const typed = createClient({ baseUrl, records });
    expect(await typed.listVehicles()).toMatchObject({
      kind: "ok",
      data: { data: [{ vin: "V" }] },
    });
    const refused = await typed.listVehicles({ query: { bad: 1 } });
    expect(refused).toMatchObject({ kind: "unexpected_status", status: 500 });
    expect(refused.kind === "unexpected_status" && refused.body).toMatch(
      /^the listVehicles reply's body breaks the contract: listVehicles 200 body does not match its schema: data\[0\]\.vin: .*; use \{ kind: "raw" \} to send it anyway\n$/,
    );
  });
});

describe("mockOperation() refusals", () => {
  it.each([
    ["nope", { status: 200 }, 'unknown operation id "nope"'],
    [
      "listVehicles",
      { status: 408 },
      'the listVehicles reply\'s status must be one that listVehicles declares (200, 400, 401, 503), got 408; use { kind: "raw" } for any other',
    ],
    [
      "listVehicles",
      { status: 200, body: { data: "x" } },
      // zod's own words between the path and "; use" are not pinned.
      /^\[invalid_argument\] the listVehicles reply's body breaks the contract: listVehicles 200 body does not match its schema: data: .*; use \{ kind: "raw" \} to send it anyway$/,
    ],
    [
      "sendSms",
      { status: 401, body: [1] },
      /^\[invalid_argument\] the sendSms reply's body breaks the contract: sendSms 401 body is not a CommonJSONError: \(root\): .*; use \{ kind: "raw" \} to send it anyway$/,
    ],
    [
      "sendSms",
      { kind: "raw", status: 99 },
      "the sendSms reply's status must be an integer from 200 to 599, got 99",
    ],
    [
      "sendSms",
      { kind: "raw", status: 200, body: {} },
      "the sendSms reply's raw body must be a string, got an object",
    ],
    [
      "sendSms",
      { kind: "network_error" },
      'the sendSms reply\'s kind must be "json" or "raw", got "network_error"',
    ],
    ["sendSms", null, "the sendSms reply must be an object or a function, got null"],
    [
      "sendSms",
      { status: 200, headers: { a: 1 } },
      'the sendSms reply\'s header "a" must be a string, got 1',
    ],
  ])("refuses %s with reply %j", (id, reply, message) => {
    let thrown: unknown;
    try {
      mockOperation(id as "sendSms", reply as never);
    } catch (error) {
      thrown = error;
    }
    expect(isCodecError(thrown) && thrown.code).toBe("invalid_argument");
    const text = (thrown as Error).message;
    if (message instanceof RegExp) expect(text).toMatch(message);
    else expect(text).toBe(`[invalid_argument] ${message}`);
  });
});
