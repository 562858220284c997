import { parseArgs } from "node:util";
import packageJson from "../../package.json" with { type: "json" };
import { isCodecError } from "../codec-error.js";
import { type CliIo, UsageError } from "./cli-io.js";
import type { Command } from "./command.js";
import { decodeCommand } from "./commands/decode.js";
import { demoCommand } from "./commands/demo.js";
import { encodeCommand } from "./commands/encode.js";
import { httpCheckCommand } from "./commands/http-check.js";
import { inspectCommand } from "./commands/inspect.js";
import { sampleCommand } from "./commands/sample.js";

const bin = "vehicle-update-codec";

/** Every command, in the order `--help` lists them. */
export const commands: readonly Command[] = [
  decodeCommand,
  encodeCommand,
  inspectCommand,
  sampleCommand,
  httpCheckCommand,
  demoCommand,
];

const mainHelp = `Usage: ${bin} <command> [options]

The codec for the vehicle update service: kafka_grpc envelopes and HTTP responses.

Commands:
${commands.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`).join("\n")}

Options:
  -h, --help     show this help, or a command's help after its name
  -v, --version  print the version

Exit codes: 0 success, 1 a user error (the input was bad), 2 bad usage.
Run '${bin} <command> --help' for a command's options and examples.`;

/**
 * Runs the command line `argv` (without node and the script) against `io` and resolves to the
 * exit code. User errors print one line with the error code on stderr and give 1; bad usage
 * gives 2; nothing prints a stack trace unless it is a bug.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, second] = argv;
  if (first === undefined || first === "-h" || first === "--help" || first === "help") {
    io.writeOut(`${mainHelp}\n`);
    return first === undefined ? 2 : 0;
  }
  if (first === "-v" || first === "--version") {
    io.writeOut(`${packageJson.version}\n`);
    return 0;
  }
  const command =
    commands.find((c) => c.name === `${first} ${second}`) ?? commands.find((c) => c.name === first);
  const prefix = command === undefined ? bin : `${bin} ${command.name}`;
  try {
    if (command === undefined) {
      throw new UsageError(
        first === "http"
          ? `unknown http command ${JSON.stringify(second ?? "")}, expected check`
          : `unknown command ${JSON.stringify(first)}`,
      );
    }
    const rest = argv.slice(command.name.split(" ").length);
    const parsed = parse(command, rest);
    if (parsed.values.help === true) {
      io.writeOut(`${command.help}\n`);
      return 0;
    }
    const { min, max } = command.positionals;
    if (parsed.positionals.length < min || parsed.positionals.length > max) {
      throw new UsageError(
        max === 0
          ? "takes no arguments"
          : `expects ${min === max ? min : `${min} to ${max}`} argument${min === 1 && max === 1 ? "" : "s"}, got ${parsed.positionals.length}`,
      );
    }
    const readsStdin =
      command.positionals.max > command.positionals.min && (parsed.positionals[min] ?? "-") === "-";
    if (readsStdin && io.stdinIsTTY && command.name !== "demo" && command.name !== "sample") {
      throw new UsageError("no input: name a file, or pipe the input to standard input");
    }
    return await command.run(parsed.values, parsed.positionals, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.writeErr(
        `${prefix}: ${error.message}\nRun '${prefix === bin ? bin : prefix} --help' for usage.\n`,
      );
      return 2;
    }
    if (isCodecError(error)) {
      io.writeErr(`${prefix}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function parse(command: Command, args: string[]) {
  try {
    return parseArgs({
      args,
      options: { ...command.options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs explains unknown options and missing values well; keep its sentence.
    throw new UsageError((error as Error).message.split(". To specify")[0] ?? "bad arguments");
  }
}
