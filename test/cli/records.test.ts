import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import {
  encodeDelimited,
  encodeRecordValue,
  encodeSchemaRegistryFrame,
} from "../../src/framing/index.js";
import { encodeEnvelope, envelopeToJsonString } from "../../src/index.js";
import { run as runIn, workDir } from "./bin.js";

// The records of what Kafka tools dump: values back to back, parted by a separator, one per
// line, size-delimited; each record's facts as one JSON object.

let scratch: { dir: string; path: string; remove: () => void };
beforeAll(() => {
  scratch = workDir();
});
afterAll(() => scratch.remove());

const run = (args: string[], input?: string | Uint8Array) => runIn(scratch.dir, args, input);
const dtc = encodeEnvelope(sampleEnvelope("dtcEntry"));
const get = encodeEnvelope(sampleEnvelope("updateGet"));
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const lines = (out: string) =>
  out
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));

/** A varint length prefix, then the bytes. */
function delimited(bytes: Uint8Array): Uint8Array {
  const prefix: number[] = [];
  let n = bytes.length;
  while (n >= 0x80) {
    prefix.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  prefix.push(n);
  return Buffer.concat([Uint8Array.from(prefix), bytes]);
}

describe("values written back to back (kcat -f '%s')", () => {
  const hint = (end: number, what: string) =>
    `vehicle-update-codec inspect: [malformed] the input holds more than one value: a complete envelope (dtcEntry) ends at offset ${end} and ${what} follows, the start of another value written back to back (kcat -f '%s'), which cannot be told apart reliably: dump the values with a separator (kcat -D) and pass --separator, one per line in hex or base64, or size-delimited (--split delimited)\n`;

  it("refuses them, naming where the first envelope ends and the flags to use", () => {
    expect(run(["inspect"], Buffer.concat([dtc, get]))).toMatchObject({
      code: 1,
      out: "",
      err: hint(dtc.length, "a second handler (field 1)"),
    });
  });

  it("refuses two that protobuf would merge into one: a second Data member", () => {
    const bare = encodeEnvelope(sampleEnvelope("updateGet"));
    const member = bare.subarray(bare.indexOf(0x3a)); // the updateGet member, without handler
    expect(run(["inspect"], Buffer.concat([dtc, member])).err).toBe(
      hint(dtc.length, "a second Data member"),
    );
  });

  it("reads them as one value, by protobuf's rules, with --split one", () => {
    const { code, out } = run(["decode", "--compact", "--split", "one"], Buffer.concat([dtc, get]));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toHaveProperty("updateGet");
  });

  it("accepts one value followed by a newline (kcat -f '%s\\n')", () => {
    const { code, out } = run(["decode", "--compact"], Buffer.concat([dtc, Buffer.from("\n")]));
    expect({ code, out }).toEqual({
      code: 0,
      out: `${envelopeToJsonString(sampleEnvelope("dtcEntry"))}\n`,
    });
  });
});

describe("--separator (kcat -D)", () => {
  it("cuts binary values at a newline that follows a complete envelope", () => {
    const input = Buffer.concat([dtc, Buffer.from("\n"), get, Buffer.from("\n")]);
    const { code, out } = run(["inspect", "--json", "--separator", "\\n"], input);
    expect(code).toBe(0);
    expect(lines(out).map((r) => [r.record, r.offset, r.kind, r.size])).toEqual([
      [1, 0, "dtcEntry", dtc.length],
      [2, dtc.length + 1, "updateGet", get.length],
    ]);
  });

  it("reads a separator given as \\xNN", () => {
    const input = Buffer.concat([get, Buffer.from([0x1e]), dtc]);
    const { out } = run(["inspect", "--json", "--separator", "\\x1e"], input);
    expect(lines(out).map((r) => r.kind)).toEqual(["updateGet", "dtcEntry"]);
  });

  it("refuses an unknown escape as bad usage", () => {
    expect(run(["inspect", "--separator", "\\q"], get)).toMatchObject({
      code: 2,
      err: "vehicle-update-codec inspect: --separator knows the escapes \\n, \\r, \\t, \\0, \\\\ and \\xNN, got \"\\\\q\"\nRun 'vehicle-update-codec inspect --help' for usage.\n",
    });
  });
});

describe("one hex or base64 value per line", () => {
  it("is recognised without a flag; a bad line is reported and the next ones still read", () => {
    const input = `${hex(dtc)}\n${hex(get).slice(0, 20)}\n\n${Buffer.from(get).toString("base64")}\n`;
    const { code, out, err } = run(["inspect", "--json"], input);
    expect(code).toBe(1);
    const records = lines(out);
    expect(records.map((r) => [r.record, r.line, r.kind ?? r.error.code])).toEqual([
      [1, 1, "dtcEntry"],
      [2, 2, "truncated"],
      [3, 4, "updateGet"],
    ]);
    expect(records[1]).toEqual({
      record: 2,
      line: 2,
      split: "lines",
      input: "hex",
      error: { code: "truncated", message: records[1].error.message },
    });
    expect(err).toBe(
      `vehicle-update-codec inspect: record 2 (line 2): [truncated] ${records[1].error.message}\n`,
    );
  });
});

describe("a size-delimited stream of record values in any framing", () => {
  const framed = encodeSchemaRegistryFrame(sampleEnvelope("order"), { schemaId: 42 });
  const stream = Buffer.concat([
    delimited(framed),
    encodeDelimited(sampleEnvelope("updateGet")),
    delimited(Uint8Array.from([0x08, 0x01])), // field 1 as a varint: a bad record
    delimited(encodeRecordValue(sampleEnvelope("keys")).value),
  ]);

  it.each([[[]], [["--split", "delimited"]], [["--framing", "delimited"]]])(
    "reads each message as a record value, with %j",
    (args) => {
      writeFileSync(join(scratch.dir, "stream.bin"), stream);
      const { code, out, err } = run(["decode", "--facts", ...args, "stream.bin"]);
      if (args.length === 0) {
        // Read whole, a stream is found only when every message decodes.
        expect(code).toBe(1);
        expect(out).toBe("");
        // The stream is not found (its third message is bad): the raw reading's error is given.
        expect(err).toBe(
          "vehicle-update-codec decode: [malformed] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: field number 0 at offset 3\n",
        );
        return;
      }
      const records = lines(out);
      expect(code).toBe(1);
      expect(records.map((r) => [r.record, r.framing ?? r.error.code, r.schemaId])).toEqual([
        [1, "schema-registry", 42],
        [2, "raw", null],
        [3, "malformed", undefined],
        [4, "raw", null],
      ]);
      expect(records[0]).toMatchObject({
        offset: 2,
        split: "delimited",
        kind: "order",
        handler: "ota.order",
        messageIndexes: [0],
        schemaGuid: null,
        size: framed.length,
      });
      expect(records[0].envelope).toEqual(
        JSON.parse(envelopeToJsonString(sampleEnvelope("order"))),
      );
      expect(err.split("\n")[0]).toMatch(
        /^vehicle-update-codec decode: record 3 \(offset \d+\): \[malformed\] /,
      );
    },
  );

  it("finds a stream of frames and bare envelopes without a flag when every message reads", () => {
    const good = Buffer.concat([delimited(framed), encodeDelimited(sampleEnvelope("updateGet"))]);
    const { code, out } = run(["inspect", "--json"], good);
    expect(code).toBe(0);
    expect(lines(out).map((r) => [r.split, r.framing, r.kind])).toEqual([
      ["delimited", "schema-registry", "order"],
      ["delimited", "raw", "updateGet"],
    ]);
  });
});

describe("one error vocabulary with the library", () => {
  it("gives JSON text the library's code, malformed", () => {
    expect(run(["decode"], '{"updateGet":{}}')).toMatchObject({
      code: 1,
      err: "vehicle-update-codec decode: [malformed] input is JSON text, not an envelope in any framing: to turn proto3 JSON into binary, use 'vehicle-update-codec encode'\n",
    });
  });
});
