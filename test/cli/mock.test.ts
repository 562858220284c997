// `vehicle-update-codec mock`: the built bin spawned as a user runs it, on a free 127.0.0.1 port,
// stopped by a signal.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import { sampleHttpBody } from "../../src/fixtures/index.js";
import { bin, root, run as runIn, shell, workDir } from "./bin.js";

let scratch: ReturnType<typeof workDir>;
beforeAll(() => {
  scratch = workDir();
});
afterAll(() => scratch.remove());

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Resolves when the process exits: its code, signal, stdout and stderr. */
  exited: Promise<{ code: number | null; signal: string | null; out: string; err: string }>;
}

/** Spawns `mock` with `args` and waits (at most 20 s) for its "listening on" line. */
function startMock(args: string[], binPath = bin): Promise<Started> {
  const child = spawn(process.execPath, [binPath, "mock", ...args], { cwd: scratch.dir });
  let out = "";
  let err = "";
  const exited = new Promise<{
    code: number | null;
    signal: string | null;
    out: string;
    err: string;
  }>((resolve) => child.on("close", (code, signal) => resolve({ code, signal, out, err })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no address within 20 s; stderr: ${err}`));
    }, 20_000);
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^listening on (http:\/\/\S+)\n/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], exited });
      }
    });
    child.on("close", () => {
      clearTimeout(timer);
      reject(new Error(`mock exited early; stdout: ${out} stderr: ${err}`));
    });
  });
}

describe("vehicle-update-codec mock", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "serves the fixtures on 127.0.0.1 and stops on %s with exit 0",
    async (signal) => {
      const mock = await startMock(["--port", "0"]);
      try {
        expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const client = createClient({ baseUrl: mock.url });
        expect(await client.listVehicles()).toMatchObject({
          kind: "ok",
          data: sampleHttpBody("listVehicles", 200),
        });
        expect(await client.sendSms({}, { headers: { prefer: "code=408" } })).toMatchObject({
          kind: "api_error",
          status: 408,
        });
      } finally {
        mock.child.kill(signal);
      }
      const { code, signal: killedBy, out, err } = await mock.exited;
      expect({ code, killedBy, err }).toEqual({ code: 0, killedBy: null, err: "" });
      expect(out).toBe(`listening on ${mock.url}\nstopped by ${signal}\n`);
    },
  );

  it("listens on the --host given", async () => {
    const mock = await startMock(["--port", "0", "--host", "localhost"]);
    mock.child.kill("SIGTERM");
    expect((await mock.exited).code).toBe(0);
    expect(mock.url).toMatch(/^http:\/\/(127\.0\.0\.1|\[::1\]):\d+$/);
  });

  it("says in one line that the port is taken, exit 1", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = runIn(scratch.dir, ["mock", "--port", String(port)], undefined, {
        timeout: 20_000,
      });
      expect(result).toMatchObject({
        code: 1,
        out: "",
        err: `vehicle-update-codec mock: cannot listen on 127.0.0.1 port ${port}: EADDRINUSE\n`,
      });
    } finally {
      blocker.close();
    }
  });

  it.each([
    [["--port", "65536"], "--port must be a whole number from 0 to 65535, got 65536"],
    [["--port", "x"], '--port must be a whole number from 0 to 65535, got "x"'],
    [["--host", ""], "--host must not be empty"],
    [["extra"], "takes no arguments"],
  ])("refuses %j with exit 2", (args, message) => {
    const result = runIn(scratch.dir, ["mock", ...args]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      `vehicle-update-codec mock: ${message}\nRun 'vehicle-update-codec mock --help' for usage.\n`,
    );
  });

  it("has a --help with its options, the Prefer header, exit codes and examples", () => {
    const result = runIn(scratch.dir, ["mock", "--help"]);
    expect(result.code).toBe(0);
    for (const part of [
      "Usage: vehicle-update-codec mock [--port <n>] [--host <address>]",
      "--port <n>",
      "--host <address>",
      "Prefer: code=<status>",
      "Exit codes: 0 stopped by a signal",
      "npm install --save-dev msw",
      "Examples (",
    ]) {
      expect(result.out).toContain(part);
    }
    expect(runIn(scratch.dir, ["--help"]).out).toContain("  mock ");
  });

  it("runs its --help examples as one shell session, on a free port", async () => {
    const help = runIn(scratch.dir, ["mock", "--help"]).out;
    const lines = help
      .slice(help.indexOf("\nExamples"))
      .split("\n")
      .filter((line) => line.startsWith("  "))
      .map((line) => line.slice(2));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = String((probe.address() as { port: number }).port);
    await new Promise((resolve) => probe.close(resolve));
    const script = lines.join("\n").replaceAll("4010", port);
    const result = shell(scratch.dir, scratch.path, script, {});
    // One assertion, so that a failure shows the code, stderr and stdout together.
    expect({ code: result.code, err: result.err, out: result.out }).toEqual({
      code: 0,
      err: "",
      out: expect.stringMatching(/"kind": "ok"[\s\S]*"kind": "api_error"[\s\S]*exit code 4\n$/),
    });
  });

  it("says in one line that msw is missing, exit 2, no stack trace", () => {
    // The package as installed without msw: dist and package.json copied (a link would resolve
    // back to this repository's node_modules), its required peers linked beside it.
    const dir = mkdtempSync(join(tmpdir(), "vuc-no-msw-"));
    try {
      const pkg = join(dir, "node_modules/vehicle-update-codec");
      mkdirSync(pkg, { recursive: true });
      cpSync(join(root, "dist"), join(pkg, "dist"), { recursive: true });
      cpSync(join(root, "package.json"), join(pkg, "package.json"));
      for (const dep of ["zod", "@bufbuild/protobuf"]) {
        mkdirSync(join(dir, "node_modules", dep, ".."), { recursive: true });
        symlinkSync(join(root, "node_modules", dep), join(dir, "node_modules", dep), "dir");
      }
      const ran = spawnSync(process.execPath, [join(pkg, "dist/cli/index.js"), "mock"], {
        cwd: dir,
        timeout: 20_000,
        encoding: "utf8",
      });
      expect({ code: ran.status, out: ran.stdout, err: ran.stderr }).toEqual({
        code: 2,
        out: "",
        err: "vehicle-update-codec mock: the mock needs the msw package: npm install --save-dev msw\nRun 'vehicle-update-codec mock --help' for usage.\n",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
