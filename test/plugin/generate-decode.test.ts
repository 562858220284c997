import { create, createFileRegistry, type DescMessage } from "@bufbuild/protobuf";
import {
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FileDescriptorProtoSchema,
} from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { fieldsOf } from "../../plugin/generate-decode.js";

const { STRING, INT64 } = FieldDescriptorProto_Type;

/** A proto3 message `t.M` with these fields, declared in this order. */
function message(fields: readonly [name: string, number: number, type?: number][]): DescMessage {
  const file = create(FileDescriptorProtoSchema, {
    name: "t.proto",
    package: "t",
    syntax: "proto3",
    messageType: [
      {
        name: "M",
        field: fields.map(([name, number, type = STRING]) => ({
          name,
          number,
          type,
          label: FieldDescriptorProto_Label.OPTIONAL,
        })),
      },
    ],
  });
  return createFileRegistry(file, () => undefined).getMessage("t.M") as DescMessage;
}

/**
 * What the runtime makes of `reader.fields` for field `no`, written apart from it: the proto
 * name, `*` resolved to the n-th property of a message made by the create function (its
 * properties in protobuf-es's order), `name:` to its snake_case form.
 */
function nameOf(fields: string, desc: DescMessage, no: number): string {
  const items = fields.split(",");
  const [name = "", snake] = (items[no - 1] ?? "").split(":");
  const properties = desc.fields.map((f) => f.localName);
  const resolved =
    name === "*"
      ? properties[items.slice(0, no).filter((i) => i.startsWith("*")).length - 1]
      : name;
  return snake === ""
    ? (resolved ?? "").replace(/[A-Z]|\d+/g, (c) => `_${c.toLowerCase()}`)
    : `${resolved}`;
}

describe("fieldsOf()", () => {
  it("names each field of a message declared in number order by its place", () => {
    const desc = message([
      ["vin", 1],
      ["sw_version", 2],
      ["epoch_usec", 3, INT64],
    ]);
    expect(fieldsOf(desc)).toBe("*,*:,*::0");
  });

  it("names a field by its proto name where its place among the properties differs", () => {
    const desc = message([
      ["b", 2],
      ["a", 1],
      ["c_d", 3],
    ]);
    expect(fieldsOf(desc)).toBe("a,*,cD:");
  });

  it("gives the runtime every field's proto name, whatever the declaration order", () => {
    const orders: [string, number, number?][][] = [
      [
        ["b", 2],
        ["a", 1],
        ["c_d", 3],
      ],
      [
        ["c_d", 3],
        ["b", 2],
        ["a", 1],
      ],
      [
        ["pub_key_level_1", 4, INT64],
        ["vin", 1],
        ["file_size", 6, INT64],
        ["ecu", 2],
      ],
    ];
    for (const order of orders) {
      const desc = message(order);
      const fields = fieldsOf(desc);
      for (const [name, no] of order) expect(nameOf(fields, desc, no), fields).toBe(name);
    }
  });
});
