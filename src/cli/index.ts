#!/usr/bin/env node
// The bin: the only module of the package with side effects.
import { exitCodes } from "./exit-codes.js";
import { nodeIo } from "./node-io.js";
import { runCli } from "./run-cli.js";
import { errorLine } from "./safe-text.js";

runCli(process.argv.slice(2), nodeIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug, but its message may still quote the input: each line escaped and bounded.
    const trace = String((error as Error)?.stack ?? error)
      .split("\n")
      .map(errorLine);
    process.stderr.write(
      `vehicle-update-codec: internal error, please report it\n${trace.join("\n")}\n`,
    );
    process.exitCode = exitCodes.internal;
  },
);
