// Writes the API report of every subpath to api/ and the count of names per subpath to
// docs/architecture.md, from the declarations in dist/. `npm run api` builds first, then runs
// this; test/docs/api-report.test.ts fails until the committed files match the build again.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  apiReports,
  countPage,
  countTable,
  exportedNames,
  root,
  withCountTable,
} from "./api-report.js";

const reports = apiReports();
mkdirSync(join(root, "api"), { recursive: true });
for (const file of readdirSync(join(root, "api"))) {
  // The report of a subpath that is gone.
  if (!reports.has(`api/${file}`)) rmSync(join(root, "api", file));
}
for (const [file, text] of reports) writeFileSync(join(root, file), text);

const page = join(root, countPage);
writeFileSync(page, withCountTable(readFileSync(page, "utf8"), countTable(exportedNames())));
console.log(`${[...reports.keys()].join(", ")}; the counts in ${countPage}`);
