import packageJson from "../../package.json" with { type: "json" };
import { CodecError } from "./root.js";

/** What a command may touch: its input, its two output streams. Tests can pass their own. */
export interface CliIo {
  /**
   * The chunks of `path`, or of standard input for `-` or no path, read as they are pulled.
   * A file that cannot be opened or read throws a UsageError naming it.
   */
  openInput(path: string | undefined): AsyncIterable<Uint8Array>;
  /** Whether standard input is a terminal (reading it would wait for typing). */
  readonly stdinIsTTY: boolean;
  /** Whether standard output is a terminal (raw binary would garble it). */
  readonly stdoutIsTTY: boolean;
  writeOut(data: string | Uint8Array): void;
  writeErr(text: string): void;
  /**
   * Resolves once both output streams can take more: at once, or when a stream that a write
   * filled has drained. A loop that writes for each record awaits it, so a reader slower than
   * the loop (or none at all, `| sleep`) pauses the loop instead of growing its memory. It never
   * rejects: a stream that fails ends the process in its own 'error' listener.
   */
  drain(): Promise<void>;
}

/** Thrown for a command line that does not fit the command: exit code 2, with a pointer to --help. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Thrown when a command needs a package that is not installed: one line, exit code 2. */
export class MissingPackageError extends Error {
  override name = "MissingPackageError";
}

/** A peer dependency of package.json. */
export type PeerName = keyof typeof packageJson.peerDependencies;

function isErrorCode(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

/** Whether `name` can be imported from here. */
function isInstalled(name: PeerName): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch (error) {
    if (isErrorCode(error, "ERR_MODULE_NOT_FOUND")) return false;
    throw error;
  }
}

/**
 * Runs `load`, an import of code that imports the peer dependencies `peers`. When it fails
 * because some of them are not installed (npm installs peers, unless told not to by
 * `--omit=peer` or `--legacy-peer-deps`), throws a {@link MissingPackageError} naming them and
 * the command that installs them, with package.json's ranges; any other failure propagates.
 */
export async function importNeeding<T>(
  peers: readonly PeerName[],
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isErrorCode(error, "ERR_MODULE_NOT_FOUND")) throw error;
    const missing = peers.filter((name) => !isInstalled(name));
    if (missing.length === 0) throw error;
    const names =
      missing.length === 1
        ? missing[0]
        : `${missing.slice(0, -1).join(", ")} and ${missing.at(-1)}`;
    const install = missing.map((name) => `${name}@${packageJson.peerDependencies[name]}`);
    throw new MissingPackageError(
      `needs ${names}, which ${missing.length === 1 ? "is" : "are"} not installed: run 'npm install ${install.join(" ")}'`,
      { cause: error },
    );
  }
}

/**
 * Thrown when the input file or standard input cannot be read (a missing file, no permission,
 * a directory): exit code 2 as for bad usage, as grep and diff do, but without the pointer to
 * --help.
 */
export class InputFileError extends UsageError {
  override name = "InputFileError";
}

/**
 * Reads `source` whole, up to `maxBytes`: when it brings more, stops reading (leaving the loop
 * ends the stream) and throws `too_large`, `what` naming the limit. The chunk that crosses the
 * limit is the last one read; the chunks kept never hold more than `maxBytes`.
 */
export async function readAtMost(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  what: string,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > maxBytes) {
      chunks.length = 0;
      throw new CodecError(
        "too_large",
        `input is larger than ${what}; stopped reading after ${total} bytes`,
      );
    }
    chunks.push(chunk);
  }
  return concat(chunks, total);
}

/** The bytes of `chunks`, `total` in all, as one array. */
export function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * The whole input of `path` (see {@link CliIo.openInput}), at most `maxBytes` long, for commands
 * that read one document: a JSON envelope, a response body. Throws `too_large` beyond.
 */
export function readInput(
  io: CliIo,
  path: string | undefined,
  maxBytes: number,
): Promise<Uint8Array> {
  return readAtMost(io.openInput(path), maxBytes, `maxBytes ${maxBytes} (--max-bytes)`);
}
