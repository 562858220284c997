import { toJsonString } from "@bufbuild/protobuf";
import fc from "fast-check";
import {
  GRPC_AttendantPayloadSchema,
  type JsonReadOptions,
  type JsonWriteOptions,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { type Damage, damage, hostileValue } from "./hostile-messages.js";

// Arbitraries for the JSON tests: write and read options, the JSON text of any envelope in any
// form protobuf-es writes, that text mutated, and damage fit for JSON values.

const S = GRPC_AttendantPayloadSchema;

export const writeOptions: fc.Arbitrary<Partial<JsonWriteOptions>> = fc.record(
  {
    useProtoFieldName: fc.boolean(),
    alwaysEmitImplicit: fc.boolean(),
    enumAsInteger: fc.boolean(),
    prettySpaces: fc.constantFrom(0, 2),
  },
  { requiredKeys: [] },
);

export const readOptions: fc.Arbitrary<Partial<JsonReadOptions>> = fc.record(
  {
    ignoreUnknownFields: fc.boolean(),
    requireData: fc.boolean(),
    recursionLimit: fc.constantFrom(1, 2, 3, 4, 100),
  },
  { requiredKeys: [] },
);

/** The JSON text of an arbitrary envelope, in any of the forms protobuf-es writes. */
export const jsonText = fc.tuple(arbitraryEnvelope(), writeOptions).map(([envelope, o]) =>
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
  "\udc00",
  "ü",
  "✅",
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
export const mutatedText = fc
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

export const jsonDamage: fc.Arbitrary<Damage> = fc.oneof(
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
