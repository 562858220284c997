// The page of a browser test, as an app would ship it: bundled by esbuild for the browser from a
// throwaway app folder whose node_modules links to this repository, so that
// "vehicle-update-codec/..." resolves through package.json "exports" to dist/.
import { existsSync } from "node:fs";
import { builtinModules } from "node:module";
import { build } from "esbuild";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium, which the browser tests drive; CI installs it. */
export const chromiumPath = "/usr/bin/chromium";
export const hasChromium = existsSync(chromiumPath);
/** What a skipped test's name says when Chromium is missing. */
export const skipNote = hasChromium ? "" : ` (skipped: ${chromiumPath} is missing; CI installs it)`;

/** Chromium, headless and quiet: no sandbox (root in CI), no GPU, no background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
}

/** The bundled page script, and what of it a browser could not load or should not carry. */
export interface BundledPage {
  readonly script: string;
  /** The `node:` and built-in modules the bundle would import, which a browser cannot load. */
  readonly nodeImports: string[];
  /** Every input file of the bundle, to check what a subpath pulls in. */
  readonly inputs: string[];
}

export async function bundlePage(
  dir: string,
  contents: string,
  loader: "ts" | "js",
): Promise<BundledPage> {
  const builtins = builtinModules.flatMap((name) => [name, `node:${name}`]);
  const result = await build({
    stdin: { contents, resolveDir: dir, loader, sourcefile: `page.${loader}` },
    absWorkingDir: dir,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    // Kept out rather than failing the build, so the test can name them.
    external: builtins,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = Object.values(result.metafile.outputs);
  return {
    script: result.outputFiles[0]?.text ?? "",
    nodeImports: outputs.flatMap((output) =>
      output.imports.filter((imported) => builtins.includes(imported.path)).map((i) => i.path),
    ),
    inputs: outputs.flatMap((output) => Object.keys(output.inputs)),
  };
}
