import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJsonText } from "../../src/envelope/envelope-json.js";
import { noDuplicateKeys, valueMembers } from "../../src/envelope/json-text.js";
import { envelopeFromJsonString, isCodecError } from "../../src/index.js";
import { jsonReadDefaults } from "../../src/internal/option-defaults.js";
import { jsonText } from "../helpers/json-arbitraries.js";

// Duplicate keys, which JSON.parse() hides (the last one wins) and Google's parsers refuse:
// refused with the same error, naming the key, whichever look for lone surrogates the engine
// takes (readJsonText's scanText).

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
    // Exponents make the numbers 10 characters shorter than their digits, as much as the
    // duplicate adds: the text is as long as the one without it.
    "a message whose numbers an exponent writes shorter",
    '{"dtcEntry":{"speed":1,"mileage":1e9,"volt":1e4,"status":1e3,"speed":1}}',
    `${T}: duplicate key "speed" at position 61`,
  ],
  [
    "the envelope, both times with the same value",
    '{"handler":"a","dtcEntry":{},"handler":"a"}',
    `${T}: duplicate key "handler" at position 29`,
  ],
  [
    "spaces before the colon, and colons in strings",
    '{"updateGet":{"vin" : "a:b", "vin"\n:"c"}}',
    `${T}: duplicate key "vin" at position 29`,
  ],
];

describe("envelopeFromJsonString()", () => {
  it.each(cases)("refuses a duplicate key in %s", (_, text, message) => {
    const o = { ...jsonReadDefaults, requireData: false };
    for (const read of [
      () => envelopeFromJsonString(text, o),
      () => readJsonText(text, o, true),
      () => readJsonText(text, o, false),
    ]) {
      let error: unknown;
      try {
        read();
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

/**
 * The JSON text of `value` with one member written twice: the `member`-th of the `object`-th
 * object that has members (counted in text order), first as `first(value)` writes its value,
 * then as it is. JSON.parse() keeps the last, so the text parses to the very value without the
 * duplicate: only the duplicate-key check can tell.
 */
function withDuplicate(
  value: unknown,
  object: number,
  member: number,
  first: (v: unknown) => string,
): string {
  let objects = 0;
  const count = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(count);
    else if (typeof v === "object" && v !== null) {
      if (Object.keys(v).length > 0) objects++;
      Object.values(v).forEach(count);
    }
  };
  count(value);
  const target = object % objects;
  let seen = 0;
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(",")}]`;
    if (typeof v !== "object" || v === null) return JSON.stringify(v);
    const entries = Object.entries(v);
    const members = entries.map(([k, x]) => `${JSON.stringify(k)}:${write(x)}`);
    if (entries.length > 0 && seen++ === target) {
      const i = member % entries.length;
      const [k, x] = entries[i] as [string, unknown];
      members.splice(i, 0, `${JSON.stringify(k)}:${first(x)}`);
    }
    return `{${members.join(",")}}`;
  };
  return write(value);
}

/** Ways to write the first of two members of one name. */
const firstValue = fc.constantFrom(
  (v: unknown) => JSON.stringify(v), // the same value
  (v: unknown) => (typeof v === "number" && v % 1000 === 0 && v !== 0 ? `${v / 1000}e3` : "0"),
  () => '""',
  () => "0",
  () => "null",
  () => "{}",
);

describe("envelopeFromJsonString(): duplicate keys anywhere", () => {
  it("refuses the JSON of any envelope with any member written twice, whatever the first value", () => {
    fc.assert(
      fc.property(jsonText, fc.nat(), fc.nat(), firstValue, (text, object, member, first) => {
        const value = JSON.parse(text) as unknown;
        fc.pre(typeof value === "object" && value !== null && Object.keys(value).length > 0);
        const duplicated = withDuplicate(value, object, member, first);
        let error: unknown;
        try {
          envelopeFromJsonString(duplicated, { requireData: false, ignoreUnknownFields: true });
        } catch (e) {
          error = e;
        }
        expect(isCodecError(error) && error.code).toBe("invalid_json");
        expect((error as Error).message).toMatch(/: duplicate key "/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("valueMembers()", () => {
  /** The members of the objects of a JSON value, counted by JSON.stringify's replacer. */
  function membersByStringify(value: unknown): number {
    let n = -1; // the first call is for the value itself, under the key ""
    JSON.stringify(value, function (this: unknown, _key, v) {
      if (!Array.isArray(this)) n++;
      return v;
    });
    return n;
  }

  it("adds up the members of every object, in arrays too, and nothing for scalars", () => {
    expect(valueMembers(null, 5)).toBe(0);
    expect(valueMembers("a", 5)).toBe(0);
    expect(valueMembers([], 5)).toBe(0);
    expect(valueMembers({}, 5)).toBe(0);
    expect(valueMembers({ a: 1, b: { c: [{ d: 1 }, 2, { e: {} }] } }, 5)).toBe(5);
  });

  it("is NaN past its levels of objects and arrays, at any depth", () => {
    expect(valueMembers({ a: { b: {} } }, 3)).toBe(2);
    expect(valueMembers({ a: { b: {} } }, 2)).toBeNaN();
    expect(valueMembers([[[]]], 2)).toBeNaN();
    const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`) as unknown;
    expect(valueMembers(deep, 1000)).toBeNaN(); // and no stack overflow
  });

  it("counts what JSON.stringify's replacer sees, for the JSON of any envelope", () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const value = JSON.parse(text) as unknown;
        expect(valueMembers(value, 1000)).toBe(membersByStringify(value));
      }),
      { numRuns: 300 },
    );
  });
});
