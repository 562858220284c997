// The import rules docs/architecture.md states ("Which way imports run"), checked on the source:
// a file's imports are the specifiers of its import and export statements, type-only ones
// included, and of its dynamic import() calls; a relative specifier is resolved to the file it
// names (`.js` to `.ts`), so a rule can follow imports from file to file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|cts|mjs)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

const specifierPattern =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*${},\s]+?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The specifiers a file imports, in order. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8").replace(/^\s*\/\/.*$/gm, "");
  return [...text.matchAll(specifierPattern)].map(([, from, dynamic]) => from ?? dynamic ?? "");
}

/** A relative specifier as a repository path (`../runtime/index.js` → `src/runtime/index.ts`). */
function resolve(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const path = relative(root, join(root, dirname(file), specifier));
  for (const candidate of [path, path.replace(/\.js$/, ".ts"), path.replace(/\.mjs$/, ".mts")]) {
    if (existsSync(join(root, candidate))) return candidate;
  }
  return path;
}

/** Every file a file reaches through relative imports, itself included. */
function reached(file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current) || !current.endsWith(".ts")) return;
    seen.add(current);
    for (const specifier of specifiersOf(current)) {
      const target = resolve(current, specifier);
      if (target) visit(target);
    }
  };
  visit(file);
  return seen;
}

const isProtobuf = (specifier: string) => /^@bufbuild\/protobuf(\/|$)/.test(specifier);

/** `file: specifier` for each import of the files that breaks the rule. */
function breaking(files: Iterable<string>, allowed: (specifier: string, file: string) => boolean) {
  const found: string[] = [];
  for (const file of files) {
    for (const specifier of specifiersOf(file)) {
      if (!allowed(specifier, file)) found.push(`${file}: ${specifier}`);
    }
  }
  return found;
}

describe("the imports docs/architecture.md describes", () => {
  it("reads the specifiers of every kind of import", () => {
    expect(filesUnder("src").length).toBeGreaterThan(50);
    expect(specifiersOf("src/index.ts")).toContain("./codec-error.js");
    expect(resolve("src/envelope/options.ts", "../runtime/index.js")).toBe("src/runtime/index.ts");
    expect(reached("src/http/index.ts").has("src/http/parse-response.ts")).toBe(true);
  });

  it("gen/ imports protobuf-es and the runtime's entry point, nothing else of src/", () => {
    const broken = breaking(filesUnder("gen"), (specifier, file) => {
      // The runtime by a package specifier: a subpath import (`#runtime`) or the package's name.
      if (isProtobuf(specifier) || /^(#|vehicle-update-codec\/)/.test(specifier)) return true;
      const target = resolve(file, specifier) ?? "";
      return target.startsWith("gen/") || target === "src/runtime/index.ts";
    });
    expect(broken).toEqual([]);
  });

  it("src/runtime/ imports protobuf-es and src/codec-error.ts, nothing else", () => {
    const broken = breaking(filesUnder("src/runtime"), (specifier, file) => {
      if (isProtobuf(specifier)) return true;
      const target = resolve(file, specifier) ?? "";
      return target.startsWith("src/runtime/") || target === "src/codec-error.ts";
    });
    expect(broken).toEqual([]);
  });

  it("nothing src/envelope/ reaches imports zod", () => {
    const files = new Set(filesUnder("src/envelope").flatMap((file) => [...reached(file)]));
    expect(breaking(files, (specifier) => !/^zod(\/|$)/.test(specifier))).toEqual([]);
  });

  it("nothing src/http/ and src/client/ reach imports protobuf or the generated code", () => {
    const files = new Set(
      [...filesUnder("src/http"), ...filesUnder("src/client")].flatMap((file) => [
        ...reached(file),
      ]),
    );
    expect([...files].filter((file) => file.startsWith("gen/"))).toEqual([]);
    expect(breaking(files, (specifier) => !isProtobuf(specifier))).toEqual([]);
  });

  it("nothing in src/, tools/ or scripts/ imports test/; bench/ only the tests' Kafka broker", () => {
    const files = ["src", "tools", "bench", "scripts"].flatMap(filesUnder);
    const broken = breaking(files, (specifier, file) => {
      const target = resolve(file, specifier);
      if (target === undefined || !target.startsWith("test/")) return true;
      return file.startsWith("bench/") && target.startsWith("test/kafka/broker/");
    });
    expect(broken).toEqual([]);
  });
});
