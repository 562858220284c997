import packageJson from "../../package.json" with { type: "json" };
import {
  type CliIo,
  InputFileError,
  importNeeding,
  MissingPackageError,
  UsageError,
} from "./cli-io.js";
import type { Command, CommandEntry } from "./command.js";
import { exitCodes } from "./exit-codes.js";
import { asksForHelp, orList, parseArgv } from "./parse-args.js";
import { isCodecError } from "./root.js";
import { errorLine, quote } from "./safe-text.js";

const bin = "vehicle-update-codec";

/**
 * Every command, in the order `--help` lists them. A command's module is imported only when it
 * runs or shows its help, so a command whose peer dependencies are missing fails alone, in one
 * line (see {@link loadCommand}), and the others never load them.
 */
export const commands: readonly CommandEntry[] = [
  {
    name: "decode",
    summary: "decode binary envelopes and print them as proto3 JSON",
    peers: [],
    load: async () => (await import("./commands/decode.js")).decodeCommand,
  },
  {
    name: "encode",
    summary: "encode a proto3 JSON envelope to binary",
    peers: [],
    load: async () => (await import("./commands/encode.js")).encodeCommand,
  },
  {
    name: "inspect",
    summary: "show an envelope's kind, handler, size, framing and unknown fields",
    peers: [],
    load: async () => (await import("./commands/inspect.js")).inspectCommand,
  },
  {
    name: "sample",
    summary: "print the sample envelope of a kind, as JSON or binary",
    peers: [],
    load: async () => (await import("./commands/sample.js")).sampleCommand,
  },
  {
    name: "http check",
    summary: "check an HTTP response body against an operation's schemas",
    peers: ["zod"],
    load: async () => (await import("./commands/http-check.js")).httpCheckCommand,
  },
  {
    name: "http call",
    summary: "call an operation of the service and check its response",
    peers: ["zod"],
    load: async () => (await import("./commands/http-call.js")).httpCallCommand,
  },
  {
    name: "mock",
    summary: "run a mock of the service's HTTP API until Ctrl-C (needs msw)",
    peers: ["zod"],
    load: async () => (await import("./commands/mock.js")).mockCommand,
  },
  {
    name: "kafka tail",
    summary: "print a topic's records as JSON lines, decoded (needs kafkajs)",
    peers: [],
    load: async () => (await import("./commands/kafka-tail.js")).kafkaTailCommand,
  },
  {
    name: "kafka produce",
    summary: "write proto3 JSON envelopes to a topic as records (needs kafkajs)",
    peers: [],
    load: async () => (await import("./commands/kafka-produce.js")).kafkaProduceCommand,
  },
  {
    name: "demo",
    summary: "encode and decode every embedded sample and show what happened",
    peers: [],
    load: async () => (await import("./commands/demo.js")).demoCommand,
  },
];

/** The groups of commands named by a first word: `http` for `http check` and `http call`. */
const groups: Readonly<Record<string, string>> = {
  http: "the service's HTTP API: check a response body, or call an operation",
  kafka: "Kafka topics: tail a topic's records decoded, or produce envelopes",
};

function groupCommands(group: string): CommandEntry[] {
  return commands.filter((c) => c.name.startsWith(`${group} `));
}

function commandList(list: readonly CommandEntry[], strip: string): string {
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
1 the input was bad, 2 bad usage (also an input file that cannot be read, binary output
to a terminal, or a package a command needs that is not installed), 3 to 6 the outcomes
of http check and http call, 69 http call got no response or a kafka command got a Kafka
error, 70 an internal error (a bug), 74 the output could not be written (a full disk, or
closed).
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
  command?: CommandEntry;
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

/** Imports the module of `entry`'s command, saying in one line which peer it needs if one is missing. */
function loadCommand(entry: CommandEntry): Promise<Command> {
  return importNeeding(entry.peers, () => entry.load());
}

/** `help [words]`: the help of the command or group the words name, or the main help. */
async function help(words: readonly string[], io: CliIo): Promise<number> {
  const { command, group, rest } = resolve(words);
  const [extra] = rest;
  if (words.length === 0) {
    io.writeOut(`${mainHelp}\n`);
  } else if (command !== undefined && extra === undefined) {
    io.writeOut(`${(await loadCommand(command)).help}\n`);
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
    if (first === "-h" || first === "--help") return await help([], io);
    if (first === "help") {
      const { command } = resolve(argv.slice(1));
      if (command !== undefined) prefix = `${bin} ${command.name}`;
      return await help(argv.slice(1), io);
    }
    if (first === "-v" || first === "--version") {
      io.writeOut(`${packageJson.version}\n`);
      return exitCodes.ok;
    }
    const { command: entry, group, rest } = resolve(argv);
    if (group !== undefined) {
      prefix = `${bin} ${group}`;
      const next = rest[0];
      if (next === undefined) {
        io.writeOut(`${groupHelp(group)}\n`);
        return exitCodes.usage;
      }
      if (next === "-h" || next === "--help" || next === "help") {
        return await help([group, ...rest.slice(1)], io);
      }
      throw unknownInGroup(group, next);
    }
    if (entry === undefined) {
      throw new UsageError(`unknown command ${quote(first)}`);
    }
    prefix = `${bin} ${entry.name}`;
    const command = await loadCommand(entry);
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
    // `inspect --web` serves a page, and reads input only when it is named.
    const readsInput =
      command.readsInput && (parsed.values.web !== true || parsed.positionals.length > 0);
    if (readsInput && (parsed.positionals[max - 1] ?? "-") === "-" && io.stdinIsTTY) {
      throw new UsageError("no input: name a file, or pipe the input to standard input");
    }
    return await command.run(parsed.values, parsed.positionals, io);
  } catch (error) {
    if (error instanceof MissingPackageError) {
      io.writeErr(`${prefix}: ${errorLine(error.message)}\n`);
      return exitCodes.usage;
    }
    if (error instanceof InputFileError) {
      io.writeErr(`${prefix}: ${errorLine(error.message)}\n`);
      return exitCodes.usage;
    }
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
