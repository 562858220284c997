// Sums vitest JSON reports into the plain closing line CI reads: "N passed, N failed, N skipped".
// Usage: node scripts/test-summary.mjs [label=]report.json ... (default .tmp/vitest-report.json)
// Each report gets a line of its own first. A test file that failed without a failed test (it did
// not load, or a hook threw) counts as one failure, and so does a report that is missing: the run
// that should have written it crashed.
import { existsSync, readFileSync } from "node:fs";

const args = process.argv.slice(2);
const total = { passed: 0, failed: 0, skipped: 0 };
for (const arg of args.length > 0 ? args : [".tmp/vitest-report.json"]) {
  const [label, path] = arg.includes("=") ? arg.split("=", 2) : [arg, arg];
  if (!existsSync(path)) {
    total.failed += 1;
    console.log(`${label}: no report (${path}): the run did not finish`);
    continue;
  }
  const report = JSON.parse(readFileSync(path, "utf8"));
  const brokenFiles = report.testResults.filter(
    (file) =>
      file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  ).length;
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  for (const key of Object.keys(total)) total[key] += counts[key];
  console.log(
    `${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` +
      (brokenFiles > 0 ? ` (${brokenFiles} test files failed outside a test)` : ""),
  );
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
