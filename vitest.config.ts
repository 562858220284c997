import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    // The JSON report feeds the plain "N passed, N failed" line that .ci/run prints.
    reporters: ["default", ["json", { outputFile: ".tmp/vitest-report.json" }]],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
