// Builds the inspector page, dist/inspector.html: src/inspector/page.ts bundled by esbuild for
// the browser and written with page.css into page.html, one self-contained file (inline script
// and style, no other resource). Its Content-Security-Policy lets only those two run, by their
// hashes, and forbids every connection, so the page reads nothing from the network and sends
// nothing. `npm run build` runs it after tsup; `inspect --web` serves the file.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));

/** The hash source of an inline script or style, as CSP names it. */
const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The page's policy, for the `<meta>` of the page and for the header of `inspect --web`. */
export function inspectorPolicy(script: string, style: string): string {
  return [
    "default-src 'none'",
    `script-src ${hash(script)}`,
    `style-src ${hash(style)}`,
    "connect-src 'none'",
    "img-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** The page as one HTML text. */
export async function buildInspector(): Promise<string> {
  const bundled = await build({
    entryPoints: [`${root}src/inspector/page.ts`],
    absWorkingDir: root,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  // "</script" would end the element early: written as "<\/script", which is the same text in JS.
  const script = (bundled.outputFiles[0]?.text ?? "").trim().replace(/<\/(script)/gi, "<\\/$1");
  const style = readFileSync(`${root}src/inspector/page.css`, "utf8").trim();
  const template = readFileSync(`${root}src/inspector/page.html`, "utf8");
  return template
    .replace("/*CSP*/", () => inspectorPolicy(script, style))
    .replace("/*STYLE*/", () => style)
    .replace("/*SCRIPT*/", () => script);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const html = await buildInspector();
  mkdirSync(`${root}dist`, { recursive: true });
  writeFileSync(`${root}dist/inspector.html`, html);
  console.log(`dist/inspector.html: ${html.length} bytes`);
}
