import { createReadStream } from "node:fs";
import { getSystemErrorMap } from "node:util";
import { CodecError, isCodecError } from "../index.js";
import type { CliIo } from "./cli-io.js";
import { exitCodes } from "./exit-codes.js";
import { errorLine, quote } from "./safe-text.js";

/**
 * Reads `source` until it ends or brings more than `maxBytes`: then it stops reading (leaving
 * the loop destroys the stream) and throws `too_large`. The chunks kept never hold more than
 * `maxBytes`; the chunk that crosses the limit (at most 64 KiB) is dropped with them.
 */
async function readAtMost(source: AsyncIterable<Buffer>, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > maxBytes) {
      chunks.length = 0;
      throw new CodecError(
        "too_large",
        `input is larger than maxBytes ${maxBytes} (--max-bytes); stopped reading after ${total} bytes`,
      );
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
}

/**
 * What a failed write to standard output does: a reader that went away (EPIPE, `| head`) ends
 * the process quietly with 0, as the output was wanted no further; anything else (ENOSPC on a
 * full disk, EIO) is one line on standard error and exit code 74.
 */
function onOutputError(error: NodeJS.ErrnoException): void {
  if (error.code === "EPIPE") process.exit(exitCodes.ok);
  const description = error.errno === undefined ? undefined : getSystemErrorMap().get(error.errno);
  const reason =
    description === undefined ? error.message : `${description[0]} (${description[1]})`;
  process.stderr.write(
    `vehicle-update-codec: cannot write standard output: ${errorLine(reason)}\n`,
  );
  process.exit(exitCodes.ioError);
}

/** The real process: files, standard input and output. */
export function nodeIo(): CliIo {
  process.stdout.on("error", onOutputError);
  return {
    async readInput(path, maxBytes) {
      const stdin = path === undefined || path === "-";
      try {
        // `end` is inclusive: at most maxBytes + 1 bytes of a file are read, enough to see
        // that it is too large.
        const source = stdin ? process.stdin : createReadStream(path, { end: maxBytes });
        return await readAtMost(source, maxBytes);
      } catch (cause) {
        const code = (cause as NodeJS.ErrnoException).code;
        if (isCodecError(cause) || typeof code !== "string") throw cause;
        const what = stdin ? "standard input" : `input file ${quote(path)}`;
        throw new CodecError("invalid_argument", `cannot read ${what}: ${code}`, { cause });
      }
    },
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    writeOut: (data) => process.stdout.write(data),
    writeErr: (text) => process.stderr.write(text),
  };
}
