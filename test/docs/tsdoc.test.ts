// Every public export has TSDoc in prose (STYLE.md section 4). This walks each subpath entry with
// the TypeScript compiler API, follows every export to the declaration it names and fails with
// the names of the exports that have no doc comment.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The entry point of each subpath export that holds code, read from package.json's `exports`:
 * `.` is src/index.ts, `./x` is src/x/index.ts.
 */
const entries: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(
    (
      JSON.parse(readFileSync(`${root}package.json`, "utf8")) as {
        exports: Record<string, unknown>;
      }
    ).exports,
  )
    .filter(([, target]) => typeof target === "object")
    .map(([subpath]) => [
      subpath,
      subpath === "." ? "src/index.ts" : `src/${subpath.slice(2)}/index.ts`,
    ]),
);

function loadProgram(rootNames: string[]): ts.Program {
  const configPath = `${root}tsconfig.json`;
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configPath}`);
  return ts.createProgram({ rootNames, options: config.options });
}

/** The prose of a declaration's doc comment: its text without the tags. */
function docProse(declaration: ts.Declaration): string {
  return ts
    .getJSDocCommentsAndTags(declaration)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "")
    .join("\n")
    .trim();
}

/** Each export of a module, with the place it is declared and whether it has prose TSDoc. */
function exportsOf(program: ts.Program, path: string) {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(path);
  if (!file) throw new Error(`${path} is not in the program`);
  const moduleSymbol = checker.getSymbolAtLocation(file);
  if (!moduleSymbol) throw new Error(`${path} is not a module`);
  return checker.getExportsOfModule(moduleSymbol).map((exported) => {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declarations = symbol.declarations ?? [];
    return {
      name: exported.name,
      where: declarations
        .map((declaration) => declaration.getSourceFile().fileName.slice(root.length))
        .join(", "),
      documented: declarations.some((declaration) => docProse(declaration) !== ""),
    };
  });
}

/** The exports of a module that have no prose TSDoc, as `name (file)`. */
function undocumented(program: ts.Program, path: string): string[] {
  const found = exportsOf(program, path);
  if (found.length === 0) throw new Error(`${path} exports nothing`);
  return found
    .filter((exported) => !exported.documented)
    .map((exported) => `${exported.name} (${exported.where})`);
}

describe("TSDoc of the public API", () => {
  const program = loadProgram(Object.values(entries).map((entry) => `${root}${entry}`));

  it.each(Object.entries(entries))("every export of %s has prose TSDoc", (_subpath, entry) => {
    const missing = undocumented(program, `${root}${entry}`);
    expect(missing, `exports without TSDoc: ${missing.join(", ")}`).toEqual([]);
  });

  it("names the exports without prose, through re-exports, tags alone not counting", () => {
    const dir = mkdtempSync(join(tmpdir(), "vuc-tsdoc-"));
    try {
      writeFileSync(
        join(dir, "a.ts"),
        `/** Documented. */
export const documented = 1;
export const bare = 2;
/** @deprecated */
export function tagOnly(): void {}
/** A type with prose. */
export type Typed = string;
`,
      );
      writeFileSync(
        join(dir, "index.ts"),
        `export { bare, documented, tagOnly, type Typed } from "./a.js";\n`,
      );
      const fixture = loadProgram([join(dir, "index.ts")]);
      const missing = undocumented(fixture, join(dir, "index.ts")).map(
        (name) => name.split(" ")[0],
      );
      expect(missing.sort()).toEqual(["bare", "tagOnly"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
