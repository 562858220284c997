// zod and fast-check are optional peer dependencies: an app that only uses the binary codec
// installs the tarball without them. This installs the packed package alone, in a project
// outside the repository (whose node_modules would otherwise satisfy any import), and checks
// that npm brought @bufbuild/protobuf but neither optional peer, that the subpaths which do not
// need them load from ESM and CommonJS, and that the ones which do fail at once with an error
// that names the missing package.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pack } from "./pack.js";

const exec = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "vuc-optional-peers-"));
  const { tarball } = await pack(dir);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "binary-only",
      private: true,
      type: "module",
      dependencies: { "vehicle-update-codec": `file:${tarball}` },
    }),
  );
  await exec("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir });
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Loads `specifier` with import() and require(); prints what each gave, as JSON. */
async function load(specifier: string): Promise<{ esm: string; cjs: string }> {
  const script = `
import { createRequire } from "node:module";
const outcome = (error) => error ? \`\${error.code}: \${error.message.split("\\n")[0]}\` : "ok";
const esm = await import(${JSON.stringify(specifier)}).then(() => outcome(), outcome);
let cjs;
try { createRequire(import.meta.url)(${JSON.stringify(specifier)}); cjs = outcome(); } catch (error) { cjs = outcome(error); }
console.log(JSON.stringify({ esm, cjs }));
`;
  const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
  });
  return JSON.parse(stdout);
}

describe("vehicle-update-codec installed without its optional peers", () => {
  it("brings @bufbuild/protobuf, and neither zod nor fast-check", () => {
    expect(existsSync(join(dir, "node_modules/@bufbuild/protobuf"))).toBe(true);
    expect(existsSync(join(dir, "node_modules/zod"))).toBe(false);
    expect(existsSync(join(dir, "node_modules/fast-check"))).toBe(false);
  });

  it.each([
    "vehicle-update-codec",
    "vehicle-update-codec/messages",
    "vehicle-update-codec/framing",
    "vehicle-update-codec/kafka",
    "vehicle-update-codec/fixtures",
  ])("loads %s", async (specifier) => {
    expect(await load(specifier)).toEqual({ esm: "ok", cjs: "ok" });
  });

  it.each([
    ["vehicle-update-codec/http", "zod"],
    ["vehicle-update-codec/client", "zod"],
    ["vehicle-update-codec/testing", "fast-check"],
  ])("fails to load %s with an error that names %s", async (specifier, peer) => {
    const { esm, cjs } = await load(specifier);
    expect(esm).toMatch(
      new RegExp(`^ERR_MODULE_NOT_FOUND: Cannot find package '${peer}' imported from `),
    );
    expect(cjs).toMatch(new RegExp(`^MODULE_NOT_FOUND: Cannot find module '${peer}'`));
  });
});
