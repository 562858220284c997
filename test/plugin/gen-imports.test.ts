import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The import graph of gen/: the generated code imports protoc-gen-es's output next to it,
// @bufbuild/protobuf, and its runtime by the subpath import `#runtime` (package.json `imports`),
// as protobuf-es's generated code imports @bufbuild/protobuf/wire. A relative path from gen/
// into src/ would be the one arrow of the layout that runs back up (src/ imports gen/).

const root = join(import.meta.dirname, "../..");
const gen = join(root, "gen");

/** Every module specifier of a file: imports, re-exports, dynamic imports, `import type`. */
function specifiers(path: string): string[] {
  const info = ts.preProcessFile(readFileSync(path, "utf8"), true, true);
  return info.importedFiles.map((file) => file.fileName);
}

const genFiles = readdirSync(gen, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .sort();

describe("gen/", () => {
  it("holds generated files", () => {
    expect(genFiles.length).toBeGreaterThan(0);
  });

  it.each(genFiles)("gen/%s imports no path outside gen/", (file) => {
    const from = join(gen, file);
    const outside = specifiers(from).filter((specifier) => {
      if (!specifier.startsWith(".")) return false;
      const target = relative(gen, join(dirname(from), specifier));
      return target.startsWith("..") || target.split(sep)[0] === "..";
    });
    expect(outside).toEqual([]);
  });

  it("imports the runtime as #runtime, which package.json maps to src/runtime/", () => {
    const all = genFiles.flatMap((file) => specifiers(join(gen, file)));
    expect(all).toContain("#runtime");
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      imports: Record<string, string>;
    };
    expect(pkg.imports["#runtime"]).toBe("./src/runtime/index.ts");
    const bare = all.filter((s) => !s.startsWith(".") && !s.startsWith("@bufbuild/protobuf"));
    expect(new Set(bare)).toEqual(new Set(["#runtime"]));
  });
});
