// `inspect --web` on the command line: what it refuses. The page it serves is tested in
// test/browser/inspector.test.ts, which runs the server.
import { afterAll, describe, expect, it } from "vitest";
import { run, workDir } from "./bin.js";

const scratch = workDir();
afterAll(() => scratch.remove());

describe("vehicle-update-codec inspect --web", () => {
  it.each([
    [["inspect", "--port", "8080"], "--port goes with --web"],
    [["inspect", "--web", "value.bin"], "--web reads no input: paste it in the page"],
  ])("refuses %j", (args, message) => {
    const result = run(scratch.dir, args);
    expect({ code: result.code, out: result.out, err: result.err }).toEqual({
      code: 2,
      out: "",
      err: `vehicle-update-codec inspect: ${message}\nRun 'vehicle-update-codec inspect --help' for usage.\n`,
    });
  });
});
