// Which msw the mock's suites run with: 2 by default, 3 under vitest.msw3.config.ts (the .ci/run
// lane on Node.js 22 and later, VUC_MSW_MAJOR=3). Fails if the alias did not apply.
import { createRequire } from "node:module";
import { http } from "msw";
import { describe, expect, it } from "vitest";

const expectedMajor = process.env.VUC_MSW_MAJOR ?? "2";
const packageName = expectedMajor === "3" ? "msw3" : "msw";

describe("the msw under test", () => {
  it(`is msw ${expectedMajor}`, async () => {
    const { version } = createRequire(import.meta.url)(`${packageName}/package.json`) as {
      version: string;
    };
    expect(version.split(".")[0]).toBe(expectedMajor);
    // What `import "msw"` gave the tests and src/mock is that package's module.
    const loaded = (await import(/* @vite-ignore */ packageName)) as { http: unknown };
    expect(http).toBe(loaded.http);
  });
});
