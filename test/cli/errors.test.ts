import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeEnvelope, envelopeToJsonString } from "../../src/index.js";
import { run as runIn, workDir } from "./bin.js";

// Common mistakes get a message that says what to do; bad flag values are explained in the
// CLI's own words, one message per mistake; input never reaches stderr unescaped.

let dir: string;
let remove: () => void;
beforeAll(() => {
  ({ dir, remove } = workDir());
});
afterAll(() => remove());

const run = (args: string[], input?: string | Uint8Array) => runIn(dir, args, input);

const bytes = encodeEnvelope(sampleEnvelope("updateGet"));
const json = envelopeToJsonString(sampleEnvelope("updateGet"));

describe("common mistakes", () => {
  const jsonToDecode =
    "[malformed] input is JSON text, not an envelope in any framing: to turn proto3 JSON into binary, use 'vehicle-update-codec encode'";

  it.each([
    ["JSON given to decode", ["decode"], json, `decode: ${jsonToDecode}`],
    ["a JSON array given to decode", ["decode"], "  [1, 2]\n", `decode: ${jsonToDecode}`],
    ["JSON given to inspect", ["inspect"], json, `inspect: ${jsonToDecode}`],
    [
      "empty input to decode",
      ["decode"],
      "",
      "decode: [missing_data] empty input: there is no envelope to decode (pass --allow-empty to print an envelope without Data as {})",
    ],
    [
      "only whitespace to decode",
      ["decode"],
      " \n\t\r\n",
      "decode: [missing_data] empty input: there is no envelope to decode (pass --allow-empty to print an envelope without Data as {})",
    ],
    [
      "empty input to inspect",
      ["inspect"],
      "",
      "inspect: [missing_data] empty input: there is no envelope to inspect",
    ],
    [
      "empty input to encode",
      ["encode"],
      "\n",
      "encode: [invalid_json] empty input: encode reads a GRPC_AttendantPayload envelope as proto3 JSON",
    ],
    [
      "binary given to encode",
      ["encode"],
      bytes,
      "encode: [invalid_json] input looks like binary, not JSON: encode reads proto3 JSON; to read a binary envelope, use 'vehicle-update-codec decode'",
    ],
    [
      "hex given to encode",
      ["encode"],
      Buffer.from(bytes).toString("hex"),
      "encode: [invalid_json] input looks like hex text, not JSON: encode reads proto3 JSON; to read a binary envelope written as hex, use 'vehicle-update-codec decode'",
    ],
    [
      "text that is neither hex nor base64 given to decode",
      ["decode"],
      "hello, world!",
      "decode: [malformed] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: unexpected END_GROUP for field 13 at offset 2 (the input is text but neither hex nor base64, and not an envelope in any framing; pass --input to say how it is written)",
    ],
    [
      "base64-looking text given to inspect",
      ["inspect"],
      "hello world",
      "inspect: [malformed] the input is not an envelope in any framing: it decodes only to fields this schema does not know, one numbered 208528 (the envelope's fields go up to 12; above 1000 is no newer member)",
    ],
    [
      "base64-looking text given to decode",
      ["decode"],
      "hello world",
      "decode: [malformed] the input is not an envelope in any framing: it decodes only to fields this schema does not know, one numbered 208528 (the envelope's fields go up to 12; above 1000 is no newer member)",
    ],
    [
      "a character that is not a hex digit",
      ["decode", "--input", "hex"],
      "0a\n0x",
      'decode: [malformed] hex input holds "x" at offset 4, which is not a hex digit',
    ],
    [
      "base64 cut short",
      ["decode", "--input", "base64"],
      "QUJDR",
      "decode: [malformed] base64 input is cut short: its 5 characters leave 1 over a multiple of 4, which base64 never does",
    ],
  ])("%s: one line that says what to do, exit 1", (_, args, input, message) => {
    const { code, out, err } = run(args, input);
    expect({ code, out, err }).toEqual({
      code: 1,
      out: "",
      err: `vehicle-update-codec ${message}\n`,
    });
  });
});

describe("bad flag values", () => {
  it.each([
    [["decode", "--input"], "--input needs a value: --input <auto|binary|base64|hex>"],
    [["decode", "--compact=yes"], "--compact is a flag and takes no value"],
    [["decode", "-x"], 'unknown option "-x"'],
    [
      ["decode", "--input", "--compact"],
      '--input must be auto, binary, base64 or hex, got "--compact"',
    ],
    [
      ["sample", "order", "--output", "xml"],
      '--output must be json, binary, base64 or hex, got "xml"',
    ],
    [
      ["http", "check", "listVehicles", "--status", "-1"],
      '--status must be an HTTP status from 100 to 599, got "-1"',
    ],
    [
      ["http", "check", "listVehicles", "--status", "099"],
      "--status must be an HTTP status from 100 to 599, got 099",
    ],
    [
      ["http", "check", "listVehicles", "--status", "ok"],
      '--status must be an HTTP status from 100 to 599, got "ok"',
    ],
  ])("%j: one message in the CLI's words, exit 2", (args, message) => {
    const { code, err } = run(args, json);
    const prefix =
      args[0] === "http" ? "vehicle-update-codec http check" : `vehicle-update-codec ${args[0]}`;
    expect(code).toBe(2);
    expect(err).toBe(`${prefix}: ${message}\nRun '${prefix} --help' for usage.\n`);
  });

  it("reads --name=value as --name value", () => {
    expect(
      run(["decode", "--input=hex", "--compact"], Buffer.from(bytes).toString("hex")).out,
    ).toBe(`${json}\n`);
  });

  it("takes the arguments after -- as files, even when they start with -", () => {
    const { code, err } = run(["decode", "--", "--compact"]);
    expect(code).toBe(2);
    expect(err).toBe(
      'vehicle-update-codec decode: cannot read input file "--compact": no such file\n',
    );
  });
});

describe("input quoted in error messages", () => {
  it.each([
    [
      "a newline and ESC in a command name",
      ["x\u001b[31mred\nforged"],
      'unknown command "x\\u001b[31mred\\nforged"',
    ],
    [
      "a bidi override in a kind",
      ["sample", "a\u202eb"],
      'unknown kind "a\\u202eb", expected one of',
    ],
    [
      "a CR and a C1 control in an option",
      ["decode", "--a\r\u009bb"],
      'unknown option "--a\\r\\u009bb"',
    ],
    ["a very long command name", ["y".repeat(10_000)], `unknown command "${"y".repeat(59)}…"`],
  ])("escapes and cuts %s", (_, args, message) => {
    const { code, err } = run(args);
    expect(code).toBe(2);
    expect(err.split("\n")).toHaveLength(3);
    expect(err.split("\n")[0]).toContain(message);
  });

  it("escapes control characters of a file name", () => {
    const { err } = run(["decode", "no\nsuch\u001b[2Jfile"]);
    expect(err).toBe(
      'vehicle-update-codec decode: cannot read input file "no\\nsuch\\u001b[2Jfile": no such file\n',
    );
  });

  it("escapes what a parser quotes from the input, and bounds the line", () => {
    // JSON.parse quotes the input around a bad token; its wording is V8's, so only the shape
    // is asserted.
    const { code, err } = run(["encode"], `{"handler": \u009b\u202e${"z".repeat(5000)}}`);
    expect(code).toBe(1);
    expect(err.endsWith("\n")).toBe(true);
    const unsafe = [...err.slice(0, -1)].filter((c) => {
      const n = c.codePointAt(0) as number;
      return n < 0x20 || (n >= 0x7f && n <= 0x9f) || n === 0x202e;
    });
    expect(unsafe).toEqual([]);
    expect(err.length).toBeLessThanOrEqual("vehicle-update-codec encode: ".length + 400 + 1);
  });
});
