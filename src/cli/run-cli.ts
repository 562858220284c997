import packageJson from "../../package.json" with { type: "json" };
import { isCodecError } from "../index.js";
import { type CliIo, UsageError } from "./cli-io.js";
import type { Command } from "./command.js";
import { decodeCommand } from "./commands/decode.js";
import { demoCommand } from "./commands/demo.js";
import { encodeCommand } from "./commands/encode.js";
import { httpCallCommand } from "./commands/http-call.js";
import { httpCheckCommand } from "./commands/http-check.js";
import { inspectCommand } from "./commands/inspect.js";
import { mockCommand } from "./commands/mock.js";
import { sampleCommand } from "./commands/sample.js";
import { exitCodes } from "./exit-codes.js";
import { asksForHelp, orList, parseArgv } from "./parse-args.js";
import { errorLine, quote } from "./safe-text.js";

const bin = "vehicle-update-codec";

/** Every command, in the order `--help` lists them. */
export const commands: readonly Command[] = [
  decodeCommand,
  encodeCommand,
  inspectCommand,
  sampleCommand,
  httpCheckCommand,
  httpCallCommand,
  mockCommand,
  demoCommand,
];

/** The groups of commands named by a first word: `http` for `http check` and `http call`. */
const groups: Readonly<Record<string, string>> = {
  http: "the service's HTTP API: check a response body, or call an operation",
};

function groupCommands(group: string): Command[] {
  return commands.filter((c) => c.name.startsWith(`${group} `));
}

function commandList(list: readonly Command[], strip: string): string {
  return list.map((c) => `  ${c.name.slice(strip.length).padEnd(14)} ${c.summary}`).join("\n");
}

const mainHelp = `Usage: ${bin} <command> [options]

The codec for the vehicle update service: kafka_grpc envelopes and HTTP responses.

Commands:
${commandList(commands, "")}
  ${"help <command>".padEnd(14)} show a command's help, as '<command> --help' does

Options:
  -h, --help     show this help, or a command's help after its name
  -v, --version  print the version

Exit codes: 0 success (also when the reader of the output stops early, as head does),
1 the input was bad, 2 bad usage, 3 to 6 the outcomes of http check and http call,
69 http call got no response, 70 an internal error (a bug), 74 the output could not be
written (a full disk).
Run '${bin} help <command>' for a command's options and examples.

Examples:
  ${bin} demo
  ${bin} sample dtcEntry --output binary | ${bin} decode --compact
  ${bin} help decode`;

function groupHelp(group: string): string {
  return `Usage: ${bin} ${group} <command> [options]

Commands for ${groups[group]}.

Commands:
${commandList(groupCommands(group), `${group} `)}

Run '${bin} help ${group} <command>' for a command's options and examples.

Examples:
  ${bin} help ${group} check
  ${bin} ${group} check --help`;
}

/** The command or group `words` name, with the words left over. */
function resolve(words: readonly string[]): {
  command?: Command;
  group?: string;
  rest: readonly string[];
} {
  const [first, second] = words;
  if (first !== undefined && Object.hasOwn(groups, first)) {
    const command = commands.find((c) => c.name === `${first} ${second}`);
    if (command !== undefined) return { command, rest: words.slice(2) };
    return { group: first, rest: words.slice(1) };
  }
  const command = commands.find((c) => c.name === first);
  return command === undefined ? { rest: words } : { command, rest: words.slice(1) };
}

function unknownInGroup(group: string, word: string): UsageError {
  const names = groupCommands(group).map((c) => c.name.slice(group.length + 1));
  return new UsageError(`unknown ${group} command ${quote(word)}, expected ${orList(names)}`);
}

/** `help [words]`: the help of the command or group the words name, or the main help. */
function help(words: readonly string[], io: CliIo): number {
  const { command, group, rest } = resolve(words);
  const [extra] = rest;
  if (words.length === 0) {
    io.writeOut(`${mainHelp}\n`);
  } else if (command !== undefined && extra === undefined) {
    io.writeOut(`${command.help}\n`);
  } else if (group !== undefined && (extra === undefined || extra === "help")) {
    io.writeOut(`${groupHelp(group)}\n`);
  } else if (group !== undefined && extra !== undefined) {
    throw unknownInGroup(group, extra);
  } else {
    throw new UsageError(`no help for ${quote(words.join(" "))}: unknown command`);
  }
  return exitCodes.ok;
}

/**
 * Runs the command line `argv` (without node and the script) against `io` and resolves to the
 * exit code (see exit-codes.ts). Data errors print one line with the error code on stderr and
 * give 1; bad usage gives 2; nothing prints a stack trace unless it is a bug. Every line on
 * stderr has its control characters escaped and is bounded in length.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [first] = argv;
  let prefix = bin;
  try {
    if (first === undefined) {
      io.writeOut(`${mainHelp}\n`);
      return exitCodes.usage;
    }
    if (first === "-h" || first === "--help") return help([], io);
    if (first === "help") return help(argv.slice(1), io);
    if (first === "-v" || first === "--version") {
      io.writeOut(`${packageJson.version}\n`);
      return exitCodes.ok;
    }
    const { command, group, rest } = resolve(argv);
    if (group !== undefined) {
      prefix = `${bin} ${group}`;
      const next = rest[0];
      if (next === undefined) {
        io.writeOut(`${groupHelp(group)}\n`);
        return exitCodes.usage;
      }
      if (next === "-h" || next === "--help" || next === "help") {
        return help([group, ...rest.slice(1)], io);
      }
      throw unknownInGroup(group, next);
    }
    if (command === undefined) {
      throw new UsageError(`unknown command ${quote(first)}`);
    }
    prefix = `${bin} ${command.name}`;
    if (asksForHelp(rest)) {
      io.writeOut(`${command.help}\n`);
      return exitCodes.ok;
    }
    const parsed = parseArgv(rest, command.options);
    const { min, max } = command.positionals;
    const count = parsed.positionals.length;
    if (count < min || count > max) {
      throw new UsageError(
        max === 0
          ? "takes no arguments"
          : `expects ${min === max ? min : `${min} to ${max}`} argument${min === 1 && max === 1 ? "" : "s"}, got ${count}`,
      );
    }
    if (command.readsInput && (parsed.positionals[max - 1] ?? "-") === "-" && io.stdinIsTTY) {
      throw new UsageError("no input: name a file, or pipe the input to standard input");
    }
    return await command.run(parsed.values, parsed.positionals, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.writeErr(`${prefix}: ${errorLine(error.message)}\nRun '${prefix} --help' for usage.\n`);
      return exitCodes.usage;
    }
    if (isCodecError(error)) {
      io.writeErr(`${prefix}: ${errorLine(error.message)}\n`);
      return exitCodes.dataError;
    }
    throw error;
  }
}
