import { create, type JsonValue, toJson, toJsonString } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  fromJsonGRPC_AttendantPayload,
  toJsonGRPC_AttendantPayload,
} from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { parseJsonText } from "../../src/envelope/envelope-json.js";
import {
  fromJsonFallback,
  fromJsonTextFallback,
  toJsonFallback,
} from "../../src/envelope/fallback.js";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import {
  type EnvelopeJsonReadStringOptions,
  type EnvelopeJsonWriteStringOptions,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeToJson,
  envelopeToJsonString,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { type Damage, damage, damaged, hostileValue } from "./hostile.js";
import { expectSameOutcome } from "./oracle.js";

// The generated JSON mappers (gen/kafka_grpc/kafka_grpc_fast.ts) against the slow paths:
// checkMessage and protobuf-es's toJson() for writing; protobuf-es's fromJson() (after
// JSON.parse() for text) for reading. The same JSON, messages and errors for every input.

const S = GRPC_AttendantPayloadSchema;

const writeOptions: fc.Arbitrary<Partial<EnvelopeJsonWriteStringOptions>> = fc.record(
  {
    useProtoFieldName: fc.boolean(),
    alwaysEmitImplicit: fc.boolean(),
    enumAsInteger: fc.boolean(),
    prettySpaces: fc.constantFrom(0, 2),
  },
  { requiredKeys: [] },
);

const readOptions: fc.Arbitrary<Partial<EnvelopeJsonReadStringOptions>> = fc.record(
  {
    ignoreUnknownFields: fc.boolean(),
    requireData: fc.boolean(),
    recursionLimit: fc.constantFrom(1, 2, 3, 4, 100),
  },
  { requiredKeys: [] },
);

/** The JSON text of an arbitrary envelope, in any of the forms protobuf-es writes. */
const jsonText = fc.tuple(arbitraryEnvelope(), writeOptions).map(([envelope, o]) =>
  toJsonString(S, envelope, {
    useProtoFieldName: o.useProtoFieldName ?? false,
    alwaysEmitImplicit: o.alwaysEmitImplicit ?? false,
    enumAsInteger: o.enumAsInteger ?? false,
    prettySpaces: o.prettySpaces ?? 0,
  }),
);

/** Bits of JSON text to splice into valid text. */
const textPiece = fc.constantFrom(
  '"',
  "\\",
  "\\u0041",
  "\\ud800",
  "\\\\",
  '\\"',
  "\\/",
  "\n",
  "\u0001",
  " ",
  ",",
  ":",
  "{",
  "}",
  "[",
  "]",
  "null",
  "0",
  "-0",
  "00",
  "1.0",
  "1e2",
  '"x"',
  "true",
  "\ud800",
  '"ecus":{}',
  '"handler":"h",',
  '"color":1,',
  '"car_update_id":"1",',
  '"12"',
  '"AAE="',
  '"AAE"',
  '"_-8="',
  '"TIMEOUT"',
  '"NOPE"',
  "2147483648",
  "99999999999999999999",
  '"0x10"',
);

/** Valid JSON text with 1 to 3 splices: an insertion, a deletion or a replacement. */
const mutatedText = fc
  .tuple(
    jsonText,
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.option(textPiece)), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([text, edits]) =>
    edits.reduce((t, [at, cut, piece]) => {
      const i = at % (t.length + 1);
      return (
        t.slice(0, i) + (piece ?? "") + t.slice(i + (piece === null ? Math.max(cut, 1) : cut % 2))
      );
    }, text),
  );

/** JSON values to put where they do not belong. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue.filter((v) => typeof v !== "bigint" && !(v instanceof Uint8Array)),
  fc.constantFrom(
    "TIMEOUT",
    "NOPE",
    "AAE=",
    "AAE",
    "_-8=",
    "1.5",
    "2147483648",
    -2147483649,
    "1e2",
  ),
);

const jsonDamage: fc.Arbitrary<Damage> = fc.oneof(
  damage.map((d): Damage => (d.kind === "set" ? { ...d, value: structuredCloneSafe(d.value) } : d)),
  fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: hostileJson }),
  fc.record({
    kind: fc.constant("rename" as const),
    at: fc.nat(),
    key: fc.constantFrom(
      "color",
      "sw_version",
      "swVersion",
      "car_update_id",
      "carUpdateId",
      "updateGet",
      "[ext]",
    ),
  }),
);

function structuredCloneSafe(v: unknown): unknown {
  return typeof v === "bigint" ? String(v) : v;
}

describe("envelopeToJson(): the generated mapper against checkMessage + toJson", () => {
  it("makes the very JSON of the slow path, in every option", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), writeOptions, (envelope, o) => {
        expectSameOutcome(
          () => envelopeToJson(envelope, o),
          () => toJsonFallback(envelope, o),
        );
      }),
      { numRuns: 400 },
    );
  });

  it("fails with the same error, or makes the same JSON, for damaged envelopes", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), damage, writeOptions, (envelope, d, o) => {
        const bad = damaged(envelope, d);
        expectSameOutcome(
          () => envelopeToJson(bad, o),
          () => toJsonFallback(bad, o),
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
          () => JSON.stringify(toJsonFallback(bad, o), null, o.prettySpaces ?? 0),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("writes the very text of the slow path, in every option", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), writeOptions, (envelope, o) => {
        expectSameOutcome(
          () => envelopeToJsonString(envelope, o),
          () => JSON.stringify(toJsonFallback(envelope, o), null, o.prettySpaces ?? 0),
        );
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
  ])("agrees on a lone surrogate in %s", (_, top, data, kind = "updateGet") => {
    const sample = sampleEnvelope(kind as "updateGet");
    const envelope = {
      ...sample,
      ...top,
      Data: { case: sample.Data.case, value: { ...sample.Data.value, ...data } },
    } as typeof sample;
    for (const prettySpaces of [0, 2]) {
      expectSameOutcome(
        () => envelopeToJsonString(envelope, { prettySpaces }),
        () => JSON.stringify(toJsonFallback(envelope), null, prettySpaces),
      );
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
        () => toJsonFallback(value as never, o as never),
      );
    }
  });
});

describe("the generated mappers take every canonical form themselves", () => {
  // Agreement with the slow path would also hold if the fast path gave up on everything: these
  // show that it does not, so that the benchmark measures what users get.
  it("maps any envelope to JSON, in every option, without the slow path", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), writeOptions, (envelope, o) => {
        const json = toJsonGRPC_AttendantPayload(
          envelope,
          o.useProtoFieldName ?? false,
          o.alwaysEmitImplicit ?? false,
          o.enumAsInteger ?? false,
          100,
        );
        expect(json).toEqual(toJsonFallback(envelope, o));
      }),
      { numRuns: 300 },
    );
  });

  it("reads the JSON protobuf-es writes, in every form, without the slow path", () => {
    fc.assert(
      fc.property(jsonText, fc.boolean(), (text, wellFormed) => {
        const json = JSON.parse(text) as JsonValue;
        const fast = fromJsonGRPC_AttendantPayload(json, false, 100, wellFormed);
        expect(fast).toBeDefined();
        expect(fast).toEqual(fromJsonFallback(json, { requireData: false }));
      }),
      { numRuns: 300 },
    );
  });
});

describe("bytes written to JSON", () => {
  // jsonBytes in the runtime goes through Node's Buffer where there is one, else btoa().
  const sizes = [1, 2, 3, 15, 16, 17, 18, 64, 65, 150, 1000, 5000]; // empty bytes are left out
  const views = sizes.flatMap((size) => {
    const memory = Uint8Array.from({ length: size + 7 }, (_, i) => (i * 37 + size) & 0xff);
    // The whole of an array, and a view into the middle of a larger one.
    return [memory.slice(3, 3 + size), memory.subarray(3, 3 + size)];
  });
  const expected = views.map((bytes) => Buffer.from(bytes).toString("base64"));
  const written = () =>
    views.map((data) => {
      const envelope = create(GRPC_AttendantPayloadSchema, {
        Data: { case: "keys", value: { eccKeys: [{ level1: { data } }] } },
      });
      const json = envelopeToJson(envelope) as {
        keys: { eccKeys: { level1: { data: string } }[] };
      };
      expect(toJsonFallback(envelope)).toEqual(json);
      return json.keys.eccKeys[0]?.level1.data;
    });

  it("are standard base64 with padding, of the view's bytes only", () => {
    expect(written()).toEqual(expected);
  });

  it("are the same where there is no Buffer (as in a browser)", () => {
    vi.stubGlobal("Buffer", undefined);
    try {
      expect(written()).toEqual(expected);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("bytes read from JSON", () => {
  // Arrays of 65 bytes to 4 KiB are views of a shared block (see readBytes in the runtime).
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

describe("envelopeFromJson(): the generated reader against fromJson", () => {
  it("reads the JSON of any envelope, in any form, to the very objects fromJson makes", () => {
    fc.assert(
      fc.property(jsonText, readOptions, (text, o) => {
        const json = JSON.parse(text) as JsonValue;
        expectSameOutcome(
          () => envelopeFromJson(json, o),
          () => fromJsonFallback(json, o),
          { fieldOrder: "any" },
        );
      }),
      { numRuns: 400 },
    );
  });

  it("fails with the same error, or reads the same envelope, for damaged JSON values", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), jsonDamage, readOptions, (envelope, d, o) => {
        const json = damaged(toJson(S, envelope), d) as JsonValue;
        expectSameOutcome(
          () => envelopeFromJson(json, o),
          () => fromJsonFallback(json, o),
          { fieldOrder: "any" },
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe("envelopeFromJsonString(): the generated parser against JSON.parse + fromJson", () => {
  it("parses the JSON of any envelope, in any form, to the very objects of the slow path", () => {
    fc.assert(
      fc.property(jsonText, readOptions, (text, o) => {
        expectSameOutcome(
          () => envelopeFromJsonString(text, o),
          () => fromJsonTextFallback(text, parseJsonText(text, o), o),
          { fieldOrder: "any" },
        );
      }),
      { numRuns: 400 },
    );
  });

  it("fails with the same error, or reads the same envelope, for mutated text", () => {
    fc.assert(
      fc.property(mutatedText, readOptions, (text, o) => {
        expectSameOutcome(
          () => envelopeFromJsonString(text, o),
          () => fromJsonTextFallback(text, parseJsonText(text, o), o),
          { fieldOrder: "any" },
        );
      }),
      { numRuns: 4000 },
    );
  });

  it("agrees on the text of damaged JSON values", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), jsonDamage, readOptions, (envelope, d, o) => {
        const text = JSON.stringify(damaged(toJson(S, envelope), d)) ?? "undefined";
        expectSameOutcome(
          () => envelopeFromJsonString(text, o),
          () => fromJsonTextFallback(text, parseJsonText(text, o), o),
          { fieldOrder: "any" },
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
      expectSameOutcome(
        () => envelopeFromJsonString(text, o),
        () => fromJsonTextFallback(text, parseJsonText(text, o), o),
        { fieldOrder: "any" },
      );
      let json: JsonValue | undefined;
      try {
        json = JSON.parse(text) as JsonValue;
      } catch {
        continue;
      }
      expectSameOutcome(
        () => envelopeFromJson(json as JsonValue, o),
        () => fromJsonFallback(json as JsonValue, o),
        { fieldOrder: "any" },
      );
    }
  });
});
