import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const exec = promisify(execFile);
const child = fileURLToPath(new URL("./max-depth-child.ts", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));

// MAX_RECURSION_LIMIT caps how deep any function follows messages, so that depth is decided by
// counting (too_deep) and never by the engine's stack. The cap must therefore fit well inside
// the smallest stack the package meets: here, half of V8's default of 984 KiB.
describe("MAX_RECURSION_LIMIT", () => {
  it("fits in half of V8's default stack on every read and write path, fallbacks included", async () => {
    const args = ["--stack-size=492", "--import", "tsx", child];
    const { stdout } = await exec(process.execPath, args, { cwd: root });
    expect(stdout).toBe("ok");
  });
});
