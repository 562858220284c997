// Helpers for the tests of the package as npm ships it: the built dist/ and the packed tarball.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

/** The repository root, with a trailing slash. */
export const root = join(import.meta.dirname, "../../");

/**
 * The folder of the golden vectors, relative to the root, read from the `./golden/*` export of
 * package.json (so that moving them is one edit there).
 */
export const goldenFolder: string = (() => {
  const target: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports[
    "./golden/*"
  ];
  return target.replace(/^\.\//, "").replace(/\/\*$/, "");
})();

/** Every subpath of the `exports` map, except the `./golden/*` data files. */
export const subpaths = [
  ".",
  "./http",
  "./client",
  "./framing",
  "./kafka",
  "./fixtures",
  "./testing",
  "./mock",
] as const;

/** The files the tests need from dist/: one ESM, CJS and types file per subpath, and the bin. */
const distFiles = [
  ...subpaths.flatMap((subpath) => {
    const base = subpath === "." ? "dist/index" : `dist/${subpath.slice(2)}/index`;
    return [`${base}.js`, `${base}.cjs`, `${base}.d.ts`, `${base}.d.cts`];
  }),
  "dist/cli/index.js",
  "dist/inspector.html",
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

/** What the packed tarball weighs, as `npm pack --json` reports it. */
export interface TarballSize {
  /** Bytes of the .tgz file. */
  packed: number;
  /** Bytes of the files in it, unpacked. */
  unpacked: number;
  /** How many files it holds. */
  files: number;
}

/** A scratch project under .tmp/ with the packed tarball installed, as a user would install it. */
export interface InstalledPackage {
  /** The project folder: resolve `vehicle-update-codec` from here. */
  dir: string;
  size: TarballSize;
  /** Removes the project. */
  remove(): void;
}

/**
 * Packs the package, then installs the tarball with `npm install` into a new project under
 * `.tmp/`, together with `dependencies` (name → version; the versions of package.json's
 * devDependencies when given as `true`).
 */
export async function installPacked(
  name: string,
  dependencies: Record<string, string | true>,
): Promise<InstalledPackage> {
  mkdirSync(join(root, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(root, `.tmp/${name}-`));
  const { stdout } = await (async () => {
    await ensureDist();
    return run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], {
      cwd: root,
    });
  })();
  const [result] = JSON.parse(stdout) as {
    filename: string;
    size: number;
    unpackedSize: number;
    entryCount: number;
  }[];
  if (!result) throw new Error(`npm pack printed no result: ${stdout}`);
  const devDependencies: Record<string, string> = JSON.parse(
    readFileSync(join(root, "package.json"), "utf8"),
  ).devDependencies;
  const versions = Object.fromEntries(
    Object.entries(dependencies).map(([dependency, version]) => {
      const resolved = version === true ? devDependencies[dependency] : version;
      if (!resolved) throw new Error(`${dependency} is not a devDependency`);
      return [dependency, resolved];
    }),
  );
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: `scratch-${name}`,
      private: true,
      type: "module",
      dependencies: { "vehicle-update-codec": `file:./${result.filename}`, ...versions },
    }),
  );
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir });
  return {
    dir,
    size: { packed: result.size, unpacked: result.unpackedSize, files: result.entryCount },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
