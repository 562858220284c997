import { defineConfig } from "tsup";

export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      "messages/index": "src/messages/index.ts",
      "framing/index": "src/framing/index.ts",
      "http/index": "src/http/index.ts",
      "client/index": "src/client/index.ts",
      "fixtures/index": "src/fixtures/index.ts",
      "testing/index": "src/testing/index.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    clean: false,
    splitting: true,
    treeshake: true,
    target: "es2022",
    platform: "neutral",
  },
  // The bin: ESM only (it uses the file system and process), with its shebang kept.
  {
    entry: { "cli/index": "src/cli/index.ts" },
    format: ["esm"],
    dts: false,
    sourcemap: true,
    clean: false,
    splitting: false,
    target: "es2022",
    platform: "node",
    external: ["@bufbuild/protobuf", "zod"],
  },
]);
