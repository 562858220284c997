// The packed tarball, checked by the two linters of package.json and types: publint and
// arethetypeswrong (attw). Both read the tarball `npm pack` writes, exactly what users install.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goldenFolder, type PackResult, pack, root, subpaths } from "./pack.js";

const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

let dir: string;
let packed: PackResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "vuc-lint-"));
  packed = await pack(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("package.json", () => {
  it("exports every subpath with ESM, CJS and types", () => {
    expect(Object.keys(manifest.exports)).toEqual(
      expect.arrayContaining([...subpaths, "./golden/*", "./package.json"]),
    );
    for (const subpath of subpaths) {
      const base = subpath === "." ? "./dist/index" : `./dist/${subpath.slice(2)}/index`;
      // "types" first in each branch: TypeScript takes the first condition it knows.
      expect(manifest.exports[subpath], subpath).toStrictEqual({
        import: { types: `${base}.d.ts`, default: `${base}.js` },
        require: { types: `${base}.d.cts`, default: `${base}.cjs` },
      });
    }
  });

  it("maps every subpath for TypeScript's node10 resolution, which ignores exports", () => {
    for (const subpath of subpaths.filter((subpath) => subpath !== ".")) {
      const name = subpath.slice(2);
      expect(manifest.typesVersions["*"][name]).toEqual([`./dist/${name}/index.d.cts`]);
    }
  });
});

describe("the packed tarball", () => {
  it("holds every file the exports map and the bin name", () => {
    const targets = [manifest.main, manifest.module, manifest.types, manifest.bin[manifest.name]];
    for (const subpath of subpaths) {
      const { import: esm, require: cjs } = manifest.exports[subpath];
      targets.push(esm.types, esm.default, cjs.types, cjs.default);
    }
    for (const target of targets) expect(packed.files).toContain(target.replace(/^\.\//, ""));
    expect(packed.files).toContain(`${goldenFolder}/dtcEntry.binpb`);
    expect(packed.files).toContain("proto/kafka_grpc/kafka_grpc.proto");
    expect(packed.files).toContain("asyncapi.json");
    expect(packed.files).toContain(manifest.exports["./inspector.html"].replace(/^\.\//, ""));
  });

  it("holds no sources, tests or tooling", () => {
    const golden = (file: string) =>
      file.startsWith(`${goldenFolder}/`) &&
      /^[^/]+\.(binpb|json)$/.test(file.slice(goldenFolder.length + 1));
    const stray = packed.files.filter(
      (file) =>
        !golden(file) &&
        !/^(dist\/|proto\/|package\.json$|openapi\.json$|asyncapi\.json$|README\.md$|LICENSE$|CHANGELOG\.md$)/.test(
          file,
        ),
    );
    expect(stray).toEqual([]);
  });

  it("passes publint --strict with no message at all, suggestions included", async () => {
    const tarball = readFileSync(packed.tarball);
    const { messages, pkg } = await publint({
      pack: {
        tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength),
      },
      level: "suggestion",
      strict: true,
    });
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([]);
  });

  // The "strict" profile resolves each entry point as TypeScript does under node10 (which reads
  // typesVersions), node16 from CJS, node16 from ESM and bundler. No rule is ignored. The
  // wildcard ./golden/* entry (data files, no types) is listed but not analysed by attw, and
  // ./inspector.html, a page and no module, is left out: attw resolves only modules and JSON.
  it("passes arethetypeswrong in every module resolution (node10, node16 CJS/ESM, bundler)", async () => {
    const { stdout } = await run(
      join(root, "node_modules/.bin/attw"),
      [
        packed.tarball,
        ...["--profile", "strict", "--format", "json"],
        ...["--exclude-entrypoints", "./inspector.html"],
      ],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const { analysis, problems } = JSON.parse(stdout);
    expect(problems).toEqual({});
    expect(Object.keys(analysis.entrypoints)).toEqual(
      expect.arrayContaining(subpaths.filter((subpath) => subpath !== ".").map((s) => s)),
    );
    for (const subpath of subpaths) {
      const { resolutions } = analysis.entrypoints[subpath];
      for (const kind of ["node10", "node16-cjs", "node16-esm", "bundler"]) {
        expect(resolutions[kind]?.resolution?.isTypeScript, `${subpath} under ${kind}`).toBe(true);
      }
    }
  });
});
