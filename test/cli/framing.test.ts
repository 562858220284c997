import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeDelimited, encodeSchemaRegistryFrame } from "../../src/framing/index.js";
import { encodeEnvelope, envelopeFromJson, envelopeToJsonString } from "../../src/index.js";
import { run as runIn, workDir } from "./bin.js";

let dir: string;
let remove: () => void;
beforeAll(() => {
  ({ dir, remove } = workDir());
});
afterAll(() => remove());

const run = (args: string[], input?: string | Uint8Array) => runIn(dir, args, input);

const updateGet = sampleEnvelope("updateGet");
const order = sampleEnvelope("order");
const json = envelopeToJsonString(updateGet);
const raw = encodeEnvelope(updateGet);
const frame = encodeSchemaRegistryFrame(updateGet, { schemaId: 42 });
const delimited = encodeDelimited(updateGet);
const stream = new Uint8Array([...encodeDelimited(updateGet), ...encodeDelimited(order)]);

describe("encode --framing", () => {
  it.each([
    ["raw", [], raw],
    ["schema-registry", ["--schema-id", "42"], frame],
    ["delimited", [], delimited],
  ] as const)("writes %s", (framing, extra, expected) => {
    const { code, stdout } = run(["encode", "--framing", framing, ...extra], json);
    expect(code).toBe(0);
    expect(new Uint8Array(stdout)).toEqual(expected);
  });

  it.each([
    [
      ["encode", "--framing", "zip"],
      'vehicle-update-codec encode: --framing must be raw, schema-registry or delimited, got "zip"',
    ],
    [
      ["encode", "--schema-id", "3"],
      "vehicle-update-codec encode: --schema-id is only used with --framing schema-registry",
    ],
    [
      ["encode", "--framing", "schema-registry"],
      "vehicle-update-codec encode: --framing schema-registry needs --schema-id <n>, the id the registry gave the schema",
    ],
    [
      ["encode", "--framing", "schema-registry", "--schema-id", "1.5"],
      'vehicle-update-codec encode: --schema-id must be a whole number from 0 to 2147483647, got "1.5"',
    ],
    [
      ["encode", "--framing", "schema-registry", "--schema-id", "-1"],
      'vehicle-update-codec encode: --schema-id must be a whole number from 0 to 2147483647, got "-1"',
    ],
    [
      ["encode", "--framing", "schema-registry", "--schema-id", "4294967295"],
      "vehicle-update-codec encode: --schema-id must be a whole number from 0 to 2147483647, got 4294967295",
    ],
    [
      ["encode", "--framing", "schema-registry", "--schema-id"],
      "vehicle-update-codec encode: --schema-id needs a value: --schema-id <n>",
    ],
  ])("exits 2 with one message for %j", (args, message) => {
    const { code, err, out } = run(args, json);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toBe(`${message}\nRun 'vehicle-update-codec encode --help' for usage.\n`);
  });
});

describe("decode and inspect read every framing encode writes", () => {
  it.each([
    ["raw", raw, "raw"],
    ["schema-registry", frame, "schema-registry (schema id 42, message indexes [0])"],
    ["delimited", delimited, "raw"],
  ] as const)("%s: detected, and read with --framing", (framing, bytes, shown) => {
    for (const args of [[], ["--framing", framing]]) {
      expect(run(["decode", "--compact", ...args], bytes).out).toBe(`${json}\n`);
      expect(run(["inspect", ...args], bytes).out).toContain(`framing:        ${shown}\n`);
    }
  });

  it("reads a file written by encode --framing delimited, in hex too", () => {
    const path = join(dir, "one.bin");
    writeFileSync(path, run(["encode", "--framing", "delimited"], json).stdout);
    expect(run(["decode", "--compact", path])).toMatchObject({ code: 0, out: `${json}\n` });
    expect(run(["decode", "--compact"], Buffer.from(delimited).toString("hex")).out).toBe(
      `${json}\n`,
    );
  });

  it("prints one JSON document and one report per envelope of a stream", () => {
    const decoded = run(["decode", "--compact"], stream);
    expect(decoded.code).toBe(0);
    expect(decoded.out).toBe(`${json}\n${envelopeToJsonString(order)}\n`);
    const orderSize = encodeEnvelope(order).length;
    expect(orderSize).toBeGreaterThanOrEqual(128); // a 2-byte prefix
    expect(run(["inspect"], stream)).toMatchObject({
      code: 0,
      err: "",
      out: [
        "record:         1 (message of a size-delimited stream, at offset 1)",
        "kind:           updateGet",
        'handler:        "ota.updateGet"',
        `size:           ${raw.length} bytes`,
        "input:          binary",
        "framing:        raw",
        "unknown fields: none",
        "",
        `record:         2 (message of a size-delimited stream, at offset ${raw.length + 3})`,
        "kind:           order",
        'handler:        "ota.order"',
        `size:           ${orderSize} bytes`,
        "input:          binary",
        "framing:        raw",
        "unknown fields: none",
        "",
      ].join("\n"),
    });
  });

  it("reads bytes that decode both ways as the reading without unknown fields", () => {
    // Length prefix 109 = 0x6d, as a tag field 13 of wire type I32: read raw, the prefix and
    // the next 4 bytes (the handler) are an unknown field, then updateGet follows.
    const envelope = envelopeFromJson({ handler: "aa", updateGet: { vin: "a".repeat(101) } });
    const both = encodeDelimited(envelope);
    expect(both[0]).toBe(0x6d);
    expect(run(["decode", "--compact"], both).out).toBe(`${envelopeToJsonString(envelope)}\n`);
    expect(run(["inspect", "--framing", "raw"], both).out).toContain(
      "unknown fields: envelope #13 I32 (4 bytes)\n",
    );
  });

  it("says where a raw reading fails when the framing is forced", () => {
    const { code, err } = run(["decode", "--framing", "raw"], frame);
    expect(code).toBe(1);
    expect(err).toMatch(/^vehicle-update-codec decode: \[malformed\] /);
  });

  it("refuses an unknown --framing", () => {
    const { code, err } = run(["inspect", "--framing", "zip"], raw);
    expect(code).toBe(2);
    expect(err.split("\n")[0]).toBe(
      'vehicle-update-codec inspect: --framing must be auto, raw, schema-registry or delimited, got "zip"',
    );
  });
});
