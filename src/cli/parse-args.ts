import { UsageError } from "./cli-io.js";
import { quote } from "./safe-text.js";

/** One option of a command: a flag, or an option that takes a value (shown as `value`). */
export interface OptionSpec {
  /** `undefined` for a flag; for an option with a value, its placeholder: `<n>`, `<file>`. */
  readonly value?: string;
  /** Whether the option may be given more than once, each value kept. */
  readonly multiple?: boolean;
}

/** The options of a command by long name, without the leading `--`. */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** What {@link parseArgv} found: option values by name, and the positional arguments. */
export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | true | readonly string[] | undefined>>;
  readonly positionals: readonly string[];
}

/**
 * Parses `args` as getopt_long does: `--name value`, `--name=value`, flags, `-` as an argument
 * and `--` ending the options. An option's value is the next argument whatever it starts with,
 * so `--schema-id -1` gives the value "-1", which the command then explains. A repeated option
 * keeps its last value unless it is `multiple`. Throws {@link UsageError}.
 */
export function parseArgv(args: readonly string[], specs: OptionSpecs): ParsedArgs {
  const values: Record<string, string | true | string[] | undefined> = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    if (!arg.startsWith("--")) throw new UsageError(`unknown option ${quote(arg)}`);
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (spec === undefined) throw new UsageError(`unknown option ${quote(`--${name}`)}`);
    if (spec.value === undefined) {
      if (eq >= 0) throw new UsageError(`--${name} is a flag and takes no value`);
      values[name] = true;
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined) {
      throw new UsageError(`--${name} needs a value: --${name} ${spec.value}`);
    }
    if (spec.multiple === true) {
      const previous = values[name];
      values[name] = [...(Array.isArray(previous) ? previous : []), value];
    } else {
      values[name] = value;
    }
  }
  return { values, positionals };
}

/** Whether `args` asks for help (`-h` or `--help` before any `--`). */
export function asksForHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === "--") return false;
    if (arg === "-h" || arg === "--help") return true;
  }
  return false;
}

/**
 * Reads a whole number option: digits only, from `min` to `max`. `what` completes
 * "must be …" in the message when the value is out of range.
 */
export function wholeNumber(
  name: string,
  text: string,
  min: number,
  max: number,
  what = `a whole number from ${min} to ${max}`,
): number {
  if (!/^[0-9]{1,16}$/.test(text)) {
    throw new UsageError(`--${name} must be ${what}, got ${quote(text)}`);
  }
  const value = Number(text);
  if (value < min || value > max) {
    throw new UsageError(`--${name} must be ${what}, got ${text}`);
  }
  return value;
}

/** `items` as prose: "a", "a or b", "a, b or c". */
export function orList(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
