// `kafka tail` and `kafka produce` without a broker: their help, bad usage, and the one line they
// print when kafkajs is not installed. test/kafka/e2e/cli-tail.test.ts runs them against one.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root, run, runAsync } from "./bin.js";

const tail = "vehicle-update-codec kafka tail";
const produce = "vehicle-update-codec kafka produce";

describe("kafka", () => {
  it("lists tail and produce for 'kafka --help'", () => {
    const help = run(root, ["kafka", "--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: vehicle-update-codec kafka <command> \[options\]\n/);
    expect(help.out).toContain("\n  tail ");
    expect(help.out).toContain("\n  produce ");
  });

  it.each([
    [
      ["kafka", "tail", "updates"],
      `${tail}: --brokers is required: --brokers <host:port,...>, as kcat's -b`,
    ],
    [
      ["kafka", "tail", "updates", "--brokers", "localhost"],
      `${tail}: --brokers must be host:port pairs separated by commas, got "localhost"`,
    ],
    [
      ["kafka", "tail", "updates", "--brokers", "b:9092", "--from", "yesterday"],
      `${tail}: --from must be beginning, end, an offset, -<n> (the last n records), an ISO 8601 time or @<ms since the epoch>, got "yesterday"`,
    ],
    [
      ["kafka", "tail", "updates", "--brokers", "b:9092", "--kind", "nope"],
      expect.stringMatching(
        new RegExp(`^${tail}: --kind must be [a-zA-Z, ]+ or [a-zA-Z]+, got "nope"$`),
      ),
    ],
    [
      ["kafka", "tail", "updates", "--brokers", "b:9092", "--max-messages", "0"],
      `${tail}: --max-messages must be a whole number of at least 1, got 0`,
    ],
    [
      ["kafka", "produce", "updates", "--brokers", "b:9092", "--framing", "schema-registry"],
      `${produce}: --framing schema-registry needs --schema-id <n>`,
    ],
    [
      ["kafka", "produce", "updates", "--brokers", "b:9092", "--framing", "avro"],
      `${produce}: --framing must be raw, schema-registry or schema-registry-header, got "avro"`,
    ],
    [
      ["kafka", "produce", "updates", "--brokers", "b:9092", "--schema-id", "42"],
      `${produce}: --framing raw takes no schema id: pass --framing schema-registry or schema-registry-header`,
    ],
  ])("exits 2 for %j", (args, message) => {
    const ran = run(root, args);
    expect({ code: ran.code, out: ran.out, err: ran.err.split("\n") }).toEqual({
      code: 2,
      out: "",
      err: [
        message,
        `Run '${args.slice(0, 2).join(" ").replace(/^/, "vehicle-update-codec ")} --help' for usage.`,
        "",
      ],
    });
  });

  it.each([
    ["tail", []],
    ["produce", ["-"]],
  ])("kafka %s exits 69 with one line when the broker is unreachable", async (command, args) => {
    // A port that was just listened on and closed: connecting to it is refused.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const ran = await runAsync(root, [
      "kafka",
      command,
      "updates",
      ...args,
      "--brokers",
      `127.0.0.1:${port}`,
    ]);
    expect({ code: ran.code, out: ran.out, err: ran.err }).toEqual({
      code: 69,
      out: "",
      err: expect.stringMatching(
        new RegExp(
          `^vehicle-update-codec kafka ${command}: kafka error: [^\\n]*ECONNREFUSED 127\\.0\\.0\\.1:${port}[^\\n]*\\n$`,
        ),
      ),
    });
  });

  it.each([
    ["tail", ["updates", "--brokers", "127.0.0.1:9092"]],
    ["produce", ["updates", "-", "--brokers", "127.0.0.1:9092"]],
  ])("kafka %s says in one line that kafkajs is missing, exit 2", (command, args) => {
    // The package as installed without kafkajs: dist and package.json copied (a link would
    // resolve back to this repository's node_modules), its required peers linked beside it.
    const dir = mkdtempSync(join(tmpdir(), "vuc-no-kafkajs-"));
    try {
      const pkg = join(dir, "node_modules/vehicle-update-codec");
      mkdirSync(pkg, { recursive: true });
      cpSync(join(root, "dist"), join(pkg, "dist"), { recursive: true });
      cpSync(join(root, "package.json"), join(pkg, "package.json"));
      for (const dep of ["zod", "@bufbuild/protobuf"]) {
        mkdirSync(join(dir, "node_modules", dep, ".."), { recursive: true });
        symlinkSync(join(root, "node_modules", dep), join(dir, "node_modules", dep), "dir");
      }
      const ran = spawnSync(
        process.execPath,
        [join(pkg, "dist/cli/index.js"), "kafka", command, ...args],
        { cwd: dir, timeout: 20_000, encoding: "utf8", input: "" },
      );
      expect({ code: ran.status, out: ran.stdout, err: ran.stderr }).toEqual({
        code: 2,
        out: "",
        err: `vehicle-update-codec kafka ${command}: needs kafkajs, which is not installed: run 'npm install kafkajs@^2.2.4'\n`,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
