// The package installed as the README says, with each documented minimal set of dependencies:
// the packed tarball alone (npm installs the required peers @bufbuild/protobuf and zod with it),
// the tarball and fast-check (for /testing), the tarball with peers left out
// (`--legacy-peer-deps`, @bufbuild/protobuf named by hand), where zod is absent, and the tarball
// with every peer left out (`--omit=peer`). Each app lives
// in a temp folder outside the repository, whose node_modules would otherwise satisfy any import.
// In each: every subpath the set supports loads from ESM and CommonJS (and the others fail
// naming the missing package), a strict `nodenext` TypeScript file typechecks with
// `skipLibCheck: false`, and the bin runs through npx.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goldenFolder, pack, root } from "./pack.js";

const exec = promisify(execFile);

type Subpath = "" | "/framing" | "/kafka" | "/fixtures" | "/http" | "/client" | "/testing";

type Peer = "@bufbuild/protobuf" | "zod" | "fast-check";

/** A minimal set of dependencies the README names, and what it supports. */
interface InstallSet {
  readonly name: string;
  /** Dependencies of the app besides the tarball. */
  readonly dependencies: Record<string, string>;
  /** The peer dependencies installed. */
  readonly peers: readonly Peer[];
  readonly npmFlags: readonly string[];
  /** The subpaths that load. */
  readonly supported: readonly Subpath[];
  /** The subpaths whose types check (/fixtures' types name the operations' zod types). */
  readonly typed: readonly Subpath[];
  /** The subpaths that fail to load, each with the package whose absence it names. */
  readonly missing: readonly (readonly [Subpath, string])[];
}

const sets: readonly InstallSet[] = [
  {
    name: "package-only",
    dependencies: {},
    peers: ["@bufbuild/protobuf", "zod"],
    npmFlags: [],
    supported: ["", "/framing", "/kafka", "/fixtures", "/http", "/client"],
    typed: ["", "/framing", "/kafka", "/fixtures", "/http", "/client"],
    missing: [["/testing", "fast-check"]],
  },
  {
    name: "with-fast-check",
    dependencies: { "fast-check": "4.10.2" },
    peers: ["@bufbuild/protobuf", "zod", "fast-check"],
    npmFlags: [],
    supported: ["", "/framing", "/kafka", "/fixtures", "/http", "/client", "/testing"],
    typed: ["", "/framing", "/kafka", "/fixtures", "/http", "/client", "/testing"],
    missing: [],
  },
  {
    name: "peers-omitted",
    dependencies: { "@bufbuild/protobuf": "2.17.0" },
    peers: ["@bufbuild/protobuf"],
    npmFlags: ["--legacy-peer-deps"],
    supported: ["", "/framing", "/kafka", "/fixtures"],
    typed: ["", "/framing", "/kafka"],
    missing: [
      ["/http", "zod"],
      ["/client", "zod"],
      ["/testing", "fast-check"],
    ],
  },
  {
    name: "no-peers",
    dependencies: {},
    peers: [],
    npmFlags: ["--omit=peer"],
    supported: ["/framing", "/fixtures"],
    typed: [],
    missing: [
      ["", "@bufbuild/protobuf"],
      ["/kafka", "@bufbuild/protobuf"],
      ["/http", "zod"],
      ["/client", "zod"],
      ["/testing", "fast-check"],
    ],
  },
];

/** One use of each subpath in TypeScript, typed as a user would write it. */
const usage: Record<Subpath, string> = {
  "": `import { createEnvelope, decodeEnvelope, encodeEnvelope, envelopeKind, type EnvelopeKind, GRPC_AttendantPayloadSchema } from "vehicle-update-codec";
export const kind: EnvelopeKind = envelopeKind(decodeEnvelope(encodeEnvelope(createEnvelope("updateGet", { vin: "WVWZZZ1JZXW000001" }, { handler: "ota" }))));
export const typeName: string = GRPC_AttendantPayloadSchema.typeName;`,
  "/framing": `import { decodeRecordValue, encodeSchemaRegistryFrame } from "vehicle-update-codec/framing";
import { createEnvelope as create } from "vehicle-update-codec";
export const schemaId: number | undefined = (() => { const v = decodeRecordValue(encodeSchemaRegistryFrame(create("updateGet", {}, { handler: "h" }), { schemaId: 7 })); return v.framing === "schema-registry" ? v.schemaId : undefined; })();`,
  "/kafka": `import { decodeKafkaBatch, encodeKafkaMessage, type KafkaDecodeResult } from "vehicle-update-codec/kafka";
import { createEnvelope as createForKafka } from "vehicle-update-codec";
const produced = encodeKafkaMessage(createForKafka("updateGet", {}, { handler: "h" }), { framing: "schema-registry", schemaId: 8 });
export const results: KafkaDecodeResult[] = decodeKafkaBatch({ topic: "t", partition: 0, messages: [{ offset: "0", key: null, value: produced.value, headers: {}, timestamp: "0" }] });`,
  "/fixtures": `import { SAMPLE_VIN, sampleEnvelope, sampleHttpBody } from "vehicle-update-codec/fixtures";
export const vin: string = SAMPLE_VIN;
export const handler: string = sampleEnvelope("dtcEntry").handler;
export const body = sampleHttpBody("listVehicles", 200);`,
  "/http": `import { parseResponse } from "vehicle-update-codec/http";
export const result: string = parseResponse("listVehicles", 200, { data: [] }).kind;`,
  "/client": `import { createClient, DEFAULT_TIMEOUT_MS } from "vehicle-update-codec/client";
export const client = createClient({ baseUrl: "https://ota.example.com/" });
export const timeout: number = DEFAULT_TIMEOUT_MS;`,
  "/testing": `import { arbitraryEnvelope } from "vehicle-update-codec/testing";
export const arbitrary = arbitraryEnvelope();`,
};

/** A careful consumer's tsconfig: strict, nodenext, our .d.ts files checked. */
const tsconfig = {
  compilerOptions: {
    target: "ES2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    lib: ["ES2022", "DOM", "DOM.AsyncIterable"],
    types: [],
    strict: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: false,
    noEmit: true,
  },
  include: ["check.mts"],
};

let workDir: string;
const apps = new Map<string, Promise<string>>();
/** The output of tsc in each app, started as soon as the app is installed. */
const typechecks = new Map<string, Promise<string>>();

function typecheck(dir: string): Promise<string> {
  const tsc = join(root, "node_modules/typescript/bin/tsc");
  return exec(process.execPath, [tsc, "-p", dir, "--pretty", "false"], { cwd: dir }).then(
    ({ stdout }) => stdout,
    (error: { stdout: string }) => error.stdout,
  );
}

/** Makes the app of `set` in its own folder and installs it; resolves to the folder. */
async function install(set: InstallSet, tarball: string): Promise<string> {
  const dir = join(workDir, set.name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: set.name,
      private: true,
      type: "module",
      dependencies: { "vehicle-update-codec": `file:${tarball}`, ...set.dependencies },
    }),
  );
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  writeFileSync(join(dir, "check.mts"), set.typed.map((s) => usage[s]).join("\n"));
  await exec("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...set.npmFlags], {
    cwd: dir,
  });
  return dir;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), "vuc-install-sets-"));
  const { tarball } = await pack(workDir);
  for (const set of sets) {
    const installed = install(set, tarball);
    apps.set(set.name, installed);
    typechecks.set(set.name, installed.then(typecheck));
  }
  await Promise.all(apps.values());
}, 240_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Loads `specifier` with import() and require() in `dir`; what each gave. */
async function load(dir: string, specifier: string): Promise<{ esm: string; cjs: string }> {
  const script = `
import { createRequire } from "node:module";
const outcome = (error) => error ? \`\${error.code}: \${error.message.split("\\n")[0]}\` : "ok";
const esm = await import(${JSON.stringify(specifier)}).then(() => outcome(), outcome);
let cjs;
try { createRequire(import.meta.url)(${JSON.stringify(specifier)}); cjs = outcome(); } catch (error) { cjs = outcome(error); }
console.log(JSON.stringify({ esm, cjs }));
`;
  const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
  });
  return JSON.parse(stdout);
}

/** Runs the bin through npx in `dir`: exit code, stdout and stderr. */
async function npx(dir: string, args: readonly string[], input?: string) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = execFile("npx", ["--no", "--", "vehicle-update-codec", ...args], { cwd: dir });
    let out = "";
    let err = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      err += chunk;
    });
    child.stdin?.end(input ?? "");
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

const app = (name: string): Promise<string> => apps.get(name) as Promise<string>;

const ranges: Record<string, string> = {
  "@bufbuild/protobuf": "^2.17.0",
  zod: "^4.0.0",
  kafkajs: "^2.2.4",
};

/** The one line of a command that needs a peer that is not installed. */
const needs = (command: string, peer: string) =>
  `vehicle-update-codec ${command}: needs ${peer}, which is not installed: run 'npm install ${peer}@${ranges[peer]}'\n`;

describe.each(sets)("an app with the package installed: $name", (set) => {
  it("has exactly the peers the set names", async () => {
    const dir = await app(set.name);
    for (const peer of ["@bufbuild/protobuf", "zod", "fast-check"] as const) {
      expect([peer, existsSync(join(dir, "node_modules", peer))]).toEqual([
        peer,
        set.peers.includes(peer),
      ]);
    }
  });

  it.each(set.supported)("loads vehicle-update-codec%s from ESM and CommonJS", async (subpath) => {
    expect(await load(await app(set.name), `vehicle-update-codec${subpath}`)).toEqual({
      esm: "ok",
      cjs: "ok",
    });
  });

  it.runIf(set.missing.length > 0).each(set.missing)(
    "fails to load vehicle-update-codec%s with an error that names %s",
    async (subpath, peer) => {
      const { esm, cjs } = await load(await app(set.name), `vehicle-update-codec${subpath}`);
      // The package itself, or one of its subpaths (`@bufbuild/protobuf/codegenv2`), quoted.
      const named = new RegExp(`'${peer.replace(/[/.]/g, "\\$&")}[/']`);
      expect(esm).toMatch(/^ERR_MODULE_NOT_FOUND: /);
      expect(esm).toMatch(named);
      expect(cjs).toMatch(/^MODULE_NOT_FOUND: /);
      expect(cjs).toMatch(named);
    },
  );

  it("typechecks a use of each subpath whose peers it has, with skipLibCheck false", async () => {
    expect(await typechecks.get(set.name)).toBe("");
  });

  it("runs the CLI's --help and demo through npx", async () => {
    const dir = await app(set.name);
    const help = await npx(dir, ["--help"]);
    expect(help).toMatchObject({ code: 0, err: "" });
    expect(help.out).toMatch(/^Usage: vehicle-update-codec <command> \[options\]\n/);
    const demo = await npx(dir, ["demo"]);
    expect(demo).toMatchObject({ code: 0, err: "" });
    expect(demo.out).toContain("\nAll 11 samples round-tripped through binary and JSON.\n");
    expect(demo.out).toMatch(
      set.peers.includes("zod")
        ? /parseResponse \('http check' does the same for any body\): ok\n$/
        : /\nThe HTTP check is skipped: it needs zod, which is not installed \(npm install zod@\^4\)\.\n$/,
    );
  });
});

describe("the CLI without zod (peers omitted)", () => {
  it("samples, encodes, decodes and inspects", async () => {
    const dir = await app("peers-omitted");
    const sample = await npx(dir, ["sample", "dtcEntry", "--output", "hex"]);
    expect(sample).toMatchObject({ code: 0, err: "" });
    const encoded = await npx(
      dir,
      ["encode", "--output", "hex"],
      (await npx(dir, ["sample", "dtcEntry"])).out,
    );
    expect(encoded).toEqual(sample);
    const decoded = await npx(dir, ["decode", "--compact"], sample.out);
    expect(decoded).toMatchObject({ code: 0, err: "" });
    expect(JSON.parse(decoded.out).handler).toBe("ota.dtcEntry");
    const inspected = await npx(dir, ["inspect"], sample.out);
    expect(inspected).toMatchObject({ code: 0, err: "" });
    expect(inspected.out).toContain("kind:           dtcEntry\n");
  });

  it.each([
    [["http", "check", "listVehicles", "--status", "200"], "http check"],
    [["http", "call", "listVehicles", "--base-url", "http://127.0.0.1:9"], "http call"],
    [["help", "http", "call"], "http call"],
    [["http", "check", "--help"], "http check"],
  ])("%j says in one line that zod is missing, and exits 2", async (args, command) => {
    const result = await npx(await app("peers-omitted"), args, "{}");
    expect(result).toEqual({
      code: 2,
      out: "",
      err: needs(command, "zod"),
    });
  });
});

describe("the CLI without any peer (--omit=peer)", () => {
  const golden = readFileSync(join(root, goldenFolder, "dtcEntry.binpb"));

  it("prints its version, and samples, decodes, encodes and inspects", async () => {
    const dir = await app("no-peers");
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(await npx(dir, ["--version"])).toEqual({ code: 0, out: `${version}\n`, err: "" });
    const hex = golden.toString("hex");
    expect(await npx(dir, ["sample", "dtcEntry", "--output", "hex"])).toEqual({
      code: 0,
      out: `${hex}\n`,
      err: "",
    });
    const decoded = await npx(dir, ["decode", "--compact"], hex);
    expect(decoded).toMatchObject({ code: 0, err: "" });
    expect(JSON.parse(decoded.out).handler).toBe("ota.dtcEntry");
    expect(await npx(dir, ["encode", "--output", "hex"], decoded.out)).toEqual({
      code: 0,
      out: `${hex}\n`,
      err: "",
    });
    const inspected = await npx(dir, ["inspect"], hex);
    expect(inspected).toMatchObject({ code: 0, err: "" });
    expect(inspected.out).toContain("kind:           dtcEntry\n");
  });

  it.each([
    [["kafka", "tail", "updates", "--brokers", "127.0.0.1:9"], "kafka tail", "kafkajs"],
    [["http", "check", "listVehicles", "--status", "200"], "http check", "zod"],
    [["mock", "--help"], "mock", "zod"],
  ])("%j says in one line that %s needs %s, and exits 2", async (args, command, peer) => {
    expect(await npx(await app("no-peers"), args, "{}")).toEqual({
      code: 2,
      out: "",
      err: needs(command, peer),
    });
  });
});
