import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const out = mkdtempSync(join(tmpdir(), "vuc-gen-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe("gen/", () => {
  it("is what `buf generate` makes from proto/ now", () => {
    execFileSync(join(root, "node_modules/.bin/buf"), ["generate", "--output", out], { cwd: root });
    const fresh = join(out, "gen");
    const committed = join(root, "gen");
    expect(files(fresh)).toEqual(files(committed));
    for (const file of files(committed)) {
      expect(
        readFileSync(join(fresh, file), "utf8"),
        `gen/${file} is stale: run npm run generate`,
      ).toBe(readFileSync(join(committed, file), "utf8"));
    }
  }, 60_000);

  it("passes buf lint", () => {
    execFileSync(join(root, "node_modules/.bin/buf"), ["lint"], { cwd: root });
  }, 60_000);
});
