import { type BinaryOutputFormat, writeBinaryOutput } from "./binary-text.js";
import { type CliIo, type PeerName, UsageError } from "./cli-io.js";
import type { OptionSpecs, ParsedArgs } from "./parse-args.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ELEMENTS } from "./root.js";
import { quote } from "./safe-text.js";

/** The parsed options of a command by name. */
export type CommandValues = ParsedArgs["values"];

/**
 * A command as the list in run-cli.ts names it: what `--help` shows of it, and how to load the
 * module that defines it (imported only when the command runs or shows its help).
 */
export interface CommandEntry {
  /** The words that select it: `decode`, `http check`. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /**
   * The peer dependencies its module imports when it loads: when the load fails because one is
   * not installed, the command says so in one line (see `importNeeding`).
   */
  readonly peers: readonly PeerName[];
  load(): Promise<Command>;
}

/** One command of the CLI: its help text, its options, and what it does. */
export interface Command {
  /** The usage line, the options and examples, shown by `--help` and `help <command>`. */
  readonly help: string;
  readonly options: OptionSpecs;
  /** How many positional arguments it takes. */
  readonly positionals: { readonly min: number; readonly max: number };
  /** Whether its last optional argument is an input file, standard input when left out. */
  readonly readsInput: boolean;
  /** Runs the command and resolves to its exit code. Throws CodecError or UsageError. */
  run(values: CommandValues, positionals: readonly string[], io: CliIo): Promise<number>;
}

/** A string option's value, or undefined when it was not given. */
export function stringOption(values: CommandValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * The largest `--max-bytes`: 256 MiB. Hex or base64 text of that size still fits in one
 * JavaScript string (at most 2^29 - 24 characters in V8).
 */
export const MAX_CLI_MAX_BYTES = 256 * 1024 * 1024;

const units: Readonly<Record<string, number>> = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** `--max-bytes <n>`: bytes, or KiB, MiB or GiB with a K, M or G after the number. */
export const maxBytesOption = { "max-bytes": { value: "<n>" } } as const;

/** A size option's value in bytes: digits with an optional K, M or G; at most `max`. */
function byteSize(name: string, text: string, max: number, maxText: string): number {
  const match = /^([0-9]{1,12})([kKmMgG]?)$/.exec(text);
  const what = `a number of bytes from 0 to ${max} (${maxText}), with K, M or G for KiB, MiB or GiB`;
  if (match === null) throw new UsageError(`--${name} must be ${what}, got ${quote(text)}`);
  const bytes = Number(match[1]) * (units[(match[2] as string).toLowerCase()] as number);
  if (bytes > max) throw new UsageError(`--${name} must be ${what}, got ${text}`);
  return bytes;
}

/** Reads `--max-bytes`: its value in bytes, or `DEFAULT_MAX_BYTES` (16 MiB). Throws UsageError. */
export function maxBytes(values: CommandValues): number {
  const text = stringOption(values, "max-bytes");
  return text === undefined
    ? DEFAULT_MAX_BYTES
    : byteSize("max-bytes", text, MAX_CLI_MAX_BYTES, "256M");
}

/** The largest `--max-total-bytes`: 2^50 bytes, 1 PiB, beyond any file. */
const MAX_TOTAL_BYTES = 2 ** 50;

/**
 * The limits of commands that decode envelopes: `--max-bytes` (each message),
 * `--max-total-bytes` (the whole input) and `--max-elements <n>`.
 */
export const decodeLimitOptions = {
  ...maxBytesOption,
  "max-total-bytes": { value: "<n>" },
  "max-elements": { value: "<n>" },
} as const;

/**
 * Reads `--max-bytes` (see {@link maxBytes}), `--max-total-bytes` (undefined when not given: no
 * limit) and `--max-elements`, a whole number or `DEFAULT_MAX_ELEMENTS` (1,000,000): the limits
 * to decode envelopes with. Throws UsageError.
 */
export function decodeLimits(values: CommandValues): {
  maxBytes: number;
  maxTotalBytes: number | undefined;
  maxElements: number;
} {
  const limit = maxBytes(values);
  const total = stringOption(values, "max-total-bytes");
  const text = stringOption(values, "max-elements");
  if (text !== undefined && !/^[0-9]{1,15}$/.test(text)) {
    throw new UsageError(`--max-elements must be a whole number, got ${quote(text)}`);
  }
  return {
    maxBytes: limit,
    maxTotalBytes:
      total === undefined ? undefined : byteSize("max-total-bytes", total, MAX_TOTAL_BYTES, "1P"),
    maxElements: text === undefined ? DEFAULT_MAX_ELEMENTS : Number(text),
  };
}

/** Writes bytes in the chosen format, refusing raw binary on a terminal (bad usage). */
export function emitBinary(io: CliIo, bytes: Uint8Array, format: BinaryOutputFormat): void {
  if (format === "binary" && io.stdoutIsTTY) {
    throw new UsageError(
      "refusing to write binary to a terminal: pass --output base64 or --output hex, or redirect stdout",
    );
  }
  io.writeOut(writeBinaryOutput(bytes, format));
}

/** `words` joined by ", " and wrapped before 90 columns, each line after the first indented by 2. */
export function wrapList(head: string, words: readonly string[]): string {
  const lines = [head];
  for (const [i, word] of words.entries()) {
    const item = `${word}${i === words.length - 1 ? "." : ","}`;
    const last = lines.length - 1;
    if ((lines[last] as string).length + item.length + 1 > 90) lines.push(`  ${item}`);
    else lines[last] = `${lines[last]} ${item}`;
  }
  return lines.join("\n");
}
