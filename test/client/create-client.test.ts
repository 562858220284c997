import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type Client,
  type ClientResult,
  createClient,
  DEFAULT_TIMEOUT_MS,
  type RequestOptions,
} from "../../src/client/index.js";
import { isCodecError } from "../../src/codec-error.js";
import {
  CommonCar,
  CommonJSONError,
  type JsonValue,
  type OperationId,
  operations,
} from "../../src/http/index.js";
import {
  closedPort,
  json,
  type RecordedRequest,
  startTestServer,
  type TestServer,
} from "./test-server.js";

let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
  server.reply(() => json(200, {}));
  client = createClient({ baseUrl: `${server.url}/api/`, headers: { authorization: "Bearer t0" } });
});

const smsBody = { to: "+4915112345678", text: "update ready", meta: [1, null, true] };
const carStates = [{ vin: "WVW1", state: { speed: 0 } }, null];

/** How each operation is called, and the request the server must see. */
const calls: Record<
  OperationId,
  {
    readonly invoke: (client: Client, options?: RequestOptions) => Promise<ClientResult>;
    readonly path: string;
    readonly body?: JsonValue;
    readonly okBody: JsonValue;
  }
> = {
  sendSms: {
    invoke: (c, o) => c.sendSms(smsBody, o),
    path: "/api/sms",
    body: smsBody,
    okBody: { id: "sms-1", status: "queued" },
  },
  listApiCalls: {
    invoke: (c, o) => c.listApiCalls(o),
    path: "/api/apicalls",
    okBody: { total: 2, data: [{ path: "/vehicles" }, null] },
  },
  listApiTokens: {
    invoke: (c, o) => c.listApiTokens(o),
    path: "/api/apitokens",
    okBody: { total: 1, data: [{ name: "ci" }] },
  },
  listVehicles: {
    invoke: (c, o) => c.listVehicles(o),
    path: "/api/vehicles",
    okBody: { total: 1, page: 1, data: [{ vin: "WVW1", ecus: [] }] },
  },
  listIssues: {
    invoke: (c, o) => c.listIssues(o),
    path: "/api/issues",
    okBody: { total: 0, data: null },
  },
  getManifestMigrateVersion: {
    invoke: (c, o) => c.getManifestMigrateVersion(o),
    path: "/api/manifestmigrate-version",
    okBody: { version: 12 },
  },
  deleteImmobilizeCommand: {
    invoke: (c, o) => c.deleteImmobilizeCommand(o),
    path: "/api/vehiclecommand/immobilize",
    okBody: { message: "deleted" },
  },
  deleteSubscriptionConfig: {
    invoke: (c, o) => c.deleteSubscriptionConfig(o),
    path: "/api/subscriptionconfig",
    okBody: { message: "deleted" },
  },
  postCarStateMulti: {
    invoke: (c, o) => c.postCarStateMulti(carStates, o),
    path: "/api/carstate_multi",
    body: carStates,
    okBody: { accepted: 1 },
  },
  getTwinCarState: {
    invoke: (c, o) => c.getTwinCarState(o),
    path: "/api/twin/carstate",
    okBody: [{ vin: "WVW1" }, 3, "x", null],
  },
  deleteIssue: {
    invoke: (c, o) => c.deleteIssue("issue 7/b", o),
    path: "/api/issues/issue%207%2Fb",
    okBody: { message: "deleted" },
  },
  deleteApiToken: {
    invoke: (c, o) => c.deleteApiToken(o),
    path: "/api/apitoken",
    okBody: { message: "deleted" },
  },
};

/** Asserts the one request the server received for operation `id`. */
function expectRequest(id: OperationId, request: RecordedRequest | undefined): void {
  const { method } = operations[id];
  const { path, body } = calls[id];
  expect(request).toMatchObject({ method, path, search: "" });
  expect(request?.headers.accept).toBe("application/json");
  expect(request?.headers.authorization).toBe("Bearer t0");
  if (body === undefined) {
    expect(request?.body).toBe("");
    expect(request?.headers["content-type"]).toBeUndefined();
  } else {
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual(body);
  }
}

const ids = Object.keys(calls) as OperationId[];
const errorCases = ids.flatMap((id) =>
  operations[id].errorStatuses.map((status) => [id, status] as [OperationId, number]),
);

describe("createClient()", () => {
  describe("every operation", () => {
    it.each(ids)("%s sends its exact request and reads a 200 as ok", async (id) => {
      server.reply(() => json(200, calls[id].okBody));
      const result = await calls[id].invoke(client);
      expect(server.requests).toHaveLength(1);
      expectRequest(id, server.requests[0]);
      const { okBody } = calls[id];
      const data = id === "listIssues" ? { total: 0 } : okBody;
      expect(result).toEqual({ kind: "ok", operation: id, status: 200, data });
    });

    it.each(errorCases)("%s reads a %d CommonJSONError as api_error", async (id, status) => {
      server.reply(() => json(status, { error: `status ${status}`, code: status }));
      const result = await calls[id].invoke(client);
      expectRequest(id, server.requests[0]);
      expect(result).toEqual({
        kind: "api_error",
        operation: id,
        status,
        error: { error: `status ${status}`, code: status },
      });
    });

    it("covers the 12 operations and 37 declared error statuses", () => {
      expect(ids).toEqual(Object.keys(operations));
      expect(errorCases).toHaveLength(37);
    });
  });

  describe("records", () => {
    const records = {
      CommonCar: CommonCar.extend({ vin: z.string() }),
      CommonJSONError: CommonJSONError.extend({ code: z.number() }),
    };
    const typed = () => createClient({ baseUrl: `${server.url}/api/`, records });

    it("checks a 200 body against the records given", async () => {
      server.reply(() => json(200, { total: 1, data: [{ vin: "WVW1", model: "ID.3" }] }));
      expect(await typed().listVehicles()).toEqual({
        kind: "ok",
        operation: "listVehicles",
        status: 200,
        data: { total: 1, data: [{ vin: "WVW1", model: "ID.3" }] },
      });
    });

    it("reads a car without vin as invalid_body", async () => {
      const body = { data: [{ vin: "WVW1" }, { model: "ID.3" }] };
      server.reply(() => json(200, body));
      const result = await typed().listVehicles();
      if (result.kind !== "invalid_body") throw new Error(result.kind);
      expect(result.issues.map((issue) => issue.path)).toEqual([["data", 1, "vin"]]);
      expect(result.body).toEqual(body);
    });

    it("reads an error body the CommonJSONError given refuses as unreadable_error", async () => {
      server.reply(() => json(503, { code: "down" }));
      expect((await typed().listVehicles()).kind).toBe("unreadable_error");
      server.reply(() => json(503, { code: 503 }));
      expect((await typed().listVehicles()).kind).toBe("api_error");
    });
  });

  describe("responses", () => {
    it("reads a 200 with an invalid body as invalid_body", async () => {
      const body = { total: 3, data: [{ vin: "A" }, "B", null] };
      server.reply(() => json(200, body));
      const result = await client.listVehicles();
      expect(result).toMatchObject({
        kind: "invalid_body",
        status: 200,
        body,
        message: expect.stringMatching(
          /^listVehicles 200 body does not match its schema: data\[1\]: \S[^;]*$/,
        ),
      });
      expect(result.kind === "invalid_body" && result.issues[0]?.path).toEqual(["data", 1]);
    });

    it("reads a 503 HTML page from a proxy as unreadable_error with its text", async () => {
      const html = "<html><body>503 Service Unavailable</body></html>";
      server.reply(() => ({ status: 503, headers: { "content-type": "text/html" }, body: html }));
      expect(await client.listIssues()).toMatchObject({
        kind: "unreadable_error",
        operation: "listIssues",
        status: 503,
        body: html,
      });
    });

    it("reads an empty 401 as unreadable_error", async () => {
      server.reply(() => ({ status: 401 }));
      expect(await client.listApiTokens()).toMatchObject({ kind: "unreadable_error", body: "" });
    });

    it("reads 408 on POST /sms as api_error and on GET /vehicles as unexpected_status", async () => {
      server.reply(() => json(408, { error: "timeout" }));
      expect(await client.sendSms("hi")).toMatchObject({ kind: "api_error", status: 408 });
      expect(await client.listVehicles()).toEqual({
        kind: "unexpected_status",
        operation: "listVehicles",
        status: 408,
        body: { error: "timeout" },
      });
    });

    it("reads a 204 as unexpected_status with an empty body", async () => {
      server.reply(() => ({ status: 204 }));
      expect(await client.deleteApiToken()).toEqual({
        kind: "unexpected_status",
        operation: "deleteApiToken",
        status: 204,
        body: "",
      });
    });

    it("passes the text when the content-type says JSON but it does not parse", async () => {
      server.reply(() => ({
        status: 200,
        headers: { "content-type": "application/json" },
        body: "{",
      }));
      expect(await client.listVehicles()).toMatchObject({ kind: "invalid_body", body: "{" });
    });

    it("reads application/problem+json with a charset as JSON", async () => {
      server.reply(() => ({
        status: 400,
        headers: { "content-type": "application/problem+json; charset=utf-8" },
        body: '{"title":"bad"}',
      }));
      expect(await client.listVehicles()).toMatchObject({
        kind: "api_error",
        error: { title: "bad" },
      });
    });

    it("reads a body whose content-type is not JSON as text", async () => {
      server.reply(() => ({ status: 200, headers: { "content-type": "text/plain" }, body: "{}" }));
      expect(await client.sendSms({})).toMatchObject({ kind: "invalid_body", body: "{}" });
    });
  });

  describe("requests", () => {
    it.each([
      ["", "/vehicles"],
      ["/", "/vehicles"],
      ["/api", "/api/vehicles"],
      ["/api/", "/api/vehicles"],
      ["/a/b//", "/a/b/vehicles"],
    ])("joins the base URL path %j into %s", async (prefix, path) => {
      const c = createClient({ baseUrl: `${server.url}${prefix}` });
      await c.listVehicles();
      expect(server.requests[0]?.path).toBe(path);
    });

    it("sends query parameters, repeating array keys and leaving out undefined", async () => {
      await client.listVehicles({
        query: {
          page: 2,
          q: "a b&c",
          active: true,
          after: 9007199254740993n,
          skip: undefined,
          vin: ["A", "B"],
        },
      });
      expect(server.requests[0]?.search).toBe(
        "page=2&q=a+b%26c&active=true&after=9007199254740993&vin=A&vin=B",
      );
    });

    it("keeps the query of the base URL", async () => {
      await createClient({ baseUrl: `${server.url}/api?tenant=x` }).listIssues({
        query: { page: 1 },
      });
      expect(server.requests[0]).toMatchObject({ path: "/api/issues", search: "tenant=x&page=1" });
    });

    it("calls the headers function before every request, for rotating tokens", async () => {
      let token = 0;
      const c = createClient({
        baseUrl: server.url,
        headers: async () => ({ authorization: `Bearer t${++token}` }),
      });
      await c.listVehicles();
      await c.listVehicles();
      expect(server.requests.map((request) => request.headers.authorization)).toEqual([
        "Bearer t1",
        "Bearer t2",
      ]);
    });

    it("lets request headers replace client headers of the same name", async () => {
      await client.sendSms(null, {
        headers: { authorization: "Bearer once", "content-type": "text/json", "x-trace": "1" },
      });
      expect(server.requests[0]?.headers).toMatchObject({
        authorization: "Bearer once",
        "content-type": "text/json",
        "x-trace": "1",
        accept: "application/json",
      });
      expect(server.requests[0]?.body).toBe("null");
    });

    it.each<[string | number | bigint, string]>([
      ["issue 7/b", "issue%207%2Fb"],
      ["a?b#c%d", "a%3Fb%23c%25d"],
      ["$&$1", "%24%26%241"],
      ["ü", "%C3%BC"],
      ["...", "..."],
      [42, "42"],
      [-1.5, "-1.5"],
      [12345678901234567890n, "12345678901234567890"],
    ])("encodes the deleteIssue id %s as %s", async (id, encoded) => {
      await client.deleteIssue(id);
      expect(server.requests[0]).toMatchObject({
        method: "DELETE",
        path: `/api/issues/${encoded}`,
      });
    });

    it.each<[string, unknown, string]>([
      ["an empty string", "", 'got ""'],
      [".", ".", 'got "."'],
      ["..", "..", 'got ".."'],
      ["NaN", Number.NaN, "got NaN"],
      ["Infinity", Number.POSITIVE_INFINITY, "got Infinity"],
      ["an object", {}, "got [object Object]"],
    ])("resolves to request_error for the id %s and sends nothing", async (_, id, got) => {
      const result = await client.deleteIssue(id as string);
      expect(result).toMatchObject({
        kind: "request_error",
        operation: "deleteIssue",
        message: `could not build the deleteIssue request: CodecError: [invalid_argument] id must be a non-empty string other than "." and "..", a finite number or a bigint, ${got}`,
      });
      expect(result.kind === "request_error" && isCodecError(result.cause)).toBe(true);
      expect(server.requests).toHaveLength(0);
    });

    it("resolves to request_error for an id with a lone surrogate", async () => {
      const result = await client.deleteIssue("\uD800");
      expect(result.kind).toBe("request_error");
      expect(result.kind === "request_error" && result.cause).toBeInstanceOf(URIError);
    });

    const cyclic = () => {
      const o: Record<string, unknown> = { list: [] };
      (o.list as unknown[]).push({ back: o });
      return o;
    };
    const json = "cannot write the body as JSON: ";
    it.each<[string, unknown, string]>([
      ["a bigint", 1n, `${json}body is a bigint`],
      ["a bigint inside", { n: 1n }, `${json}body.n is a bigint`],
      [
        "a bigint in a list",
        { list: [0, { "a b": 2n }] },
        `${json}body.list[1]["a b"] is a bigint`,
      ],
      [
        "a cyclic object",
        cyclic(),
        `${json}body.list[0].back refers back to an object that holds it (a cycle)`,
      ],
      [
        "an object whose toJSON() throws",
        {
          toJSON: () => {
            throw new RangeError("no");
          },
        },
        `${json}JSON.stringify() threw while reading it`,
      ],
      ["undefined", undefined, "body must be a JSON value, got undefined"],
    ])(
      "resolves to request_error with invalid_argument for a body that is %s, sending nothing",
      async (_, body, text) => {
        const result = await client.sendSms(body);
        expect(result).toMatchObject({
          kind: "request_error",
          operation: "sendSms",
          message: `could not build the sendSms request: CodecError: [invalid_argument] ${text}`,
        });
        const cause = result.kind === "request_error" ? result.cause : undefined;
        expect(isCodecError(cause) && cause.message).toBe(`[invalid_argument] ${text}`);
        if (body !== undefined) expect((cause as Error).cause).toBeInstanceOf(Error);
        expect(server.requests).toHaveLength(0);
      },
    );

    it.each<[string, () => HeadersInit | Promise<HeadersInit>]>([
      [
        "throws",
        () => {
          throw new Error("token store down");
        },
      ],
      ["rejects", () => Promise.reject(new Error("token store down"))],
      ["returns invalid headers", () => ({ "bad name": "x" })],
    ])("resolves to request_error when the headers function %s", async (_, headers) => {
      const c = createClient({ baseUrl: server.url, headers });
      const result = await c.listVehicles();
      expect(result).toMatchObject({ kind: "request_error", operation: "listVehicles" });
      expect(result.kind === "request_error" && result.cause).toBeInstanceOf(Error);
      expect(server.requests).toHaveLength(0);
    });

    it("uses the fetch it is given", async () => {
      const seen: Array<[string, RequestInit]> = [];
      const c = createClient({
        baseUrl: "https://ota.example.com/v2/",
        fetch: async (url, init) => {
          seen.push([url, init]);
          return new Response('{"version":3}', { headers: { "content-type": "application/json" } });
        },
      });
      expect(await c.getManifestMigrateVersion({ query: { x: 1 } })).toEqual({
        kind: "ok",
        operation: "getManifestMigrateVersion",
        status: 200,
        data: { version: 3 },
      });
      expect(seen[0]?.[0]).toBe("https://ota.example.com/v2/manifestmigrate-version?x=1");
      expect(seen[0]?.[1].method).toBe("GET");
    });
  });

  describe("failures", () => {
    it("resolves to network_error when the connection is refused", async () => {
      const port = await closedPort();
      const result = await createClient({ baseUrl: `http://127.0.0.1:${port}` }).listVehicles();
      expect(result).toMatchObject({ kind: "network_error", operation: "listVehicles" });
      // Our words and the code with its address, not what fetch itself says.
      expect((result as { message: string }).message).toMatch(
        new RegExp(
          `^GET http://127\\.0\\.0\\.1:${port}/vehicles failed: .+ \\(ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)$`,
        ),
      );
      expect(result.kind === "network_error" && result.cause).toBeInstanceOf(TypeError);
    });

    it("bounds a message built from a long URL, and cuts the URL in it", async () => {
      const port = await closedPort();
      const c = createClient({ baseUrl: `http://127.0.0.1:${port}` });
      const result = await c.listVehicles({ query: { q: "x".repeat(100_000) } });
      if (result.kind !== "network_error") throw new Error(result.kind);
      expect(result.message).toMatch(
        new RegExp(
          `^GET http://127\\.0\\.0\\.1:${port}/vehicles\\?q=x+… failed: .+ \\(ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)$`,
        ),
      );
      expect(result.message.length).toBeLessThan(400);
    });

    it("resolves to network_error when fetch returns something that is not a Response", async () => {
      const c = createClient({
        baseUrl: server.url,
        fetch: async () => null as unknown as Response,
      });
      expect(await c.listVehicles()).toMatchObject({ kind: "network_error" });
    });

    it("resolves to timeout when the server answers later than timeoutMs", async () => {
      server.reply(() => ({ ...json(200, {}), delayMs: 5_000 }));
      const c = createClient({ baseUrl: server.url, timeoutMs: 50 });
      const result = await c.listVehicles();
      expect(result).toMatchObject({
        kind: "timeout",
        message: `GET ${server.url}/vehicles timed out after 50 ms`,
        cause: { name: "TimeoutError", message: "timed out after 50 ms" },
      });
    });

    it("resolves to timeout when the body arrives later than timeoutMs", async () => {
      server.reply(() => ({ ...json(200, {}), bodyDelayMs: 5_000 }));
      const c = createClient({ baseUrl: server.url, timeoutMs: 100 });
      expect(await c.listVehicles()).toMatchObject({ kind: "timeout" });
    });

    it("resolves to aborted when the signal aborts during the request", async () => {
      server.reply(() => ({ ...json(200, {}), delayMs: 5_000 }));
      const controller = new AbortController();
      const reason = new Error("user left the page");
      setTimeout(() => controller.abort(reason), 20);
      const result = await client.listVehicles({ signal: controller.signal });
      expect(result).toEqual({
        kind: "aborted",
        operation: "listVehicles",
        message: `GET ${server.url}/api/vehicles was aborted`,
        cause: reason,
      });
    });

    it("resolves to aborted and sends nothing when the signal is already aborted", async () => {
      const result = await client.deleteIssue(1, { signal: AbortSignal.abort() });
      expect(result).toMatchObject({ kind: "aborted", operation: "deleteIssue" });
      expect(server.requests).toHaveLength(0);
    });
  });

  it("serves 200 concurrent requests, each with its own result", async () => {
    server.reply((request) =>
      json(200, { data: [{ n: Number(new URLSearchParams(request.search).get("n")) }] }),
    );
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, n) => client.listVehicles({ query: { n } })),
    );
    expect(results.map((result) => result.kind === "ok" && result.data.data?.[0]?.n)).toEqual(
      Array.from({ length: 200 }, (_, n) => n),
    );
    expect(server.requests).toHaveLength(200);
  });

  describe("options", () => {
    it("defaults timeoutMs to DEFAULT_TIMEOUT_MS, 30 s", () => {
      expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    });

    it("accepts a URL object as baseUrl", async () => {
      await createClient({ baseUrl: new URL(`${server.url}/x/`) }).listIssues();
      expect(server.requests[0]?.path).toBe("/x/issues");
    });

    it.each<[string, Record<string, unknown>, string]>([
      [
        "a relative baseUrl",
        { baseUrl: "/api" },
        "[invalid_argument] baseUrl must be an absolute http(s) URL, got /api",
      ],
      [
        "a baseUrl that is not a URL",
        { baseUrl: "not a url" },
        "[invalid_argument] baseUrl must be an absolute http(s) URL, got not a url",
      ],
      [
        "a missing baseUrl",
        { baseUrl: undefined },
        "[invalid_argument] baseUrl must be an absolute http(s) URL, got undefined",
      ],
      [
        "an ftp baseUrl",
        { baseUrl: "ftp://example.com" },
        "[invalid_argument] baseUrl must be an absolute http(s) URL, got protocol ftp:",
      ],
      [
        "a baseUrl with credentials",
        { baseUrl: "https://u:p@example.com" },
        "[invalid_argument] baseUrl must not carry credentials; pass them in headers",
      ],
      [
        "timeoutMs 0",
        { timeoutMs: 0 },
        "[invalid_argument] timeoutMs must be a positive finite number of at most 2147483647, got 0",
      ],
      [
        "a negative timeoutMs",
        { timeoutMs: -5 },
        "[invalid_argument] timeoutMs must be a positive finite number of at most 2147483647, got -5",
      ],
      [
        "timeoutMs NaN",
        { timeoutMs: Number.NaN },
        "[invalid_argument] timeoutMs must be a positive finite number of at most 2147483647, got NaN",
      ],
      [
        "timeoutMs Infinity",
        { timeoutMs: Number.POSITIVE_INFINITY },
        "[invalid_argument] timeoutMs must be a positive finite number of at most 2147483647, got Infinity",
      ],
      [
        "a timeoutMs too large for a timer",
        { timeoutMs: 2 ** 31 },
        "[invalid_argument] timeoutMs must be a positive finite number of at most 2147483647, got 2147483648",
      ],
      [
        "a timeoutMs string",
        { timeoutMs: "100" },
        '[invalid_argument] timeoutMs must be a positive finite number of at most 2147483647, got "100"',
      ],
      [
        "a fetch that is not a function",
        { fetch: "fetch" },
        "[invalid_argument] fetch must be a function, got string",
      ],
      [
        "invalid headers",
        { headers: { "bad name": "x" } },
        '[invalid_argument] headers must be valid headers or a function: TypeError: Headers.append: "bad name" is an invalid header name.',
      ],
    ])("throws invalid_argument for %s", (_, options, message) => {
      let thrown: unknown;
      try {
        createClient({ baseUrl: "https://ota.example.com", ...options } as never);
      } catch (error) {
        thrown = error;
      }
      expect(isCodecError(thrown)).toBe(true);
      expect(thrown).toMatchObject({ code: "invalid_argument", message });
    });
  });
});
