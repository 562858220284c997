import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runCli } from "../../src/cli/run-cli.js";

// The terminal checks cannot be reached by spawning with pipes, so these call runCli directly.
function terminalIo(input = new Uint8Array()) {
  const out: (string | Uint8Array)[] = [];
  const err: string[] = [];
  const io: CliIo = {
    openInput: async function* () {
      yield input;
    },
    stdinIsTTY: true,
    stdoutIsTTY: true,
    writeOut: (data) => out.push(data),
    writeErr: (text) => err.push(text),
    drain: async () => {},
  };
  return { io, out, err };
}

describe("runCli() on a terminal", () => {
  it("refuses to write raw binary to it: bad usage, exit 2", async () => {
    const { io, out, err } = terminalIo();
    expect(await runCli(["sample", "updateGet", "--output", "binary"], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err.join("")).toBe(
      "vehicle-update-codec sample: refusing to write binary to a terminal: pass --output base64 or --output hex, or redirect stdout\nRun 'vehicle-update-codec sample --help' for usage.\n",
    );
  });

  it("writes hex to it", async () => {
    const { io, out } = terminalIo();
    expect(await runCli(["sample", "updateGet", "--output", "hex"], io)).toBe(0);
    expect(out.join("")).toMatch(/^[0-9a-f]+\n$/);
  });

  it("does not wait for typing when no input file is named", async () => {
    const { io, err } = terminalIo();
    expect(await runCli(["decode"], io)).toBe(2);
    expect(err.join("")).toContain(
      "vehicle-update-codec decode: no input: name a file, or pipe the input to standard input",
    );
  });
});
