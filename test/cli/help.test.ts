import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Ran,
  root,
  run as runIn,
  shell as shellIn,
  startSampleServer,
  workDir,
} from "./bin.js";

// Help at every level, and every example of every help text and of docs/cli.md, run as pasted.

const commands = ["decode", "encode", "inspect", "sample", "http check", "http call", "demo"];

let scratch: { dir: string; path: string; remove: () => void };
let server: { url: string; stop: () => void };
beforeAll(async () => {
  scratch = workDir();
  server = await startSampleServer();
});
afterAll(() => {
  scratch.remove();
  server.stop();
});

const run = (args: string[]) => runIn(scratch.dir, args);

/** The example lines of a help text: the lines after "Examples…:", without their indent. */
function examples(help: string): string[] {
  const start = help.split("\n").findIndex((line) => line.startsWith("Examples"));
  expect(start).toBeGreaterThan(0);
  return help
    .split("\n")
    .slice(start + 1)
    .filter((line) => line.startsWith("  "))
    .map((line) => line.slice(2));
}

/** Runs `lines` in order, each in a shell, in a fresh directory; returns each result. */
function runAll(lines: readonly string[]): { line: string; result: Ran }[] {
  const work = workDir();
  try {
    return lines.map((line) => ({
      line,
      result: shellIn(work.dir, work.path, line, { BASE: server.url, TOKEN: "t0k3n" }),
    }));
  } finally {
    work.remove();
  }
}

/** Each line exits 0, and says nothing on stderr unless it handles a failure (`|| echo`). */
function expectAllPass(ran: { line: string; result: Ran }[]) {
  for (const { line, result } of ran) {
    const err = line.includes(" || ") ? "" : result.err;
    expect({ line, err, code: result.code }).toEqual({ line, err: "", code: 0 });
  }
}

describe("help", () => {
  it.each(commands)(
    "is the same for '<command> --help', '-h' and 'help <command>': %s",
    (command) => {
      const words = command.split(" ");
      const help = run([...words, "--help"]);
      expect(help.code).toBe(0);
      expect(help.err).toBe("");
      expect(help.out).toMatch(new RegExp(`^Usage: vehicle-update-codec ${command}[ \n]`));
      expect(run([...words, "-h"]).out).toBe(help.out);
      expect(run(["help", ...words])).toEqual(help);
    },
  );

  it("shows the http commands for 'http --help', 'http -h', 'http help' and 'help http'", () => {
    const help = run(["http", "--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: vehicle-update-codec http <command> \[options\]\n/);
    expect(help.out).toContain("\n  check ");
    expect(help.out).toContain("\n  call ");
    for (const args of [
      ["http", "-h"],
      ["http", "help"],
      ["help", "http"],
    ]) {
      expect(run(args)).toEqual(help);
    }
    expect(run(["http", "help", "check"]).out).toBe(run(["http", "check", "--help"]).out);
  });

  it("prints a group's help and exits 2 for 'http' alone, as for no command", () => {
    expect(run(["http"])).toMatchObject({ code: 2, err: "" });
    expect(run(["http"]).out).toBe(run(["http", "--help"]).out);
  });

  it("shows the main help for 'help', '--help' and '-h'", () => {
    const help = run(["--help"]);
    expect(help.code).toBe(0);
    for (const command of commands) expect(help.out).toContain(`\n  ${command} `);
    expect(run(["help"])).toEqual(help);
    expect(run(["-h"])).toEqual(help);
  });

  it.each([
    [["help", "nope"], 'vehicle-update-codec: no help for "nope": unknown command'],
    [
      ["help", "http", "poke"],
      'vehicle-update-codec: unknown http command "poke", expected check or call',
    ],
  ])("exits 2 for %j", (args, message) => {
    const { code, err } = run(args);
    expect(code).toBe(2);
    expect(err.split("\n")[0]).toBe(message);
  });

  it("takes --help anywhere before --, whatever else is wrong", () => {
    expect(run(["decode", "--nope", "a", "b", "--help"]).code).toBe(0);
  });
});

// Each example is a pipeline of CLI processes, a few hundred of them for docs/cli.md: minutes on
// a loaded machine, where the default 30 s would fail a test that is only slow.
describe("every example", { timeout: 180_000 }, () => {
  it.each(["--help", "http --help", ...commands.map((c) => `help ${c}`)])(
    "of '%s' runs as pasted and exits 0",
    (args) => {
      const lines = examples(run(args.split(" ")).out);
      expect(lines.length).toBeGreaterThan(0);
      expectAllPass(runAll(lines));
    },
  );

  it("of docs/cli.md runs as pasted and exits 0, block by block", () => {
    const doc = readFileSync(join(root, "docs/cli.md"), "utf8");
    const blocks = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    expect(blocks.length).toBeGreaterThan(5);
    for (const block of blocks) {
      const lines = block.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
      expectAllPass(runAll(lines));
    }
  });
});
