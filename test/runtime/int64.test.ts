import { describe, expect, it } from "vitest";
import {
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeToJson,
} from "../../src/index.js";
import { inInt64Range } from "../../src/runtime/int64.js";

const int64Cases = [
  ["-2^63", -9223372036854775808n],
  ["2^63-1", 9223372036854775807n],
  ["-1", -1n],
  ["0", 0n],
  ["2^53+1", 9007199254740993n],
] as const;

const uint64Cases = [
  ["0", 0n],
  ["2^64-1", 18446744073709551615n],
  ["2^63", 9223372036854775808n],
  ["2^53+1", 9007199254740993n],
] as const;

describe("int64 and uint64", () => {
  it.each(int64Cases)("keep int64 %s exact through binary and JSON", (_, value) => {
    const envelope = createEnvelope("dtcEntry", { createdAt: value, timestamp: value });
    const decoded = decodeEnvelope(encodeEnvelope(envelope), { requireData: false });
    expect(decoded.Data.value).toMatchObject({ createdAt: value, timestamp: value });
    const json = envelopeToJson(envelope, { alwaysEmitImplicit: true });
    expect(json).toMatchObject({ dtcEntry: { createdAt: value.toString() } });
    expect(envelopeFromJson(json).Data.value).toMatchObject({ createdAt: value });
  });

  it.each(uint64Cases)("keep uint64 %s exact through binary and JSON", (_, value) => {
    const envelope = createEnvelope("carUpdateProgress", { fileCurrent: value, pkgTotal: value });
    const decoded = decodeEnvelope(encodeEnvelope(envelope), { requireData: false });
    expect(decoded.Data.value).toMatchObject({ fileCurrent: value, pkgTotal: value });
    const json = envelopeToJson(envelope, { alwaysEmitImplicit: true });
    expect(json).toMatchObject({ carUpdateProgress: { fileCurrent: value.toString() } });
    expect(envelopeFromJson(json).Data.value).toMatchObject({ fileCurrent: value });
  });

  it("encodes int64 -1 as a 10-byte varint, as every protobuf runtime does", () => {
    const bytes = encodeEnvelope(createEnvelope("updateApprove", { id: -1n }));
    expect(Array.from(bytes)).toEqual([
      0x32, 0x0b, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01,
    ]);
  });

  it("refuses a uint64 above 2^64-1 from JSON instead of wrapping it", () => {
    expect(() =>
      envelopeFromJson({ carUpdateProgress: { fileCurrent: "18446744073709551616" } }),
    ).toThrow(/\[invalid_json\]/);
  });

  it("reads an int64 beyond 2^53 exactly from its JSON string form", () => {
    const envelope = envelopeFromJson({ updateApprove: { id: "9223372036854775807" } });
    expect(envelope.Data.value).toMatchObject({ id: 9223372036854775807n });
  });

  it("reads int64 numbers in JSON up to 2^53-1, in any of the fields' forms", () => {
    const text =
      '{"updateManifest":{"id":9007199254740991,"car_update_id":-9007199254740991,"ecuUpdates":[{"files":[{"fileSize":1e3}]}]}}';
    const manifest = envelopeFromJsonString(text).Data.value;
    expect(manifest).toMatchObject({ id: 9007199254740991n, carUpdateId: -9007199254740991n });
    expect(manifest).toMatchObject({ ecuUpdates: [{ files: [{ fileSize: 1000n }] }] });
  });

  it.each([
    [
      "int64 2^53+1",
      '{"updateApprove":{"id":9007199254740993}}',
      "UpdateData.id",
      "9007199254740992",
    ],
    [
      "int64 -2^53-1",
      '{"updateApprove":{"id":-9007199254740993}}',
      "UpdateData.id",
      "-9007199254740992",
    ],
    [
      "uint64 2^63",
      '{"carUpdateProgress":{"fileTotal":9223372036854775808}}',
      "CarUpdateProgress.fileTotal",
      "9223372036854776000",
    ],
    [
      "a uint64 in a list item",
      '{"updateManifest":{"ecuUpdates":[{"files":[{"file_size":12345678901234567890}]}]}}',
      "UpdateManifestFile.file_size",
      "12345678901234567000",
    ],
  ])(
    "refuses a JSON number beyond 2^53 in an %s, whose digits JSON.parse may have changed",
    (_, text, field, read) => {
      expect(() => envelopeFromJsonString(text)).toThrow(
        `[invalid_json] cannot decode field kafka_grpc.${field} from JSON: the number ${read} is beyond ±2^53, where JSON numbers lose digits; write a 64-bit integer this large as a string`,
      );
      expect(() => envelopeFromJson(JSON.parse(text))).toThrow(/\[invalid_json\].*beyond ±2\^53/);
    },
  );

  it("still reads such a value exactly from its string form", () => {
    const envelope = envelopeFromJsonString('{"updateApprove":{"id":"9007199254740993"}}');
    expect(envelope.Data.value).toMatchObject({ id: 9007199254740993n });
  });
});

describe("inInt64Range()", () => {
  it.each([
    [-(2n ** 63n), true, false],
    [2n ** 63n - 1n, true, true],
    [0n, true, true],
    [-1n, true, false],
    [2n ** 63n, false, true],
    [2n ** 64n - 1n, false, true],
  ])("tells whether %s is an int64 (%s) and a uint64 (%s)", (value, asInt64, asUint64) => {
    expect(inInt64Range(value, true)).toBe(asInt64);
    expect(inInt64Range(value, false)).toBe(asUint64);
  });

  it.each([-(2n ** 63n) - 1n, 2n ** 64n, -(2n ** 64n)])("refuses %s as either", (value) => {
    expect(inInt64Range(value, true)).toBe(false);
    expect(inInt64Range(value, false)).toBe(false);
  });
});
