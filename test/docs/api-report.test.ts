// The API reports of api/ and the count of names in docs/architecture.md are what the build in
// dist/ declares: a change to the public surface fails here until `npm run api` writes them
// again, so that it shows in the diff. `npm test` builds before vitest runs.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  apiReports,
  countPage,
  countTable,
  exportedNames,
  root,
  withCountTable,
} from "../../scripts/api-report.js";

const update = "run npm run api and commit the files it writes";
/** API Extractor's note on a type a subpath's signatures use but that the subpath does not export. */
const forgottenExport = /\(ae-forgotten-export\) The symbol "([^"]+)"/g;

describe("the API reports", () => {
  it("are one per subpath that holds code, and match the build", () => {
    const reports = apiReports();
    const committed = existsSync(join(root, "api")) ? readdirSync(join(root, "api")) : [];
    expect(committed.map((file) => `api/${file}`).sort(), update).toEqual(
      [...reports.keys()].sort(),
    );
    for (const [file, text] of reports) {
      expect(readFileSync(join(root, file), "utf8"), `${file} differs from dist/: ${update}`).toBe(
        text,
      );
    }
  }, 120_000);
});

describe("the names per subpath", () => {
  const names = exportedNames();

  it(`are counted in ${countPage} as the build declares them`, () => {
    const page = readFileSync(join(root, countPage), "utf8");
    expect(page, `the table of ${countPage} differs from dist/: ${update}`).toBe(
      withCountTable(page, countTable(names)),
    );
  });

  it("are exported from one subpath each", () => {
    const subpathsOf = new Map<string, string[]>();
    for (const { subpath, runtime, types } of names) {
      for (const name of [...runtime, ...types]) {
        subpathsOf.set(name, [...(subpathsOf.get(name) ?? []), subpath]);
      }
    }
    expect([...subpathsOf].filter(([, found]) => found.length > 1)).toEqual([]);
  });

  it("name every type a signature uses: each one a report leaves out is another subpath's", () => {
    const exported = new Set(names.flatMap(({ runtime, types }) => [...runtime, ...types]));
    const unexported = names.flatMap(({ report }) =>
      [...readFileSync(join(root, report), "utf8").matchAll(forgottenExport)]
        .map((match) => match[1] as string)
        .filter((symbol) => !exported.has(symbol))
        .map((symbol) => `${report}: ${symbol}`),
    );
    expect(unexported).toEqual([]);
  });

  it.each(names)("of $subpath: the runtime names are what its module exports", async (entry) => {
    const module: object = await import(join(root, entry.declarations.replace(/\.d\.ts$/, ".js")));
    expect(entry.runtime).toEqual(Object.keys(module).sort());
  });
});

describe("withCountTable()", () => {
  it("refuses a page without the fenced table", () => {
    expect(() => withCountTable("# A page\n", "table")).toThrow(
      `${countPage} has no table fenced by <!-- api-counts: written by npm run api --> and <!-- /api-counts -->`,
    );
  });
});
