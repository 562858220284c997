// `inspect --web` on the command line: what it refuses, and the page it serves with a file in
// it. The page itself is tested in test/browser/inspector.test.ts, which runs the server.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeEnvelope } from "../../src/index.js";
import { bin, run, workDir } from "./bin.js";

const scratch = workDir();
afterAll(() => scratch.remove());

describe("vehicle-update-codec inspect --web", () => {
  it("refuses --port without --web", () => {
    const result = run(scratch.dir, ["inspect", "--port", "8080"]);
    expect({ code: result.code, out: result.out, err: result.err }).toEqual({
      code: 2,
      out: "",
      err: "vehicle-update-codec inspect: --port goes with --web\nRun 'vehicle-update-codec inspect --help' for usage.\n",
    });
  });

  it.each([
    [
      ["missing.bin"],
      2,
      'vehicle-update-codec inspect: cannot read input file "missing.bin": no such file\n',
    ],
    [
      ["eleven.bin", "--max-bytes", "10"],
      1,
      "vehicle-update-codec inspect: [too_large] input is larger than maxBytes 10 (--max-bytes); stopped reading after 11 bytes\n",
    ],
  ])("refuses the file of %j before it serves the page", (args, code, err) => {
    writeFileSync(join(scratch.dir, "eleven.bin"), new Uint8Array(11));
    const result = run(scratch.dir, ["inspect", "--web", ...args]);
    expect({ code: result.code, out: result.out, err: result.err }).toEqual({ code, out: "", err });
  });

  it("serves the page with the file's bytes in it, in base64, its name escaped", async () => {
    const bytes = encodeEnvelope(sampleEnvelope("dtcEntry"));
    writeFileSync(join(scratch.dir, 'a&"b<c>.bin'), bytes);
    const server = spawn(process.execPath, [bin, "inspect", "--web", 'a&"b<c>.bin'], {
      cwd: scratch.dir,
    });
    let out = "";
    const exited = new Promise((resolve) => server.on("close", resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        server.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const found = /^inspector page on (http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(out);
          if (found) resolve(found[1] as string);
        });
        server.once("exit", () => reject(new Error(`inspect --web exited early: ${out}`)));
      });
      const page = await (await fetch(url)).text();
      expect(page).toContain(
        `<pre id="given-value" hidden data-name="a&amp;&quot;b&lt;c&gt;.bin">${Buffer.from(bytes).toString("base64")}</pre>\n</main>`,
      );
      server.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(out).toMatch(/\nstopped by SIGTERM\n$/);
    } finally {
      server.kill("SIGKILL");
    }
  });
});
