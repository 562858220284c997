import { readFile } from "node:fs/promises";
import { CodecError } from "../codec-error.js";
import type { CliIo } from "./cli-io.js";

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The real process: files, standard input and output. */
export function nodeIo(): CliIo {
  return {
    async readInput(path) {
      if (path === undefined || path === "-") return readStdin();
      try {
        return await readFile(path);
      } catch (cause) {
        const reason = (cause as NodeJS.ErrnoException).code ?? String(cause);
        throw new CodecError(
          "invalid_argument",
          `cannot read input file ${JSON.stringify(path)}: ${reason}`,
          {
            cause,
          },
        );
      }
    },
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    writeOut: (data) => process.stdout.write(data),
    writeErr: (text) => process.stderr.write(text),
  };
}
