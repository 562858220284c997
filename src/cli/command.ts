import type { ParseArgsConfig } from "node:util";
import { CodecError } from "../codec-error.js";
import { type BinaryOutputFormat, writeBinaryOutput } from "./binary-text.js";
import type { CliIo } from "./cli-io.js";

/** The parsed options of a command: strings and booleans by option name. */
export type CommandValues = Record<string, string | boolean | undefined>;

/** One command of the CLI: its help text, its options for `parseArgs`, and what it does. */
export interface Command {
  /** The words that select it: `decode`, `http check`. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The usage line, the options and examples, shown by `--help`. */
  readonly help: string;
  readonly options: NonNullable<ParseArgsConfig["options"]>;
  /** How many positional arguments it takes. */
  readonly positionals: { readonly min: number; readonly max: number };
  /** Runs the command and resolves to its exit code. Throws CodecError or UsageError. */
  run(values: CommandValues, positionals: string[], io: CliIo): Promise<number>;
}

/** Writes bytes in the chosen format, refusing raw binary on a terminal. */
export function emitBinary(io: CliIo, bytes: Uint8Array, format: BinaryOutputFormat): void {
  if (format === "binary" && io.stdoutIsTTY) {
    throw new CodecError(
      "invalid_argument",
      "refusing to write binary to a terminal: pass --output base64 or --output hex, or redirect stdout",
    );
  }
  io.writeOut(writeBinaryOutput(bytes, format));
}
