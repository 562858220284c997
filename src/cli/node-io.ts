import { createReadStream, fstatSync, readFileSync, statSync } from "node:fs";
import { getSystemErrorMap } from "node:util";
import { type CliIo, InputFileError } from "./cli-io.js";
import { exitCodes } from "./exit-codes.js";
import { errorLine, quote } from "./safe-text.js";

/** What an error of the file system means, in words, for the errors a user can fix. */
const reasons: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "it is a directory",
  ENOTDIR: "a part of the path is not a directory",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the name is too long",
};

/** The words for a system error: ours, else the system's description, else its message. */
function systemReason(error: NodeJS.ErrnoException): string {
  const known = error.code === undefined ? undefined : reasons[error.code];
  if (known !== undefined) return known;
  const description = error.errno === undefined ? undefined : getSystemErrorMap().get(error.errno);
  return description === undefined ? error.message : description[1].toLowerCase();
}

/** Exits with 74 after one line on standard error: standard output cannot be written. */
function outputFailed(reason: string): never {
  process.stderr.write(
    `vehicle-update-codec: cannot write standard output: ${errorLine(reason)}\n`,
  );
  process.exit(exitCodes.ioError);
}

/**
 * What a failed write to standard output does: a reader that went away (EPIPE, `| head`) ends
 * the process quietly with 0, as the output was wanted no further; anything else (ENOSPC on a
 * full disk, EIO) is one line on standard error and exit code 74.
 */
function onOutputError(error: NodeJS.ErrnoException): void {
  if (error.code === "EPIPE") process.exit(exitCodes.ok);
  const description = error.errno === undefined ? undefined : getSystemErrorMap().get(error.errno);
  outputFailed(description === undefined ? error.message : `${description[0]} (${description[1]})`);
}

/**
 * Whether standard output was closed when the process started (`>&-`). Node.js then opens
 * /dev/null read-write in its place (PlatformInit in its src/node.cc), where a shell's
 * `>/dev/null` opens it write-only; Linux shows the open flags in /proc/self/fdinfo. Elsewhere,
 * false: the output goes to /dev/null unseen.
 */
function stdoutClosedAtStart(): boolean {
  try {
    if (fstatSync(1).rdev !== statSync("/dev/null").rdev) return false;
    const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync("/proc/self/fdinfo/1", "latin1"));
    return flags !== null && (Number.parseInt(flags[1] as string, 8) & 0o3) === 0o2; // O_RDWR
  } catch {
    return false;
  }
}

/** The chunks of a file or of standard input, a failure to read them an InputFileError. */
async function* chunksOf(path: string | undefined): AsyncGenerator<Uint8Array, void, undefined> {
  const stdin = path === undefined || path === "-";
  try {
    yield* stdin ? (process.stdin as AsyncIterable<Buffer>) : createReadStream(path);
  } catch (cause) {
    const error = cause as NodeJS.ErrnoException;
    if (typeof error?.code !== "string" || error.syscall === undefined) throw cause;
    const what = stdin ? "standard input" : `input file ${quote(path)}`;
    throw new InputFileError(`cannot read ${what}: ${systemReason(error)}`, { cause });
  }
}

/**
 * Resolves when standard output and standard error have room: at once while their buffers are
 * below their highWaterMark, else on the 'drain' event of each that is full. A stream that fails
 * instead ends the process (standard output in its 'error' listener).
 */
function drained(): Promise<void> {
  const full = [process.stdout, process.stderr].filter((stream) => stream.writableNeedDrain);
  if (full.length === 0) return Promise.resolve();
  return Promise.all(
    full.map((stream) => new Promise((resolve) => stream.once("drain", resolve))),
  ).then(() => undefined);
}

/** The real process: files, standard input and output. */
export function nodeIo(): CliIo {
  process.stdout.on("error", onOutputError);
  const closed = stdoutClosedAtStart();
  return {
    openInput: chunksOf,
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    writeOut: (data) => {
      if (closed) outputFailed("it is closed");
      process.stdout.write(data);
    },
    writeErr: (text) => process.stderr.write(text),
    drain: drained,
  };
}
