// The pages that point a reader into the tree name only paths that exist: a file renamed or a
// folder moved fails here until the page follows.
//
// A path is what a page names in code: an inline code span with a `/` in it (`src/runtime/`,
// `test/oracle/check-wire.ts`), a link target (`[…](../bench/README.md)`), and, inside fenced
// blocks (the architecture diagram, shell commands), a word that starts with a top-level folder
// of the repository (`proto/kafka_grpc/kafka_grpc.proto`, `npx vitest run test/envelope`). A span
// is not a path when it is a package name or subpath (`vehicle-update-codec/http`,
// `@bufbuild/protobuf/wire`), a URL, code (`describe("…")`), or holds a placeholder such as
// `<kind>`, or a subpath on its own (`/http`, `./messages`). A `*` ends the part that is
// checked (`golden/*.binpb`: the folder must exist).
// Bare file names (`index.ts`) are not paths. dist/, .tmp/ and node_modules/ are made by the
// build and by npm, so a page may name them in a clone where they do not exist yet.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

/** Each page, and the folders its spans are read from, in order (test/README.md: test/ first). */
const pages: Record<string, readonly string[]> = {
  "docs/architecture.md": ["."],
  "CONTRIBUTING.md": ["."],
  "CHANGELOG.md": ["."],
  "test/README.md": ["test", "."],
};

/** The repository's top-level folders: a word in a fenced block that starts with one is a path. */
const startsAtTop =
  /^(?:\.ci|bench|docs|examples|gen|golden|plugin|proto|scripts|src|test|tools)\//;
const made = /^(?:\.\/)?(?:dist|\.tmp|node_modules)(?:\/|$)/;

interface Named {
  readonly path: string;
  readonly line: number;
  /** Where the path is looked up: the page's folders for spans, the page's own folder for links. */
  readonly bases: readonly string[];
}

function namedPaths(page: string): Named[] {
  const bases = pages[page] ?? ["."];
  const found: Named[] = [];
  let fenced = false;
  readFileSync(join(root, page), "utf8")
    .split("\n")
    .forEach((text, index) => {
      const line = index + 1;
      if (text.trimStart().startsWith("```")) {
        fenced = !fenced;
        return;
      }
      if (fenced) {
        for (const word of text.split(/[\s"'`(),;|]+/).map((w) => w.replace(/[.:]+$/, ""))) {
          if (startsAtTop.test(word)) found.push({ path: word, line, bases: ["."] });
        }
        return;
      }
      for (const [, span = ""] of text.matchAll(/`([^`]+)`/g)) {
        if (isPath(span)) found.push({ path: span, line, bases });
      }
      for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!/^[a-z]+:/.test(target) && !target.startsWith("#")) {
          found.push({ path: target, line, bases: [dirname(page)] });
        }
      }
    });
  return found;
}

function isPath(span: string): boolean {
  return (
    span.includes("/") &&
    !/[\s<>()"'=:{}$]/.test(span) &&
    !span.startsWith("@") &&
    !span.startsWith("vehicle-update-codec") &&
    !/^\.?\/[\w*-]+$/.test(span) && // a subpath: `/http`, `./messages`
    !span.startsWith("-")
  );
}

function exists({ path, bases }: Named): boolean {
  const checked = path.replace(/#.*$/, "").replace(/\*.*$/, "");
  if (made.test(checked)) return true;
  return bases.some((base) => existsSync(normalize(join(root, base, checked))));
}

describe("paths named by the pages that map the tree", () => {
  it.each(Object.keys(pages))("%s names only paths that exist", (page) => {
    const named = namedPaths(page);
    expect(named.length, `${page} names no path at all`).toBeGreaterThan(0);
    const missing = named
      .filter((entry) => !exists(entry))
      .map((e) => `${page}:${e.line}: ${e.path}`);
    expect(missing).toEqual([]);
  });

  it("finds a renamed file and a path inside a diagram", () => {
    const probe: Named = { path: "test/fast-path/", line: 1, bases: ["."] };
    expect(exists(probe)).toBe(false);
    expect(exists({ ...probe, path: "src/runtime/" })).toBe(true);
    expect(isPath("src/runtime/")).toBe(true);
    expect(isPath("vehicle-update-codec/http")).toBe(false);
    expect(isPath("./messages")).toBe(false);
    expect(isPath('describe("decodeEnvelope()")')).toBe(false);
    expect(startsAtTop.test("proto/kafka_grpc/kafka_grpc.proto")).toBe(true);
    expect(startsAtTop.test("https://example.com/src/")).toBe(false);
  });
});
