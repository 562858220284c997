// Helpers for the tests of the package as npm ships it: the built dist/ and the packed tarball.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

/** The repository root, with a trailing slash. */
export const root = join(import.meta.dirname, "../../");

/** Every subpath of the `exports` map, except the `./golden/*` data files. */
export const subpaths = [
  ".",
  "./messages",
  "./http",
  "./client",
  "./framing",
  "./fixtures",
  "./testing",
] as const;

/** The files the tests need from dist/: one ESM, CJS and types file per subpath, and the bin. */
const distFiles = [
  ...subpaths.flatMap((subpath) => {
    const base = subpath === "." ? "dist/index" : `dist/${subpath.slice(2)}/index`;
    return [`${base}.js`, `${base}.cjs`, `${base}.d.ts`, `${base}.d.cts`];
  }),
  "dist/cli/index.js",
];

const run = promisify(execFile);

/**
 * Makes sure dist/ holds a build. `npm test` builds before vitest runs, so this only builds
 * (with tsup, without `rm -rf dist`) when a file is missing, e.g. under a bare `vitest run`.
 * Test files run in parallel: a lock directory keeps two of them from building at once.
 */
export async function ensureDist(): Promise<void> {
  const missing = () => distFiles.some((file) => !existsSync(join(root, file)));
  if (!missing()) return;
  const lock = join(root, ".tmp/dist-build.lock");
  mkdirSync(join(root, ".tmp"), { recursive: true });
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 120_000) throw new Error(`${lock} held for 2 minutes: remove it if stale`);
      await sleep(200);
    }
  }
  try {
    if (missing()) await run(join(root, "node_modules/.bin/tsup"), [], { cwd: root });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** What `npm pack --json` reports about the tarball it wrote. */
export interface PackResult {
  /** The absolute path of the tarball. */
  tarball: string;
  /** The paths of the packed files, relative to the package root. */
  files: string[];
}

/**
 * Packs the package into `destination` as `npm publish` would (lifecycle scripts skipped:
 * {@link ensureDist} has built dist/ already).
 */
export async function pack(destination: string): Promise<PackResult> {
  await ensureDist();
  const { stdout } = await run(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", destination],
    { cwd: root },
  );
  const [result] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (!result) throw new Error(`npm pack printed no result: ${stdout}`);
  return {
    tarball: join(destination, result.filename),
    files: result.files.map((file) => file.path),
  };
}
