import { describe, expect, it } from "vitest";
import { createClient, DEFAULT_TIMEOUT_MS } from "../../src/client/index.js";
import { isCodecError } from "../../src/codec-error.js";

/** Calls `run` and returns what it threw. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

const boom = new Error("boom");
const base = "https://ota.example.com";
const revoked = Proxy.revocable({}, {});
revoked.revoke();

describe("createClient() options", () => {
  it.each<[string, unknown, string]>([
    ["undefined", undefined, "options must be an object, got undefined"],
    ["null", null, "options must be an object, got null"],
    [
      "a string",
      "https://ota.example.com",
      'options must be an object, got "https://ota.example.com"',
    ],
    ["a number", 42, "options must be an object, got 42"],
    ["a function", () => ({}), "options must be an object, got a function"],
  ])("throws invalid_argument for %s", (_, options, message) => {
    const error = thrownBy(() => createClient(options as never));
    expect(isCodecError(error)).toBe(true);
    expect(error).toMatchObject({
      code: "invalid_argument",
      message: `[invalid_argument] ${message}`,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      "a baseUrl of another type",
      { baseUrl: 42 },
      "baseUrl must be an absolute http(s) URL, got 42",
    ],
    [
      "a baseUrl with control characters",
      { baseUrl: "\u001b[2J" },
      "baseUrl must be an absolute http(s) URL, got \\u001b[2J",
    ],
    [
      "a timeoutMs string",
      { timeoutMs: "300" },
      'timeoutMs must be a positive finite number of at most 2147483647, got "300"',
    ],
    [
      "timeoutMs null",
      { timeoutMs: null },
      "timeoutMs must be a positive finite number of at most 2147483647, got null",
    ],
    [
      "maxBodyBytes -1",
      { maxBodyBytes: -1 },
      "maxBodyBytes must be an integer from 0 to 9007199254740991, got -1",
    ],
    [
      "maxBodyBytes 1.5",
      { maxBodyBytes: 1.5 },
      "maxBodyBytes must be an integer from 0 to 9007199254740991, got 1.5",
    ],
    [
      "maxBodyBytes Infinity",
      { maxBodyBytes: Number.POSITIVE_INFINITY },
      "maxBodyBytes must be an integer from 0 to 9007199254740991, got Infinity",
    ],
    [
      "a maxBodyBytes string",
      { maxBodyBytes: "16" },
      'maxBodyBytes must be an integer from 0 to 9007199254740991, got "16"',
    ],
    [
      "a maxBodyBytes bigint",
      { maxBodyBytes: 16n },
      "maxBodyBytes must be an integer from 0 to 9007199254740991, got 16",
    ],
    [
      'redirect "error"',
      { redirect: "error" },
      'redirect must be "same-origin", "follow" or "manual", got "error"',
    ],
    [
      "redirect true",
      { redirect: true },
      'redirect must be "same-origin", "follow" or "manual", got true',
    ],
    ["headers 42", { headers: 42 }, "headers must be valid headers or a function: TypeError: "],
    [
      "records null",
      { records: null },
      "records must be an object of zod schemas by record name, got null",
    ],
    ["records naming no record", { records: { Car: {} } }, 'records names unknown record "Car"'],
    [
      "a record that is no schema",
      { records: { CommonCar: 1 } },
      "records.CommonCar must be a zod schema, got 1",
    ],
  ])("throws invalid_argument for %s", (_, options, message) => {
    const error = thrownBy(() => createClient({ baseUrl: base, ...options } as never));
    expect(isCodecError(error)).toBe(true);
    expect((error as Error).message.startsWith(`[invalid_argument] ${message}`)).toBe(true);
  });

  it("throws invalid_argument with the error as cause when a getter throws", () => {
    const options = {
      baseUrl: base,
      get timeoutMs(): number {
        throw boom;
      },
    };
    expect(thrownBy(() => createClient(options))).toMatchObject({
      code: "invalid_argument",
      message: "[invalid_argument] reading timeoutMs of the options threw: Error: boom",
      cause: boom,
    });
  });

  it("throws invalid_argument with the error as cause when a Proxy trap throws", () => {
    const options = new Proxy(
      { baseUrl: base },
      {
        get(target, name) {
          if (name === "redirect") throw boom;
          return Reflect.get(target, name);
        },
      },
    );
    expect(thrownBy(() => createClient(options))).toMatchObject({
      code: "invalid_argument",
      message: "[invalid_argument] reading redirect of the options threw: Error: boom",
      cause: boom,
    });
    const error = thrownBy(() => createClient(revoked.proxy as never));
    expect(error).toMatchObject({ code: "invalid_argument" });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it("throws invalid_argument when headers are a Proxy whose trap throws", () => {
    const headers = new Proxy(
      {},
      {
        ownKeys() {
          throw boom;
        },
      },
    );
    expect(thrownBy(() => createClient({ baseUrl: base, headers }))).toMatchObject({
      code: "invalid_argument",
      message: "[invalid_argument] headers must be valid headers or a function: Error: boom",
      cause: boom,
    });
  });

  it("accepts a Proxy that behaves, and undefined for every optional option", () => {
    const options = new Proxy({ baseUrl: base }, {});
    expect(typeof createClient(options).listVehicles).toBe("function");
    const all = {
      baseUrl: base,
      fetch: undefined,
      headers: undefined,
      timeoutMs: undefined,
      maxBodyBytes: undefined,
      redirect: undefined,
    };
    expect(typeof createClient(all).listVehicles).toBe("function");
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
  });

  it("accepts maxBodyBytes 0 and Number.MAX_SAFE_INTEGER, and each redirect mode", () => {
    for (const maxBodyBytes of [0, Number.MAX_SAFE_INTEGER])
      createClient({ baseUrl: base, maxBodyBytes });
    for (const redirect of ["same-origin", "follow", "manual"] as const)
      createClient({ baseUrl: base, redirect });
  });
});

describe("request options", () => {
  const fetched: string[] = [];
  const client = createClient({
    baseUrl: base,
    fetch: async (url) => {
      fetched.push(url);
      return new Response("{}");
    },
  });
  const getter = {
    get query(): never {
      throw boom;
    },
  };

  it.each<[string, unknown, string]>([
    ["null", null, "request options must be an object, got null"],
    ["a string", "page=1", 'request options must be an object, got "page=1"'],
    ["a query string", { query: "page=1" }, 'query must be an object, got "page=1"'],
    ["a query array", { query: [1] }, "query must be an object, got an array"],
    [
      "a NaN query value",
      { query: { page: Number.NaN } },
      'query "page" must be a string, a finite number, a boolean or a bigint, got NaN',
    ],
    [
      "a query value that is an object",
      { query: { vin: ["A", {}] } },
      'query "vin" must be a string, a finite number, a boolean or a bigint, got an object',
    ],
    ["a signal that is not one", { signal: {} }, "signal must be an AbortSignal, got an object"],
    [
      "invalid headers",
      { headers: { "base name": "x" } },
      "headers must be valid headers: TypeError: ",
    ],
    ["a getter that throws", getter, "reading query of the request options threw: Error: boom"],
    ["a revoked Proxy", revoked.proxy, "reading query of the request options threw: TypeError: "],
  ])(
    "resolve to request_error with invalid_argument for %s, sending nothing",
    async (_, options, message) => {
      fetched.length = 0;
      const result = await client.listVehicles(options as never);
      expect(result).toMatchObject({ kind: "request_error", operation: "listVehicles" });
      if (result.kind !== "request_error") return;
      expect(isCodecError(result.cause)).toBe(true);
      expect(result.cause).toMatchObject({ code: "invalid_argument" });
      expect(
        result.message.startsWith(
          `invalid listVehicles request options: CodecError: [invalid_argument] ${message}`,
        ),
      ).toBe(true);
      expect(fetched).toEqual([]);
    },
  );

  it("keeps the thrown error as the cause's cause", async () => {
    const result = await client.listVehicles(getter as never);
    expect(result.kind === "request_error" && (result.cause as Error).cause).toBe(boom);
  });
});
