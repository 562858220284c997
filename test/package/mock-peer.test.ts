// msw is an optional peer: installed without it, the package still gives the OpenAPI document
// (openApiDocument() of ./http and the ./openapi.json file), while ./mock and the bin's mock
// command fail at once with an error that names msw. Installed with it, a TypeScript project
// (with the DOM lib, which msw's own types need) typechecks against ./mock's types.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledPackage, installPacked, pack, root } from "./pack.js";

const exec = promisify(execFile);
/** Outside the repository, whose node_modules would otherwise give it msw. */
let withoutMsw: { dir: string };
let withMsw: InstalledPackage;

beforeAll(async () => {
  const devDependencies = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
    .devDependencies as Record<string, string>;
  const dir = mkdtempSync(join(tmpdir(), "vuc-no-msw-"));
  withoutMsw = { dir };
  const { tarball } = await pack(dir);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "no-msw",
      private: true,
      type: "module",
      dependencies: {
        "vehicle-update-codec": `file:${tarball}`,
        zod: devDependencies.zod,
        "@bufbuild/protobuf": devDependencies["@bufbuild/protobuf"],
      },
    }),
  );
  await exec("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir });
  const peers = { zod: true, "@bufbuild/protobuf": true } as const;
  withMsw = await installPacked("with-msw", { ...peers, msw: true, typescript: true });
}, 300_000);

afterAll(() => {
  if (withoutMsw) rmSync(withoutMsw.dir, { recursive: true, force: true });
  withMsw?.remove();
});

async function esm(dir: string, script: string): Promise<string> {
  const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
  });
  return stdout.trim();
}

describe("vehicle-update-codec installed without msw", () => {
  it("has no msw", () => {
    expect(existsSync(join(withoutMsw.dir, "node_modules/msw"))).toBe(false);
  });

  it("gives the OpenAPI document from ./http and ./openapi.json", async () => {
    const out = await esm(
      withoutMsw.dir,
      `import { openApiDocument } from "vehicle-update-codec/http";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
const file = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve("vehicle-update-codec/openapi.json")), "utf8"));
console.log(JSON.stringify([openApiDocument().openapi, Object.keys(file.paths).length]));`,
    );
    expect(JSON.parse(out)).toEqual(["3.1.1", 12]);
  });

  it("fails to load ./mock with an error that names msw", async () => {
    const out = await esm(
      withoutMsw.dir,
      `await import("vehicle-update-codec/mock").then(() => console.log("ok"), (e) => console.log(e.code, e.message.split("\\n")[0]));`,
    );
    expect(out).toMatch(/^ERR_MODULE_NOT_FOUND Cannot find package 'msw' imported from /);
  });

  it("runs the bin's mock command into one line and exit 2", async () => {
    // Bounded: were msw found, the server would run until killed.
    const result = await exec("npx", ["--no-install", "vehicle-update-codec", "mock"], {
      cwd: withoutMsw.dir,
      timeout: 20_000,
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(result).toEqual({
      code: 2,
      stderr:
        "vehicle-update-codec mock: the mock needs the msw package: npm install --save-dev msw\nRun 'vehicle-update-codec mock --help' for usage.\n",
    });
  });
});

describe("vehicle-update-codec installed with msw", () => {
  it("typechecks a test suite's use of ./mock", async () => {
    writeFileSync(
      join(withMsw.dir, "mock.ts"),
      `import { delay } from "msw";
import { setupServer } from "msw/node";
import { createHandlers, type MockReply, type MockServer, mockOperation, startMockServer } from "vehicle-update-codec/mock";

const reply: MockReply<"sendSms"> = async () => { await delay(10); return { status: 408 }; };
export const server = setupServer(...createHandlers(), mockOperation("sendSms", reply, { once: true }));
export const started: Promise<MockServer> = startMockServer({ port: 0 });
// @ts-expect-error listVehicles does not declare 408
export const undeclared = mockOperation("listVehicles", { status: 408 });
`,
    );
    writeFileSync(
      join(withMsw.dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          lib: ["es2022", "dom"],
          types: [],
          noEmit: true,
          // msw's own .d.ts files do not typecheck under every setting; ours are checked by
          // consumers.test.ts without skipLibCheck.
          skipLibCheck: true,
        },
        files: ["mock.ts"],
      }),
    );
    const out = await exec(
      process.execPath,
      [join(withMsw.dir, "node_modules/typescript/bin/tsc"), "-p", "."],
      {
        cwd: withMsw.dir,
      },
    ).then(
      () => "",
      (error: { stdout: string }) => error.stdout,
    );
    expect(out).toBe("");
  });
});
