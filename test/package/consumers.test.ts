// The package as users install it: `npm pack`, then one throwaway project in a temp folder that
// installs the tarball and the peer dependencies from the registry, and uses every subpath from
// Node ESM, CommonJS, TypeScript (node16 and bundler resolution) and the bin through npx.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_VIN } from "../../src/fixtures/index.js";
import { pack } from "./pack.js";

const exec = promisify(execFile);

/** The peer dependencies at the versions we test with, and the tools of the TypeScript checks. */
const dependencies = {
  "@bufbuild/protobuf": "2.17.0",
  zod: "4.6.7",
  "fast-check": "4.10.2",
  typescript: "5.9.3",
  "@types/node": "20.19.43",
  msw: "2.15.0",
};

/**
 * One expression per subpath, in a script that works both as ESM (`load` is `import`) and as
 * CommonJS (`load` is `require`); the script prints their values as JSON.
 */
function runtimeScript(load: (specifier: string, names: string) => string): string {
  return `${load("vehicle-update-codec", "createEnvelope, decodeEnvelope, encodeEnvelope, envelopeKind, GRPC_AttendantPayloadSchema")}
${load("vehicle-update-codec/http", "parseResponse")}
${load("vehicle-update-codec/client", "createClient, DEFAULT_TIMEOUT_MS")}
${load("vehicle-update-codec/framing", "decodeRecordValue, encodeSchemaRegistryFrame")}
${load("vehicle-update-codec/kafka", "decodeKafkaBatch, encodeKafkaMessage")}
${load("vehicle-update-codec/fixtures", "SAMPLE_VIN, sampleEnvelope, sampleHttpBody")}
${load("vehicle-update-codec/testing", "arbitraryEnvelope")}
${load("vehicle-update-codec/mock", "createHandlers")}
${load("vehicle-update-codec/http", "openApiDocument")}
${load("fast-check", "sample")}

export const results = {
  ".": [envelopeKind(decodeEnvelope(encodeEnvelope(createEnvelope("updateGet", { vin: SAMPLE_VIN }, { handler: "ota" })))), GRPC_AttendantPayloadSchema.typeName],
  "./http": parseResponse("listVehicles", 200, sampleHttpBody("listVehicles", 200)).kind,
  "./client": [typeof createClient({ baseUrl: "https://ota.example.com/" }).listVehicles, DEFAULT_TIMEOUT_MS],
  "./framing": decodeRecordValue(encodeSchemaRegistryFrame(sampleEnvelope("dtcEntry"), { schemaId: 7 })).schemaId,
  "./kafka": decodeKafkaBatch({ topic: "t", partition: 0, messages: [{ offset: "0", value: encodeKafkaMessage(sampleEnvelope("keys"), { framing: "schema-registry", schemaId: 8 }).value }] })[0].schemaId,
  "./fixtures": SAMPLE_VIN,
  "./testing": sample(arbitraryEnvelope(), { numRuns: 3, seed: 1 }).every((e) => envelopeKind(e) !== undefined),
  "./mock": createHandlers().length,
  openApiDocument: openApiDocument().openapi,
};
`;
}

/** What both scripts must print, computed here from the sources. */
const expected = {
  ".": ["updateGet", "kafka_grpc.GRPC_AttendantPayload"],
  "./http": "ok",
  "./client": ["function", 30_000],
  "./framing": 7,
  "./kafka": 8,
  "./fixtures": SAMPLE_VIN,
  "./testing": true,
  "./mock": 12,
  openApiDocument: "3.1.1",
};

const esm = `${runtimeScript((specifier, names) => `import { ${names} } from "${specifier}";`)}
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import pkg from "vehicle-update-codec/package.json" with { type: "json" };

const golden = fileURLToPath(import.meta.resolve("vehicle-update-codec/golden/dtcEntry.binpb"));
results["./golden/*"] = envelopeKind(decodeEnvelope(readFileSync(golden)));
results["./package.json"] = pkg.name;
results["./openapi.json"] = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve("vehicle-update-codec/openapi.json")), "utf8")).openapi;
results["./asyncapi.json"] = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve("vehicle-update-codec/asyncapi.json")), "utf8")).asyncapi;
results.resolved = import.meta.resolve("vehicle-update-codec").replace(/^.*node_modules\\//, "");

// ESM and CJS are two copies of the code: isCodecError must recognise the other copy's errors.
const cjs = createRequire(import.meta.url)("vehicle-update-codec");
try {
  cjs.decodeEnvelope(new Uint8Array([0x0a]));
} catch (error) {
  results.crossCopy = [(await import("vehicle-update-codec")).isCodecError(error), error.code];
}
console.log(JSON.stringify(results));
`;

const cjs = `${runtimeScript((specifier, names) => `const { ${names} } = require("${specifier}");`).replace("export const results", "const results")}
const { readFileSync } = require("node:fs");

results["./golden/*"] = envelopeKind(decodeEnvelope(readFileSync(require.resolve("vehicle-update-codec/golden/dtcEntry.binpb"))));
results["./package.json"] = require("vehicle-update-codec/package.json").name;
results["./openapi.json"] = require("vehicle-update-codec/openapi.json").openapi;
results["./asyncapi.json"] = require("vehicle-update-codec/asyncapi.json").asyncapi;
results.resolved = require.resolve("vehicle-update-codec").replace(/^.*node_modules\\//, "");
console.log(JSON.stringify(results));
`;

/** A TypeScript module that imports every subpath and uses a few of their types. */
const typedModule = `import { create } from "@bufbuild/protobuf";
import type { Arbitrary } from "fast-check";
import {
  type CodecErrorCode,
  type DTCEntry,
  DTCEntrySchema,
  EmumStatus,
  type EnvelopeKind,
  type EnvelopeOf,
  encodeEnvelope,
  envelopeKind,
  type GRPC_AttendantPayload,
  isCodecError,
  isEnvelopeOf,
  matchEnvelope,
} from "vehicle-update-codec";
import { type Client, createClient } from "vehicle-update-codec/client";
import { type DeepPartial, sampleEnvelope } from "vehicle-update-codec/fixtures";
import { decodeRecordValue, type RecordValue } from "vehicle-update-codec/framing";
import { decodeKafkaBatch, type KafkaDecodeResult } from "vehicle-update-codec/kafka";
import { CommonCar, parseResponse, type ResponseResult } from "vehicle-update-codec/http";
import { arbitraryEnvelopeOf } from "vehicle-update-codec/testing";

export function describeValue(bytes: Uint8Array): string {
  const value: RecordValue = decodeRecordValue(bytes);
  const envelope: GRPC_AttendantPayload = value.envelope;
  if (isEnvelopeOf(envelope, "dtcEntry")) {
    const entry: DTCEntry = envelope.Data.value;
    const code: bigint = entry.dtc;
    return code.toString(16);
  }
  const kind: EnvelopeKind | undefined = envelopeKind(envelope);
  return kind ?? "none";
}

export const dtc: EnvelopeOf<"dtcEntry"> = sampleEnvelope("dtcEntry");
export const override: DeepPartial<DTCEntry> = { dtc: 1n };
export const entry: DTCEntry = create(DTCEntrySchema, { dtc: 0xc15500n });
export const bytes: Uint8Array = encodeEnvelope(dtc);
export const delivered: number = EmumStatus.DELIVERED;
export const arbitrary: Arbitrary<EnvelopeOf<"order">> = arbitraryEnvelopeOf("order");
export const client: Client = createClient({ baseUrl: "https://ota.example.com/" });
export const results: KafkaDecodeResult[] = decodeKafkaBatch({ topic: "t", partition: 0, messages: [] });
export const car: CommonCar = CommonCar.parse({ vin: "WA1LFAFP0TA000417" });

export async function countCars(): Promise<number> {
  const result = await client.listVehicles({ query: { page: 1 } });
  return result.kind === "ok" ? (result.data.data ?? []).length : -1;
}

export function check(body: unknown): ResponseResult<"listVehicles"> {
  return parseResponse("listVehicles", 200, body);
}

export function codeOf(error: unknown): CodecErrorCode | undefined {
  return isCodecError(error) ? error.code : undefined;
}

export const summary = matchEnvelope(dtc, {
  carUpdateStatus: () => 1,
  carUpdateProgress: () => 2,
  fileKeyReq: () => 3,
  keys: () => 4,
  updateApprove: () => 5,
  updateGet: () => 6,
  updateManifest: () => 7,
  order: () => 8,
  messageStatus: () => 9,
  dtcEntry: (value) => value.speed,
  carUpdateRequest: () => 11,
});

// @ts-expect-error a dtcEntry envelope is not an order envelope
export const wrong: EnvelopeOf<"order"> = sampleEnvelope("dtcEntry");
`;

/** The same imports from a CommonJS TypeScript file (.cts), which resolves the .d.cts types. */
const typedCommonJs = `import { decodeEnvelope, type GRPC_AttendantPayload, OrderSchema } from "vehicle-update-codec";
import { createClient } from "vehicle-update-codec/client";
import { sampleEnvelope } from "vehicle-update-codec/fixtures";
import { decodeDelimited } from "vehicle-update-codec/framing";
import { parseResponse } from "vehicle-update-codec/http";
import { arbitraryEnvelope } from "vehicle-update-codec/testing";

export const envelope: GRPC_AttendantPayload = decodeEnvelope(new Uint8Array(0), { requireData: false });
export const used = [createClient, sampleEnvelope, decodeDelimited, parseResponse, OrderSchema, arbitraryEnvelope];
`;

/** Strict options a careful consumer sets; skipLibCheck off, so our .d.ts files are checked. */
const strictOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipLibCheck: false,
  target: "ES2022",
};

let dir: string;
/** The output of `tsc -p <project>` for each TypeScript project, started in beforeAll. */
const typechecks = new Map<string, Promise<string>>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "vuc-consumer-"));
  const { tarball } = await pack(dir);
  const write = (path: string, content: string | object) => {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(
      join(dir, path),
      typeof content === "string" ? content : JSON.stringify(content, null, 2),
    );
  };
  write("package.json", {
    name: "consumer",
    private: true,
    type: "module",
    dependencies: { "vehicle-update-codec": `file:${tarball}`, ...dependencies },
  });
  write("esm.mjs", esm);
  write("cjs.cjs", cjs);
  // A Node.js project: ESM and CJS files, Node's types.
  const node16 = { ...strictOptions, module: "node16", moduleResolution: "node16" };
  write("node16/index.ts", typedModule);
  write("node16/require.cts", typedCommonJs);
  write("node16/tsconfig.json", {
    compilerOptions: { ...node16, lib: ["ES2022", "DOM"], types: ["node"] },
    include: ["*.ts", "*.cts"],
  });
  // The same without the DOM lib: only what @types/node declares globally.
  write("node-only/index.ts", typedModule);
  write("node-only/tsconfig.json", {
    compilerOptions: { ...node16, lib: ["ES2022"], types: ["node"] },
    include: ["*.ts"],
  });
  // A browser app built by a bundler: the DOM, no Node.js types.
  write("bundler/index.ts", typedModule);
  write("bundler/tsconfig.json", {
    compilerOptions: {
      ...strictOptions,
      module: "preserve",
      moduleResolution: "bundler",
      lib: ["ES2022", "DOM"],
      types: [],
      verbatimModuleSyntax: true,
    },
    include: ["*.ts"],
  });
  await exec("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir });
  // The three typechecks take seconds each: start them together, the tests await them.
  for (const project of ["node16", "node-only", "bundler"]) typechecks.set(project, tsc(project));
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function node(file: string): Promise<Record<string, unknown>> {
  const { stdout } = await exec(process.execPath, [file], { cwd: dir });
  return JSON.parse(stdout);
}

async function tsc(project: string): Promise<string> {
  const tscPath = join(dir, "node_modules/typescript/bin/tsc");
  return exec(process.execPath, [tscPath, "-p", project, "--pretty", "false"], { cwd: dir }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
}

describe("an installed vehicle-update-codec", () => {
  it("imports every subpath from Node.js ESM", async () => {
    expect(await node("esm.mjs")).toEqual({
      ...expected,
      "./golden/*": "dtcEntry",
      "./package.json": "vehicle-update-codec",
      "./openapi.json": "3.1.1",
      "./asyncapi.json": "3.0.0",
      resolved: "vehicle-update-codec/dist/index.js",
      crossCopy: [true, "truncated"],
    });
  });

  it("requires every subpath from CommonJS", async () => {
    expect(await node("cjs.cjs")).toEqual({
      ...expected,
      "./golden/*": "dtcEntry",
      "./package.json": "vehicle-update-codec",
      "./openapi.json": "3.1.1",
      "./asyncapi.json": "3.0.0",
      resolved: "vehicle-update-codec/dist/index.cjs",
    });
  });

  it("typechecks under moduleResolution node16, from .ts (ESM) and .cts (CJS)", async () => {
    expect(await typechecks.get("node16")).toBe("");
  });

  it("typechecks under moduleResolution bundler, with the DOM and without Node.js types", async () => {
    expect(await typechecks.get("bundler")).toBe("");
  });

  it("typechecks in a Node.js project without the DOM lib", async () => {
    const errors = (await typechecks.get("node-only"))?.split("\n").filter(Boolean) ?? [];
    expect(errors).toEqual([]);
  });

  it("runs the bin through npx", async () => {
    const { stdout, stderr } = await exec("npx", ["--no", "vehicle-update-codec", "demo"], {
      cwd: dir,
    });
    expect(stdout).toMatch(/^dtcEntry .* ok$/m);
    expect(stdout).not.toContain("CHANGED");
    expect(stderr.replace(/^npm warn .*\n/gm, "")).toBe("");
  });
});
