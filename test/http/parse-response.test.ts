import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isCodecError } from "../../src/codec-error.js";
import {
  CommonCar,
  CommonJSONError,
  MAX_JSON_DEPTH,
  type OperationId,
  operations,
  parseResponse,
  type ResponseKind,
} from "../../src/http/index.js";

const html = "<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>";

describe("parseResponse()", () => {
  it.each<[OperationId, number, unknown, ResponseKind]>([
    ["listVehicles", 200, { total: 1, data: [{ vin: "A" }] }, "ok"],
    ["listVehicles", 200, { data: null }, "ok"],
    ["listVehicles", 200, {}, "ok"],
    ["listVehicles", 200, { data: [null] }, "ok"],
    ["listVehicles", 200, { data: [1] }, "invalid_body"],
    ["listVehicles", 200, [], "invalid_body"],
    ["listVehicles", 200, null, "invalid_body"],
    ["listVehicles", 200, html, "invalid_body"],
    ["listVehicles", 200, "", "invalid_body"],
    ["sendSms", 200, { id: "m1" }, "ok"],
    ["sendSms", 200, "ok", "invalid_body"],
    ["getTwinCarState", 200, [1, "a", null, { b: [true] }], "ok"],
    ["getTwinCarState", 200, {}, "invalid_body"],
    ["deleteIssue", 200, { message: "deleted" }, "ok"],
    ["listApiCalls", 400, { error: "bad page" }, "api_error"],
    ["listApiTokens", 401, {}, "api_error"],
    ["listIssues", 503, { code: 503 }, "api_error"],
    ["sendSms", 408, { error: "timeout" }, "api_error"],
    ["listIssues", 503, html, "unreadable_error"],
    ["listIssues", 401, "", "unreadable_error"],
    ["listIssues", 400, null, "unreadable_error"],
    ["listIssues", 400, [], "unreadable_error"],
    ["listVehicles", 408, { error: "timeout" }, "unexpected_status"],
    ["listVehicles", 204, "", "unexpected_status"],
    ["listVehicles", 201, {}, "unexpected_status"],
    ["listVehicles", 404, { error: "not found" }, "unexpected_status"],
    ["listVehicles", 500, html, "unexpected_status"],
    ["listVehicles", 302, "", "unexpected_status"],
    ["listVehicles", 0, undefined, "unexpected_status"],
    ["listVehicles", Number.NaN, undefined, "unexpected_status"],
  ])("%s with status %d and body %j is %s", (id, status, body, kind) => {
    const result = parseResponse(id, status, body);
    expect(result.kind).toBe(kind);
    expect(result.operation).toBe(id);
    expect(result.status).toBe(status);
  });

  it("returns the typed body with every property kept", () => {
    const body = { total: 2, page: { n: 1 }, data: [{ vin: "A", ecus: [{ ecu: "x" }] }, null] };
    expect(parseResponse("listVehicles", 200, body)).toEqual({
      kind: "ok",
      operation: "listVehicles",
      status: 200,
      data: body,
    });
  });

  it("treats data: null as absent", () => {
    const result = parseResponse("listIssues", 200, { total: 0, data: null });
    expect(result.kind === "ok" && result.data.data).toBeUndefined();
  });

  it("drops a __proto__ key, as zod does", () => {
    const result = parseResponse("sendSms", 200, JSON.parse('{"__proto__":{"x":1},"id":1}'));
    expect(result.kind === "ok" && result.data).toEqual({ id: 1 });
    expect(result.kind === "ok" && Object.getPrototypeOf(result.data)).toBe(Object.prototype);
  });

  it("pollutes no prototype through __proto__ or constructor keys, nested ones included", () => {
    const text =
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},' +
      '"data":[{"__proto__":{"polluted":2},"vin":"A"},null]}';
    for (const id of ["listVehicles", "sendSms", "getTwinCarState"] as const) {
      const body = id === "getTwinCarState" ? [JSON.parse(text)] : JSON.parse(text);
      for (const status of [200, 400, 503]) parseResponse(id, status, body);
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    const result = parseResponse("listVehicles", 200, JSON.parse(text));
    expect(result.kind === "ok" && result.data.data?.[0]).toEqual({ vin: "A" });
  });

  it("reports an invalid body with its issues, paths and the raw body", () => {
    const body = { data: [{}, {}, {}, "car", null, 5] };
    const result = parseResponse("listVehicles", 200, body);
    expect(result.kind).toBe("invalid_body");
    if (result.kind !== "invalid_body") return;
    expect(result.body).toBe(body);
    expect(result.issues.map((issue) => issue.path)).toEqual([
      ["data", 3],
      ["data", 5],
    ]);
    // zod's own words for each issue come from the issues, not from this test.
    const [first, second] = result.issues.map((issue) => issue.message);
    expect(result.message).toBe(
      `listVehicles 200 body does not match its schema: data[3]: ${first}; data[5]: ${second}`,
    );
  });

  it("names the root as (root) and shows at most five issues", () => {
    const root = parseResponse("sendSms", 200, null);
    expect(root.kind === "invalid_body" && root.message).toBe(
      `sendSms 200 body does not match its schema: (root): ${root.kind === "invalid_body" && root.issues[0]?.message}`,
    );
    const result = parseResponse("listApiCalls", 200, { data: [1, 2, 3, 4, 5, 6, 7] });
    expect(result.kind === "invalid_body" && result.message).toBe(
      `listApiCalls 200 body does not match its schema: ${
        result.kind === "invalid_body" &&
        result.issues
          .slice(0, 5)
          .map((issue) => `data[${String(issue.path[1])}]: ${issue.message}`)
          .join("; ")
      }; and 2 more`,
    );
  });

  it("returns a valid error body as error", () => {
    expect(parseResponse("sendSms", 408, { error: "sms gateway timed out" })).toEqual({
      kind: "api_error",
      operation: "sendSms",
      status: 408,
      error: { error: "sms gateway timed out" },
    });
  });

  it("keeps the raw body of an unreadable error", () => {
    const result = parseResponse("listVehicles", 503, html);
    expect(result).toMatchObject({
      kind: "unreadable_error",
      operation: "listVehicles",
      status: 503,
      body: html,
      message: expect.stringMatching(
        /^listVehicles 503 body is not a CommonJSONError: \(root\): \S/,
      ),
    });
  });

  it("keeps the raw body of an unexpected status", () => {
    const body = { anything: true };
    expect(parseResponse("deleteApiToken", 404, body)).toEqual({
      kind: "unexpected_status",
      operation: "deleteApiToken",
      status: 404,
      body,
    });
  });

  describe("with records", () => {
    const records = {
      CommonCar: CommonCar.extend({ vin: z.string() }),
      CommonJSONError: CommonJSONError.extend({ code: z.number() }),
    };

    it("checks a body against the records given", () => {
      const ok = parseResponse(
        "listVehicles",
        200,
        { data: [{ vin: "A", model: "X" }] },
        { records },
      );
      expect(ok).toEqual({
        kind: "ok",
        operation: "listVehicles",
        status: 200,
        data: { data: [{ vin: "A", model: "X" }] },
      });
    });

    it("answers invalid_body for a car without vin", () => {
      const body = { data: [{ vin: "A" }, { model: "X" }] };
      const bad = parseResponse("listVehicles", 200, body, { records });
      if (bad.kind !== "invalid_body") throw new Error(bad.kind);
      expect(bad.issues.map((issue) => issue.path)).toEqual([["data", 1, "vin"]]);
      expect(bad.message).toBe(
        `listVehicles 200 body does not match its schema: data[1].vin: ${bad.issues[0]?.message}`,
      );
      expect(bad.body).toBe(body);
    });

    it("checks error bodies against the CommonJSONError given", () => {
      expect(parseResponse("deleteIssue", 401, { code: 401 }, { records })).toEqual({
        kind: "api_error",
        operation: "deleteIssue",
        status: 401,
        error: { code: 401 },
      });
      const unreadable = parseResponse("deleteIssue", 401, { code: "401" }, { records });
      expect(unreadable.kind === "unreadable_error" && unreadable.message).toMatch(
        /^deleteIssue 401 body is not a CommonJSONError: code: /,
      );
    });

    it("keeps the spec's records where none is given", () => {
      const result = parseResponse("listIssues", 200, { data: [{ id: 1 }] }, { records });
      expect(result.kind).toBe("ok");
      expect(parseResponse("listVehicles", 200, { data: [{}] }, { records: {} }).kind).toBe("ok");
      expect(parseResponse("listVehicles", 200, { data: [{}] }, {}).kind).toBe("ok");
    });
  });

  describe("never throws, whatever the body", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const throwingGetter = Object.defineProperty({}, "vin", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const throwingNonError = Object.defineProperty({}, "x", {
      enumerable: true,
      get() {
        throw Object.create(null);
      },
    });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];

    it.each<[string, unknown, string]>([
      [
        "a cyclic object",
        { data: [cyclic] },
        "data[0].self: expected a JSON value, got a cyclic reference",
      ],
      [
        "a getter that throws",
        { data: [throwingGetter] },
        "data[0].vin: reading the value threw: Error: boom",
      ],
      [
        "a getter that throws an unprintable value",
        throwingNonError,
        "x: reading the value threw: a value that cannot be printed",
      ],
      ["a bigint", { total: 1n }, "total: expected a JSON value, got bigint"],
      ["undefined", undefined, "(root): expected a JSON value, got undefined"],
      [
        "a nested undefined",
        { data: [{ a: undefined }] },
        "data[0].a: expected a JSON value, got undefined",
      ],
      ["a function", () => ({}), "(root): expected a JSON value, got function"],
      ["a symbol", { s: Symbol("s") }, "s: expected a JSON value, got symbol"],
      ["NaN", { n: Number.NaN }, "n: expected a JSON value, got number NaN"],
      [
        "Infinity",
        { data: [{ n: Infinity }] },
        "data[0].n: expected a JSON value, got number Infinity",
      ],
      [
        "a Date",
        { d: new Date(0) },
        "d: expected a JSON value, got an object that is not a plain object",
      ],
      [
        "a Map",
        new Map(),
        "(root): expected a JSON value, got an object that is not a plain object",
      ],
      [
        "a sparse array",
        { data: new Array<unknown>(2) },
        "data[0]: expected a JSON value, got a hole in a sparse array",
      ],
      ["a revoked proxy", revoked.proxy, "(root): reading the value threw: TypeError: "],
      [
        "100 000 nested arrays",
        { data: deep },
        "[0][0]: expected a JSON value nested at most 1000 levels deep",
      ],
    ])("reports %s as an issue", (_, body, message) => {
      for (const status of [200, 400]) {
        const result = parseResponse("listVehicles", status, body);
        expect(result.kind).toBe(status === 200 ? "invalid_body" : "unreadable_error");
        if (result.kind !== "invalid_body" && result.kind !== "unreadable_error") return;
        expect(result.body).toBe(body);
        expect(result.issues).toHaveLength(1);
        expect(result.issues[0]?.code).toBe("custom");
        expect(result.message).toContain(message);
      }
      const unexpected = parseResponse("listVehicles", 500, body);
      expect(unexpected.kind).toBe("unexpected_status");
      expect(unexpected.kind === "unexpected_status" && unexpected.body).toBe(body);
    });

    it("reports a schema that throws as an issue", () => {
      const records = {
        SmsSMSDetailsResponse: z.looseObject({}).refine(() => {
          throw new Error("refine failed");
        }),
      };
      expect(parseResponse("sendSms", 200, {}, { records })).toMatchObject({
        kind: "invalid_body",
        message:
          "sendSms 200 body does not match its schema: (root): the schema threw: Error: refine failed",
      });
    });
  });

  it.each<[string, unknown, string]>([
    ["an unknown id", "listCars", '[invalid_argument] unknown operation id "listCars"'],
    ["an inherited key", "toString", '[invalid_argument] unknown operation id "toString"'],
    ["null", null, "[invalid_argument] unknown operation id null"],
    [
      "an entry of operations",
      operations.sendSms,
      "[invalid_argument] unknown operation id an object",
    ],
  ])("throws a CodecError for %s", (_, operation, message) => {
    let thrown: unknown;
    try {
      parseResponse(operation as OperationId, 200, {});
    } catch (error) {
      thrown = error;
    }
    expect(isCodecError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: "invalid_argument", message });
  });
});

describe("parseResponse() on deeply nested bodies", () => {
  function nested(depth: number): unknown {
    let body: unknown = {};
    for (let i = 0; i < depth; i++) body = { data: body };
    return body;
  }

  it("accepts a body nested up to MAX_JSON_DEPTH levels", () => {
    expect(parseResponse("deleteApiToken", 200, nested(MAX_JSON_DEPTH - 1)).kind).toBe("ok");
  });

  it("rejects a deeper body as invalid, with a short message whatever the depth", () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
      const result = parseResponse("deleteApiToken", 200, nested(depth));
      expect(result.kind).toBe("invalid_body");
      if (result.kind !== "invalid_body") return;
      expect(result.message).toMatch(
        /^deleteApiToken 200 body does not match its schema: data\.data\.data.*….*data\.data: expected a JSON value nested at most 1000 levels deep$/,
      );
      expect(result.message.length).toBeLessThan(300);
    }
  });
});

describe("parseResponse() on huge and hostile values", () => {
  it.each([
    ["of length 10^8 with nothing in it", 1e8],
    ["of length 2^32 - 1 with nothing in it", 2 ** 32 - 1],
  ])("reports a sparse array %s at once, without a RangeError", (_, length) => {
    const sparse = new Array<unknown>(length);
    const started = performance.now();
    const result = parseResponse("getTwinCarState", 200, sparse);
    expect(result).toMatchObject({
      kind: "invalid_body",
      message:
        "getTwinCarState 200 body does not match its schema: [0]: expected a JSON value, got a hole in a sparse array",
    });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("stops at the first hole of an array whose only element is its last", () => {
    const sparse: unknown[] = [1, 2];
    sparse[2 ** 32 - 2] = 3;
    expect(parseResponse("getTwinCarState", 200, sparse)).toMatchObject({
      kind: "invalid_body",
      message: expect.stringMatching(
        /: \[2\]: expected a JSON value, got a hole in a sparse array$/,
      ),
    });
  });

  it("passes a sparse array through as it is for a status it does not check", () => {
    const sparse = new Array<unknown>(2 ** 32 - 1);
    expect(parseResponse("getTwinCarState", 500, sparse)).toMatchObject({
      kind: "unexpected_status",
      body: sparse,
    });
  });

  it("escapes and cuts a hostile key in the message", () => {
    const key = `\u001b[2J${"k".repeat(10_000)}\n`;
    const result = parseResponse("getTwinCarState", 200, [{ [key]: undefined }]);
    if (result.kind !== "invalid_body") throw new Error(result.kind);
    expect(result.message).toBe(
      `getTwinCarState 200 body does not match its schema: [0]["\\u001b[2J${"k".repeat(55)}…"]: expected a JSON value, got undefined`,
    );
  });

  it("escapes and cuts what a schema's issue says", () => {
    const records = { SmsSMSDetailsResponse: z.strictObject({}) };
    const body = { [`a\u2028${"b".repeat(5_000)}`]: 1 };
    const result = parseResponse("sendSms", 200, body, { records });
    if (result.kind !== "invalid_body") throw new Error(result.kind);
    expect(result.message).toMatch(
      /^sendSms 200 body does not match its schema: \(root\): .*a\\u2028b+…$/,
    );
    expect(result.message.length).toBeLessThan(400);
  });

  it("bounds the whole message to 1024 characters, however many issues", () => {
    const records = {
      SmsSMSDetailsResponse: z.strictObject({}).superRefine((_, ctx) => {
        for (let i = 0; i < 50; i++) ctx.addIssue({ code: "custom", message: "x".repeat(300) });
      }),
    };
    const result = parseResponse("sendSms", 200, {}, { records });
    if (result.kind !== "invalid_body") throw new Error(result.kind);
    expect(result.issues).toHaveLength(50);
    expect(result.message.length).toBeLessThanOrEqual(1025);
    expect(result.message.endsWith("…")).toBe(true);
  });

  it("quotes an unknown operation id escaped and cut", () => {
    let thrown: unknown;
    try {
      parseResponse(`x\n${"y".repeat(1_000)}` as OperationId, 200, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      message: `[invalid_argument] unknown operation id "x\\n${"y".repeat(197)}…"`,
    });
  });
});
