import {
  create,
  createFileRegistry,
  type DescMessage,
  equals,
  fromBinary,
  fromJson,
  isMessage,
  toBinary,
  toJson,
} from "@bufbuild/protobuf";
import {
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FieldOptions_JSType,
  FileDescriptorProtoSchema,
} from "@bufbuild/protobuf/wkt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraryMessage } from "../../src/testing/index.js";
import { fieldValues } from "./field-values.js";

// arbitraryMessage() on a schema that is not the contract: one field of every scalar type, a
// jstype = JS_STRING int64, an enum, maps with integer, bool and message keys, a oneof, and a
// message that holds itself three ways. A message added to the proto gets values the same way.

const { MESSAGE, ENUM } = FieldDescriptorProto_Type;
const { OPTIONAL, REPEATED } = FieldDescriptorProto_Label;

const scalarTypes = [
  "DOUBLE",
  "FLOAT",
  "INT64",
  "UINT64",
  "INT32",
  "FIXED64",
  "FIXED32",
  "BOOL",
  "STRING",
  "BYTES",
  "UINT32",
  "SFIXED32",
  "SFIXED64",
  "SINT32",
  "SINT64",
] as const;

function field(name: string, number: number, init: object = {}) {
  return { name, number, jsonName: name, label: OPTIONAL, ...init };
}

function mapEntry(name: string, key: FieldDescriptorProto_Type, value: object) {
  return {
    name,
    field: [field("key", 1, { type: key }), field("value", 2, value)],
    options: { mapEntry: true },
  };
}

const file = create(FileDescriptorProtoSchema, {
  name: "every.proto",
  package: "test.every",
  syntax: "proto3",
  enumType: [
    {
      name: "Color",
      value: [
        { name: "RED", number: 0 },
        { name: "GREEN", number: 1 },
      ],
    },
  ],
  messageType: [
    {
      name: "Every",
      field: [
        ...scalarTypes.map((type, i) =>
          field(`f_${type.toLowerCase()}`, i + 1, { type: FieldDescriptorProto_Type[type] }),
        ),
        field("as_string", 20, {
          type: FieldDescriptorProto_Type.INT64,
          options: { jstype: FieldOptions_JSType.JS_STRING },
        }),
        field("color", 21, { type: ENUM, typeName: ".test.every.Color" }),
        field("colors", 22, {
          type: ENUM,
          typeName: ".test.every.Color",
          label: REPEATED,
        }),
        field("by_id", 23, {
          type: MESSAGE,
          typeName: ".test.every.Every.ByIdEntry",
          label: REPEATED,
        }),
        field("by_flag", 24, {
          type: MESSAGE,
          typeName: ".test.every.Every.ByFlagEntry",
          label: REPEATED,
        }),
        field("text", 25, { type: FieldDescriptorProto_Type.STRING, oneofIndex: 0 }),
        field("child", 26, { type: MESSAGE, typeName: ".test.every.Every", oneofIndex: 0 }),
        field("children", 27, {
          type: MESSAGE,
          typeName: ".test.every.Every",
          label: REPEATED,
        }),
        field("leaf", 28, { type: MESSAGE, typeName: ".test.every.Leaf" }),
      ],
      nestedType: [
        mapEntry("ByIdEntry", FieldDescriptorProto_Type.SINT64, {
          type: FieldDescriptorProto_Type.STRING,
        }),
        mapEntry("ByFlagEntry", FieldDescriptorProto_Type.BOOL, {
          type: MESSAGE,
          typeName: ".test.every.Every",
        }),
      ],
      oneofDecl: [{ name: "choice" }],
    },
    { name: "Leaf", field: [field("ids", 1, { type: FieldDescriptorProto_Type.UINT32 })] },
  ],
});

const Every = createFileRegistry(file, () => undefined).getMessage("test.every.Every");
if (Every === undefined) throw new Error("test.every.Every is missing");
const schema: DescMessage = Every;

const samples = fc.sample(arbitraryMessage(schema), { numRuns: 1000, seed: 20261123 });
const values = samples.flatMap((message) => fieldValues(schema, message));
const valuesOf = (name: string) =>
  values.filter(({ field }) => field.name === name).map(({ value }) => value);

/** How many `Every` messages nest inside one another, at most, in `message`. */
function depth(message: object): number {
  const inner = fieldValues(schema, message)
    .filter(({ field, value }) => field.message === schema && value !== undefined)
    .flatMap(({ field, value }) =>
      field.fieldKind === "list"
        ? (value as object[])
        : field.fieldKind === "map"
          ? Object.values(value as object)
          : [value as object],
    );
  return 1 + Math.max(0, ...inner.map((child) => depth(child)));
}

describe("arbitraryMessage() of a schema with every kind of field", () => {
  it("yields messages of the schema that survive the binary and JSON round trips", () => {
    fc.assert(
      fc.property(arbitraryMessage(schema), (message) => {
        expect(isMessage(message, schema)).toBe(true);
        expect(equals(schema, fromBinary(schema, toBinary(schema, message)), message)).toBe(true);
        expect(equals(schema, fromJson(schema, toJson(schema, message)), message)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("reaches the edges of every 64-bit integer type, as bigint", () => {
    for (const name of ["f_int64", "f_sint64", "f_sfixed64"]) {
      for (const edge of [-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n]) {
        expect(valuesOf(name), name).toContain(edge);
      }
    }
    for (const name of ["f_uint64", "f_fixed64"]) {
      for (const edge of [0n, 2n ** 64n - 1n]) expect(valuesOf(name), name).toContain(edge);
    }
  });

  it("reaches the edges of every 32-bit integer type", () => {
    for (const name of ["f_int32", "f_sint32", "f_sfixed32"]) {
      for (const edge of [-(2 ** 31), 2 ** 31 - 1, 0, -1]) {
        expect(valuesOf(name), name).toContain(edge);
      }
    }
    for (const name of ["f_uint32", "f_fixed32"]) {
      for (const edge of [0, 2 ** 32 - 1]) expect(valuesOf(name), name).toContain(edge);
    }
  });

  it("reaches infinities and extreme magnitudes of float and double, never NaN or -0", () => {
    const float = valuesOf("f_float") as number[];
    const double = valuesOf("f_double") as number[];
    for (const edge of [Infinity, -Infinity, 3.4028234663852886e38, 1.401298464324817e-45]) {
      expect(float).toContain(edge);
    }
    for (const edge of [Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE]) {
      expect(double).toContain(edge);
    }
    for (const value of [...float, ...double]) {
      expect(Number.isNaN(value) || Object.is(value, -0)).toBe(false);
    }
    expect(float.every((value) => Math.fround(value) === value)).toBe(true);
  });

  it("gives a jstype = JS_STRING int64 as a decimal string", () => {
    const strings = valuesOf("as_string");
    expect(strings.every((value) => typeof value === "string" && /^-?\d+$/.test(value))).toBe(true);
    expect(strings).toContain("-9223372036854775808");
  });

  it("reaches known and unknown enum numbers, singular and repeated", () => {
    expect(valuesOf("color")).toEqual(expect.arrayContaining([0, 1, 2, 99, -1, 2 ** 31 - 1]));
    expect(valuesOf("colors")).toEqual(expect.arrayContaining([0, 1, 2, 99]));
  });

  it("writes integer and bool map keys as protobuf-es does", () => {
    const ids = (valuesOf("by_id") as object[]).flatMap((map) => Object.keys(map));
    expect(ids.every((key) => /^-?\d+$/.test(key))).toBe(true);
    expect(ids).toContain("9223372036854775807");
    const flags = (valuesOf("by_flag") as object[]).flatMap((map) => Object.keys(map));
    expect(new Set(flags)).toEqual(new Set(["true", "false"]));
  });

  it("leaves the oneof unset or sets each of its members", () => {
    const cases = new Set(
      samples.map((message) => (message as { choice?: { case?: string } }).choice?.case),
    );
    expect(cases).toEqual(new Set([undefined, "text", "child"]));
  });

  it("nests a message in itself through a field, a list, a map and a oneof, 3 levels at most", () => {
    const depths = samples.map((message) => depth(message));
    expect(Math.max(...depths)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...depths)).toBeLessThanOrEqual(4);
  });

  it("gives a message field that is not recursive present and absent", () => {
    const leaves = valuesOf("leaf");
    expect(leaves).toContain(undefined);
    expect(leaves.some((leaf) => isMessage(leaf))).toBe(true);
  });
});
