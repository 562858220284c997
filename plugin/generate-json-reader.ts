// Generates, per message type, the proto3 JSON reader: every form Google's proto3 JSON parsers
// take, a CodecError (thrown by the runtime, src/runtime/json-reader.ts) for every form they
// refuse. One function per message, readJsonX(), reads a plain object by one property read per
// field's JSON name (what JSON.parse() makes for one message type shares a shape, so each read
// is an inline-cache hit), the members of a large oneof found by one walk (`for…in`), then
// counts the object's members against those read. Each value goes to a runtime field reader
// (stringField(), messageList(), …), which also adds its text to the reader's `chars`.
//
// Any other value (the header of src/runtime/json-members.ts lists them) goes to the runtime's
// readJsonMembers(), by returning its result, with the message's fields as a small table
// (X$jsonFields). It makes every refusal of the per-member rules and hands back an object of
// JSON names, which this same function reads. The hand-over
// comes before any nested message is read, so no object is read twice but for its scalars.
// Fields are read in number order, scalars first, then nested messages, lists of messages and
// maps, then the oneofs.
import { type DescEnum, type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import { type Code, namesOf } from "./code.js";
import { createForRead, emptyBytesFields } from "./generate-decode.js";
import { enumStem, valueKind, valueScalar } from "./generate-json.js";
import { hasExplicitPresence, lit } from "./wire.js";

/**
 * Oneofs of more members than this are found by a walk over the object's members (`for … in`)
 * rather than by a property read per member name. Each member gives the object another shape,
 * and a property read that sees more than 4 shapes goes megamorphic in V8 (a lookup in a global
 * cache, for every name the object lacks).
 */
const ONEOF_WALK_MEMBERS = 4;

/** The full name of a field in error texts, as a literal: `"kafka_grpc.UpdateData.id"`. */
function fieldId(field: DescField): string {
  return lit(`${field.parent.typeName}.${field.name}`);
}

/** A field read after the count of members: its value holds or may hold nested messages. */
function isDeferred(field: DescField): boolean {
  return (
    field.fieldKind === "message" ||
    field.fieldKind === "map" ||
    (field.fieldKind === "list" && field.listKind === "message")
  );
}

/** The local that holds a deferred field's JSON value. */
function local(field: DescField): string {
  return `f${field.number}`;
}

/** The text of a member's name: the name in quotes, a colon, a comma. */
function nameText(field: DescField): number {
  return field.jsonName.length + 4;
}

/** A property read of `name` on `object`. */
function property(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `object.${name}` : `object[${lit(name)}]`;
}

/** The runtime field reader of a scalar value kind: ReadJsonField. */
function scalarReader(scalar: ScalarType | undefined): string {
  switch (scalar) {
    case ScalarType.STRING:
      return "stringField";
    case ScalarType.BYTES:
      return "bytesField";
    case ScalarType.BOOL:
      return "boolField";
    case ScalarType.INT32:
      return "int32Field";
    case ScalarType.UINT32:
      return "uint32Field";
    case ScalarType.INT64:
      return "int64Field";
    case ScalarType.UINT64:
      return "uint64Field";
    default:
      throw new Error("protoc-gen-vuc: unsupported scalar type");
  }
}

/** The enum arguments of enumField(): its numbers by name, its full name. */
function enumArgs(field: DescField): string {
  const e = field.enum as DescEnum;
  return `${enumStem(e)}$numbers, ${lit(e.typeName)}`;
}

/**
 * The call that reads one scalar or enum value `json` of `field`, `name` its name's text, `id`
 * the field in errors (a FieldRef).
 */
function readValue(c: Code, field: DescField, json: string, name: number, id: string): Printable[] {
  if (valueKind(field) === "enum") {
    return [c.rt("enumField"), `(${json}, reader, ${id}, ${name}, ${enumArgs(field)})`];
  }
  return [c.rt(scalarReader(valueScalar(field))), `(${json}, reader, ${id}, ${name})`];
}

/** The field reader of the items of a list or the values of a map of scalars or enums. */
function itemReader(c: Code, field: DescField): Printable[] {
  if (valueKind(field) === "enum") {
    return [
      "(item: unknown, r: ",
      c.rtType("JsonReader"),
      ", id: ",
      c.rtType("FieldRef"),
      ", name: number) => ",
      c.rt("enumField"),
      `(item, r, id, name, ${enumArgs(field)})`,
    ];
  }
  return [c.rt(scalarReader(valueScalar(field)))];
}

/** The field names of `fields` as readJsonMembers() takes them: `jsonName` or `jsonName:proto_name`. */
function names(fields: readonly DescField[]): string {
  return fields
    .map((f) => (f.jsonName === f.name ? f.jsonName : `${f.jsonName}:${f.name}`))
    .join(" ");
}

/** Prints `X$jsonFields` and `readJsonX()`, the JSON reader of one message. */
export function printFromJson(c: Code, desc: DescMessage): void {
  const n = namesOf(desc);
  const fields = [...desc.fields].sort((a, b) => a.number - b.number);
  const oneofs = [...new Set(fields.flatMap((f) => (f.oneof ? [f.oneof] : [])))];
  const plain = fields.filter((f) => f.oneof === undefined);
  const inline = plain.filter((f) => !isDeferred(f));
  const deferred = plain.filter(isDeferred);
  const table = `${n.typeName}jsonFields`;
  const typeName = lit(desc.typeName);
  c.doc(`The fields of ${desc.typeName} as readJsonMembers() reads them.`);
  c.line(
    `const ${table}: `,
    c.rtType("JsonFields"),
    ` = [${typeName}, ${n.readJson}, ${lit(names(inline))}, ${lit(names(deferred))}`,
    ...oneofs.map((o) => `, ${lit(`${o.name} ${names(o.fields)}`)}`),
    "];",
  );
  c.line();
  c.doc(
    `Reads a ${desc.typeName} from a JSON value at nesting depth \`depth\`: a plain object field by\n` +
      "field, by property reads of the JSON names, then a count of its members; any other value\n" +
      "by readJsonMembers(), which hands back an object of JSON names to read.",
  );
  const handOver = ["return ", c.rt("readJsonMembers"), `(${table}, json, reader, depth, chars)`];
  c.block(
    [
      `function ${n.readJson}(json: unknown, reader: `,
      c.rtType("JsonReader"),
      ", depth: number): ",
      c.shape(desc),
      " {",
    ],
    () => {
      c.line("const chars = reader.chars;");
      c.line(
        "if (!",
        c.rt("isPlainObject"),
        "(json, reader, depth, reader.parsed && (json as ",
        c.rtType("JsonObject"),
        ")?.constructor)) ",
        ...handOver,
        ";",
      );
      c.line("const object = json as ", c.rtType("JsonObject"), ";");
      c.line(`const message = ${createForRead(desc)}();`);
      c.line("let membersRead = 0;");
      if (inline.length > 0 || oneofs.length > 0) c.line("let value: unknown;");
      for (const o of oneofs) {
        c.line(`let ${o.localName}Field = 0; // the number of the member set`);
        c.line(`let ${o.localName}Value: unknown;`);
      }
      if (inline.length > 0) c.line(`reader.table = ${table}; // for the fields' names in errors`);
      for (const [index, f] of inline.entries()) printInline(c, f, index);
      for (const f of deferred) {
        c.line(`const ${local(f)} = ${property(f.jsonName)};`);
        c.line(`if (${local(f)} !== undefined) membersRead++;`);
      }
      for (const o of oneofs) {
        const set = (field: string) => {
          c.line("membersRead++;");
          c.block(["if (value !== null) {"], () => {
            c.line(`if (${o.localName}Field !== 0) `, ...handOver, "; // two members");
            c.line(`${o.localName}Field = ${field};`);
            c.line(`${o.localName}Value = value;`);
          });
        };
        if (o.fields.length <= ONEOF_WALK_MEMBERS) {
          for (const f of o.fields) {
            c.block([`if ((value = ${property(f.jsonName)}) !== undefined) {`], () => {
              c.line(`reader.chars += ${nameText(f)};`);
              set(String(f.number));
            });
          }
          continue;
        }
        c.block(["for (const key in object) {"], () => {
          c.line("let field = 0;");
          c.block(["switch (key) {"], () => {
            for (const f of o.fields) {
              c.line(`case ${lit(f.jsonName)}: field = ${f.number}; break;`);
              if (f.name !== f.jsonName) c.line(`case ${lit(f.name)}: `, ...handOver, ";");
            }
          });
          c.block(["if (field !== 0 && (value = object[key]) !== undefined) {"], () => {
            c.line("reader.chars += key.length + 4;");
            set("field");
          });
        });
      }
      // A member by a proto name is read by readJsonMembers(): looked for even when the members
      // are not counted, as a JSON name read from no member (inherited, not enumerable) may
      // stand in for it in the count and in the text's length.
      const protoNames = fields
        .filter(
          (f) => f.jsonName !== f.name && !(f.oneof && f.oneof.fields.length > ONEOF_WALK_MEMBERS),
        )
        .map((f) => ` || ${property(f.name)} !== undefined`);
      c.line(
        "if ((reader.countMembers && membersRead !== Object.keys(object).length)",
        ...protoNames,
        ") ",
        ...handOver,
        "; // unknown, inherited or not enumerable, a proto name",
      );
      c.line("reader.keys += membersRead;");
      for (const f of deferred) printDeferred(c, f);
      for (const o of oneofs) {
        const v = `${o.localName}Value`;
        c.block([`switch (${o.localName}Field) {`], () => {
          for (const f of o.fields) {
            const set = `message.${o.localName} = { case: ${lit(f.localName)}, value: `;
            if (f.fieldKind === "message") {
              c.line(
                `case ${f.number}: ${set}${namesOf(f.message).readJson}(${v}, reader, depth + 1) }; break;`,
              );
            } else {
              c.block([`case ${f.number}: {`], () => {
                c.line("const read = ", ...readValue(c, f, v, 0, fieldId(f)), ";");
                c.line(valueKind(f) === "enum" ? "if (read !== undefined) " : "", `${set}read };`);
                c.line("break;");
              });
            }
          }
        });
      }
      c.line("reader.chars += membersRead === 0 ? 2 : 1; // the braces, less the last comma");
      for (const f of emptyBytesFields(desc)) {
        c.line(
          `if (message.${f.localName} === `,
          c.rt("EMPTY_BYTES"),
          `) message.${f.localName} = new Uint8Array(0);`,
        );
      }
      c.line("return message;");
    },
  );
  c.line();
}

/**
 * Prints the read of a scalar or enum field, or a list of them, the field `index` of those the
 * reader's `table` lists as read as found: its FieldRef.
 */
function printInline(c: Code, field: DescField, index: number): void {
  const target = `message.${field.localName}`;
  const name = nameText(field);
  c.block([`if ((value = ${property(field.jsonName)}) !== undefined) {`], () => {
    c.line("membersRead++;");
    if (field.fieldKind === "list") {
      c.line(
        c.rt("listField"),
        `(value, reader, ${index}, ${name}, `,
        ...itemReader(c, field),
        `, ${target});`,
      );
      return;
    }
    const read = (): void => {
      if (valueKind(field) === "enum") {
        c.line("const read = ", ...readValue(c, field, "value", name, String(index)), ";");
        c.line(`if (read !== undefined) ${target} = read;`);
      } else {
        c.line(`${target} = `, ...readValue(c, field, "value", name, String(index)), ";");
      }
    };
    if (hasExplicitPresence(field)) {
      // null leaves a field with presence unset.
      c.block(["if (value !== null) {"], read, [`} else reader.chars += ${name + 4};`]);
    } else {
      read();
    }
  });
}

/** Prints the read of a deferred field from its local: a nested message, a list, a map. */
function printDeferred(c: Code, field: DescField): void {
  const value = local(field);
  const id = fieldId(field);
  const target = `message.${field.localName}`;
  const name = nameText(field);
  if (field.fieldKind === "message") {
    // null leaves the field unset; a message counts its own text.
    c.block([`if (${value} !== undefined) {`], () => {
      c.line(
        `if (${value} !== null) ${target} = ${namesOf(field.message).readJson}(${value}, reader, depth + 1);`,
      );
      c.line(`reader.chars += ${name};`);
    });
    return;
  }
  if (field.fieldKind === "list") {
    // The loop here, not in the runtime: one direct call per item.
    const read = namesOf(field.message as DescMessage).readJson;
    c.block([`if (${value} !== undefined) {`], () => {
      c.line("const list = ", c.rt("listFromJson"), `(${value}, ${id});`);
      c.line(
        `for (const item of list) ${target}.push(item !== null ? ${read}(item, reader, depth + 1) : `,
        c.rt("nullItem"),
        `(${id}));`,
      );
      c.line(
        `reader.chars += ${name} + list.length + (list.length === 0 ? 2 : 1); // commas, brackets`,
      );
    });
    return;
  }
  if (field.fieldKind !== "map") return;
  if (field.mapKey !== ScalarType.STRING) {
    throw new Error("protoc-gen-vuc: only string map keys are supported by the JSON readers");
  }
  if (field.mapKind !== "message") {
    c.line(
      `if (${value} !== undefined) `,
      c.rt("mapField"),
      `(${value}, reader, ${id}, ${name}, `,
      ...itemReader(c, field),
      `, ${target});`,
    );
    return;
  }
  // The loop here, not in the runtime: one direct call per entry.
  c.block([`if (${value} !== undefined) {`], () => {
    c.line("const keys = ", c.rt("mapKeys"), `(${value}, reader, ${id}, ${name});`);
    c.block(["for (const key of keys) {"], () => {
      c.line(
        "const item = ",
        c.rt("mapValue"),
        `(${value} as `,
        c.rtType("JsonObject"),
        `, key, reader, ${id});`,
      );
      c.line(
        c.rt("setOwn"),
        `(${target}, key, ${namesOf(field.message).readJson}(item, reader, depth + 1));`,
      );
    });
    c.line("reader.maps--;");
  });
}
