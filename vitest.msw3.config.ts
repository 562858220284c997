// The mock's suites again with msw 3 (the devDependency "msw3", npm:msw@3): every import of
// "msw" and "msw/…" from the tests and src/mock resolves to it. msw 3 needs Node.js 22.12 or
// later; .ci/run runs this under 22, 24 and 26. vitest's own mocker keeps its nested msw 2.
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [{ find: /^msw(\/.*)?$/, replacement: "msw3$1" }],
  },
  test: {
    include: [
      "test/mock/handlers.test.ts",
      "test/mock/server.test.ts",
      "test/mock/property.test.ts",
      "test/mock/msw-version.test.ts",
    ],
    reporters: ["default", ["json", { outputFile: ".tmp/vitest-report.json" }]],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
