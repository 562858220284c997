import { type DescMessage, fromJson, type JsonValue, ScalarType, toJson } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { file_kafka_grpc_kafka_grpc } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { envelopeFromJsonString } from "../../src/index.js";
import { bytesFromJson, int64FromJson, numberTextLength } from "../../src/runtime/index.js";
import { arbitraryMessage } from "../../src/testing/index.js";
import { expectSameRead } from "../helpers/outcome.js";
import { readJsonTextByOracle } from "../oracle/read-json-by-oracle.js";

/** The field name the value readers put in their errors. */
const F = "kafka_grpc.BineryHex.data";

describe("bytesFromJson(): bytes read from JSON", () => {
  // Arrays of 65 bytes to 4 KiB are views of a shared block (see bytesFromJson in the runtime).
  it("are arrays of their own bytes, whatever their size, however many are read", () => {
    const sizes = [0, 1, 2, 3, 63, 64, 65, 66, 100, 1000, 4095, 4096, 4097, 5000];
    const read: Uint8Array[] = [];
    const expected: Uint8Array[] = [];
    for (let round = 0; round < 40; round++) {
      for (const size of sizes) {
        const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 31 + size + round) & 0xff);
        const text = JSON.stringify({
          keys: { eccKeys: [{ level1: { data: Buffer.from(bytes).toString("base64") } }] },
        });
        const data = envelopeFromJsonString(text).Data.value as {
          eccKeys: { level1: { data: Uint8Array } }[];
        };
        read.push(data.eccKeys[0]?.level1.data as Uint8Array);
        expected.push(bytes);
      }
    }
    for (const array of read) array.fill(0xaa, 0, 1); // writing one must not touch another
    for (const [i, array] of read.entries()) {
      const bytes = expected[i] as Uint8Array;
      expect(array.length).toBe(bytes.length);
      expect(Array.from(array.subarray(1))).toEqual(Array.from(bytes.subarray(1)));
    }
  });
});

describe("bytesFromJson(): the base64 it takes, short or long (decoded natively where it can)", () => {
  const long = Buffer.from(Uint8Array.from({ length: 600 }, (_, i) => (i * 7 + 3) & 0xff));
  /** `s` as the bytes of an ECC key in envelope JSON text. */
  const textOf = (s: string) => JSON.stringify({ keys: { eccKeys: [{ level1: { data: s } }] } });

  it("reads standard base64 with padding of every length to the bytes it encodes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1200 }), (bytes) => {
        const b64 = Buffer.from(bytes).toString("base64");
        const read = bytesFromJson(b64, F);
        expect(read).toEqual(new Uint8Array(bytes));
        expect(Object.getPrototypeOf(read)).toBe(Uint8Array.prototype);
      }),
      { numRuns: 300 },
    );
  });

  const base = long.toString("base64"); // 800 characters, no padding
  const pad1 = long.subarray(0, 599).toString("base64"); // ends in "="
  const pad2 = long.subarray(0, 598).toString("base64"); // ends in "=="
  it.each([
    ["whitespace inside", `${base.slice(0, 400)}    ${base.slice(400)}`],
    ["line breaks every 76 characters", base.replace(/.{76}/g, "$&\n").padEnd(812, "\n")],
    ["whitespace after the padding", `${pad2}    `],
    ["whitespace in place of the padding", `${pad2.slice(0, -2)}  `],
    ["a tab before the padding", `${pad1.slice(0, -4)}\t${pad1.slice(-3)}`],
    ["missing padding", pad2.slice(0, -2)],
    ["bits set past the last byte (one pad)", `${pad1.slice(0, -2)}B=`],
    ["bits set past the last byte (two pads)", `${pad2.slice(0, -3)}B==`],
    ["URL-safe characters", `${base.slice(0, -4)}-_AA`],
    ["padding in the middle", `${base.slice(0, 396)}AQ==${base.slice(400)}`],
    ["three pads", `${base.slice(0, -4)}A===`],
    ["a pad before the last character", `${base.slice(0, -4)}AB=C`],
    ["a character beyond ASCII", `${base.slice(0, -4)}AAé=`],
    ["a NUL character", `${base.slice(0, -4)}AA\0=`],
  ])("reads %s as Google does, past the native decoders", (_, s) => {
    expect(s.length).toBeGreaterThanOrEqual(64);
    const text = textOf(s);
    expectSameRead(
      () => envelopeFromJsonString(text),
      () => readJsonTextByOracle(text),
    );
  });

  it("agrees with the oracle on long base64 with one character changed", () => {
    const chars = [" ", "\n", "\t", "\r", "=", "-", "_", "+", "/", "A", "B", "é", "\u00a0"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.nat(),
        fc.constantFrom(...chars),
        (size, at, c) => {
          const s = long.subarray(0, size).toString("base64");
          const i = at % s.length;
          const text = textOf(s.slice(0, i) + c + s.slice(i + 1));
          expectSameRead(
            () => envelopeFromJsonString(text),
            () => readJsonTextByOracle(text),
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("int64FromJson(): decimal strings of every length", () => {
  // A uint64 (fileCurrent) and an int64 (errCode) field, through the public function and the
  // oracle alike.
  const textOf = (uint64: string, int64: string) =>
    JSON.stringify({ carUpdateProgress: { fileCurrent: uint64, errCode: int64 } });
  const digits = "98765432109876543210";

  it("reads 1 to 20 digits, with and without a sign, as BigInt() does", () => {
    for (let length = 1; length <= 20; length++) {
      const text = digits.slice(0, length);
      if (BigInt(text) <= 18446744073709551615n)
        expect(int64FromJson(text, false, F)).toBe(BigInt(text));
      if (BigInt(text) <= 9223372036854775807n) {
        expect(int64FromJson(text, true, F)).toBe(BigInt(text));
        expect(int64FromJson(`-${text}`, true, F)).toBe(-BigInt(text));
      }
    }
  });

  it("agrees with the oracle on any character in place of any digit", () => {
    const chars = ["/", ":", "0", " ", "-", "+", "e", ".", "a", "\u0661", "\u0000"];
    for (let length = 1; length <= 18; length++) {
      for (let at = 0; at < length; at++) {
        for (const c of chars) {
          const value = digits.slice(0, at) + c + digits.slice(at + 1, length);
          for (const text of [textOf(value, "1"), textOf("1", value), textOf("1", `-${value}`)]) {
            expectSameRead(
              () => envelopeFromJsonString(text),
              () => readJsonTextByOracle(text),
            );
          }
        }
      }
    }
  });
});

describe("numberTextLength(): the shortest JSON text of an integer, for the duplicate-key proof", () => {
  it.each([
    [0, 1],
    [-0, 1],
    [7, 1],
    [-7, 2],
    [10, 2],
    [100, 3],
    [999, 3],
    [1001, 4],
    [-2147483648, 11],
    [4294967295, 10],
    [9007199254740991, 16],
  ])("gives %d as %d characters", (x, n) => {
    expect(numberTextLength(x)).toBe(n);
  });

  it.each([1000, -3000, 2147483000, 1e15])(
    "gives NaN for %d, which an exponent makes shorter",
    (x) => {
      expect(numberTextLength(x)).toBeNaN();
    },
  );

  it("is never more than the length of any JSON spelling of the integer", () => {
    // Every spelling JSON allows: digits with a fraction of zeros, or a mantissa and exponent.
    const spellings = (x: number): string[] => {
      const digits = String(Math.abs(x));
      const sign = x < 0 || Object.is(x, -0) ? "-" : "";
      const out = [`${sign}${digits}`, `${sign}${digits}.0`];
      for (let e = 0; e < digits.length; e++) {
        const mantissa = digits.slice(0, digits.length - e);
        if (/^0*$/.test(digits.slice(digits.length - e)) && mantissa !== "") {
          out.push(`${sign}${mantissa}e${e}`, `${sign}${mantissa}E+${e}`);
        }
      }
      return out;
    };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.integer({ min: 0, max: 999 }).map((x) => x * 1000),
        ),
        (x) => {
          const n = numberTextLength(x);
          for (const s of spellings(x)) {
            expect(JSON.parse(s)).toBe(x);
            if (!Number.isNaN(n)) expect(n).toBeLessThanOrEqual(s.length);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("the generated fromJson() of every message type, against protobuf-es's fromJson()", () => {
  /** A JSON value rewritten into the other forms Google and protobuf-es both take. */
  function otherForms(desc: DescMessage, json: JsonValue, pick: number): JsonValue {
    if (typeof json !== "object" || json === null || Array.isArray(json)) return json;
    const out: Record<string, JsonValue> = {};
    for (const [key, value] of Object.entries(json)) {
      const field = desc.fields.find((f) => f.jsonName === key);
      if (field === undefined) continue;
      const name = (pick + field.number) % 2 === 0 ? field.name : key; // proto names
      const rewrite = (v: JsonValue): JsonValue => {
        if (field.message !== undefined) return otherForms(field.message, v, pick + 1);
        if (typeof v !== "string") return v;
        if (field.enum !== undefined)
          return field.enum.values.find((e) => e.name === v)?.number ?? v;
        if (field.scalar === ScalarType.BYTES)
          return v.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
        if (field.scalar === ScalarType.INT64 || field.scalar === ScalarType.UINT64) {
          const n = Number(v);
          return Number.isSafeInteger(n) && pick % 3 === 0
            ? n
            : `${pick % 3 === 1 && !v.startsWith("-") ? "+" : ""}${v}`;
        }
        return v;
      };
      out[name] = Array.isArray(value)
        ? value.map(rewrite)
        : field.fieldKind === "map"
          ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, rewrite(v)]))
          : rewrite(value);
    }
    for (const field of desc.fields) {
      if (!(field.jsonName in json) && field.oneof === undefined && pick % 4 === 0)
        out[field.jsonName] = null;
    }
    return out;
  }

  it.each(file_kafka_grpc_kafka_grpc.messages.map((desc) => [desc.typeName, desc] as const))(
    "reads %s in every form as protobuf-es does",
    (typeName, desc) => {
      fc.assert(
        fc.property(arbitraryMessage(desc), fc.nat(), fc.boolean(), (message, pick, ignore) => {
          const json = otherForms(desc, toJson(desc, message), pick);
          const options = { ignoreUnknownFields: ignore, recursionLimit: 100 };
          expectSameRead(
            () => fast.fromJson(typeName as fast.MessageTypeName, json, options),
            () => fromJson(desc, json, options) as never,
          );
        }),
        { numRuns: 100 },
      );
    },
  );
});
