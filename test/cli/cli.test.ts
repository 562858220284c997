import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope, sampleHttpBody } from "../../src/fixtures/index.js";
import { encodeEnvelope, envelopeKinds, envelopeToJsonString } from "../../src/index.js";
import { bin, run as runIn, workDir } from "./bin.js";

// These tests run the built bin (npm test builds first), as a user's shell would.
let dir: string;
let remove: () => void;

beforeAll(() => {
  ({ dir, remove } = workDir());
});
afterAll(() => remove());

function run(args: string[], input?: string | Uint8Array) {
  return runIn(dir, args, input);
}

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const dtcBytes = encodeEnvelope(sampleEnvelope("dtcEntry"));
const dtcJson = `${envelopeToJsonString(sampleEnvelope("dtcEntry"), { prettySpaces: 2 })}\n`;

describe("vehicle-update-codec", () => {
  it("lists its commands with --help and exits 0", () => {
    const { code, out } = run(["--help"]);
    expect(code).toBe(0);
    for (const command of ["decode", "encode", "inspect", "sample", "http check", "demo"]) {
      expect(out).toContain(`  ${command}`);
    }
  });

  it("prints the help and exits 2 when given no command", () => {
    const { code, out } = run([]);
    expect(code).toBe(2);
    expect(out).toContain("Usage: vehicle-update-codec <command>");
  });

  it("prints the package version", () => {
    expect(run(["--version"]).out).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it.each([["decode"], ["encode"], ["inspect"], ["sample"], ["http", "check"], ["demo"]])(
    "shows usage, options and examples for %s --help",
    (...command) => {
      const { code, out } = run([...command, "--help"]);
      expect(code).toBe(0);
      expect(out).toContain(`Usage: vehicle-update-codec ${command.join(" ")}`);
      expect(out).toContain("Examples:");
    },
  );

  it.each([
    [["frobnicate"], 'vehicle-update-codec: unknown command "frobnicate"'],
    [
      ["http", "poke"],
      'vehicle-update-codec http: unknown http command "poke", expected check or call',
    ],
    [["decode", "--foo"], 'vehicle-update-codec decode: unknown option "--foo"'],
    [["decode", "a", "b"], "vehicle-update-codec decode: expects 0 to 1 arguments, got 2"],
    [
      ["decode", "--input", "octal"],
      'vehicle-update-codec decode: --input must be auto, binary, base64 or hex, got "octal"',
    ],
    [
      ["encode", "--output", "pdf"],
      'vehicle-update-codec encode: --output must be binary, base64 or hex, got "pdf"',
    ],
    [["sample"], "vehicle-update-codec sample: expects 1 argument, got 0"],
    [
      ["sample", "nope"],
      `vehicle-update-codec sample: unknown kind "nope", expected one of ${envelopeKinds.join(", ")}`,
    ],
    [
      ["http", "check", "listVehicles"],
      "vehicle-update-codec http check: --status <n> is required",
    ],
    [
      ["http", "check", "listVehicles", "--status", "2000"],
      "vehicle-update-codec http check: --status must be an HTTP status from 100 to 599, got 2000",
    ],
    [
      ["http", "check", "getVehicle", "--status", "200"],
      'vehicle-update-codec http check: unknown operation "getVehicle"',
    ],
    [["demo", "extra"], "vehicle-update-codec demo: takes no arguments"],
  ])("exits 2 on bad usage: %j", (args, message) => {
    const { code, err, out } = run(args);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err.split("\n")[0]).toContain(message);
    expect(err).toContain("--help' for usage.");
  });

  it.each([
    [
      "a truncated envelope",
      ["decode"],
      dtcBytes.subarray(0, 40),
      `vehicle-update-codec decode: [truncated] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: length-delimited field of ${dtcBytes.length - 16} bytes at offset 15 runs past the end of the input`,
    ],
    [
      "an odd number of hex digits",
      ["decode", "--input", "hex"],
      "abc",
      "vehicle-update-codec decode: [malformed] hex input has an odd number of digits (3)",
    ],
    [
      "invalid base64",
      ["decode", "--input", "base64"],
      "a$b",
      'vehicle-update-codec decode: [malformed] base64 input holds "$" at offset 1, which is not base64',
    ],
    [
      "JSON that does not parse",
      ["encode"],
      "{",
      // After our prefix, V8's own JSON.parse() message, whose wording changes between versions.
      /^vehicle-update-codec encode: \[invalid_json\] cannot decode kafka_grpc\.GRPC_AttendantPayload from JSON: [^\n]+\n$/,
    ],
    [
      "an envelope without Data",
      ["encode"],
      '{"handler":"h"}',
      "vehicle-update-codec encode: [missing_data] cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    ],
  ])("exits 1 with one line on stderr for %s", (_, args, input, message) => {
    const { code, err, out } = run(args, input);
    expect(code).toBe(1);
    expect(out).toBe("");
    if (typeof message === "string") expect(err).toBe(`${message}\n`);
    else expect(err).toMatch(message);
  });
});

describe("vehicle-update-codec decode", () => {
  it("reads raw bytes from a file and prints canonical JSON, indented", () => {
    const { code, out } = run(["decode", file("dtc.binpb", dtcBytes)]);
    expect(code).toBe(0);
    expect(out).toBe(dtcJson);
  });

  it.each([
    ["raw bytes", dtcBytes],
    ["base64", Buffer.from(dtcBytes).toString("base64")],
    ["hex", Buffer.from(dtcBytes).toString("hex")],
    ["hex with a newline", `${Buffer.from(dtcBytes).toString("hex")}\n`],
  ])("detects %s on standard input", (_, input) => {
    expect(run(["decode"], input).out).toBe(dtcJson);
    expect(run(["decode", "-"], input).out).toBe(dtcJson);
  });

  it("prints one line with --compact and proto names with --proto-names", () => {
    const { out } = run(
      ["decode", "--compact", "--proto-names"],
      encodeEnvelope(sampleEnvelope("carUpdateRequest")),
    );
    expect(out).toBe(
      `${envelopeToJsonString(sampleEnvelope("carUpdateRequest"), { useProtoFieldName: true })}\n`,
    );
    expect(out).toContain('"car_update_id"');
  });

  it("accepts an envelope without Data with --allow-empty", () => {
    expect(run(["decode", "--allow-empty", "--compact"], "").out).toBe("{}\n");
  });
});

describe("vehicle-update-codec encode", () => {
  it("writes binary to a pipe", () => {
    const { code, stdout } = run(["encode"], dtcJson);
    expect(code).toBe(0);
    expect(new Uint8Array(stdout)).toEqual(dtcBytes);
  });

  it.each([
    ["base64", `${Buffer.from(dtcBytes).toString("base64")}\n`],
    ["hex", `${Buffer.from(dtcBytes).toString("hex")}\n`],
  ])("writes %s with --output", (format, expected) => {
    expect(run(["encode", "--output", format], dtcJson).out).toBe(expected);
  });

  it("reads proto field names too", () => {
    const { stdout } = run(["encode"], '{"carUpdateRequest":{"car_update_id":"7"}}');
    expect(new Uint8Array(stdout)).toEqual(new Uint8Array([0x62, 0x02, 0x08, 0x07]));
  });
});

describe("pipes", () => {
  it.each(envelopeKinds)("carry a %s sample binary → JSON → binary unchanged", (kind) => {
    const bytes = run(["sample", kind, "--output", "binary"]).stdout;
    expect(new Uint8Array(bytes)).toEqual(encodeEnvelope(sampleEnvelope(kind)));
    const json = run(["decode"], bytes).out;
    expect(new Uint8Array(run(["encode"], json).stdout)).toEqual(new Uint8Array(bytes));
  });

  it("work in a real shell pipeline", () => {
    const shell = spawnSync(
      "bash",
      [
        "-c",
        `node ${bin} sample updateManifest --output binary | node ${bin} decode - | node ${bin} encode --output hex`,
      ],
      { cwd: dir },
    );
    expect(shell.status).toBe(0);
    expect(shell.stdout.toString()).toBe(
      `${Buffer.from(encodeEnvelope(sampleEnvelope("updateManifest"))).toString("hex")}\n`,
    );
  });
});

describe("vehicle-update-codec inspect", () => {
  // updateGet { vin = "V" } with field 9 of VehicleData unknown, then envelope field 13 unknown.
  const withUnknown = new Uint8Array([0x3a, 0x05, 0x0a, 0x01, 0x56, 0x48, 0x07, 0x6a, 0x01, 0x78]);

  it("reports kind, handler, size, framing and unknown fields", () => {
    const { code, out } = run(["inspect"], withUnknown);
    expect(code).toBe(0);
    expect(out).toBe(
      [
        "kind:           updateGet",
        'handler:        ""',
        "size:           10 bytes",
        "input:          binary",
        "framing:        raw",
        "unknown fields: envelope #13 LEN (2 bytes), envelope.updateGet #9 VARINT (1 bytes)",
        "",
      ].join("\n"),
    );
  });

  it("reports as JSON with --json, and shows an envelope without Data", () => {
    const { out } = run(["inspect", "--json"], new Uint8Array([0x6a, 0x01, 0x78]));
    expect(out).toBe(
      `${JSON.stringify({
        record: 1,
        split: "one",
        input: "binary",
        kind: null,
        handler: "",
        framing: "raw",
        schemaId: null,
        schemaGuid: null,
        messageIndexes: null,
        size: 3,
        unknownFields: [{ path: "envelope", field: 13, wireType: "LEN", bytes: 2 }],
      })}\n`,
    );
  });
});

describe("vehicle-update-codec sample", () => {
  it.each(envelopeKinds)("prints the %s fixture as JSON", (kind) => {
    expect(run(["sample", kind]).out).toBe(
      `${envelopeToJsonString(sampleEnvelope(kind), { prettySpaces: 2 })}\n`,
    );
  });
});

describe("vehicle-update-codec http check", () => {
  it.each([
    ["listVehicles", 200, JSON.stringify(sampleHttpBody("listVehicles", 200)), 0, "ok"],
    ["listVehicles", 200, '{"data":[{"vin":"x"},7]}', 3, "invalid_body"],
    ["sendSms", 408, JSON.stringify(sampleHttpBody("sendSms", 408)), 4, "api_error"],
    ["listVehicles", 503, "<html><body>502 Bad Gateway</body></html>", 5, "unreadable_error"],
    ["listVehicles", 408, "{}", 6, "unexpected_status"],
    ["deleteIssue", 204, "", 6, "unexpected_status"],
  ] as const)(
    "%s %i: exits with the outcome (%i %s)",
    (operation, status, body, exitCode, kind) => {
      const { code, out } = run(["http", "check", operation, "--status", String(status)], body);
      expect(code).toBe(exitCode);
      expect(JSON.parse(out)).toMatchObject({ kind, operation, status });
    },
  );

  it("names the failing path of an invalid body", () => {
    const { out } = run([
      "http",
      "check",
      "listVehicles",
      "--status",
      "200",
      file("bad.json", '{"data":[{},7]}'),
    ]);
    expect(JSON.parse(out).message).toContain("data[1]");
  });
});

describe("an input file that cannot be read", () => {
  it.each([
    ["a file that does not exist", "missing.binpb", "no such file"],
    ["a directory", ".", "it is a directory"],
  ])("%s: exit 2, one line naming the file and why", (_, file, reason) => {
    const { code, err, out } = run(["decode", file]);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toBe(`vehicle-update-codec decode: cannot read input file "${file}": ${reason}\n`);
  });
});

describe("vehicle-update-codec demo", () => {
  it("round-trips every embedded sample and says so", () => {
    const { code, out, err } = run(["demo"]);
    expect(err).toBe("");
    expect(code).toBe(0);
    for (const kind of envelopeKinds) expect(out).toMatch(new RegExp(`^${kind} .* ok$`, "m"));
    expect(out).toContain("\nAll 11 samples round-tripped through binary and JSON.\n");
  });

  it("says what each part of its output shows", () => {
    const { out } = run(["demo"]);
    expect(out).toContain(
      'Each line: the envelope\'s kind (its Data member) and handler, the size of its protobuf binary\nand of its compact proto3 JSON, and "ok" when decoding both gave back the sample unchanged.\n',
    );
    expect(out).toContain(
      "\nThe dtcEntry sample as proto3 JSON, as 'decode' prints an envelope and 'encode' reads it:\n{\n",
    );
    expect(out).toMatch(
      /\nThe sample body of GET \/vehicles \(listVehicles\) with status 200, checked against the\noperation's schema by parseResponse \('http check' does the same for any body\): ok\n$/,
    );
  });
});
