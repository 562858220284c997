import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "tsup";
import { buildInspector } from "./scripts/build-inspector.js";

/** The public entry points: one per subpath of package.json's `exports`. */
const subpaths = {
  index: "src/index.ts",
  "framing/index": "src/framing/index.ts",
  "kafka/index": "src/kafka/index.ts",
  "http/index": "src/http/index.ts",
  "client/index": "src/client/index.ts",
  "fixtures/index": "src/fixtures/index.ts",
  "testing/index": "src/testing/index.ts",
  "mock/index": "src/mock/index.ts",
  "opentelemetry/index": "src/opentelemetry/index.ts",
};

/**
 * Every other module of src/ and gen/ (the CLI aside) as an entry point of its own, under `_/`.
 *
 * esbuild puts the modules that the same set of entry points reach into one chunk. With only the
 * subpaths as entries, the decoder shared a chunk with the JSON reader's and the message check's
 * module-level constants (`2n ** 63n`, `new Set([ScalarType.…])`): a bundler keeps every
 * statement of a chunk it imports that might have an effect, so `decodeEnvelope` pulled them in,
 * and protobuf-es's `ScalarType` with them. With every module an entry, each module is a chunk
 * of its own, and a bundler drops the chunks of the features an app does not import
 * (`"sideEffects"` names only the CLI). test/bundle/budgets.test.ts measures it on the packed
 * package. The `_/` files only re-export their chunk and nothing imports them, so they are
 * removed after the build.
 */
const modules: Record<string, string> = {};
for (const top of ["src", "gen"]) {
  for (const file of readdirSync(top, { recursive: true, encoding: "utf8" }).sort()) {
    const path = join(top, file);
    if (
      !file.endsWith(".ts") ||
      file.startsWith("cli/") ||
      file.startsWith("inspector/") || // the page's script, bundled into dist/inspector.html
      Object.values(subpaths).includes(path)
    )
      continue;
    modules[`_/${top}/${file.slice(0, -".ts".length)}`] = path;
  }
}

export default defineConfig([
  {
    entry: { ...subpaths, ...modules },
    format: ["esm", "cjs"],
    dts: { entry: subpaths },
    // No source maps in the package (as protobuf-es): the code in dist/ is not minified, so stack
    // traces read as they are, and the maps would be two thirds of the unpacked size.
    sourcemap: false,
    clean: false,
    splitting: true,
    treeshake: true,
    target: "es2022",
    platform: "neutral",
    onSuccess: async () => rmSync("dist/_", { recursive: true, force: true }),
  },
  // The bin: ESM only (it uses the file system and process), with its shebang kept. Split, so
  // that each command's module (imported with import() when the command runs) is a chunk of its
  // own whose imports of peer dependencies are read only then.
  {
    entry: { "cli/index": "src/cli/index.ts" },
    format: ["esm"],
    dts: false,
    sourcemap: false,
    clean: ["cli"], // the chunks of an earlier build would stay beside the new ones
    splitting: true,
    esbuildOptions(options) {
      options.chunkNames = "cli/chunks/[name]-[hash]"; // apart from the library's chunks
    },
    target: "es2022",
    platform: "node",
    external: ["@bufbuild/protobuf", "zod", "msw", "kafkajs"],
    // The page `inspect --web` serves, shipped as vehicle-update-codec/inspector.html.
    onSuccess: async () => writeFileSync("dist/inspector.html", await buildInspector()),
  },
]);
