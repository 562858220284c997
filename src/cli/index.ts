#!/usr/bin/env node
// The bin: the only module of the package with side effects.
import { exitCodes } from "./exit-codes.js";
import { nodeIo } from "./node-io.js";
import { runCli } from "./run-cli.js";

runCli(process.argv.slice(2), nodeIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `vehicle-update-codec: internal error, please report it\n${String((error as Error)?.stack ?? error)}\n`,
    );
    process.exitCode = exitCodes.internal;
  },
);
