import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeEnvelope } from "../../src/index.js";
import { run as runIn, workDir } from "./bin.js";

// The text report of `inspect` (src/cli/commands/inspect.ts); its JSON report is specified with
// the records it reads (records.test.ts) and the framings (framing.test.ts).

let scratch: { dir: string; path: string; remove: () => void };
beforeAll(() => {
  scratch = workDir();
});
afterAll(() => scratch.remove());

const run = (args: string[], input?: string | Uint8Array) => runIn(scratch.dir, args, input);

describe("vehicle-update-codec inspect", () => {
  it("gives each record of one value per line the input it was written in, as --json does", () => {
    // docs/cli.md's values.txt: a hex line, a line that does not decode, a base64 line.
    const order = Buffer.from(encodeEnvelope(sampleEnvelope("order")));
    const keys = Buffer.from(encodeEnvelope(sampleEnvelope("keys")));
    const input = `${order.toString("hex")}\n0a0d6f74\n${keys.toString("base64")}\n`;
    const error =
      "[truncated] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: length-delimited field of 13 bytes at offset 1 runs past the end of the input";
    expect(run(["inspect"], input)).toMatchObject({
      code: 1,
      out: [
        "record:         1 (line 1)",
        "kind:           order",
        'handler:        "ota.order"',
        `size:           ${order.length} bytes`,
        "input:          hex",
        "framing:        raw",
        "unknown fields: none",
        "",
        "record:         3 (line 3)",
        "kind:           keys",
        'handler:        "ota.keys"',
        `size:           ${keys.length} bytes`,
        "input:          base64",
        "framing:        raw",
        "unknown fields: none",
        "",
      ].join("\n"),
      err: `vehicle-update-codec inspect: record 2 (line 2): ${error}\n`,
    });
    const json = run(["inspect", "--json"], input).out.trimEnd().split("\n");
    expect(json.map((line) => JSON.parse(line).input)).toEqual(["hex", "hex", "base64"]);
  });
});
