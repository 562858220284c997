// Summarises a V8 CPU profile (.cpuprofile, from node --cpu-prof): the functions with the most
// self time, as a share of all samples, with their file and line.
//
// node --cpu-prof --cpu-prof-dir .tmp/prof --import tsx bench/run.ts --no-generate --no-bundle \
//   --op "JSON serialize" --codec vehicle-update-codec
// npx tsx bench/profile-summary.ts .tmp/prof/*.cpuprofile [--top 15] [--under envelopeToJsonString]
//
// --under counts only the samples with a frame of that name (a regular expression) on the
// stack, e.g. one codec's entry point, so that the baseline codec in the same run is left out.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

const { values: args, positionals } = parseArgs({
  options: { top: { type: "string", default: "15" }, under: { type: "string" } },
  allowPositionals: true,
});
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
  };
  const parent = new Map<number, ProfileNode>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node);
  }
  const under = args.under === undefined ? undefined : new RegExp(args.under);
  const inside = (id: number) => {
    if (under === undefined) return true;
    for (let n = byId.get(id); n; n = parent.get(n.id))
      if (under.test(n.callFrame.functionName)) return true;
    return false;
  };
  const hits = new Map<number, number>();
  let total = 0;
  for (const id of profile.samples) {
    if (!inside(id)) continue;
    hits.set(id, (hits.get(id) ?? 0) + 1);
    total++;
  }
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^.*\/(src|gen|bench|node_modules)\//, "$1/")}:${lineNumber + 1}`
      : "";
    const name = `${functionName || "(anonymous)"} ${where}`.trim();
    self.set(name, (self.get(name) ?? 0) + (hits.get(node.id) ?? 0));
  }
  console.log(
    `${file}: ${total} of ${profile.samples.length} samples${under ? ` under ${under}` : ""}`,
  );
  console.log("| self % | function |\n| ---: | --- |");
  for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top))) {
    console.log(`| ${((n * 100) / total).toFixed(1)} | ${name} |`);
  }
}
