import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const exec = promisify(execFile);

describe("1,000 concurrent requests", () => {
  it("each resolve, and leave nothing that keeps the process alive", async () => {
    const started = performance.now();
    const { stdout } = await exec(
      process.execPath,
      ["--import", "tsx", "test/client/concurrency-child.ts"],
      { cwd: `${import.meta.dirname}/../..`, timeout: 60_000 },
    );
    expect(JSON.parse(stdout)).toEqual({ ok: 250, timeout: 250, aborted: 500 });
    // The ok requests had a timeoutMs of 10 minutes: a timer left running would hold the child
    // that long, and exec's 60 s timeout would kill it.
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 70_000);
});
