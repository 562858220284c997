// Sums vitest JSON reports into the plain closing line CI reads: "N passed, N failed, N skipped".
// Usage: node scripts/test-summary.mjs [label=]report.json ... (default .tmp/vitest-report.json)
// Each report gets a line of its own first, followed by each failure: the file, the test (or the
// file's own error, when it did not load or a hook threw) and the first lines of the message, so
// that the end of a CI log says what failed. A test file that failed without a failed test counts
// as one failure, and so does a report that is missing: the run that should have written it
// crashed.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";

/** Prints one failure: where, and the first lines of its message (ANSI colours removed). */
function failure(file, test, message) {
  const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
  const lines = message.replace(colour, "").split("\n").slice(0, 6);
  console.log(`  FAILED ${file} > ${test}`);
  for (const line of lines) console.log(`    ${line}`);
}

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
  for (const file of report.testResults) {
    const name = relative(process.cwd(), file.name);
    for (const test of file.assertionResults) {
      if (test.status === "failed") failure(name, test.fullName, test.failureMessages.join("\n"));
    }
    if (file.status === "failed" && !file.assertionResults.some((t) => t.status === "failed")) {
      failure(name, "(outside a test)", file.message ?? "");
    }
  }
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
