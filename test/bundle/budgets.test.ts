// Size budgets per import, measured on what ships (STYLE.md section 5): the package is packed
// with `npm pack`, the tarball installed with `npm install` into a scratch project under .tmp/,
// and each case bundles, from that project, what a browser app that needs only that part imports:
// esbuild (bundle, minify, ESM, platform browser), gzip level 9. It fails over budget, and when
// a package that must stay out contributes a single byte (read from esbuild's metafile).
//
// Every export of the root, /framing and /kafka is bundled on its own, and the named
// cases with what a caller must import to use them; a bundle that must hold no protobuf-es is
// read for strings of its runtime (PROTOBUF_ES_MARKERS), so that no route, however it comes in,
// brings it back. The markers are checked to be in a bundle of protobuf-es and in no file of
// dist/, so that the check can fail and fails for protobuf-es alone.
//
// It also weighs the tarball (`npm pack --json`), and keeps README.md's size table true: the
// table between the `sizes` markers is what this test renders. After a change that moves a
// figure, `VUC_WRITE_README=1 npx vitest run test/bundle` writes the new table.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledPackage, installPacked, root } from "../package/pack.js";
import { BUDGETS, PROTOBUF_ES_MARKERS } from "./budgets.js";

const KiB = 1024;

/** An export of a subpath, as the cases name it: `. decodeEnvelope`, `/kafka decodeKafkaBatch`. */
type ExportName = string;

interface Case {
  /** What the case is called in test names and in the log of sizes. */
  readonly name: string;
  /** The import, as the README's table names it; cases without one are not in the table. */
  readonly label?: string;
  /** What the bundle holds, as the README's table says it. */
  readonly holds?: string;
  /** The program bundled: what a caller imports and calls, and nothing it would not need. */
  readonly entry: string;
  /** The exports the program uses. */
  readonly uses: readonly ExportName[];
  readonly budget?: keyof typeof BUDGETS;
  /** Packages that must contribute no byte to the bundle. */
  readonly forbidden: readonly string[];
  /**
   * `none`: the bundle holds no part of protobuf-es's runtime, by its content; `by design`: it
   * must hold it (a schema is protobuf-es's descriptor: importing one boots them all).
   */
  readonly protobufEs: "none" | "by design";
}

const pkg = "vehicle-update-codec";
const codecOnly = ["@bufbuild/protobuf", "zod"];
const kafkaClients = ["kafkajs", "@platformatic/kafka", "@confluentinc/schemaregistry"];

/** The uses of a program that calls `names` of the root. */
const root_ = (...names: string[]) => names.map((name) => `. ${name}`);

/** The imports the README's table shows, and the combined budgets. */
const named: readonly Case[] = [
  {
    name: "decodeEnvelope",
    label: "`decodeEnvelope`, `isEnvelopeOf`",
    holds: "the generated decoder",
    entry: `export { decodeEnvelope, isEnvelopeOf } from "${pkg}";`,
    uses: root_("decodeEnvelope", "isEnvelopeOf"),
    budget: "decodeEnvelope",
    forbidden: codecOnly,
    protobufEs: "none",
  },
  {
    name: "createEnvelope",
    label: "`createEnvelope`",
    holds: "the generated create functions",
    entry: `export { createEnvelope } from "${pkg}";`,
    uses: root_("createEnvelope"),
    budget: "oneFunction",
    forbidden: codecOnly,
    protobufEs: "none",
  },
  {
    name: "decodeMessage by type name",
    label: '`decodeMessage("kafka_grpc.VehicleData", bytes)`',
    holds: "the generated decoders",
    entry: `import { decodeMessage } from "${pkg}";
      export const decode = (bytes) => decodeMessage("kafka_grpc.VehicleData", bytes);`,
    uses: root_("decodeMessage"),
    budget: "oneFunction",
    forbidden: codecOnly,
    protobufEs: "none",
  },
  {
    name: "decodeMessage by schema",
    label: "`decodeMessage(VehicleDataSchema, bytes)`",
    holds: "the generated decoders, and protobuf-es's descriptors, which the schema's import loads",
    entry: `import { decodeMessage, VehicleDataSchema } from "${pkg}";
      export const decode = (bytes) => decodeMessage(VehicleDataSchema, bytes);`,
    uses: root_("decodeMessage", "VehicleDataSchema"),
    forbidden: ["zod"],
    protobufEs: "by design",
  },
  {
    name: "encodeEnvelope",
    label: "`encodeEnvelope`",
    holds: "the generated encoder",
    entry: `export { encodeEnvelope } from "${pkg}";`,
    uses: root_("encodeEnvelope"),
    budget: "oneFunction",
    forbidden: codecOnly,
    protobufEs: "none",
  },
  {
    name: "encodeMessage by type name",
    label: '`encodeMessage("kafka_grpc.VehicleData", message)`',
    holds: "the generated encoders",
    entry: `import { encodeMessage } from "${pkg}";
      export const encode = (message) => encodeMessage("kafka_grpc.VehicleData", message);`,
    uses: root_("encodeMessage"),
    budget: "oneFunction",
    forbidden: codecOnly,
    protobufEs: "none",
  },
  ...(
    [
      "envelopeToJson",
      "envelopeToJsonString",
      "envelopeFromJson",
      "envelopeFromJsonString",
    ] as const
  ).map(
    (name): Case => ({
      name,
      label: `\`${name}\``,
      holds: name.includes("From") ? "the generated JSON reader" : "the generated JSON writer",
      entry: `export { ${name} } from "${pkg}";`,
      uses: root_(name),
      budget: "oneFunction",
      forbidden: codecOnly,
      protobufEs: "none",
    }),
  ),
  {
    name: "decodeToJson",
    label: "`decodeEnvelope`, `envelopeToJson`: a browser app that shows an envelope",
    holds: "the generated decoder and JSON writer",
    entry: `export { decodeEnvelope, envelopeToJson } from "${pkg}";`,
    uses: root_("decodeEnvelope", "envelopeToJson"),
    budget: "decodeToJson",
    forbidden: codecOnly,
    protobufEs: "none",
  },
  {
    name: "codec",
    label:
      "the whole codec: `decodeEnvelope`, `encodeEnvelope`, `envelopeToJsonString`, `envelopeFromJsonString`, `isEnvelopeOf`",
    holds: "the generated code of every direction",
    entry: `export {
      decodeEnvelope, encodeEnvelope, envelopeFromJsonString, envelopeToJsonString, isEnvelopeOf,
    } from "${pkg}";`,
    uses: root_(
      "decodeEnvelope",
      "encodeEnvelope",
      "envelopeFromJsonString",
      "envelopeToJsonString",
      "isEnvelopeOf",
    ),
    budget: "codec",
    forbidden: codecOnly,
    protobufEs: "none",
  },
  {
    name: "http",
    label: "every schema and `parseResponse` from `/http`",
    holds: "zod",
    entry: `export {
      CommonAPICall, CommonAPIToken, CommonCar, CommonIssue, CommonJSONDBQueryResult,
      CommonJSONError, CommonJSONMessage, HandlersJSONCarStateMultiMessage,
      HandlersManifestMigrateVersion, SmsSMSDetailsResponse, TwinCarStateBody, createOperations,
      formatIssuePath, operations, parseResponse,
    } from "${pkg}/http";`,
    uses: [],
    budget: "http",
    forbidden: ["@bufbuild/protobuf"],
    protobufEs: "none",
  },
  {
    name: "client",
    label: "`createClient` from `/client`",
    holds: "zod and `/http`",
    entry: `export { createClient } from "${pkg}/client";`,
    uses: [],
    budget: "client",
    forbidden: ["@bufbuild/protobuf"],
    protobufEs: "none",
  },
  {
    // `/kafka` runs on Node.js, where its budget guards what its decoding pulls in.
    name: "decodeKafkaBatch",
    entry: `export { decodeKafkaBatch, deadLetterMessage } from "${pkg}/kafka";`,
    uses: ["/kafka decodeKafkaBatch", "/kafka deadLetterMessage"],
    budget: "decodeKafkaBatch",
    forbidden: [...codecOnly, ...kafkaClients],
    protobufEs: "none",
  },
  {
    name: "sampleEnvelope",
    label: "`sampleEnvelope` (`/fixtures`)",
    holds: "the generated create functions and the samples",
    entry: `export { sampleEnvelope } from "${pkg}/fixtures";`,
    uses: ["/fixtures sampleEnvelope"],
    budget: "sampleEnvelope",
    forbidden: codecOnly,
    protobufEs: "none",
  },
];

/**
 * Every export of the root, `/framing` and `/kafka` on its own, read from the
 * source's modules (the same names as dist/'s). None of the functions takes a schema: what they
 * take (kinds, type names, bytes, options) needs no import, so each bundles alone. A schema,
 * and `envelopeMemberSchemas`, is protobuf-es's descriptor: it holds protobuf-es by design.
 */
const eachExport: readonly Case[] = (
  await Promise.all(
    (
      [
        [".", import("../../src/index.js")],
        ["/framing", import("../../src/framing/index.js")],
        ["/kafka", import("../../src/kafka/index.js")],
      ] as const
    ).map(async ([subpath, module]) =>
      Object.entries(await module).map(([name, value]): Case => {
        const schema =
          name.endsWith("Schema") || name.startsWith("file_") || name === "envelopeMemberSchemas";
        const specifier = subpath === "." ? pkg : `${pkg}${subpath}`;
        return {
          name: `${subpath} ${name}`,
          entry: `import { ${name} } from "${specifier}"; export const used = ${name};`,
          uses: [`${subpath} ${name}`],
          ...(typeof value === "function" && !schema ? { budget: "oneFunction" as const } : {}),
          forbidden: [
            ...(schema ? ["zod"] : codecOnly),
            ...(subpath === "/kafka" ? kafkaClients : []),
          ],
          protobufEs: schema ? "by design" : "none",
        };
      }),
    ),
  )
).flat();

const cases: readonly Case[] = [...named, ...eachExport];

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

/** A program that uses every part of protobuf-es the markers stand for. */
const protobufEsEntry = `
  export { create, fromJson, toBinary, toJson, ScalarType } from "@bufbuild/protobuf";
  export { BinaryReader, BinaryWriter } from "@bufbuild/protobuf/wire";
  export { fileDesc, messageDesc } from "@bufbuild/protobuf/codegenv2";
  export { reflect } from "@bufbuild/protobuf/reflect";
  export { createRegistry } from "@bufbuild/protobuf";`;

beforeAll(async () => {
  installed = await installPacked("bundle", { "@bufbuild/protobuf": true, zod: true });
  bundles.set("protobuf-es", await bundle(protobufEsEntry));
  for (const { name, entry } of cases) bundles.set(name, await bundle(entry));
}, 900_000);

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

const kib = (bytes: number, digits: number) =>
  `${(bytes / KiB).toFixed(digits).replace(/\.0+$/, "")} KiB`;

/** The markers of PROTOBUF_ES_MARKERS that a bundle holds, by what they stand for. */
function protobufEsIn(name: string): string[] {
  const { text } = measured(name);
  return Object.entries(PROTOBUF_ES_MARKERS)
    .filter(([, marker]) => text.includes(marker))
    .map(([part]) => part);
}

/** README.md's size section, rendered from the measurements. */
function sizeSection(): string {
  const rows = named
    .filter(({ label }) => label !== undefined)
    .map(({ name, label, holds, budget }) => {
      const { gzipped } = measured(name);
      const protobufEs = protobufEsIn(name).length > 0 ? "its runtime" : "none";
      const limit = budget === undefined ? "" : kib(BUDGETS[budget], 1);
      return `| ${label} | ${holds} | ${protobufEs} | ${kib(gzipped, 2)} | ${limit} |`;
    });
  const { packed, unpacked } = installed.size;
  return [
    "| you import from `.` (or the subpath named) | the bundle holds | protobuf-es | minified, gzip -9 | budget |",
    "| --- | --- | --- | ---: | ---: |",
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
    const ours = measured(name).files.filter((file) => packageOf(file) === pkg);
    expect(ours.length).toBeGreaterThan(0);
    for (const file of ours) expect(file).toMatch(/^node_modules\/vehicle-update-codec\/dist\//);
  });

  it.each(cases)("$name holds no byte of $forbidden", ({ name, forbidden }) => {
    const packages = new Set(measured(name).files.map(packageOf));
    for (const pkg of forbidden) expect([...packages], `${name} pulls ${pkg}`).not.toContain(pkg);
  });

  it("the HTTP layer holds zod", () => {
    expect(measured("http").files.map(packageOf)).toContain("zod");
  });

  it.each(cases.filter((c) => c.budget !== undefined))(
    "$name stays within its budget",
    ({ name, budget }) => {
      expect(measured(name).gzipped).toBeLessThanOrEqual(BUDGETS[budget as keyof typeof BUDGETS]);
    },
  );

  it.each(cases.filter((c) => c.budget === "oneFunction"))(
    "$name is below protobuf-es's decode-only bundle",
    ({ name }) => {
      expect(measured(name).gzipped).toBeLessThan(BUDGETS.oneFunction);
    },
  );
});

describe("no protobuf-es runtime behind the codec, by the bundles' content", () => {
  it("every marker is in a bundle of protobuf-es, so that a bundle that holds it is caught", () => {
    expect(protobufEsIn("protobuf-es")).toEqual(Object.keys(PROTOBUF_ES_MARKERS));
  });

  it("no file of the package's dist/ holds a marker, so that a marker found is protobuf-es", () => {
    const dist = join(installed.dir, "node_modules", pkg, "dist");
    const files = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.c?js$/.test(file),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(dist, file), "utf8");
      for (const marker of Object.values(PROTOBUF_ES_MARKERS)) {
        expect(text.includes(marker), `${file} holds ${marker}`).toBe(false);
      }
    }
  });

  const none = cases.filter((c) => c.protobufEs === "none");
  it.each(none)("$name holds no part of protobuf-es", ({ name }) => {
    expect(protobufEsIn(name)).toEqual([]);
  });

  it.each(cases.filter((c) => c.protobufEs === "by design"))(
    "$name holds protobuf-es's descriptors, as a schema must",
    ({ name }) => {
      expect(protobufEsIn(name)).toContain(
        "the boot of descriptor.proto (codegenv2's fileDesc, the registry)",
      );
    },
  );
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
