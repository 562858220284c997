import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleHttpBody } from "../../src/fixtures/index.js";
import { measuring, runAsync, run as runIn, shell, startSampleServer, workDir } from "./bin.js";

let scratch: { dir: string; path: string; remove: () => void };
let server: { url: string; stop: () => void };
beforeAll(async () => {
  scratch = workDir();
  server = await startSampleServer();
});
afterAll(() => {
  scratch.remove();
  server.stop();
});

const run = (args: string[], input?: string | Uint8Array) => runIn(scratch.dir, args, input);

function listen(s: Server): Promise<number> {
  return new Promise((resolve) =>
    s.listen(0, "127.0.0.1", () => resolve((s.address() as AddressInfo).port)),
  );
}

describe("http check of a deeply nested body", () => {
  const message =
    "vehicle-update-codec http check: [too_deep] the body nests arrays and objects more than 1000 levels deep (MAX_JSON_DEPTH), deeper than parseResponse reads\n";

  it.each([5_000, 1_000_000])("refuses %i levels with one line and exit 1, quickly", (depth) => {
    writeFileSync(join(scratch.dir, "deep.json"), `${"[".repeat(depth)}${"]".repeat(depth)}`);
    const file = join(scratch.dir, "measure.json");
    const result = shell(
      scratch.dir,
      scratch.path,
      "vehicle-update-codec http check listVehicles --status 200 deep.json",
      measuring(scratch.dir, file),
    );
    expect(result).toMatchObject({ code: 1, out: "", err: message });
    expect(JSON.parse(readFileSync(file, "utf8")).ms).toBeLessThan(2000);
  });

  it("prints a body of 1000 levels in output linear in its size", () => {
    const body = `${"[".repeat(1000)}${"]".repeat(1000)}`;
    const { code, out } = run(["http", "check", "listVehicles", "--status", "200"], body);
    expect(code).toBe(3);
    expect(JSON.parse(out)).toMatchObject({ kind: "invalid_body" });
    expect(out.length).toBeLessThan(20 * body.length); // indented all the way down: 2 MB
  });

  it("refuses a deep body received by http call the same way", () => {
    const { code, out, err } = run([
      "http",
      "call",
      "listVehicles",
      "--base-url",
      `${server.url}/deep`,
    ]);
    expect({ code, out }).toEqual({ code: 1, out: "" });
    expect(err).toBe(message.replace("http check", "http call"));
  });
});

describe("http call", () => {
  it.each([
    ["listVehicles", []],
    ["deleteIssue", ["--id", "17"]],
    ["getTwinCarState", ["--header", "authorization: Bearer t0k3n"]],
  ] as const)("calls %s and prints the ok result", (operation, extra) => {
    const { code, out, err } = run(["http", "call", operation, "--base-url", server.url, ...extra]);
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      kind: "ok",
      operation,
      status: 200,
      data: sampleHttpBody(operation, 200),
    });
  });

  it("sends each --query as a query parameter, a repeated name once per value", () => {
    const { code, out, err } = run([
      "http",
      "call",
      "listVehicles",
      "--query",
      "page=2",
      "--query",
      "vin=A B",
      "--query",
      "vin=C",
      "--base-url",
      server.url,
    ]);
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(out).data.query).toBe("?page=2&vin=A+B&vin=C");
  });

  it("refuses a --query without a name and =", () => {
    const { code, err } = run([
      "http",
      "call",
      "listVehicles",
      "--query",
      "page",
      "--base-url",
      server.url,
    ]);
    expect(code).toBe(2);
    expect(err.split("\n")[0]).toBe(
      'vehicle-update-codec http call: --query must be "name=value", got "page"',
    );
  });

  it("sends a --body read from standard input", () => {
    const { code, out } = run(
      ["http", "call", "sendSms", "--body", "-", "--base-url", server.url],
      '{"text":"hi"}',
    );
    expect(code).toBe(0);
    expect(JSON.parse(out).kind).toBe("ok");
  });

  it("refuses a response body over --max-bytes with one line and exit 1", () => {
    const { code, out, err } = run([
      "http",
      "call",
      "listVehicles",
      "--max-bytes",
      "1K",
      "--base-url",
      `${server.url}/big`,
    ]);
    expect({ code, out }).toEqual({ code: 1, out: "" });
    expect(err).toMatch(/^vehicle-update-codec http call: \[too_large\] [^\n]*1024[^\n]*\n$/);
  });

  it("prints a redirect to another origin, which the client does not follow, with exit 6", () => {
    const { code, out } = run([
      "http",
      "call",
      "listVehicles",
      "--base-url",
      `${server.url}/redirect`,
    ]);
    expect(code).toBe(6);
    expect(JSON.parse(out)).toMatchObject({
      kind: "redirect",
      operation: "listVehicles",
      status: 302,
      location: "http://elsewhere.invalid/vehicles",
    });
  });

  it.each([
    [["listVehicles"], "--base-url <url> is required"],
    [
      ["listVehicles", "--base-url", "ftp://x"],
      '--base-url must be an absolute http or https URL, got "ftp://x"',
    ],
    [["listVehicles", "--base-url", "http://x", "--id", "3"], "listVehicles takes no --id"],
    [["deleteIssue", "--base-url", "http://x"], "deleteIssue needs --id <id>"],
    [
      ["deleteIssue", "--base-url", "http://x", "--id", ".."],
      'could not build the deleteIssue request: CodecError: [invalid_argument] id must be a non-empty string other than "." and "..", a finite number or a bigint, got ".."',
    ],
    [["sendSms", "--base-url", "http://x"], "sendSms sends a body: pass --body <file|->"],
    [
      ["listVehicles", "--base-url", "http://x", "--body", "-"],
      "listVehicles sends no body, so it takes no --body",
    ],
    [
      ["listVehicles", "--base-url", "http://x", "--header", "no colon"],
      '--header must be "name: value", got "no colon"',
    ],
    [
      ["listVehicles", "--base-url", "http://x", "--timeout", "0"],
      "--timeout must be a whole number from 1 to 2147483647, got 0",
    ],
    [["getVehicle", "--base-url", "http://x"], 'unknown operation "getVehicle", expected one of '],
  ])("exits 2 for %j", (args, message) => {
    const { code, err } = run(["http", "call", ...args]);
    expect(code).toBe(2);
    expect(err.split("\n")[0]).toContain(`vehicle-update-codec http call: ${message}`);
  });

  it("names ECONNREFUSED and exits 69 when nothing listens", async () => {
    const closed = createHttpServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const { code, out, err } = run([
      "http",
      "call",
      "listVehicles",
      "--base-url",
      `http://127.0.0.1:${port}`,
    ]);
    expect(out).toBe("");
    expect(err).toMatch(
      new RegExp(
        `^vehicle-update-codec http call: \\[network_error\\] GET http://127.0.0.1:${port}/vehicles failed: .*ECONNREFUSED.*\\n$`,
      ),
    );
    expect(code).toBe(69);
  });

  it("names ENOTFOUND (or EAI_AGAIN offline) for a host that does not exist", () => {
    const { code, err } = run([
      "http",
      "call",
      "listVehicles",
      "--base-url",
      "http://nonexistent.invalid",
    ]);
    expect(err).toMatch(
      /^vehicle-update-codec http call: \[network_error\] GET http:\/\/nonexistent\.invalid\/vehicles failed: .*(ENOTFOUND|EAI_AGAIN).*\n$/,
    );
    expect(code).toBe(69);
  });

  const openssl = spawnSync("openssl", ["version"]).status === 0;
  it.skipIf(!openssl)("names the TLS error of a self-signed certificate", async () => {
    const key = join(scratch.dir, "key.pem");
    const cert = join(scratch.dir, "cert.pem");
    const made = spawnSync("openssl", [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
    ]);
    expect(made.status).toBe(0);
    const tls = createHttpsServer(
      { key: readFileSync(key), cert: readFileSync(cert) },
      (_, response) => {
        response.end("{}");
      },
    );
    const port = await listen(tls);
    try {
      const { code, err } = await runAsync(scratch.dir, [
        "http",
        "call",
        "listVehicles",
        "--base-url",
        `https://127.0.0.1:${port}`,
      ]);
      expect(err).toMatch(
        /^vehicle-update-codec http call: \[network_error\] GET https:\/\/127\.0\.0\.1:\d+\/vehicles failed: .*(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED).*\n$/,
      );
      expect(code).toBe(69);
    } finally {
      tls.close();
    }
  });

  it("says timeout and exits 69 when the service does not answer in --timeout ms", async () => {
    const silent = createHttpServer(() => {});
    const port = await listen(silent);
    try {
      const { code, err } = await runAsync(scratch.dir, [
        "http",
        "call",
        "listVehicles",
        "--timeout",
        "300",
        "--base-url",
        `http://127.0.0.1:${port}`,
      ]);
      expect(err).toBe(
        `vehicle-update-codec http call: [timeout] GET http://127.0.0.1:${port}/vehicles timed out after 300 ms\n`,
      );
      expect(code).toBe(69);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
