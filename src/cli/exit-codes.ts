// The exit status of every outcome, in one place: docs/cli.md and the help texts list them.
// 0, 1 and 2 follow grep and diff; 69, 70 and 74 are sysexits.h's EX_UNAVAILABLE,
// EX_SOFTWARE and EX_IOERR.

/** Exit codes of the CLI other than the outcomes of `http check` and `http call`. */
export const exitCodes = {
  /** Done; also when the reader of standard output closed it early (`| head`). */
  ok: 0,
  /** The input was bad: a CodecError, printed as one line with its code. */
  dataError: 1,
  /**
   * The command line was bad: a message and a pointer to --help. Also an input file that
   * cannot be read, raw binary refused on a terminal, and a missing peer dependency.
   */
  usage: 2,
  /**
   * `http call` could not get a response (connection refused, unknown host, TLS, timeout), or
   * `kafka tail` or `kafka produce` got a Kafka error (brokers unreachable, an unknown topic).
   */
  unavailable: 69,
  /** A bug: the stack trace is printed, please report it. */
  internal: 70,
  /** Standard output could not be written (ENOSPC on a full disk, EIO, closed by `>&-`). */
  ioError: 74,
} as const;
