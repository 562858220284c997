// README.md and every page of docs/ are part of the API: each ```ts and ```js example is a
// complete program, typechecked and run as pasted, and the tables that follow the code are
// checked against it.
//
// Pages are found by glob (README.md, docs/*.md, bench/README.md), so a new page is tested as
// soon as it exists. Each example becomes a module of a throwaway TypeScript project, an ESM
// package checked under `nodenext` and strict options as an app would be (noUncheckedIndexedAccess
// and exactOptionalPropertyTypes included: the loops of the docs compile under them), whose tsconfig maps
// `vehicle-update-codec` and `vehicle-update-codec/*` to src/ (no build needed).
// The project has no DOM lib, only ES2022 and Node.js's types, so a free variable is an error
// ("Cannot find name 'record'") instead of binding to a browser global such as `window.status`.
// A ```js block that calls require() is a CommonJS program (.cjs), checked with checkJs.
//
// Each example then runs: bundled by esbuild (the same mapping to src/) and started by Node.js
// in its own empty working folder, it must exit 0 without writing to stderr, and each
// `console.log(…); // comment` on one line must print what its comment says (`// 26`,
// `// "ECM: file 3 of 5"`, `// 42: the schema id`; see printedAsCommented). A comment that only
// describes goes on the line above the call. An example right after `<!-- compile-only -->`
// (it needs a network service) is typechecked but not run.
import { execFile } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { build, type Plugin } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codecErrorCodes } from "../../src/index.js";

const exec = promisify(execFile);
const root = join(import.meta.dirname, "../..");

/** The pages whose examples are tested, relative to the repository root. */
const pages = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => `docs/${file}`),
  ...(existsSync(join(root, "bench/README.md")) ? ["bench/README.md"] : []),
];
const read = (page: string) => readFileSync(join(root, page), "utf8");

interface Block {
  readonly page: string;
  /** The heading above the block, with `#2`, `#3`… for later blocks under the same heading. */
  readonly heading: string;
  /** The line of the opening fence, 1-based. */
  readonly line: number;
  readonly code: string;
  /** The file name the example gets in the project, by its kind: .ts, .mjs or .cjs. */
  readonly file: string;
  readonly compileOnly: boolean;
}

function blocksOf(page: string, first: number): Block[] {
  const lines = read(page).split("\n");
  const blocks: Block[] = [];
  const seen = new Map<string, number>();
  let heading = "(top)";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const title = /^#+ (.*)$/.exec(line);
    if (title?.[1]) heading = title[1];
    const fence = /^```(ts|typescript|js|javascript|mjs|cjs)\s*$/.exec(line.trim());
    if (!fence?.[1]) continue;
    const end = lines.indexOf("```", i + 1);
    if (end < 0) throw new Error(`${page}:${i + 1}: unclosed code block`);
    const code = lines.slice(i + 1, end).join("\n");
    const count = (seen.get(heading) ?? 0) + 1;
    seen.set(heading, count);
    const language = fence[1];
    const isTs = language === "ts" || language === "typescript";
    const isCjs = language === "cjs" || (!isTs && /\brequire\(/.test(code));
    const n = String(first + blocks.length + 1).padStart(3, "0");
    blocks.push({
      page,
      heading: count === 1 ? heading : `${heading} #${count}`,
      line: i + 1,
      code,
      file: `example-${n}.${isTs ? "ts" : isCjs ? "cjs" : "mjs"}`,
      compileOnly: lines[i - 1]?.trim() === "<!-- compile-only -->",
    });
    i = end;
  }
  return blocks;
}

const blocks: Block[] = [];
for (const page of pages) blocks.push(...blocksOf(page, blocks.length));

/** Resolves `vehicle-update-codec` and its subpaths to src/, as the tsconfig paths do. */
const toSrc: Plugin = {
  name: "vehicle-update-codec-to-src",
  setup(build) {
    build.onResolve({ filter: /^vehicle-update-codec(\/[a-z]+)?$/ }, ({ path }) => {
      const subpath = path.slice("vehicle-update-codec".length);
      return { path: join(root, "src", subpath, "index.ts") };
    });
  },
};

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vuc-examples-"));
  // The repository's packages, and the package itself so that require.resolve finds its files.
  mkdirSync(join(dir, "node_modules"));
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (!name.startsWith(".")) {
      symlinkSync(join(root, "node_modules", name), join(dir, "node_modules", name), "dir");
    }
  }
  symlinkSync(root, join(dir, "node_modules/vehicle-update-codec"), "dir");
  for (const block of blocks) {
    const isModule = block.file.endsWith(".cjs") || /^\s*(import|export)\s/m.test(block.code);
    writeFileSync(join(dir, block.file), `${block.code}\n${isModule ? "" : "export {};\n"}`);
  }
  // An ESM project, as an app that imports the package from TypeScript under Node.js's rules.
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "nodenext",
        moduleResolution: "nodenext",
        // No DOM: what Node.js declares globally, nothing a browser would add.
        lib: ["ES2022", "ES2024.String"],
        types: ["node"],
        allowJs: true,
        checkJs: true,
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noImplicitOverride: true,
        noImplicitReturns: true,
        noFallthroughCasesInSwitch: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        skipLibCheck: true,
        noEmit: true,
        paths: {
          "vehicle-update-codec": [join(root, "src/index.ts")],
          "vehicle-update-codec/*": [join(root, "src/*/index.ts")],
        },
      },
      include: ["*.ts", "*.mjs"],
    }),
  );
  // CommonJS examples get a project of their own, so that the ESM project's files and theirs are
  // reported apart; both follow Node.js's module rules.
  mkdirSync(join(dir, "cjs"));
  writeFileSync(
    join(dir, "cjs/tsconfig.json"),
    JSON.stringify({
      extends: "../tsconfig.json",
      compilerOptions: { module: "nodenext", moduleResolution: "nodenext" },
      include: ["../*.cjs"],
    }),
  );
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("examples in README.md and docs/", () => {
  it("README.md and the pages of docs/ have examples", () => {
    expect(blocks.filter((block) => block.page === "README.md").length).toBeGreaterThan(0);
    expect(new Set(blocks.map((block) => block.page)).size).toBeGreaterThan(2);
  });

  it("at least one is a CommonJS program", () => {
    expect(blocks.some((block) => block.file.endsWith(".cjs"))).toBe(true);
  });

  it("typecheck without the DOM lib, so a free variable is an error", async () => {
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    const check = (project: string) =>
      exec(process.execPath, [tsc, "-p", project, "--pretty", "false"], { cwd: dir }).then(
        ({ stdout }) => stdout,
        (error: { stdout?: string; message: string }) => error.stdout || error.message,
      );
    const output = (await Promise.all([check(dir), check(join(dir, "cjs"))])).join("");
    // Point each error at its page and line: example-NNN.ts(line,col) → docs/x.md:line (heading).
    const located = output.replace(
      /(?:\.\.\/)?(example-\d+\.[cm]?[jt]s)\((\d+),(\d+)\)/g,
      (match, file: string, line: string) => {
        const block = blocks.find((candidate) => candidate.file === file);
        return block ? `${block.page}:${block.line + Number(line)} (${block.heading})` : match;
      },
    );
    expect(located).toBe("");
  }, 120_000);

  const runnable = blocks.filter((block) => !block.compileOnly);

  it.each(runnable)("$page:$line ($heading) runs", async ({ file, code, page, line }) => {
    const work = join(dir, `${file}.work`);
    mkdirSync(work);
    const cjs = file.endsWith(".cjs");
    // The copy that runs reports what each commented console.log prints (see loggedLines).
    // It sits in a folder of its own, out of the typechecked project's `*.ts` glob.
    mkdirSync(join(dir, `${file}.logged`));
    const source = join(dir, `${file}.logged`, file);
    writeFileSync(source, loggedSource(code, cjs));
    const bundle = join(dir, `${file}.bundle.${cjs ? "cjs" : "mjs"}`);
    await build({
      entryPoints: [source],
      bundle: true,
      format: cjs ? "cjs" : "esm",
      platform: "node",
      target: "node20",
      outfile: bundle,
      plugins: [toSrc],
      logLevel: "silent",
    });
    // msw 2 (also under vehicle-update-codec/mock) reads localStorage when it loads, and Node.js 25 and later warn on that unless
    // started with --localstorage-file: docs/mock.md tells msw 2 users on those versions to run
    // node with --no-experimental-webstorage (or to use msw 3), and so do these runs.
    const flags =
      /from "(msw|vehicle-update-codec\/mock)(\/[a-z]+)?"/.test(code) &&
      process.allowedNodeEnvironmentFlags.has("--no-experimental-webstorage")
        ? ["--no-experimental-webstorage"]
        : [];
    const { stdout, stderr } = await exec(process.execPath, [...flags, bundle], {
      cwd: work,
      timeout: 30_000,
    });
    expect(stderr).toBe("");
    const wrong = loggedLines(stdout, code)
      .filter(({ printed, comment }) => !printedAsCommented(printed, comment))
      .map(
        (l) =>
          `${page}:${line + l.line}: printed ${JSON.stringify(l.printed)}, says // ${l.comment}`,
      );
    expect(wrong).toEqual([]);
  });
});

describe("what an example prints, against its comment", () => {
  it.each([
    ["ECM: file 3 of 5", '"ECM: file 3 of 5"', true],
    ["truncated", '"truncated", "malformed", …', true],
    ["updateGet 26", "updateGet 26", true],
    ["42", "42: 0 to 2^31 - 1, as the producer wrote it", true],
    ["42 [ 0 ] h", "42 [ 0 ] h", true],
    ["updateGet 27", "updateGet 26", false],
    ["ECM: file 3 of 6", '"ECM: file 3 of 5"', false],
    ["4", "42: the schema id", false],
  ])("%j against // %s: %s", (printed, comment, expected) => {
    expect(printedAsCommented(printed, comment)).toBe(expected);
  });
});

/** A console.log call on one line with a comment after it: `console.log(x); // 42`. */
const commentedLog = /^(.*?)console\.log\((.*)\);\s*\/\/ (.+)$/;

/**
 * The example with each commented console.log replaced by a call that prints, on a line of its
 * own, the example's line number and the text console.log would have printed. Line numbers stay
 * as they are: the helper is declared on the first line.
 */
function loggedSource(code: string, cjs: boolean): string {
  const lines = code.split("\n").map((text, index) => {
    const match = commentedLog.exec(text);
    return match ? `${match[1]}__vucLog(${index + 1}, ${match[2]}); // ${match[3]}` : text;
  });
  const format = cjs
    ? 'const { format: __vucFormat } = require("node:util");'
    : 'import { format as __vucFormat } from "node:util";';
  const helper = `${format} const __vucLog = (line, ...args) => { process.stdout.write(\`\\0vuc-log \${JSON.stringify([line, __vucFormat(...args)])}\\n\`); };`;
  return `${helper}\n${lines.join("\n")}\n`;
}

/** The lines the example printed through __vucLog, with the comment of the line that printed. */
function loggedLines(stdout: string, code: string) {
  const source = code.split("\n");
  return stdout
    .split("\n")
    .filter((text) => text.startsWith("\0vuc-log "))
    .map((text) => {
      const [line, printed] = JSON.parse(text.slice("\0vuc-log ".length)) as [number, string];
      const comment = commentedLog.exec(source[line - 1] ?? "")?.[3] ?? "";
      return { line, printed, comment };
    });
}

/**
 * Whether a printed line is what its comment says. A comment that starts with a quoted string
 * gives the printed text in quotes, or several possible ones (`"truncated", "malformed", …`);
 * any other comment starts with the printed text, then ends or goes on after ": " or " (".
 */
function printedAsCommented(printed: string, comment: string): boolean {
  if (comment.startsWith('"')) {
    const quoted = [...comment.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(
      ([, text]) => JSON.parse(`"${text}"`) as string,
    );
    return quoted.includes(printed);
  }
  return (
    comment === printed || comment.startsWith(`${printed}: `) || comment.startsWith(`${printed} (`)
  );
}

describe("README.md", () => {
  const readme = read("README.md");
  const exported = Object.keys(JSON.parse(read("package.json")).exports)
    .filter((subpath) => subpath !== "./package.json")
    .map((subpath) => `vehicle-update-codec${subpath.slice(1)}`);

  it.each(exported)("has a row for %s in its subpath table, with a link to a page", (name) => {
    const row = readme.split("\n").find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row, `a "| \`${name}\` |" row`).toBeDefined();
    expect(row).toMatch(/\]\(docs\/[a-z]+\.md(#[a-z0-9-]+)?\)/);
  });

  it("links only to pages that exist", () => {
    const linked = [...readme.matchAll(/\]\(((?:docs\/)?[\w./-]+\.md)(?:#[\w-]+)?\)/g)].map(
      (m) => m[1],
    );
    const missing = linked.filter((page = "") => !existsSync(join(root, page)));
    expect(missing).toEqual([]);
  });

  it("is at most 300 lines long", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(300);
  });

  it("opens with its first section, From a clone: the two commands a newcomer pastes", () => {
    const scripts = JSON.parse(read("package.json")).scripts;
    const firstSection = readme.slice(readme.indexOf("\n## "));
    expect(readme).toMatch(/^# vehicle-update-codec\n\n[^#]+\n## From a clone\n/);
    expect(firstSection).toMatch(
      /^\n## From a clone\n\n```sh\nnpm ci && npm start .*\nnpm ci && npm test /,
    );
    expect(scripts.start).toBeTypeOf("string");
    expect(scripts.test).toBeTypeOf("string");
  });
});

describe("docs/envelope.md", () => {
  it("lists every error code under Errors, in the order of codecErrorCodes", () => {
    const page = read("docs/envelope.md");
    const from = page.indexOf("\n## Errors");
    const to = page.indexOf("\n## ", from + 1);
    const section = page.slice(from, to < 0 ? undefined : to);
    const codes = [...section.matchAll(/^\| `([a-z0-9_]+)` +\|/gm)].map((match) => match[1]);
    expect(codes).toEqual([...codecErrorCodes]);
  });
});
