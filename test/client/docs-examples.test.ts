// docs/http.md and docs/client.md are part of the API: every ```ts example in them is a complete
// program that typechecks as pasted (in a throwaway project whose tsconfig maps
// `vehicle-update-codec/*` to src/), and every example not marked `<!-- compile-only -->` (those
// need the network or take seconds) is bundled with esbuild and run by Node.js, and must exit 0
// without writing to stderr. The same method as test/docs/readme.test.ts uses for README.md.
import { execFile } from "node:child_process";
import {
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

const exec = promisify(execFile);
const root = join(import.meta.dirname, "../..");
const pages = ["docs/http.md", "docs/client.md"];

interface Example {
  readonly name: string;
  readonly page: string;
  readonly line: number;
  readonly code: string;
  readonly compileOnly: boolean;
}

const examples: Example[] = pages.flatMap((page) => {
  const lines = readFileSync(join(root, page), "utf8").split("\n");
  const found: Example[] = [];
  lines.forEach((line, index) => {
    if (line.trim() !== "```ts") return;
    const end = lines.indexOf("```", index + 1);
    if (end < 0) throw new Error(`${page}:${index + 1}: unclosed code block`);
    found.push({
      name: `example-${String(found.length + 1).padStart(2, "0")}-${page.slice(5, -3)}`,
      page,
      line: index + 1,
      code: lines.slice(index + 1, end).join("\n"),
      compileOnly: lines[index - 1]?.trim() === "<!-- compile-only -->",
    });
  });
  return found;
});

const toSrc: Plugin = {
  name: "vehicle-update-codec-to-src",
  setup(build) {
    build.onResolve({ filter: /^vehicle-update-codec(\/[a-z]+)?$/ }, ({ path }) => ({
      path: join(root, "src", path.slice("vehicle-update-codec".length), "index.ts"),
    }));
  },
};

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vuc-docs-"));
  mkdirSync(join(dir, "node_modules"));
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (!name.startsWith(".")) {
      symlinkSync(join(root, "node_modules", name), join(dir, "node_modules", name), "dir");
    }
  }
  for (const example of examples) {
    writeFileSync(join(dir, `${example.name}.ts`), `${example.code}\nexport {};\n`);
  }
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "preserve",
        moduleResolution: "bundler",
        lib: ["ES2022", "DOM", "DOM.AsyncIterable"],
        types: ["node"],
        strict: true,
        exactOptionalPropertyTypes: true,
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
      include: ["*.ts"],
    }),
  );
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("docs/http.md and docs/client.md", () => {
  it("have examples on both pages", () => {
    for (const page of pages) expect(examples.some((example) => example.page === page)).toBe(true);
  });

  it("examples typecheck as pasted", async () => {
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    const output = await exec(process.execPath, [tsc, "-p", dir, "--pretty", "false"], {
      cwd: dir,
    }).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    // example-NN-page.ts(line,col) → docs/page.md:line
    const located = output.replace(/(example-\d+-\w+)\.ts\((\d+),\d+\)/g, (match, name, line) => {
      const example = examples.find((candidate) => candidate.name === name);
      return example ? `${example.page}:${example.line + Number(line)}` : match;
    });
    expect(located).toBe("");
  }, 120_000);

  const runnable = examples.filter((example) => !example.compileOnly);

  it.each(runnable)("runs $page:$line", async ({ name }) => {
    const bundle = join(dir, `${name}.mjs`);
    await build({
      entryPoints: [join(dir, `${name}.ts`)],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      outfile: bundle,
      plugins: [toSrc],
      logLevel: "silent",
    });
    const { stderr } = await exec(process.execPath, [bundle], { cwd: dir, timeout: 30_000 });
    expect(stderr).toBe("");
  });
});
