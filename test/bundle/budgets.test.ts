// Size budgets per import, measured on what ships (STYLE.md section 5): the package is packed
// with `npm pack`, the tarball installed with `npm install` into a scratch project under .tmp/,
// and each case bundles, from that project, what a browser app that needs only that part imports:
// esbuild (bundle, minify, ESM, platform browser), gzip level 9. It fails over budget, and when
// a package that must stay out contributes a single byte (read from esbuild's metafile).
//
// It also weighs the tarball (`npm pack --json`), and keeps README.md's size table true: the
// table between the `sizes` markers is what this test renders. After a change that moves a
// figure, `VUC_WRITE_README=1 npx vitest run test/bundle` writes the new table.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledPackage, installPacked, root } from "../package/pack.js";
import { BUDGETS } from "./budgets.js";

const KiB = 1024;

interface Case {
  readonly name: keyof typeof BUDGETS;
  /** The import, as the README's table names it. */
  readonly label: string;
  /** What the bundle holds, as the README's table says it. */
  readonly holds: string;
  readonly entry: string;
  /** Packages that must contribute no byte to the bundle. */
  readonly forbidden: readonly string[];
  /**
   * Whether README.md's size table shows it: the browser-facing imports do; `/kafka` runs on
   * Node.js, where its budget guards what its decoding pulls in (no zod, no client library).
   */
  readonly inReadme: boolean;
}

const cases: readonly Case[] = [
  {
    name: "decodeEnvelope",
    label: "`decodeEnvelope`, `isEnvelopeOf` from `.`",
    holds: "the generated decoder; no protobuf-es, no zod",
    entry: `export { decodeEnvelope, isEnvelopeOf } from "vehicle-update-codec";`,
    forbidden: ["@bufbuild/protobuf", "zod"],
    inReadme: true,
  },
  {
    name: "http",
    label: "every schema and `parseResponse` from `/http`",
    holds: "zod; no protobuf runtime",
    entry: `export {
      CommonAPICall, CommonAPIToken, CommonCar, CommonIssue, CommonJSONDBQueryResult,
      CommonJSONError, CommonJSONMessage, HandlersJSONCarStateMultiMessage,
      HandlersManifestMigrateVersion, SmsSMSDetailsResponse, TwinCarStateBody, createOperations,
      formatIssuePath, operations, parseResponse,
    } from "vehicle-update-codec/http";`,
    forbidden: ["@bufbuild/protobuf"],
    inReadme: true,
  },
  {
    name: "client",
    label: "`createClient` from `/client`",
    holds: "zod and `/http`; no protobuf runtime",
    entry: `export { createClient } from "vehicle-update-codec/client";`,
    forbidden: ["@bufbuild/protobuf"],
    inReadme: true,
  },
  {
    name: "decodeKafkaBatch",
    label: "`decodeKafkaBatch`, `deadLetterMessage` from `/kafka`",
    holds: "the generated decoder and the frame readers; no zod, no Kafka client",
    entry: `export { decodeKafkaBatch, deadLetterMessage } from "vehicle-update-codec/kafka";`,
    forbidden: ["zod", "kafkajs", "@platformatic/kafka", "@confluentinc/schemaregistry"],
    inReadme: false,
  },
];

interface Bundle {
  readonly text: string;
  readonly minified: number;
  readonly gzipped: number;
  /** The files that contribute bytes to the bundle, relative to the scratch project. */
  readonly files: readonly string[];
}

let installed: InstalledPackage;
const bundles = new Map<string, Bundle>();

async function bundle(entry: string): Promise<Bundle> {
  const result = await build({
    stdin: { contents: entry, resolveDir: installed.dir, sourcefile: "entry.js" },
    absWorkingDir: installed.dir,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  const [meta] = Object.values(result.metafile.outputs);
  if (!output || !meta) throw new Error("esbuild wrote no output");
  return {
    text: output.text,
    minified: output.contents.length,
    gzipped: gzipSync(output.contents, { level: 9 }).length,
    files: Object.entries(meta.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  };
}

/** The package a file of the scratch project's node_modules belongs to. */
function packageOf(file: string): string | undefined {
  return /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
}

beforeAll(async () => {
  installed = await installPacked("bundle", { "@bufbuild/protobuf": true, zod: true });
  for (const { name, entry } of cases) bundles.set(name, await bundle(entry));
}, 180_000);

afterAll(() => {
  const rows = [...bundles].map(
    ([name, { minified, gzipped }]) => `${name}: ${minified} B minified, ${gzipped} B gzipped`,
  );
  if (installed) {
    const { packed, unpacked, files } = installed.size;
    rows.push(`tarball: ${packed} B packed, ${unpacked} B unpacked, ${files} files`);
  }
  console.log(rows.join("\n"));
  installed?.remove();
});

function measured(name: string): Bundle {
  const found = bundles.get(name);
  if (!found) throw new Error(`${name} was not bundled`);
  return found;
}

const kib = (bytes: number, digits: number) => `${(bytes / KiB).toFixed(digits)} KiB`;

/** README.md's size section, rendered from the measurements. */
function sizeSection(): string {
  const rows = cases
    .filter(({ inReadme }) => inReadme)
    .map(({ name, label, holds }) => {
      const { gzipped } = measured(name);
      return `| ${label} | ${holds} | ${kib(gzipped, 2)} | ${kib(BUDGETS[name], 0)} |`;
    });
  const { packed, unpacked } = installed.size;
  return [
    "| you import | the bundle holds | minified, gzip -9 | budget |",
    "| --- | --- | ---: | ---: |",
    ...rows,
    "",
    `The package is about ${Math.round(packed / KiB / 10) * 10} KiB packed and ` +
      `${(unpacked / KiB / KiB).toFixed(1)} MiB unpacked (\`npm pack --json\`), source maps excluded.`,
  ].join("\n");
}

const start = "<!-- sizes: written by test/bundle/budgets.test.ts -->\n";
const end = "\n<!-- /sizes -->";

describe("bundles of one part of the installed package", () => {
  it.each(cases)("$name comes from the installed tarball's dist/", ({ name }) => {
    const ours = measured(name).files.filter((file) => packageOf(file) === "vehicle-update-codec");
    expect(ours.length).toBeGreaterThan(0);
    for (const file of ours) expect(file).toMatch(/^node_modules\/vehicle-update-codec\/dist\//);
  });

  it.each(cases)("$name holds no byte of $forbidden", ({ name, forbidden }) => {
    const packages = new Set(measured(name).files.map(packageOf));
    for (const pkg of forbidden) expect([...packages], `${name} pulls ${pkg}`).not.toContain(pkg);
  });

  it("decodeEnvelope holds no protobuf-es runtime code, not even its ScalarType table", () => {
    const { text } = measured("decodeEnvelope");
    for (const name of ["SFIXED32", "ScalarType", "@bufbuild/protobuf"]) {
      expect(text).not.toContain(name);
    }
  });

  it("the HTTP layer holds zod", () => {
    expect(measured("http").files.map(packageOf)).toContain("zod");
  });

  it.each(cases)("$name stays within its budget", ({ name }) => {
    expect(measured(name).gzipped).toBeLessThanOrEqual(BUDGETS[name]);
  });
});

describe("README.md", () => {
  it("shows the sizes measured here", () => {
    const path = join(root, "README.md");
    const readme = readFileSync(path, "utf8");
    const from = readme.indexOf(start);
    const to = readme.indexOf(end, from);
    expect(from, "README.md has no sizes markers").toBeGreaterThan(0);
    const expected = sizeSection();
    if (process.env.VUC_WRITE_README === "1") {
      writeFileSync(path, readme.slice(0, from + start.length) + expected + readme.slice(to));
      return;
    }
    expect(readme.slice(from + start.length, to), "VUC_WRITE_README=1 rewrites it").toBe(expected);
  });
});
