import { create, equals, type JsonValue, toJson } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonError, readJsonText, writeJsonText } from "../../src/envelope/envelope-json.js";
import { sampleEnvelope, sampleMessage } from "../../src/fixtures/index.js";
import {
  CarECUSchema,
  CodecError,
  createEnvelope,
  encodeEnvelope,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeToJson,
  envelopeToJsonString,
  GRPC_AttendantPayloadSchema,
  type JsonReadOptions,
  type JsonWriteOptions,
} from "../../src/index.js";
import { jsonReadDefaults, jsonWriteDefaults } from "../../src/internal/option-defaults.js";
import { MAX_MESSAGE_LENGTH } from "../../src/runtime/escape-text.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { damage, damaged, writerDamage } from "../helpers/hostile-messages.js";
import {
  jsonDamage,
  jsonText,
  mutatedText,
  readOptions,
  writeOptions,
} from "../helpers/json-arbitraries.js";
import { expectSameOutcome, expectSameRead } from "../helpers/outcome.js";
import { envelopeToJsonByOracle } from "../oracle/json-by-oracle.js";
import { readJsonByOracle, readJsonTextByOracle } from "../oracle/read-json-by-oracle.js";

const S = GRPC_AttendantPayloadSchema;

/** A map of `n` CarECUs, keys "e0", "e1", …, the last under `lastKey`, its vin `lastVin`. */
function ecusOf(n: number, lastKey: string, lastVin = "v"): Record<string, { vin: string }> {
  const ecus: Record<string, { vin: string }> = {};
  for (let i = 0; i < n - 1; i++) ecus[`e${i}`] = sampleMessage(CarECUSchema, { vin: `v${i}` });
  Object.defineProperty(ecus, lastKey, {
    value: sampleMessage(CarECUSchema, { vin: lastVin }),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return ecus;
}

describe("envelopeFromJson(), envelopeFromJsonString(), envelopeToJson() and envelopeToJsonString() errors", () => {
  const json = "cannot decode kafka_grpc.GRPC_AttendantPayload from JSON: ";
  it.each([
    [
      "a field of the wrong type",
      () => envelopeFromJson({ handler: 5 }),
      "invalid_json",
      "cannot decode field kafka_grpc.GRPC_AttendantPayload.handler from JSON: expected a string, got 5",
    ],
    [
      "an unknown property",
      () => envelopeFromJson({ handler: "h", color: 1 }),
      "invalid_json",
      'cannot decode message kafka_grpc.GRPC_AttendantPayload from JSON: unknown member "color"',
    ],
    [
      "two Data members",
      () => envelopeFromJson({ updateGet: {}, updateApprove: {} }),
      "invalid_json",
      'cannot decode oneof kafka_grpc.GRPC_AttendantPayload.Data from JSON: members "updateGet" and "updateApprove" both set',
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
      "cannot decode message kafka_grpc.GRPC_AttendantPayload from JSON: expected an object, got an array",
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

  // The rest of the message is JSON.parse's own text, which each engine words its own way (V8
  // added "(line 1 column 2)" in Node 22): the test asserts our part and that the rest is the cause's.
  it("rejects text that does not parse, keeping JSON.parse's error as cause", () => {
    const error = codecErrorOf(() => envelopeFromJsonString("{"));
    expect(error.code).toBe("invalid_json");
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(error.rawMessage).toBe(
      `cannot decode kafka_grpc.GRPC_AttendantPayload from JSON: ${(error.cause as SyntaxError).message}`,
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

describe("envelopeFromJson() and envelopeFromJsonString(): what Google refuses, in the package's words", () => {
  const field = (name: string, detail: string) =>
    `cannot decode field kafka_grpc.${name} from JSON: ${detail}`;
  const message = (name: string, detail: string) =>
    `cannot decode message kafka_grpc.${name} from JSON: ${detail}`;
  // Each text is read as it is, as compact text, and as JSON.parse() makes it, under the options
  // given: the same error each way.
  it.each([
    [
      "a bool in quotes",
      '{"updateManifest":{"rollback":"true"}}',
      {},
      field("UpdateManifest.rollback", 'expected true or false, got "true"'),
    ],
    [
      "a string for a message",
      '{"updateGet":"V"}',
      {},
      message("VehicleData", 'expected an object, got "V"'),
    ],
    [
      "null for the envelope",
      "null",
      {},
      message("GRPC_AttendantPayload", "expected an object, got null"),
    ],
    [
      "an int32 out of range",
      '{"dtcEntry":{"speed":4294967296}}',
      {},
      field("DTCEntry.speed", "expected a uint32, got 4294967296"),
    ],
    [
      "a negative uint32",
      '{"dtcEntry":{"speed":-1}}',
      {},
      field("DTCEntry.speed", "expected a uint32, got -1"),
    ],
    [
      "a fraction for an int32",
      '{"updateManifest":{"year":1.5}}',
      {},
      field("UpdateManifest.year", "expected an int32, got 1.5"),
    ],
    [
      "an int32 string in exponent form",
      '{"updateManifest":{"year":"1e2"}}',
      {},
      field("UpdateManifest.year", 'expected an integer in decimal digits, got "1e2"'),
    ],
    [
      "an int32 string out of range",
      '{"updateManifest":{"year":"2147483648"}}',
      {},
      field("UpdateManifest.year", 'expected an int32, got "2147483648"'),
    ],
    [
      "a uint64 string with a sign",
      '{"dtcEntry":{"dtc":"-0"}}',
      {},
      field("DTCEntry.dtc", 'expected an unsigned integer in decimal digits, got "-0"'),
    ],
    [
      "an int64 string out of range",
      '{"updateApprove":{"id":"9223372036854775808"}}',
      {},
      field("UpdateData.id", 'expected an int64, got "9223372036854775808"'),
    ],
    [
      "a negative uint64",
      '{"dtcEntry":{"dtc":-1}}',
      {},
      field("DTCEntry.dtc", "expected a uint64, got -1"),
    ],
    [
      "an int64 with a fraction",
      '{"updateApprove":{"id":1.5}}',
      {},
      field("UpdateData.id", "expected an int64, got 1.5"),
    ],
    [
      "an int64 as a bool",
      '{"updateApprove":{"id":true}}',
      {},
      field("UpdateData.id", "expected an int64, got true"),
    ],
    [
      "an unknown enum name",
      '{"messageStatus":{"status":"NOPE"}}',
      {},
      field("MessageStatus.status", 'expected a kafka_grpc.EmumStatus name or number, got "NOPE"'),
    ],
    [
      "an enum string of an unknown number",
      '{"messageStatus":{"status":"7"}}',
      {},
      field("MessageStatus.status", 'expected a kafka_grpc.EmumStatus name or number, got "7"'),
    ],
    [
      "an enum number out of range",
      '{"messageStatus":{"status":2147483648}}',
      {},
      field(
        "MessageStatus.status",
        "expected a kafka_grpc.EmumStatus name or number, got 2147483648",
      ),
    ],
    [
      "an unknown enum name with a lone surrogate, skipped",
      '{"messageStatus":{"status":"\\ud800"}}',
      { ignoreUnknownFields: true },
      'cannot decode enum kafka_grpc.EmumStatus from JSON: "\\ud800" holds a lone surrogate',
    ],
    [
      "base64 with a space",
      '{"keys":{"eccKeys":[{"level1":{"data":"A Q=="}}]}}',
      {},
      field("BineryHex.data", 'expected base64, got "A Q=="'),
    ],
    [
      "base64 of two alphabets",
      '{"keys":{"eccKeys":[{"level1":{"data":"+_8="}}]}}',
      {},
      field("BineryHex.data", 'expected base64, got "+_8="'),
    ],
    [
      "base64 with bits past the last byte",
      '{"keys":{"eccKeys":[{"level1":{"data":"QR=="}}]}}',
      {},
      field("BineryHex.data", 'expected base64, got "QR=="'),
    ],
    [
      "a number for bytes",
      '{"keys":{"eccKeys":[{"level1":{"data":1}}]}}',
      {},
      field("BineryHex.data", "expected base64, got 1"),
    ],
    [
      "a lone surrogate in a string",
      '{"updateGet":{"vin":"a\\udc00"}}',
      {},
      field("VehicleData.vin", '"a\\udc00" holds a lone surrogate'),
    ],
    [
      "a single value for a list",
      '{"fileKeyReq":{"fileIDs":"f"}}',
      {},
      field("FileKeysRequest.fileIDs", 'expected an array, got "f"'),
    ],
    [
      "a list inside a list",
      '{"fileKeyReq":{"fileIDs":[[]]}}',
      {},
      field("FileKeysRequest.fileIDs", "expected a string, got an array"),
    ],
    [
      "a null list item",
      '{"keys":{"eccKeys":[{},null]}}',
      {},
      field("ECCKeys.eccKeys", "a list item is null"),
    ],
    [
      "an array for a map",
      '{"carUpdateStatus":{"ecus":[]}}',
      {},
      field("CarUpdateStatus.ecus", "expected an object, got an array"),
    ],
    [
      "a null map value",
      '{"carUpdateStatus":{"ecus":{"k":null}}}',
      {},
      field("CarUpdateStatus.ecus", 'the value of key "k" is null'),
    ],
    [
      "a map key with a lone surrogate",
      '{"carUpdateStatus":{"ecus":{"\\ud800":{}}}}',
      {},
      field("CarUpdateStatus.ecus", 'key "\\ud800" holds a lone surrogate'),
    ],
    [
      "both names of a field",
      '{"carUpdateRequest":{"car_update_id":"1","carUpdateId":"1"}}',
      {},
      field(
        "CarUpdateRequest.car_update_id",
        'given by both its names, "carUpdateId" and "car_update_id"',
      ),
    ],
    [
      "an unknown member, nested",
      '{"updateGet":{"vin":"V","color":1}}',
      {},
      message("VehicleData", 'unknown member "color"'),
    ],
    [
      "a lone surrogate in a skipped name",
      '{"updateGet":{"\\ud800":1}}',
      { ignoreUnknownFields: true },
      message("VehicleData", 'a lone surrogate in the name of unknown member "\\ud800"'),
    ],
    [
      "a lone surrogate in a skipped value",
      '{"updateGet":{"color":["\\udc00"]}}',
      { ignoreUnknownFields: true },
      message("VehicleData", 'a lone surrogate in the value of unknown member "color"'),
    ],
  ] as const)("refuses %s", (_, text, options, expected) => {
    const o = { requireData: false, ...options };
    const compact = JSON.stringify(JSON.parse(text));
    for (const read of [
      () => envelopeFromJsonString(text, o),
      () => envelopeFromJsonString(compact, o),
      () => envelopeFromJson(JSON.parse(text) as JsonValue, o),
    ]) {
      const error = codecErrorOf(read);
      expect(error.code).toBe("invalid_json");
      expect(error.rawMessage).toBe(expected);
    }
  });

  it("refuses a skipped member that nests objects past recursionLimit, as libprotobuf counts", () => {
    // The message sits in 3 objects (the envelope, the map, the map value); 2 more reach 5.
    const text = '{"carUpdateStatus":{"ecus":{"k":{"zz":{"a":{"b":1}}}}}}';
    const error = codecErrorOf(() =>
      envelopeFromJsonString(text, { ignoreUnknownFields: true, recursionLimit: 5 }),
    );
    expect(error.code).toBe("too_deep");
    expect(error.rawMessage).toBe(
      'cannot decode message kafka_grpc.CarECU from JSON: unknown member "zz" nests objects deeper than recursionLimit 5',
    );
    expect(() =>
      envelopeFromJsonString(text, { ignoreUnknownFields: true, recursionLimit: 6 }),
    ).not.toThrow();
  });

  it("refuses a member whose value is undefined, which JSON cannot hold", () => {
    const error = codecErrorOf(() =>
      envelopeFromJson({ handler: "h", updateGet: { vin: undefined } } as never),
    );
    expect(error.code).toBe("invalid_json");
    expect(error.rawMessage).toBe(
      "cannot decode field kafka_grpc.VehicleData.vin from JSON: expected a JSON value, got undefined",
    );
  });

  it("lets a TypeError of a getter in the value pass as it is", () => {
    const boom = new TypeError("boom");
    const value = {
      get updateGet(): never {
        throw boom;
      },
    };
    expect(() => envelopeFromJson(value as never)).toThrow(boom);
  });
});

describe("envelopeFromJsonString(): a byte order mark", () => {
  // python3-protobuf's json_format.Parse() refuses it ("Unexpected UTF-8 BOM"), and so does
  // libprotobuf (test/conformance: "invalid JSON").
  it.each([
    ["an envelope", '\ufeff{"updateGet":{}}'],
    ["an empty object", "\ufeff{}"],
    ["a BOM alone", "\ufeff"],
  ])("refuses %s after one with invalid_json, in the package's words", (_, text) => {
    const error = codecErrorOf(() => envelopeFromJsonString(text));
    expect(error.message).toBe(
      "[invalid_json] cannot decode kafka_grpc.GRPC_AttendantPayload from JSON: the text starts with a byte order mark (U+FEFF)",
    );
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });
});

describe("jsonError()", () => {
  const prefix = "cannot decode kafka_grpc.GRPC_AttendantPayload from JSON: ";

  it("makes JSON.parse()'s error invalid_json, whatever its text says", () => {
    const cause = new SyntaxError("Unexpected end of JSON input");
    const error = jsonError(cause);
    expect(error).toBeInstanceOf(CodecError);
    expect(error.code).toBe("invalid_json");
    expect(error.rawMessage).toBe(`${prefix}Unexpected end of JSON input`);
    expect(error.cause).toBe(cause);
  });

  it(`cuts a long text after MAX_MESSAGE_LENGTH (${MAX_MESSAGE_LENGTH}) characters, in the cause too`, () => {
    const error = jsonError(new SyntaxError("x".repeat(5000)));
    const cut = `${"x".repeat(MAX_MESSAGE_LENGTH)}…`;
    expect(error.rawMessage).toBe(prefix + cut);
    expect((error.cause as Error).message).toBe(cut);
  });
});

describe("envelopeToJson()", () => {
  it("writes canonical proto3 JSON: int64 as strings, bytes as base64, enums by name", () => {
    const keys = createEnvelope(
      "keys",
      {
        eccKeys: [
          { ecu: "BCM", level1: { data: new Uint8Array([0xde, 0xad, 0xbe, 0xef]) }, created: -5n },
        ],
      },
      { handler: "keys" },
    );
    expect(envelopeToJson(keys)).toEqual({
      handler: "keys",
      keys: { eccKeys: [{ ecu: "BCM", level1: { data: "3q2+7w==" }, created: "-5" }] },
    });
    const status = createEnvelope("messageStatus", { messageId: "m-1", status: 2 });
    expect(envelopeToJson(status)).toEqual({
      messageStatus: { messageId: "m-1", status: "FAILED" },
    });
    expect(envelopeToJson(status, { enumAsInteger: true })).toEqual({
      messageStatus: { messageId: "m-1", status: 2 },
    });
  });

  it("uses lowerCamelCase names, or the proto names with useProtoFieldName", () => {
    const envelope = createEnvelope("carUpdateRequest", { carUpdateId: 7n });
    expect(envelopeToJson(envelope)).toEqual({ carUpdateRequest: { carUpdateId: "7" } });
    expect(envelopeToJson(envelope, { useProtoFieldName: true })).toEqual({
      carUpdateRequest: { car_update_id: "7" },
    });
  });

  it("keeps the contract's spelling of VehicleSpecification and fileIDs", () => {
    const order = createEnvelope("order", { VehicleSpecification: { modelYear: 2027n } });
    expect(envelopeToJson(order)).toEqual({
      order: { VehicleSpecification: { modelYear: "2027" } },
    });
    const req = createEnvelope("fileKeyReq", { fileIDs: ["f-1"] });
    expect(envelopeToJson(req)).toEqual({ fileKeyReq: { fileIDs: ["f-1"] } });
  });

  it("emits zero values with alwaysEmitImplicit", () => {
    const json = envelopeToJson(createEnvelope("updateApprove"), { alwaysEmitImplicit: true });
    expect(json).toEqual({ handler: "", updateApprove: { id: "0" } });
  });

  it("writes an empty member as an empty object, so the kind survives JSON", () => {
    const envelope = createEnvelope("updateGet");
    expect(envelopeToJsonString(envelope)).toBe('{"updateGet":{}}');
    expect(envelopeFromJsonString('{"updateGet":{}}').Data.case).toBe("updateGet");
  });
});

describe("envelopeFromJson()", () => {
  it("accepts both name styles, int64 as string or number, enums by name or number", () => {
    const a = envelopeFromJson({ carUpdateRequest: { car_update_id: "12" } });
    const b = envelopeFromJson({ carUpdateRequest: { carUpdateId: 12 } });
    expect(equals(GRPC_AttendantPayloadSchema, a, b)).toBe(true);
    const c = envelopeFromJson({ messageStatus: { status: "TIMEOUT" } });
    const d = envelopeFromJson({ messageStatus: { status: 1 } });
    expect(equals(GRPC_AttendantPayloadSchema, c, d)).toBe(true);
  });

  it("skips unknown properties with ignoreUnknownFields", () => {
    const envelope = envelopeFromJson(
      { handler: "h", updateGet: { vin: "V", color: "red" }, newMember: {} },
      { ignoreUnknownFields: true },
    );
    expect(envelope).toStrictEqual(
      create(GRPC_AttendantPayloadSchema, {
        handler: "h",
        Data: { case: "updateGet", value: { vin: "V" } },
      }),
    );
  });
});

/**
 * Runs `body` with `Object.prototype[name]` defined as `value`, then removes it. Not enumerable:
 * readOptions() would take an enumerable one for an option.
 */
function withPollutedPrototype(name: string, value: unknown, body: () => void): void {
  Object.defineProperty(Object.prototype, name, {
    value,
    enumerable: false,
    configurable: true,
    writable: true,
  });
  try {
    body();
  } finally {
    delete (Object.prototype as Record<string, unknown>)[name];
  }
}

/**
 * Expects the text, and the value JSON.parse() makes of it, read as the oracle reads them (test/oracle/read-json-by-oracle.ts),
 * under each of `optionList`.
 */
function expectTextAndValueAsOracle(text: string, optionList: Partial<JsonReadOptions>[]): void {
  for (const o of optionList) {
    expectSameRead(
      () => envelopeFromJsonString(text, o),
      () => readJsonTextByOracle(text, o),
    );
    const json = JSON.parse(text) as JsonValue;
    expectSameRead(
      () => envelopeFromJson(json, o),
      () => readJsonByOracle(json, o),
    );
  }
}

describe("envelopeFromJson(): objects that are not plain, and a polluted Object.prototype", () => {
  // The generated reader reads fields as properties, which a prototype could answer: it takes
  // only objects whose prototype is Object.prototype, and counts members against fields read.
  class Holder {
    vin = "V";
  }
  const objects: [string, () => unknown][] = [
    ["a message without a prototype", () => ({ updateGet: Object.create(null) })],
    [
      "an envelope without a prototype",
      () => Object.assign(Object.create(null), { updateGet: {} }),
    ],
    ["a class instance", () => ({ updateGet: new Holder() })],
    ["an object whose prototype holds a field", () => ({ updateGet: Object.create({ vin: "P" }) })],
    [
      "an object two prototypes down from Object.prototype",
      () => ({ updateGet: Object.assign(Object.create(Object.create({ vin: "P" })), { os: "A" }) }),
    ],
    ["an object whose own constructor is Object", () => ({ updateGet: { constructor: Object } })],
    ["a map without a prototype", () => ({ carUpdateStatus: { ecus: Object.create(null) } })],
    ["a map with a key constructor", () => ({ carUpdateStatus: { ecus: { constructor: {} } } })],
    ["an array for a message", () => ({ updateGet: [] })],
  ];

  it.each(objects)("reads %s as protobuf-es does, held to Google's forms", (_, value) => {
    for (const o of [{}, { ignoreUnknownFields: true }]) {
      expectSameRead(
        () => envelopeFromJson(value() as JsonValue, o),
        () => readJsonByOracle(value() as JsonValue, o),
      );
    }
  });

  it.each([
    '{"updateGet":{"constructor":{}}}',
    '{"updateGet":{"constructor":1,"vin":"V"}}',
    '{"carUpdateStatus":{"ecus":{"constructor":{"vin":"V"}}}}',
  ])("reads %s as protobuf-es does, held to Google's forms", (text) => {
    for (const o of [{}, { ignoreUnknownFields: true }]) {
      expectSameRead(
        () => envelopeFromJsonString(text, o),
        () => readJsonTextByOracle(text, o),
      );
    }
  });

  const pollutedTexts = [
    '{"updateGet":{}}',
    '{"updateGet":{"os":"A"}}',
    '{"updateGet":{"osx":1}}',
    '{"updateGet":{"vin":"V"},"handler":"h"}',
    '{"carUpdateStatus":{"ecus":{"e":{}}}}',
  ];

  it("takes no field from a polluted Object.prototype, but where one unknown member hides it", () => {
    // The reader counts the fields it read against the members: one inherited field and one
    // unknown member give the same count (the case the fast branch cannot tell). Not
    // enumerable: readOptions() would take an enumerable one for an option.
    withPollutedPrototype("vin", "POLLUTED", () => {
      for (const text of pollutedTexts.filter((t) => !t.includes('"os'))) {
        for (const o of [{}, { ignoreUnknownFields: true }]) {
          expectSameRead(
            () => envelopeFromJsonString(text, o),
            () => readJsonTextByOracle(text, o),
          );
        }
      }
    });
  });
});

describe("envelopeFromJson(): a field given by its proto name, its JSON name no member", () => {
  // The reader reads both names of a field: a value under the JSON name may come from no member
  // of the object (a polluted Object.prototype, a property that is not enumerable), which the
  // count of members cannot tell from the member under the proto name.
  const ecuText = '{"carUpdateStatus":{"ecus":{"k":{"vin":"V","sw_version":"own"}}}}';

  it("takes the member, not a JSON name inherited from a polluted Object.prototype", () => {
    withPollutedPrototype("swVersion", "POLLUTED", () => {
      expectTextAndValueAsOracle(ecuText, [{}, { ignoreUnknownFields: true }]);
      const envelope = envelopeFromJsonString(ecuText);
      expect(
        envelope.Data.case === "carUpdateStatus" && envelope.Data.value.ecus.k?.swVersion,
      ).toBe("own");
    });
  });

  it("takes the member, not a JSON name that is a property but not enumerable", () => {
    const value = () => {
      const ecu = { vin: "V", sw_version: "enumerable" };
      Object.defineProperty(ecu, "swVersion", { value: "hidden", enumerable: false });
      return { carUpdateStatus: { ecus: { k: ecu } } };
    };
    for (const o of [{}, { ignoreUnknownFields: true }]) {
      expectSameRead(
        () => envelopeFromJson(value() as JsonValue, o),
        () => readJsonByOracle(value() as JsonValue, o),
      );
    }
    const envelope = envelopeFromJson(value() as JsonValue);
    expect(envelope.Data.case === "carUpdateStatus" && envelope.Data.value.ecus.k?.swVersion).toBe(
      "enumerable",
    );
  });
});

describe("envelopeFromJson(): the Data member, found by a walk over the envelope's members", () => {
  // The generated reader finds the members of the envelope's oneof by a for…in walk rather than
  // a property read per member: own and inherited enumerable members only.
  const readOptionList = [{}, { ignoreUnknownFields: true }, { requireData: false }];

  const envelopes: [string, () => unknown][] = [
    [
      "a Data member that is not enumerable",
      () => Object.defineProperty({ handler: "h" }, "updateGet", { value: {}, enumerable: false }),
    ],
    [
      "a Data member behind a getter",
      () => ({
        handler: "h",
        get updateGet() {
          return { vin: "V" };
        },
      }),
    ],
    ["a Data member that is undefined", () => ({ handler: "h", updateGet: undefined })],
    ["a Data member that is undefined beside one", () => ({ updateGet: undefined, order: {} })],
    ["two Data members", () => ({ updateGet: {}, order: {} })],
    ["a Data member after unknown ones", () => ({ color: 1, size: "L", messageStatus: {} })],
  ];

  it.each(envelopes)("reads %s as protobuf-es does, held to Google's forms", (_, value) => {
    for (const o of readOptionList) {
      expectSameRead(
        () => envelopeFromJson(value() as JsonValue, o),
        () => readJsonByOracle(value() as JsonValue, o),
      );
    }
  });

  it("takes no Data member from a polluted Object.prototype", () => {
    withPollutedPrototype("updateGet", { vin: "POLLUTED" }, () => {
      for (const text of [
        '{"handler":"h"}',
        '{"messageStatus":{}}',
        '{"handler":"h","updateGet":{"vin":"V"}}',
        '{"handler":"h","color":1}',
      ]) {
        expectTextAndValueAsOracle(text, readOptionList);
      }
    });
  });
});

const writeOptionTable: [string, Partial<JsonWriteOptions>][] = [
  ["the defaults (lowerCamelCase names)", {}],
  ["useProtoFieldName", { useProtoFieldName: true }],
  ["alwaysEmitImplicit", { alwaysEmitImplicit: true }],
  ["enumAsInteger", { enumAsInteger: true }],
  ["all three options", { useProtoFieldName: true, alwaysEmitImplicit: true, enumAsInteger: true }],
];

describe("envelopeFromJson() and envelopeToJson() identities", () => {
  it.each(writeOptionTable)("fromJson∘toJson is the identity with %s", (_, options) => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const back = envelopeFromJson(envelopeToJson(envelope, options));
        expect(equals(GRPC_AttendantPayloadSchema, back, envelope)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("reads both name styles to the same envelope", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const camel = envelopeFromJson(envelopeToJson(envelope));
        const proto = envelopeFromJson(envelopeToJson(envelope, { useProtoFieldName: true }));
        expect(equals(GRPC_AttendantPayloadSchema, camel, proto)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("round-trips through JSON text, indented or not", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), fc.integer({ min: 0, max: 10 }), (envelope, spaces) => {
        const text = envelopeToJsonString(envelope, { prettySpaces: spaces });
        const back = envelopeFromJsonString(text);
        expect(equals(GRPC_AttendantPayloadSchema, back, envelope)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

// The generated JSON mappers (gen/kafka_grpc/kafka_grpc_fast.ts) against the slow paths:
// checkMessage and protobuf-es's toJson() for writing; protobuf-es's fromJson() (after
// JSON.parse() for text) for reading. The same JSON, messages and errors for every input.

describe("envelopeToJson(): the generated mapper against checkMessage + toJson", () => {
  it("makes the very JSON of the slow path, in every option", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), writeOptions, (envelope, o) => {
        expectSameOutcome(
          () => envelopeToJson(envelope, o),
          () => envelopeToJsonByOracle(envelope, o),
        );
      }),
      { numRuns: 400 },
    );
  });

  it("fails with the same error, or makes the same JSON, for damaged envelopes", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), writerDamage, writeOptions, (envelope, d, o) => {
        const bad = damaged(envelope, d);
        expectSameOutcome(
          () => envelopeToJson(bad, o),
          () => envelopeToJsonByOracle(bad, o),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it.each(envelopeKinds)("agrees on every damage to the %s sample", (kind) => {
    fc.assert(
      fc.property(damage, writeOptions, (d, o) => {
        const bad = damaged(sampleEnvelope(kind), d);
        expectSameOutcome(
          () => envelopeToJsonString(bad, o),
          () => JSON.stringify(envelopeToJsonByOracle(bad, o), null, o.prettySpaces ?? 0),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("writes the very text of the slow path, in every option", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), writeOptions, (envelope, o) => {
        const slow = () =>
          JSON.stringify(envelopeToJsonByOracle(envelope, o), null, o.prettySpaces ?? 0);
        expectSameOutcome(() => envelopeToJsonString(envelope, o), slow);
        const all = { ...jsonWriteDefaults, ...o };
        expectSameOutcome(() => writeJsonText(envelope, all), slow);
      }),
      { numRuns: 300 },
    );
  });

  // Wherever a lone surrogate hides, the text writer fails as the checked path does.
  it.each([
    ["the handler", { handler: "a\ud800" }, undefined],
    ["a string field", { handler: "h" }, { vin: "\udc00b" }],
    ["a list item", undefined, { fileIDs: ["ok", "\udbff"] }, "fileKeyReq"],
    ["a map key", undefined, { ecus: { "\ud800": { vin: "v" } } }, "carUpdateStatus"],
    ["a map value", undefined, { ecus: { a: { vin: "\ud800" } } }, "carUpdateStatus"],
    ["an escaped backslash before ud (no surrogate)", { handler: "\\ud800" }, undefined],
    ["a pair of surrogates (none lone)", { handler: "a\ud83d\ude00" }, undefined],
    ["a map key of a map of 20", undefined, { ecus: ecusOf(20, "\udc00") }, "carUpdateStatus"],
    [
      "a map value of a map of 20",
      undefined,
      { ecus: ecusOf(20, "x", "\ud800") },
      "carUpdateStatus",
    ],
    [
      "a map of 20 with a backslash before ud",
      undefined,
      { ecus: ecusOf(20, "\\ud") },
      "carUpdateStatus",
    ],
  ])("agrees on a lone surrogate in %s", (_, top, data, kind = "updateGet") => {
    const sample = sampleEnvelope(kind as "updateGet");
    const envelope = {
      ...sample,
      ...top,
      Data: { case: sample.Data.case, value: { ...sample.Data.value, ...data } },
    } as typeof sample;
    for (const prettySpaces of [0, 2]) {
      const slow = () => JSON.stringify(envelopeToJsonByOracle(envelope), null, prettySpaces);
      expectSameOutcome(() => envelopeToJsonString(envelope, { prettySpaces }), slow);
      // Strings checked in the text, then one by one where it shows a `\ud`.
      const o = { ...jsonWriteDefaults, prettySpaces };
      expectSameOutcome(() => writeJsonText(envelope, o), slow);
    }
  });

  it("writes a map of more than 16 keys, __proto__ among them, as own members in order", () => {
    const ecus = ecusOf(40, "__proto__");
    const envelope = createEnvelope("carUpdateStatus", { ecus });
    for (const o of [{}, { useProtoFieldName: true, alwaysEmitImplicit: true }]) {
      const json = envelopeToJson(envelope, o) as { carUpdateStatus: { ecus: object } };
      const written = json.carUpdateStatus.ecus;
      expect(Object.getPrototypeOf(written)).toBe(Object.prototype);
      expect(Object.hasOwn(written, "__proto__")).toBe(true);
      expect(Object.keys(written)).toEqual(Object.keys(ecus));
      expect(json).toEqual(envelopeToJsonByOracle(envelope, o));
      const text = JSON.stringify(envelopeToJsonByOracle(envelope, o));
      expect(envelopeToJsonString(envelope, o)).toBe(text);
      expect(writeJsonText(envelope, { ...jsonWriteDefaults, ...o })).toBe(text);
    }
  });

  it("agrees on odd arguments and options", () => {
    const envelope = sampleEnvelope("messageStatus");
    const cases: [unknown, unknown][] = [
      [null, undefined],
      [envelope, null],
      [envelope, 1],
      [envelope, { enumAsInteger: 1, useProtoFieldName: "yes" }],
      [{ ...envelope, Data: undefined }, undefined],
      [
        {
          ...envelope,
          Data: { case: "messageStatus", value: { ...envelope.Data.value, status: 7 } },
        },
        undefined,
      ],
      [
        {
          ...envelope,
          Data: { case: "messageStatus", value: { ...envelope.Data.value, status: -0 } },
        },
        { alwaysEmitImplicit: true },
      ],
    ];
    for (const [value, o] of cases) {
      expectSameOutcome(
        () => envelopeToJson(value as never, o as never),
        () => envelopeToJsonByOracle(value as never, o as never),
      );
    }
  });
});

/**
 * expectSameRead() of `read` and `oracle` under `o`: where one refuses for the depth and the other
 * for a value, each must refuse the input without a depth limit too (500, the most).
 */
function expectSameReadUnder<O extends { recursionLimit?: number }, T>(
  read: (o: O) => T,
  oracle: (o: O) => T,
  o: O,
): void {
  const unlimited = { ...o, recursionLimit: 500 };
  expectSameRead(
    () => read(o),
    () => oracle(o),
    { read: () => read(unlimited), oracle: () => oracle(unlimited) },
  );
}

describe("envelopeFromJson(): the generated reader against fromJson", () => {
  it("reads the JSON of any envelope, in any form, to the very objects fromJson makes", () => {
    fc.assert(
      fc.property(jsonText, readOptions, (text, o) => {
        const json = JSON.parse(text) as JsonValue;
        expectSameReadUnder(
          (x) => envelopeFromJson(json, x),
          (x) => readJsonByOracle(json, x),
          o,
        );
      }),
      { numRuns: 400 },
    );
  });

  it("fails with the same error, or reads the same envelope, for damaged JSON values", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), jsonDamage, readOptions, (envelope, d, o) => {
        const json = damaged(toJson(S, envelope), d) as JsonValue;
        expectSameReadUnder(
          (x) => envelopeFromJson(json, x),
          (x) => readJsonByOracle(json, x),
          o,
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe("envelopeFromJsonString(): the generated parser against JSON.parse + fromJson", () => {
  // The engine decides whether envelopeFromJsonString looks at the whole text for lone
  // surrogates (scanText) or at the strings of two-byte text one by one: readJsonText runs both.
  it("parses the JSON of any envelope, in any form, to the very objects of the oracle", () => {
    fc.assert(
      fc.property(jsonText, readOptions, fc.boolean(), (text, o, scanText) => {
        const oracle = (x: typeof o) => readJsonTextByOracle(text, x);
        expectSameReadUnder((x) => envelopeFromJsonString(text, x), oracle, o);
        const all = { ...jsonReadDefaults, ...o };
        expectSameReadUnder((x) => readJsonText(text, x, scanText), oracle, all);
      }),
      { numRuns: 400 },
    );
  });

  it("fails with the same error, or reads the same envelope, for mutated text", () => {
    fc.assert(
      fc.property(mutatedText, readOptions, fc.boolean(), (text, o, scanText) => {
        const oracle = (x: typeof o) => readJsonTextByOracle(text, x);
        expectSameReadUnder((x) => envelopeFromJsonString(text, x), oracle, o);
        const all = { ...jsonReadDefaults, ...o };
        expectSameReadUnder((x) => readJsonText(text, x, scanText), oracle, all);
      }),
      { numRuns: 4000 },
    );
  });

  // Compact text is read without counting each object's members (its length stands for the
  // count). With ignoreUnknownFields, an unknown member there is found by counting the members
  // of the value, and the text read again, counting, by the generated reader: its result sets
  // optional fields in field-number order (`created` before `updated`), the slow path in member
  // order. Indented text is counted from the start, with the same result.
  it.each([
    ["a scalar", '"zz":1'],
    ["a string", '"zz":"x"'],
    ["two unknown members", '"zz":1,"yy":true'],
  ])("keeps compact text with an unknown member (%s) on the generated reader", (_, unknown) => {
    const text = `{"updateManifest":{"updated":"2",${unknown},"created":"1","ecuUpdates":[{"id":"1"}]}}`;
    const o = { ...jsonReadDefaults, ignoreUnknownFields: true };
    const oracle = () => readJsonTextByOracle(text, o);
    for (const t of [text, JSON.stringify(JSON.parse(text), null, 2)]) {
      for (const scanText of [false, true]) {
        const read = readJsonText(t, o, scanText);
        expectSameRead(() => read, oracle);
        const fields = Object.keys(read.Data.value ?? {});
        expect(fields.indexOf("created")).toBeLessThan(fields.indexOf("updated"));
      }
    }
    const strict = { ...jsonReadDefaults };
    expectSameRead(
      () => readJsonText(text, strict, true),
      () => readJsonTextByOracle(text, strict),
    );
  });

  it("reads compact text with an unknown member nested past the limit as protobuf-es does, held to Google's forms", () => {
    const deep = `${"[".repeat(3000)}${"]".repeat(3000)}`;
    const text = `{"updateGet":{"vin":"V","zz":${deep}}}`;
    for (const o of [
      { ignoreUnknownFields: true },
      { ignoreUnknownFields: true, recursionLimit: 5 },
    ]) {
      const all = { ...jsonReadDefaults, ...o };
      expectSameRead(
        () => readJsonText(text, all, true),
        () => readJsonTextByOracle(text, all),
      );
    }
  });

  // Two-byte text (a character past U+00FF) with a lone surrogate wherever a string can hold one:
  // the strings checked one by one find it as the look at the whole text does.
  it.each([
    ["the handler", '{"handler":"✅\ud800","updateGet":{}}'],
    ["a string field", '{"handler":"✅","updateGet":{"vin":"a\udc00"}}'],
    ["a list item", '{"handler":"✅","fileKeyReq":{"fileIDs":["ok","\udbff"]}}'],
    ["a map key", '{"handler":"✅","carUpdateStatus":{"ecus":{"\ud800":{}}}}'],
    ["a map value", '{"carUpdateStatus":{"ecus":{"ü✅":{"vin":"\ud800x"}}}}'],
    ["an unknown key", '{"handler":"✅","updateGet":{},"\ud800":1}'],
    ["an unknown value", '{"handler":"✅","updateGet":{},"color":"\udc00"}'],
    ["a nested unknown value", '{"updateGet":{"vin":"✅","color":["\udc00"]}}'],
    ["no string (a pair only)", '{"handler":"✅\ud83d\ude00","updateGet":{"vin":"ü"}}'],
  ])("agrees on a lone surrogate in two-byte text, in %s", (_, escaped) => {
    // The text holds the surrogates themselves, not escapes (an escape is ASCII text).
    const text = JSON.parse(`"${escaped.replaceAll('"', '\\"')}"`) as string;
    for (const o of [{}, { ignoreUnknownFields: true }]) {
      const oracle = () => readJsonTextByOracle(text, o);
      for (const scanText of [false, true]) {
        const all = { ...jsonReadDefaults, ...o };
        expectSameRead(() => readJsonText(text, all, scanText), oracle);
      }
    }
  });

  it("agrees on the text of damaged JSON values", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), jsonDamage, readOptions, (envelope, d, o) => {
        const text = JSON.stringify(damaged(toJson(S, envelope), d)) ?? "undefined";
        expectSameReadUnder(
          (x) => envelopeFromJsonString(text, x),
          (x) => readJsonTextByOracle(text, x),
          o,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [
      "escapes in strings",
      '{"handler":"a\\"b\\\\c\\/d\\u00e9\\ud83d\\ude00","updateGet":{"vin":"\\u0041"}}',
    ],
    ["an escaped lone surrogate", '{"handler":"\\ud800","updateGet":{}}'],
    ["a raw lone surrogate", '{"handler":"\ud800","updateGet":{}}'],
    ["an escaped key", '{"h\\u0061ndler":"x","updateGet":{}}'],
    ["a duplicate key", '{"handler":"a","handler":"b","updateGet":{}}'],
    ["both names of a field", '{"carUpdateRequest":{"carUpdateId":"1","car_update_id":"2"}}'],
    // Both names of a field, in either order and beside other fields, and the proto name alone.
    [
      "both names, proto name first",
      '{"carUpdateRequest":{"car_update_id":"2","carUpdateId":"1"}}',
    ],
    [
      "both names beside other fields",
      '{"handler":"h","carUpdateStatus":{"ecus":{"e":{"vin":"V","sw_version":"1","swVersion":"1"}}}}',
    ],
    ["the proto name alone", '{"carUpdateStatus":{"ecus":{"e":{"sw_version":"1.0","ecu":"A"}}}}'],
    ["two members", '{"updateGet":{},"updateApprove":{}}'],
    ["a null member", '{"updateGet":null,"updateApprove":{}}'],
    ["a null field", '{"handler":null,"updateGet":{}}'],
    ["an int64 as a number", '{"updateApprove":{"id":12}}'],
    ["an int64 of 16 digits", '{"updateApprove":{"id":"9007199254740993"}}'],
    ["an int64 of -0", '{"updateApprove":{"id":"-0"}}'],
    ["a uint64 of -0", '{"carUpdateProgress":{"fileCurrent":"-0"}}'],
    ["a uint64 below 0", '{"carUpdateProgress":{"fileCurrent":"-1"}}'],
    ["an int32 of -0", '{"messageStatus":{"status":-0}}'],
    ["an int32 as 1.0", '{"dtcEntry":{"speed":1.0}}'],
    ["an enum by name", '{"messageStatus":{"status":"TIMEOUT"}}'],
    ["an unknown enum name", '{"messageStatus":{"status":"NOPE"}}'],
    ["base64 without padding", '{"keys":{"eccKeys":[{"level1":{"data":"AAE"}}]}}'],
    ["URL-safe base64", '{"keys":{"eccKeys":[{"level1":{"data":"_-8="}}]}}'],
    ["base64 with odd trailing bits", '{"keys":{"eccKeys":[{"level1":{"data":"QR=="}}]}}'],
    ["a map key __proto__", '{"carUpdateStatus":{"ecus":{"__proto__":{"vin":"V"}}}}'],
    ["a map key twice", '{"carUpdateStatus":{"ecus":{"a":{"vin":"1"},"a":{"vin":"2"}}}}'],
    ["numeric map keys", '{"carUpdateStatus":{"ecus":{"10":{},"9":{},"a":{}}}}'],
    [
      "optional fields out of order",
      '{"updateManifest":{"updated":"2","active":true,"created":"1"}}',
    ],
    ["an unknown key", '{"updateGet":{},"color":[1,{"a":null}]}'],
    ["a key __proto__", '{"updateGet":{},"__proto__":{}}'],
    ["trailing garbage", '{"updateGet":{}} x'],
    ["a BOM", '\ufeff{"updateGet":{}}'],
    ["whitespace everywhere", ' \n{ "updateGet" :\t{ } ,"handler" : "h" }\r\n'],
    ["no Data", '{"handler":"h"}'],
    ["an array", "[]"],
    [
      "deep nesting",
      '{"updateManifest":{"ecuUpdates":[{"rollback":[{"rollback":[{"files":[{}]}]}]}]}}',
    ],
  ])("agrees on %s", (_, text) => {
    for (const o of [
      undefined,
      { ignoreUnknownFields: true },
      { requireData: false },
      { recursionLimit: 3 },
    ]) {
      const oracle = () => readJsonTextByOracle(text, o);
      expectSameRead(() => envelopeFromJsonString(text, o), oracle);
      for (const scanText of [false, true]) {
        const all = { ...jsonReadDefaults, ...o };
        expectSameRead(() => readJsonText(text, all, scanText), oracle);
      }
      let json: JsonValue | undefined;
      try {
        json = JSON.parse(text) as JsonValue;
      } catch {
        continue;
      }
      expectSameRead(
        () => envelopeFromJson(json as JsonValue, o),
        () => readJsonByOracle(json as JsonValue, o),
      );
    }
  });
});

describe("envelopeFromJsonString(): maxBytes counts the text's bytes of UTF-8", () => {
  const decode = "cannot decode kafka_grpc.GRPC_AttendantPayload from JSON: ";
  const lone = (escaped: string) =>
    `cannot decode field kafka_grpc.GRPC_AttendantPayload.handler from JSON: "${escaped}" holds a lone surrogate`;
  const withHandler = (handler: string) => `{"handler":"${handler}","updateGet":{}}`;

  // Each handler, the text's size in bytes of UTF-8, and what a read within that size gives:
  // the handler, or the error that follows the size check.
  const cases: [string, string, number, { handler: string } | { error: string }][] = [
    ["two-byte characters", "éé", 33, { handler: "éé" }],
    ["three-byte characters", "€€", 35, { handler: "€€" }],
    ["a pair of surrogates (four bytes)", "😀😀", 37, { handler: "😀😀" }],
    ["a lone high surrogate (three bytes, as U+FFFD)", "\ud800", 32, { error: lone("\\ud800") }],
    ["a lone low surrogate (three bytes, as U+FFFD)", "\udc00", 32, { error: lone("\\udc00") }],
  ];

  it.each(cases)("%s: read at maxBytes, refused one byte below", (_, handler, bytes, within) => {
    const text = withHandler(handler);
    expect(new TextEncoder().encode(text).length).toBe(bytes);
    // Between maxBytes / 3 and maxBytes code units long: the bytes are counted.
    expect(text.length).toBeLessThan(bytes);
    expect(text.length * 3).toBeGreaterThan(bytes);
    if ("handler" in within) {
      expect(envelopeFromJsonString(text, { maxBytes: bytes }).handler).toBe(within.handler);
    } else {
      expect(codecErrorOf(() => envelopeFromJsonString(text, { maxBytes: bytes }))).toMatchObject({
        code: "invalid_json",
        rawMessage: within.error,
      });
    }
    expect(codecErrorOf(() => envelopeFromJsonString(text, { maxBytes: bytes - 1 }))).toMatchObject(
      {
        code: "too_large",
        rawMessage: `${decode}text of ${bytes} bytes exceeds maxBytes ${bytes - 1}`,
      },
    );
  });

  it("refuses a text of more code units than maxBytes by its length", () => {
    expect(
      codecErrorOf(() => envelopeFromJsonString(withHandler("€"), { maxBytes: 29 })),
    ).toMatchObject({
      code: "too_large",
      rawMessage: `${decode}text of 30 characters exceeds maxBytes 29`,
    });
  });

  it("reads a text of at most maxBytes / 3 code units", () => {
    const text = withHandler("€");
    expect(envelopeFromJsonString(text, { maxBytes: text.length * 3 }).handler).toBe("€");
  });
});

describe("hostile JSON input: refused quickly, quoted safely", () => {
  const wrap = (dtc: string) => `{"dtcEntry":{"dtc":${JSON.stringify(dtc)}}}`;

  it("refuses an int64 string of 16 million digits by its length, without reading its digits", () => {
    const text = wrap("1".repeat(16_000_000));
    const started = performance.now();
    const error = codecErrorOf(() => envelopeFromJsonString(text, { maxBytes: 32_000_000 }));
    // A generous bound on a loaded machine: reading the digits with BigInt() took 6.8 s.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error.code).toBe("invalid_json");
    expect(error.rawMessage).toBe(
      "cannot decode field kafka_grpc.DTCEntry.dtc from JSON: expected an integer of at most 32 characters, got a string of 16000000",
    );
    expect(String((error.cause as Error | undefined)?.message ?? "").length).toBeLessThan(1_100);
  });

  it("takes leading zeros up to 32 characters, as an int64 string may carry them", () => {
    const envelope = envelopeFromJsonString(wrap(`${"0".repeat(28)}4660`));
    expect((envelope.Data.value as { dtc: bigint }).dtc).toBe(4660n);
  });

  it("escapes control characters of an unknown key and cuts a long one, message and cause", () => {
    for (const key of ["a\nb\u001b[31m", "k".repeat(8_000_000)]) {
      const error = codecErrorOf(() =>
        envelopeFromJsonString(`{"updateGet":{${JSON.stringify(key)}:1}}`),
      );
      expect(error.code).toBe("invalid_json");
      expect([...error.message].some((c) => c.charCodeAt(0) < 0x20)).toBe(false);
      expect(error.message.length).toBeLessThan(1_200);
      expect(String((error.cause as Error | undefined)?.message ?? "").length).toBeLessThan(1_200);
    }
  });

  it("refuses an int64 string of 16 million digits when encoding, by its length", () => {
    const envelope = createEnvelope("dtcEntry", { dtc: 1n });
    (envelope.Data.value as { dtc: unknown }).dtc = "9".repeat(16_000_000);
    const started = performance.now();
    const error = codecErrorOf(() => encodeEnvelope(envelope));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error.code).toBe("invalid_message");
    expect(error.message.length).toBeLessThan(300);
  });
});
