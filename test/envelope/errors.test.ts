import { describe, expect, it } from "vitest";
import {
  CodecError,
  codecErrorCodes,
  createEnvelope,
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeToJson,
  envelopeToJsonString,
  isCodecError,
  matchEnvelope,
  VehicleDataSchema,
} from "../../src/index.js";

const bin = "cannot decode kafka_grpc.GRPC_AttendantPayload from binary: ";
const B = (...bytes: number[]) => new Uint8Array(bytes);

/** Runs `fn`, expecting a CodecError, and returns it. */
function codecErrorOf(fn: () => unknown): CodecError {
  try {
    fn();
  } catch (error) {
    expect(isCodecError(error)).toBe(true);
    return error as CodecError;
  }
  throw new Error("expected a CodecError, nothing was thrown");
}

describe("decodeEnvelope() errors", () => {
  it.each([
    [
      "a length that runs past the input",
      B(0x3a, 0x05, 0x0a, 0x03, 0x41),
      "truncated",
      `${bin}length-delimited field of 5 bytes at offset 1 runs past the end of the input`,
    ],
    [
      "a truncated varint",
      B(0x32, 0x02, 0x08, 0x96),
      "truncated",
      `${bin}varint at offset 3 runs past the end of the input`,
    ],
    [
      "a truncated tag",
      B(0x3a, 0x00, 0x80),
      "truncated",
      `${bin}varint at offset 2 runs past the end of the input`,
    ],
    [
      "a group not closed before the input ends",
      B(0x3a, 0x00, 0x6b, 0x08, 0x01),
      "truncated",
      `${bin}group 13 opened at offset 2 is not closed before the input ends`,
    ],
    [
      "a nested length past its parent's end",
      B(0x3a, 0x03, 0x0a, 0x05, 0x41, 0x42, 0x43, 0x44, 0x45),
      "malformed",
      `${bin}length-delimited field of 5 bytes at offset 3 runs past the end of kafka_grpc.VehicleData at offset 5`,
    ],
    [
      "a length prefix of 2^32",
      B(0x3a, 0x80, 0x80, 0x80, 0x80, 0x10, 0x0a),
      "malformed",
      `${bin}length prefix at offset 1 is 4294967296, 2^32 or more`,
    ],
    [
      "a varint of 11 bytes in an unknown field",
      B(0x68, ...Array(10).fill(0xff), 0x01),
      "malformed",
      `${bin}varint at offset 1 is longer than 10 bytes`,
    ],
    [
      "an unknown group closed outside its message",
      B(0x3a, 0x01, 0x6b, 0x6c),
      "malformed",
      `${bin}group 13 opened at offset 2 is not closed inside kafka_grpc.VehicleData, which ends at offset 3`,
    ],
    [
      "a group closed with another field number",
      B(0x6b, 0x74, 0x3a, 0x00),
      "malformed",
      `${bin}unexpected END_GROUP for field 14 at offset 1`,
    ],
    [
      "an END_GROUP without a group",
      B(0x3a, 0x00, 0x6c),
      "malformed",
      `${bin}unexpected END_GROUP for field 13 at offset 2`,
    ],
    [
      "a known field with the wrong wire type",
      B(0x08, 0x01, 0x3a, 0x00),
      "malformed",
      `${bin}field kafka_grpc.GRPC_AttendantPayload.handler at offset 0 has wire type VARINT, expected LEN`,
    ],
    ["wire type 7", B(0x0f), "malformed", `${bin}invalid wire type 7 at offset 0`],
    ["field number 0", B(0x02, 0x00), "malformed", `${bin}field number 0 at offset 0`],
    [
      "a tag over 32 bits",
      B(0xff, 0xff, 0xff, 0xff, 0xff, 0x01),
      "malformed",
      `${bin}tag at offset 0 does not fit 32 bits`,
    ],
    [
      "invalid UTF-8 in a string",
      B(0x0a, 0x02, 0xc3, 0x28, 0x3a, 0x00),
      "invalid_utf8",
      `${bin}invalid UTF-8 in kafka_grpc.GRPC_AttendantPayload.handler at offset 1`,
    ],
    [
      "a lone surrogate (CESU-8) in a map key",
      B(0x12, 0x06, 0x0a, 0x04, 0x0a, 0x02, 0xed, 0xa0),
      "invalid_utf8",
      `${bin}invalid UTF-8 in kafka_grpc.CarUpdateStatus.ecus[entry].key at offset 5`,
    ],
    [
      "an envelope without Data",
      B(),
      "missing_data",
      "cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    ],
    [
      "an envelope whose only member is unknown",
      B(0x0a, 0x01, 0x68, 0x68, 0x01, 0x70, 0x02),
      "missing_data",
      "cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member but unknown fields 13, 14, probably a member newer than this schema",
    ],
  ] as const)("rejects %s", (_, bytes, code, message) => {
    const error = codecErrorOf(() => decodeEnvelope(bytes));
    expect(error.code).toBe(code);
    expect(error.rawMessage).toBe(message);
    expect(error.message).toBe(`[${code}] ${message}`);
  });

  it("rejects nesting deeper than recursionLimit", () => {
    const bytes = encodeEnvelope(
      createEnvelope("updateManifest", { ecuUpdates: [{ files: [{}] }] }),
    );
    const error = codecErrorOf(() => decodeEnvelope(bytes, { recursionLimit: 3 }));
    expect(error.code).toBe("too_deep");
    expect(error.rawMessage).toBe(
      `${bin}kafka_grpc.UpdateManifestFile at offset 6 nests deeper than recursionLimit 3`,
    );
    expect(decodeEnvelope(bytes, { recursionLimit: 4 }).Data.case).toBe("updateManifest");
  });

  it("rejects 101 nested rollback ECUs under the default limit of 100", () => {
    let ecu = {};
    // envelope (1) → manifest (2) → 99 ECUs, each the rollback of the one before (3 … 101).
    for (let i = 0; i < 98; i++) ecu = { rollback: [ecu] };
    const envelope = createEnvelope("updateManifest", { ecuUpdates: [ecu] });
    const bytes = encodeEnvelope(envelope, { recursionLimit: 101 });
    expect(codecErrorOf(() => decodeEnvelope(bytes)).code).toBe("too_deep");
    expect(decodeEnvelope(bytes, { recursionLimit: 101 }).Data.case).toBe("updateManifest");
  });

  it("rejects an input over maxBytes before reading it", () => {
    const error = codecErrorOf(() =>
      decodeEnvelope(B(0x3a, 0x00, 0x3a, 0x00, 0x3a, 0x00), { maxBytes: 4 }),
    );
    expect(error.code).toBe("too_large");
    expect(error.rawMessage).toBe(`${bin}message of 6 bytes exceeds maxBytes 4`);
  });

  it("accepts an envelope without Data when requireData is false", () => {
    expect(decodeEnvelope(B(), { requireData: false }).Data.case).toBeUndefined();
  });

  it.each([
    ["a string", "abc", `${bin}expected a Uint8Array, got string`],
    ["null", null, `${bin}expected a Uint8Array, got null`],
    ["an array", [1, 2], `${bin}expected a Uint8Array, got array`],
  ])("rejects %s as input with invalid_argument", (_, input, message) => {
    const error = codecErrorOf(() => decodeEnvelope(input as never));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe(message);
  });

  it.each([
    [{ maxBytes: -1 }, "option maxBytes must be a whole number of at least 0, got -1"],
    [{ recursionLimit: 0 }, "option recursionLimit must be a whole number of at least 1, got 0"],
    [{ maxBytes: Number.NaN }, "option maxBytes must be a whole number of at least 0, got NaN"],
  ])("rejects the options %o", (options, message) => {
    const error = codecErrorOf(() => decodeEnvelope(B(0x3a, 0x00), options));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe(message);
  });

  it("accepts a Node.js Buffer and a subarray with an offset", () => {
    const bytes = encodeEnvelope(createEnvelope("updateGet", { vin: "V" }));
    expect(decodeEnvelope(Buffer.from(bytes)).Data.case).toBe("updateGet");
    const padded = new Uint8Array([9, 9, ...bytes, 9]);
    expect(decodeEnvelope(padded.subarray(2, 2 + bytes.length)).Data.case).toBe("updateGet");
  });
});

describe("decodeMessage()", () => {
  it("names the message type it decodes", () => {
    const error = codecErrorOf(() => decodeMessage(VehicleDataSchema, B(0x0a, 0x05, 0x41)));
    expect(error.rawMessage).toBe(
      "cannot decode kafka_grpc.VehicleData from binary: length-delimited field of 5 bytes at offset 1 runs past the end of the input",
    );
  });
});

describe("encodeEnvelope() errors", () => {
  const enc =
    "cannot encode kafka_grpc.GRPC_AttendantPayload to binary: kafka_grpc.GRPC_AttendantPayload.";
  it.each([
    [
      "an int64 that is not an integer",
      createEnvelope("order", { orderNo: 1.5 as never }),
      `${enc}order.orderNo: expected int64 as bigint, got 1.5`,
    ],
    [
      "an int64 out of range",
      createEnvelope("order", { orderNo: 2n ** 63n }),
      `${enc}order.orderNo: 9223372036854775808 is out of range for int64`,
    ],
    [
      "a negative uint32",
      createEnvelope("dtcEntry", { speed: -1 }),
      `${enc}dtcEntry.speed: -1 is not a valid uint32`,
    ],
    [
      "a number in a string field",
      createEnvelope("updateGet", { vin: 5 as never }),
      `${enc}updateGet.vin: expected string, got number`,
    ],
    [
      "a lone surrogate",
      createEnvelope("updateGet", { vin: "\ud800" }),
      `${enc}updateGet.vin: string holds a lone surrogate`,
    ],
    [
      "a bad map value",
      createEnvelope("carUpdateStatus", { ecus: { a: { vin: 3 as never } } }),
      `${enc}carUpdateStatus.ecus["a"].vin: expected string, got number`,
    ],
    [
      "an unknown oneof case",
      { ...createEnvelope("updateGet"), Data: { case: "x", value: {} } },
      `${enc}Data: unknown case "x"`,
    ],
  ])("rejects %s with invalid_message", (_, envelope, message) => {
    const error = codecErrorOf(() => encodeEnvelope(envelope as never));
    expect(error.code).toBe("invalid_message");
    expect(error.rawMessage).toBe(message);
  });

  it("rejects an envelope without Data unless requireData is false", () => {
    const empty = decodeEnvelope(B(), { requireData: false });
    const error = codecErrorOf(() => encodeEnvelope(empty));
    expect(error.code).toBe("missing_data");
    expect(error.rawMessage).toBe(
      "cannot encode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    );
    expect(encodeEnvelope(empty, { requireData: false })).toEqual(new Uint8Array());
  });

  it("rejects something that is not an envelope with invalid_argument", () => {
    const other = decodeMessage(VehicleDataSchema, B());
    const error = codecErrorOf(() => encodeEnvelope(other as never));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe(
      "cannot encode kafka_grpc.GRPC_AttendantPayload to binary: expected a kafka_grpc.GRPC_AttendantPayload message, got kafka_grpc.VehicleData",
    );
  });
});

describe("JSON errors", () => {
  const json = "cannot decode kafka_grpc.GRPC_AttendantPayload from JSON: ";
  it.each([
    [
      "text that does not parse",
      () => envelopeFromJsonString("{"),
      "invalid_json",
      `${json}Expected property name or '}' in JSON at position 1`,
    ],
    [
      "a field of the wrong type",
      () => envelopeFromJson({ handler: 5 }),
      "invalid_json",
      "cannot decode field kafka_grpc.GRPC_AttendantPayload.handler from JSON: expected string, got 5",
    ],
    [
      "an unknown property",
      () => envelopeFromJson({ handler: "h", color: 1 }),
      "invalid_json",
      'cannot decode message kafka_grpc.GRPC_AttendantPayload from JSON: key "color" is unknown',
    ],
    [
      "two Data members",
      () => envelopeFromJson({ updateGet: {}, updateApprove: {} }),
      "invalid_json",
      "cannot decode oneof kafka_grpc.GRPC_AttendantPayload.Data from JSON: oneof set multiple times by updateGet and updateApprove",
    ],
    [
      "an int64 with a fraction",
      () => envelopeFromJson({ updateApprove: { id: "1.5" } }),
      "invalid_json",
      'cannot decode field kafka_grpc.UpdateData.id from JSON: expected an integer in decimal digits, got "1.5"',
    ],
    [
      "an array",
      () => envelopeFromJson([]),
      "invalid_json",
      "cannot decode message kafka_grpc.GRPC_AttendantPayload from JSON: Array(0)",
    ],
    [
      "an envelope without Data",
      () => envelopeFromJson({ handler: "h" }),
      "missing_data",
      "cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    ],
    [
      "nesting deeper than recursionLimit",
      () =>
        envelopeFromJson(
          { updateManifest: { ecuUpdates: [{ files: [{}] }] } },
          { recursionLimit: 3 },
        ),
      "too_deep",
      "cannot decode message kafka_grpc.UpdateManifestFile from JSON: maximum recursion depth of 3 reached",
    ],
    [
      "text over maxBytes",
      () => envelopeFromJsonString('{"updateGet":{}}', { maxBytes: 5 }),
      "too_large",
      `${json}text of 16 characters exceeds maxBytes 5`,
    ],
    [
      "a non-string",
      () => envelopeFromJsonString(7 as never),
      "invalid_argument",
      `${json}expected a string, got number`,
    ],
    [
      "null to JSON",
      () => envelopeToJson(null as never),
      "invalid_argument",
      "cannot encode kafka_grpc.GRPC_AttendantPayload to JSON: expected a kafka_grpc.GRPC_AttendantPayload message, got null",
    ],
  ] as const)("rejects %s", (_, fn, code, message) => {
    const error = codecErrorOf(fn);
    expect(error.code).toBe(code);
    expect(error.rawMessage).toBe(message);
  });

  it("keeps the lower error as cause", () => {
    const error = codecErrorOf(() => envelopeFromJsonString("{"));
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });
});

describe("createEnvelope() and envelopeToJsonString() argument errors", () => {
  it("rejects a member message of another type", () => {
    const dtc = createEnvelope("dtcEntry").Data.value;
    const error = codecErrorOf(() => createEnvelope("updateGet", dtc as never));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe(
      "cannot create kafka_grpc.GRPC_AttendantPayload: a updateGet member is a kafka_grpc.VehicleData, got kafka_grpc.DTCEntry",
    );
  });

  it("rejects an unknown kind", () => {
    const error = codecErrorOf(() => createEnvelope("nope" as never));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toMatch(
      /^cannot create kafka_grpc.GRPC_AttendantPayload: unknown kind "nope", expected one of carUpdateStatus, /,
    );
  });

  it("rejects prettySpaces above 10, which JSON.stringify would cap silently", () => {
    const error = codecErrorOf(() =>
      envelopeToJsonString(createEnvelope("updateGet"), { prettySpaces: 12 }),
    );
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe("option prettySpaces must be at most 10, got 12");
  });
});

describe("matchEnvelope() errors", () => {
  it("throws missing_data for an envelope without Data and no none handler", () => {
    const error = codecErrorOf(() =>
      matchEnvelope(decodeEnvelope(B(), { requireData: false }), {} as never),
    );
    expect(error.code).toBe("missing_data");
    expect(error.rawMessage).toBe(
      "cannot match kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    );
  });
});

describe("isCodecError()", () => {
  it("recognises a CodecError without instanceof, e.g. from another copy of the package", () => {
    const foreign = Object.assign(new Error("[malformed] x"), {
      name: "CodecError",
      code: "malformed",
      rawMessage: "x",
    });
    expect(isCodecError(foreign)).toBe(true);
    expect(isCodecError(new CodecError("truncated", "x"))).toBe(true);
  });

  it.each([
    ["a plain Error", new Error("x")],
    [
      "an unknown code",
      Object.assign(new Error("x"), { name: "CodecError", code: "nope", rawMessage: "x" }),
    ],
    ["a plain object", { name: "CodecError", code: "malformed", rawMessage: "x" }],
    ["null", null],
  ])("rejects %s", (_, value) => {
    expect(isCodecError(value)).toBe(false);
  });

  it("documents a closed set of codes", () => {
    expect(codecErrorCodes).toEqual([
      "truncated",
      "malformed",
      "invalid_utf8",
      "too_deep",
      "too_large",
      "missing_data",
      "invalid_json",
      "invalid_message",
      "invalid_argument",
    ]);
  });
});
