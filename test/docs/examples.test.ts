// README.md is part of the API: its ```ts examples are typechecked and run, its error table is
// codecErrorCodes and its size table is test/bundle/budgets.ts.
//
// Each example becomes a module in a throwaway TypeScript project whose tsconfig maps
// `vehicle-update-codec` and `vehicle-update-codec/*` to src/ (so no build is needed). Examples
// may use free variables (`record`, `baseUrl`, `handle`…): `examples` below gives each one a
// preamble of ambient declarations for the typecheck and, for the ones that run, the values
// behind them, set on globalThis before the example runs. An example preceded by
// `<!-- compile-only -->` (it needs the network) is typechecked but not run. The others are
// bundled with esbuild (the same mapping to src/) and run by Node.js, each in its own empty
// working folder, and must exit 0 without writing to stderr.
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
import { codecErrorCodes } from "../../src/index.js";
import { BUDGETS } from "../bundle/budgets.js";

const exec = promisify(execFile);
const root = join(import.meta.dirname, "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");

/** What an example needs beyond its own code, keyed by the heading above it (`#2` for a second one). */
interface ExampleContext {
  /** Ambient declarations (`declare const …`) of the free variables the example uses. */
  readonly declare?: string;
  /** A module that sets those variables on globalThis, for the examples that run. */
  readonly globals?: string;
}

const envelopeType = `import("vehicle-update-codec").GRPC_AttendantPayload`;

const examples: Record<string, ExampleContext> = {
  "Decode, narrow, map to JSON": {
    declare: "declare const record: { value: Uint8Array };",
    globals: `import { encodeEnvelope } from "vehicle-update-codec";
import { sampleEnvelope } from "vehicle-update-codec/fixtures";
Object.assign(globalThis, { record: { value: encodeEnvelope(sampleEnvelope("dtcEntry")) } });`,
  },
  "Checking a response: `parseResponse()`": {
    declare: "declare const baseUrl: string;\ndeclare const headers: HeadersInit;",
  },
  "Adding the fields you know": {
    declare: "declare const status: number;\ndeclare const body: unknown;",
    globals: `Object.assign(globalThis, { status: 200, body: { data: [{ vin: "WA1LFAFP0TA000417" }] } });`,
  },
  "The client": {
    declare:
      "declare const tokens: { current(): Promise<string> };\ndeclare const signal: AbortSignal;",
  },
  "A record value in either framing: `decodeKafkaValue()`": {
    declare: `declare const message: { value: Uint8Array };\ndeclare const handle: (envelope: ${envelopeType}) => void;`,
    globals: `import { encodeSchemaRegistryFrame } from "vehicle-update-codec/framing";
import { sampleEnvelope } from "vehicle-update-codec/fixtures";
const value = encodeSchemaRegistryFrame(sampleEnvelope("order"), { schemaId: 42 });
Object.assign(globalThis, { message: { value }, handle: () => {} });`,
  },
  "The Schema Registry wire format": {
    declare: `declare const envelope: ${envelopeType};`,
    globals: `import { createEnvelope } from "vehicle-update-codec";
Object.assign(globalThis, { envelope: createEnvelope("updateGet", { vin: "V1" }, { handler: "h" }) });`,
  },
  "Size-delimited streams": {
    declare: `declare const envelopes: ${envelopeType}[];\ndeclare const handle: (envelope: ${envelopeType}) => void;`,
    globals: `import { envelopeKinds } from "vehicle-update-codec";
import { sampleEnvelope } from "vehicle-update-codec/fixtures";
Object.assign(globalThis, { envelopes: envelopeKinds.map((kind) => sampleEnvelope(kind)), handle: () => {} });`,
  },
  "Property tests: `vehicle-update-codec/testing`": {
    declare: `declare const myHandler: (envelope: import("vehicle-update-codec").EnvelopeOf<"dtcEntry">) => boolean;`,
    globals: "Object.assign(globalThis, { myHandler: () => true });",
  },
};

interface Block {
  /** The heading above the block, with `#2`, `#3`… for later blocks under the same heading. */
  readonly key: string;
  /** The line of the opening fence in README.md, 1-based. */
  readonly line: number;
  readonly code: string;
  readonly compileOnly: boolean;
}

function tsBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  const seen = new Map<string, number>();
  let heading = "(top)";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const title = /^#+ (.*)$/.exec(line);
    if (title?.[1]) heading = title[1];
    if (line.trim() !== "```ts") continue;
    const end = lines.indexOf("```", i + 1);
    if (end < 0) throw new Error(`README.md:${i + 1}: unclosed code block`);
    const count = (seen.get(heading) ?? 0) + 1;
    seen.set(heading, count);
    blocks.push({
      key: count === 1 ? heading : `${heading} #${count}`,
      line: i + 1,
      code: lines.slice(i + 1, end).join("\n"),
      compileOnly: lines[i - 1]?.trim() === "<!-- compile-only -->",
    });
    i = end;
  }
  return blocks;
}

const blocks = tsBlocks(readme);
const file = (index: number) => `example-${String(index + 1).padStart(2, "0")}`;

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
  dir = mkdtempSync(join(tmpdir(), "vuc-readme-"));
  // The repository's packages, and the package itself so that require.resolve finds its files.
  mkdirSync(join(dir, "node_modules"));
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (!name.startsWith(".")) {
      symlinkSync(join(root, "node_modules", name), join(dir, "node_modules", name), "dir");
    }
  }
  symlinkSync(root, join(dir, "node_modules/vehicle-update-codec"), "dir");
  blocks.forEach((block, index) => {
    const context = examples[block.key] ?? {};
    const isModule = /^\s*(import|export)\s/m.test(block.code);
    writeFileSync(
      join(dir, `${file(index)}.ts`),
      `${context.declare ?? ""}\n${block.code}\n${isModule ? "" : "export {};\n"}`,
    );
    writeFileSync(join(dir, `${file(index)}.globals.ts`), `${context.globals ?? ""}\nexport {};\n`);
  });
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "preserve",
        moduleResolution: "bundler",
        lib: ["ES2022", "ES2024.String", "DOM", "DOM.AsyncIterable"],
        types: ["node"],
        strict: true,
        exactOptionalPropertyTypes: true,
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
      include: ["*.ts"],
    }),
  );
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("README.md", () => {
  it("has ts examples, and every entry of `examples` names one of them", () => {
    expect(blocks.length).toBeGreaterThan(10);
    const keys = blocks.map((block) => block.key);
    expect(Object.keys(examples).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it("has a section with an example for each subpath", () => {
    for (const subpath of ["messages", "http", "client", "framing", "fixtures", "testing"]) {
      expect(
        blocks.some((block) => block.code.includes(`from "vehicle-update-codec/${subpath}"`)),
        subpath,
      ).toBe(true);
    }
  });

  it("examples typecheck", async () => {
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    const output = await exec(process.execPath, [tsc, "-p", dir, "--pretty", "false"], {
      cwd: dir,
    }).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    // Point each error at its README line: example-NN.ts(line,col) → README.md:line (heading).
    const located = output.replace(/example-(\d+)\.ts\((\d+),(\d+)\)/g, (match, n, line) => {
      const block = blocks[Number(n) - 1];
      if (!block) return match;
      const preamble = (examples[block.key]?.declare ?? "").split("\n").length;
      return `README.md:${block.line + Number(line) - preamble} (${block.key})`;
    });
    expect(located).toBe("");
  }, 60_000);

  const runnable = blocks.flatMap((block, index) =>
    block.compileOnly ? [] : [{ ...block, index }],
  );

  it.each(runnable)("runs the example under $key (README.md:$line)", async ({ index }) => {
    const work = join(dir, `${file(index)}.work`);
    mkdirSync(work);
    const bundle = join(dir, `${file(index)}.mjs`);
    await build({
      stdin: {
        contents: `import "./${file(index)}.globals.ts";\nimport "./${file(index)}.ts";\n`,
        resolveDir: dir,
        loader: "ts",
      },
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      outfile: bundle,
      plugins: [toSrc],
      logLevel: "silent",
    });
    const { stderr } = await exec(process.execPath, [bundle], { cwd: work, timeout: 30_000 });
    expect(stderr).toBe("");
  });
});

describe("README.md tables", () => {
  it("lists every error code under Errors, in the order of codecErrorCodes", () => {
    const section = readme.slice(readme.indexOf("\n## Errors"), readme.indexOf("\n## HTTP"));
    const codes = [...section.matchAll(/^\| `([a-z0-9_]+)` +\|/gm)].map((match) => match[1]);
    expect(codes).toEqual([...codecErrorCodes]);
  });

  it("shows the size budgets of test/bundle/budgets.ts", () => {
    const section = readme.slice(readme.indexOf("### Package and sizes"));
    const budgets = [...section.matchAll(/^\|.*\| *(\d+) KiB *\|$/gm)].map((match) =>
      Number(match[1]),
    );
    expect(budgets).toEqual(Object.values(BUDGETS).map((bytes) => bytes / 1024));
  });
});
