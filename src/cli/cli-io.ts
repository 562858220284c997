/** What a command may touch: its input, its two output streams. Tests can pass their own. */
export interface CliIo {
  /**
   * The bytes of `path`, or of standard input for `-` or no path. Reads at most `maxBytes + 1`
   * bytes and throws a CodecError `too_large` when there are more, without reading the rest.
   */
  readInput(path: string | undefined, maxBytes: number): Promise<Uint8Array>;
  /** Whether standard input is a terminal (reading it would wait for typing). */
  readonly stdinIsTTY: boolean;
  /** Whether standard output is a terminal (raw binary would garble it). */
  readonly stdoutIsTTY: boolean;
  writeOut(data: string | Uint8Array): void;
  writeErr(text: string): void;
}

/** Thrown for a command line that does not fit the command: exit code 2, with a pointer to --help. */
export class UsageError extends Error {
  override name = "UsageError";
}
