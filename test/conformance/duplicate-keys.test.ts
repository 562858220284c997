import { describe, expect, it } from "vitest";
import { parseJsonText } from "../../src/envelope/envelope-json.js";
import { fromJsonTextFallback } from "../../src/envelope/fallback.js";

/** The checked way to read JSON text: what envelopeFromJsonString falls back to. */
const envelopeFromJsonStringSlow = (
  text: string,
  options?: Parameters<typeof fromJsonTextFallback>[2],
) => fromJsonTextFallback(text, parseJsonText(text, options), options);

import { noDuplicateKeys } from "../../src/envelope/json-duplicates.js";
import { envelopeFromJsonString, isCodecError } from "../../src/index.js";

// Duplicate keys, which JSON.parse() hides (the last one wins) and Google's parsers refuse: the
// fast path and the slow path refuse them with the same error, naming the key.

const T = "cannot decode kafka_grpc.GRPC_AttendantPayload from JSON";

const cases: [string, string, string][] = [
  [
    "the envelope",
    '{"handler":"a","handler":"b","updateGet":{}}',
    `${T}: duplicate key "handler" at position 15`,
  ],
  [
    "a oneof member",
    '{"updateGet":{},"updateGet":{}}',
    `${T}: duplicate key "updateGet" at position 16`,
  ],
  [
    "a nested message",
    '{"updateGet":{"vin":"a","vin":"b"}}',
    `${T}: duplicate key "vin" at position 24`,
  ],
  [
    "a message in a list",
    '{"keys":{"eccKeys":[{"ecu":"a"},{"ecu":"a","env":"x","ecu":"b"}]}}',
    `${T}: duplicate key "ecu" at position 53`,
  ],
  [
    "a map",
    '{"carUpdateStatus":{"ecus":{"k":{},"k":{}}}}',
    `${T}: duplicate key "k" at position 35`,
  ],
  [
    "a map value",
    '{"carUpdateStatus":{"ecus":{"k":{"vin":"1","vin":"2"}}}}',
    `${T}: duplicate key "vin" at position 43`,
  ],
  [
    "a key written with an escape",
    '{"updateGet":{"vin":"a","v\\u0069n":"b"}}',
    `${T}: duplicate key "vin" at position 24`,
  ],
  [
    "spaces before the colon, and colons in strings",
    '{"updateGet":{"vin" : "a:b", "vin"\n:"c"}}',
    `${T}: duplicate key "vin" at position 29`,
  ],
];

describe("envelopeFromJsonString()", () => {
  it.each(cases)("refuses a duplicate key in %s", (_, text, message) => {
    for (const read of [envelopeFromJsonString, envelopeFromJsonStringSlow]) {
      let error: unknown;
      try {
        read(text, { requireData: false });
      } catch (e) {
        error = e;
      }
      expect(isCodecError(error) && error.code).toBe("invalid_json");
      expect((error as Error).message).toBe(`[invalid_json] ${message}`);
    }
  });

  it.each([
    ['{"updateGet":{"vin":"a:b"},"handler":"\\":"}', 3],
    ['{"updateGet":{"vin":":"},"handler":" :"}', 3],
    ['{ "updateGet" : { "vin" : "x" } }', 2],
  ])("finds no duplicate in %s", (text, keys) => {
    expect(noDuplicateKeys(text, keys)).toBe(true);
    expect(noDuplicateKeys(text, keys - 1)).toBe(false);
    expect(() => envelopeFromJsonString(text)).not.toThrow();
  });
});
