// Runs the built bin as a user's shell would: spawned, with its stdout, stderr and exit code.
import { type SpawnSyncOptions, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const root = join(import.meta.dirname, "../..");
export const bin = join(root, "dist/cli/index.js");

export interface Ran {
  code: number | null;
  stdout: Buffer;
  out: string;
  err: string;
}

/** A fresh directory, and a `bin/` in it holding a `vehicle-update-codec` that runs the build. */
export function workDir(): { dir: string; path: string; remove: () => void } {
  if (!existsSync(bin)) throw new Error("dist/cli/index.js is missing: run npm run build first");
  const dir = mkdtempSync(join(tmpdir(), "vuc-cli-"));
  const binDir = join(dir, "bin");
  mkdirSync(binDir);
  const shim = join(binDir, "vehicle-update-codec");
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(shim, 0o755);
  return {
    dir,
    path: `${binDir}:${process.env.PATH ?? ""}`,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs the bin with `args`, `input` on standard input, and waits for it. */
export function run(
  cwd: string,
  args: readonly string[],
  input?: string | Uint8Array,
  options: SpawnSyncOptions = {},
): Ran {
  const result = spawnSync(process.execPath, [bin, ...args], {
    input: input ?? "",
    cwd,
    maxBuffer: 256 * 1024 * 1024,
    ...options,
  });
  const stdout = (result.stdout as Buffer | null) ?? Buffer.alloc(0);
  return {
    code: result.status,
    stdout,
    out: stdout.toString(),
    err: ((result.stderr as Buffer | null) ?? Buffer.alloc(0)).toString(),
  };
}

/** Runs the bin without blocking the test's event loop (for a server in the test process). */
export function runAsync(
  cwd: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.stdin.end();
    child.on("error", reject);
    child.on("close", (code) => {
      const stdout = Buffer.concat(out);
      resolve({ code, stdout, out: stdout.toString(), err: Buffer.concat(err).toString() });
    });
  });
}

/** Runs `script` in bash with `set -o pipefail`, the bin on PATH as `vehicle-update-codec`. */
export function shell(cwd: string, path: string, script: string, env: NodeJS.ProcessEnv = {}): Ran {
  const result = spawnSync("bash", ["-c", `set -o pipefail\n${script}`], {
    cwd,
    env: { ...process.env, ...env, PATH: path },
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    code: result.status,
    stdout: result.stdout,
    out: result.stdout.toString(),
    err: result.stderr.toString(),
  };
}

/** The sample server (sample-server.mjs) in a child process: its base URL, and how to stop it. */
export async function startSampleServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(root, "test/cli/sample-server.mjs")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(text.trim());
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`sample server exited with ${code}`)));
  });
  return { url, stop: () => child.stdin.end() };
}

/**
 * Environment that makes every node process started with it write, on exit, its peak resident
 * memory (KiB) and the milliseconds from the start of its own code to its exit into `file`.
 */
export function measuring(dir: string, file: string): NodeJS.ProcessEnv {
  const preload = join(dir, "measure.mjs");
  writeFileSync(
    preload,
    `import { writeFileSync } from "node:fs";
const start = performance.now();
process.on("exit", () => {
  const peak = process.resourceUsage().maxRSS;
  writeFileSync(${JSON.stringify(file)}, JSON.stringify({ maxRssKiB: peak, ms: performance.now() - start }));
});
`,
  );
  return { NODE_OPTIONS: `--import=${preload}` };
}
