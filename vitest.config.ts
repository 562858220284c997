import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/** The end-to-end tests against a Kafka broker, which their project's global setup starts. */
const kafkaEndToEnd = "test/kafka/e2e/**/*.test.ts";

/**
 * Whether the test broker can be built here: a C compiler and librdkafka's mock-cluster header
 * (Debian: gcc, librdkafka-dev). Without them the Kafka end-to-end tests are left out, saying so,
 * as the Chromium and Google suites skip without their packages; under CI they run and fail.
 */
const brokerBuildable =
  spawnSync("cc", ["--version"], { stdio: "ignore" }).status === 0 &&
  existsSync("/usr/include/librdkafka/rdkafka_mock.h");
if (!brokerBuildable && !process.env.CI) {
  console.warn(
    "the Kafka end-to-end tests (test/kafka/e2e) are left out: they need a C compiler and " +
      "librdkafka-dev (apt-get install gcc librdkafka-dev)",
  );
}

/**
 * Folders to leave out, comma-separated in VUC_EXCLUDE: .ci/run's runs under other Node.js
 * versions skip the slow suites whose subject is not the engine. (vitest's own `--exclude` does
 * not reach a project that sets its `exclude`.)
 */
const leftOut = (process.env.VUC_EXCLUDE ?? "")
  .split(",")
  .filter((folder) => folder !== "")
  .map((folder) => `${folder}/**`);

export default defineConfig({
  test: {
    typecheck: {
      // VUC_TYPECHECK=off leaves the type tests out (vitest's `--typecheck.enabled=false` does not
      // reach the projects, which extend this config).
      enabled: process.env.VUC_TYPECHECK !== "off",
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    // The JSON report feeds the plain "N passed, N failed" line that .ci/run prints.
    reporters: ["default", ["json", { outputFile: ".tmp/vitest-report.json" }]],
    // vitest's default, one worker fewer than the cores, runs one file at a time on a 2-core
    // machine, while most files spend their time waiting on a child process (the CLI, the
    // broker, Prism, Chromium, npm): two files at once on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The Kafka end-to-end tests are a project of their own, so that the broker is compiled and
    // started only by a run that includes them: vitest calls a project's global setup only when
    // one of its test files is queued.
    projects: [
      {
        extends: true,
        test: { name: "unit", exclude: [...configDefaults.exclude, kafkaEndToEnd, ...leftOut] },
      },
      {
        extends: true,
        test: {
          name: "kafka",
          include: brokerBuildable || process.env.CI ? [kafkaEndToEnd] : [],
          exclude: [...configDefaults.exclude, ...leftOut],
          globalSetup: ["test/kafka/broker/global-setup.ts"],
          typecheck: { enabled: false },
        },
      },
    ],
  },
});
