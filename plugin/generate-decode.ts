// Generates, per message type, a zero-value constructor and a decoder that reads the wire format
// in one pass, with the checks and error texts of the runtime (src/runtime/binary-reader.ts),
// into the very objects protobuf-es's fromBinary() makes.
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import { LEN, wireTypeName } from "../src/runtime/wire-type.js";
import { type Code, namesOf } from "./code.js";
import { fieldWireType, hasExplicitPresence, lit, scalarWireType, stem, tagOf } from "./wire.js";

/**
 * The runtime Reader's `fields`: by field number from 1, the field's name, and `:` and the expected
 * wire type unless that is LEN (what most fields are: strings, messages, lists of them, maps). The
 * name is the proto name, or a name the code holds already, marked: the property name and `:` when
 * the proto name is its snake_case form (`swVersion:` for `sw_version`), and `*` for the next
 * property of the message object (in field-number order, the first `*` stands for its first
 * property after `$typeName`, the second for its second, and so on), where {@link createProps}
 * has the field's property at that place.
 */
function knownFields(
  fields: readonly { number: number; wire: number; name: string; localName: string }[],
  properties: readonly string[] = [],
): string {
  const items: string[] = [];
  let stars = 0;
  // The runtime counts the stars by field number, whatever order the fields are declared in.
  for (const f of [...fields].sort((a, b) => a.number - b.number)) {
    while (items.length < f.number - 1) items.push("");
    const snake = f.name !== f.localName && snakeCase(f.localName) === f.name;
    let name = snake ? `${f.localName}:` : f.name;
    if ((snake || f.name === f.localName) && properties[stars] === f.localName) {
      name = snake ? "*:" : "*";
      stars++;
    }
    items[f.number - 1] = name + (f.wire === LEN ? "" : `:${f.wire}`);
  }
  return items.join(",");
}

/** What the runtime's knownField() makes of a property name marked with `:`: its snake_case. */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]|\d+/g, (c) => `_${c.toLowerCase()}`);
}

/** The fields `desc` knows, as its reader sets them in `reader.fields` for error texts. */
export function fieldsOf(desc: DescMessage): string {
  const dense = desc.fields.every((f) => f.number <= 4 * desc.fields.length);
  if (!dense) throw new Error(`protoc-gen-vuc: ${desc.typeName}: field numbers too sparse`);
  return knownFields(
    desc.fields.map((f) => ({
      number: f.number,
      wire: fieldWireType(f),
      name: f.name,
      localName: f.localName,
    })),
    createProps(desc).map((p) => p.slice(0, p.indexOf(":"))),
  );
}

/**
 * Prints, for each map field of `desc`, the stand-in that names its entries in error texts (a
 * message names itself, by its `$typeName`).
 */
export function printConstants(c: Code, desc: DescMessage): void {
  for (const field of desc.fields) {
    if (field.fieldKind !== "map") continue;
    c.doc(`What error texts call an entry of ${desc.typeName}.${field.name}, which is no message.`);
    c.line(
      "const ",
      entryName(desc, field),
      ": ",
      c.rtType("Named"),
      ` = { $typeName: ${lit(`${desc.typeName}.${field.name}[entry]`)} };`,
    );
    c.line();
  }
}

function entryName(desc: DescMessage, field: DescField): string {
  return `${stem(desc)}$${field.localName}`;
}

/** The zero value of a scalar, as protobuf-es's create() sets it. */
export function scalarZero(scalar: ScalarType): string {
  switch (scalar) {
    case ScalarType.STRING:
      return `""`;
    case ScalarType.BOOL:
      return "false";
    case ScalarType.BYTES:
      return "new Uint8Array(0)";
    case ScalarType.INT64:
    case ScalarType.UINT64:
      return "0n";
    default:
      return "0";
  }
}

/**
 * The properties of `createX()`'s object after `$typeName`, in order, as `name: zero value`:
 * protobuf-es's property order.
 */
function createProps(desc: DescMessage): string[] {
  const props: string[] = [];
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      props.push(`${member.localName}: { case: undefined }`);
      continue;
    }
    const field = member;
    switch (field.fieldKind) {
      case "list":
        props.push(`${field.localName}: []`);
        break;
      case "map":
        props.push(`${field.localName}: {}`);
        break;
      case "message":
        break; // absent until set
      case "scalar":
        if (!hasExplicitPresence(field))
          props.push(`${field.localName}: ${scalarZero(field.scalar)}`);
        break;
      case "enum":
        if (!hasExplicitPresence(field))
          props.push(`${field.localName}: ${field.enum.values[0]?.number ?? 0}`);
        break;
    }
  }
  return props;
}

/** Prints `createX()`: a new message with every field at its zero value, as create() makes it. */
export function printCreate(c: Code, desc: DescMessage): void {
  const n = namesOf(desc);
  const props = [`$typeName: ${lit(desc.typeName)}`, ...createProps(desc)];
  c.doc(
    `A new ${desc.typeName} with every field at its zero value and in protobuf-es's property\n` +
      "order: what `create()` returns. Optional and message fields are absent until set.",
  );
  c.block(["function ", n.create, "(): ", c.shape(desc), " {"], () => {
    c.line(`return { ${props.join(", ")} };`);
  });
  c.line();
  const bytesFields = emptyBytesFields(desc);
  if (bytesFields.length > 0) {
    c.doc(
      `{@link ${n.create}} for the decoder: \`bytes\` fields start as the shared empty array, which the\n` +
        "decoder replaces by its own empty array if the field is not on the wire (allocating an\n" +
        "array that a read replaces costs more than the compare).",
    );
    const parts: Printable[] = [];
    for (const p of props) {
      if (parts.length > 0) parts.push(", ");
      const field = bytesFields.find((f) => p === `${f.localName}: new Uint8Array(0)`);
      parts.push(...(field === undefined ? [p] : [`${field.localName}: `, c.rt("EMPTY_BYTES")]));
    }
    c.block(["function ", createForRead(desc), "(): ", c.shape(desc), " {"], () => {
      c.line("return { ", ...parts, " };");
    });
    c.line();
  }
}

/** The implicit-presence `bytes` fields of `desc`, whose zero value is a fresh empty array. */
export function emptyBytesFields(desc: DescMessage): DescField[] {
  return desc.fields.filter(
    (f) =>
      f.fieldKind === "scalar" &&
      f.scalar === ScalarType.BYTES &&
      !f.oneof &&
      !hasExplicitPresence(f),
  );
}

/** The create function the decoder uses for `desc`. */
export function createForRead(desc: DescMessage): string {
  const n = namesOf(desc);
  return emptyBytesFields(desc).length > 0 ? `${n.create}ForRead` : n.create;
}

/** The expression that reads one scalar value of `scalar` for the field named `label`. */
function readScalar(c: Code, scalar: ScalarType): Printable[] {
  switch (scalar) {
    case ScalarType.STRING:
      return [c.rt("readString"), "(reader, end)"];
    case ScalarType.BYTES:
      return [c.rt("readBytes"), "(reader, end)"];
    case ScalarType.BOOL:
      return [c.rt("readBool"), "(reader, end)"];
    case ScalarType.INT32:
      return [c.rt("readVarint"), "(reader, end)"];
    case ScalarType.UINT32:
      return [c.rt("readVarint"), "(reader, end) >>> 0"];
    case ScalarType.INT64:
      return [c.rt("readInt64"), "(reader, end)"];
    case ScalarType.UINT64:
      return [c.rt("readUint64"), "(reader, end)"];
    default:
      throw new Error(`protoc-gen-vuc: scalar type ${ScalarType[scalar]} is not supported`);
  }
}

/** A comment for a `case`: field number, name, type and wire type. */
function caseComment(field: DescField): string {
  const type =
    field.fieldKind === "map"
      ? "map entry"
      : field.fieldKind === "list"
        ? `repeated ${field.listKind === "message" ? field.message.name : field.listKind === "enum" ? field.enum.name : ScalarType[field.scalar].toLowerCase()}`
        : field.fieldKind === "message"
          ? field.message.name
          : field.fieldKind === "enum"
            ? field.enum.name
            : ScalarType[field.scalar].toLowerCase();
  const where = field.oneof
    ? `, oneof ${field.oneof.name}`
    : hasExplicitPresence(field) && field.fieldKind !== "message"
      ? ", optional"
      : "";
  return `// ${field.number} ${field.name}: ${type}${where}, ${wireTypeName(fieldWireType(field))}`;
}

/** Prints `readX()`: the decoder of one message body. */
export function printDecode(c: Code, desc: DescMessage): void {
  const n = namesOf(desc);
  c.doc(
    `Reads the fields of a ${desc.typeName} from \`reader\` up to \`end\` into \`message\`, a\n` +
      "message at nesting depth `reader.depth` (the outermost is 1; readMessage() checks the depth\n" +
      "of a nested one before it calls this). Fields read twice follow protobuf-es: a scalar is\n" +
      "overwritten, a message merged, a list appended to; unknown fields go to `$unknown`, set\n" +
      "after the others.",
  );
  c.block(
    [
      "function ",
      n.read,
      "(reader: ",
      c.rtType("Reader"),
      ", end: number, message: ",
      c.shape(desc),
      "): void {",
    ],
    () => {
      c.line(`reader.fields = ${lit(fieldsOf(desc))}; // for error texts`);
      c.line("let unknown = message.$unknown;");
      c.block(["while (reader.pos < end) {"], () => {
        c.block(["switch (", c.rt("readTag"), "(reader, end)) {"], () => {
          for (const field of desc.fields) printFieldCase(c, field);
          c.line("default:");
          c.line("  unknown = ", c.rt("readUnknownField"), "(reader, end, unknown);");
        });
      });
      for (const f of emptyBytesFields(desc)) {
        c.line(
          `if (message.${f.localName} === `,
          c.rt("EMPTY_BYTES"),
          `) message.${f.localName} = new Uint8Array(0);`,
        );
      }
      c.line("if (unknown !== undefined) message.$unknown = unknown;");
    },
  );
  c.line();
}

function printFieldCase(c: Code, field: DescField): void {
  const target = `message.${field.localName}`;
  const t = tagOf(field.number, fieldWireType(field));
  c.line(`case ${t}: `, caseComment(field));
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const value = readScalar(c, field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar);
      if (field.oneof) {
        c.line(
          `  message.${field.oneof.localName} = { case: ${lit(field.localName)}, value: `,
          ...value,
          " };",
        );
      } else {
        c.line(`  ${target} = `, ...value, ";");
      }
      break;
    }
    case "list":
      if (field.listKind === "message") {
        const child = namesOf(field.message);
        c.line(
          `  ${target}.push(`,
          c.rt("readMessage"),
          `(reader, end, undefined, ${child.read}, ${createForRead(field.message)}));`,
        );
      } else {
        const value = readScalar(c, field.listKind === "enum" ? ScalarType.INT32 : field.scalar);
        c.line(`  ${target}.push(`, ...value, ");");
      }
      break;
    case "message": {
      const child = namesOf(field.message);
      if (field.oneof) {
        const o = `message.${field.oneof.localName}`;
        c.line(
          `  ${o} = `,
          c.rt("readOneofMessage"),
          `(reader, end, ${o}, ${lit(field.localName)}, ${child.read}, ${createForRead(field.message)});`,
        );
      } else {
        c.line(
          `  ${target} = `,
          c.rt("readMessage"),
          `(reader, end, ${target}, ${child.read}, ${createForRead(field.message)}); // read twice: merged`,
        );
      }
      break;
    }
    case "map":
      c.line(
        `  ${namesOf(field.parent).readEntry}${field.localName.charAt(0).toUpperCase()}${field.localName.slice(1)}(reader, end, ${target});`,
      );
      break;
  }
  c.line("  break;");
}

/**
 * Prints the reader of one map entry of `field` (key field 1, value field 2), as protobuf-es
 * reads it: a missing key or value is the zero value, unknown fields in the entry are skipped.
 */
export function printMapEntryReaders(c: Code, desc: DescMessage): void {
  for (const field of desc.fields) {
    if (field.fieldKind !== "map") continue;
    const name = entryName(desc, field);
    const fn = `${namesOf(desc).readEntry}${field.localName.charAt(0).toUpperCase()}${field.localName.slice(1)}`;
    const valueScalar = field.mapKind === "scalar" ? field.scalar : ScalarType.INT32;
    const keyWire = scalarWireType(field.mapKey);
    const valueWire = field.mapKind === "message" ? LEN : scalarWireType(valueScalar);
    let valueType: Printable[];
    let valueZero: string;
    switch (field.mapKind) {
      case "message":
        valueType = [c.shape(field.message)];
        valueZero = `${namesOf(field.message).create}()`;
        break;
      case "enum":
        valueType = ["number"];
        valueZero = String(field.enum.values[0]?.number ?? 0);
        break;
      default:
        valueType = [scalarTsType(field.scalar)];
        valueZero = scalarZero(field.scalar);
    }
    c.doc(
      `Reads one entry of ${desc.typeName}.${field.name} into \`map\`: a missing key or value is the\n` +
        "zero value, fields other than key (1) and value (2) are skipped, as in protobuf-es.",
    );
    c.block(
      [
        "function ",
        fn,
        "(reader: ",
        c.rtType("Reader"),
        ", end: number, map: { [key: string]: ",
        ...valueType,
        " }): void {",
      ],
      () => {
        c.line(c.rt("countElement"), "(reader);");
        c.line("const entryEnd = ", c.rt("readLength"), "(reader, end);");
        const entryFields = knownFields([
          { number: 1, wire: keyWire, name: "key", localName: "key" },
          { number: 2, wire: valueWire, name: "value", localName: "value" },
        ]);
        c.line("const parent = reader.message;");
        c.line("const parentFields = reader.fields;");
        c.line(`reader.message = ${name};`);
        c.line(`reader.fields = ${lit(entryFields)}; // for error texts`);
        c.line(`let key = ${scalarZero(field.mapKey)};`);
        c.line("let value: ", ...valueType, " | undefined;");
        c.block(["while (reader.pos < entryEnd) {"], () => {
          c.line("const tag = ", c.rt("readEntryTag"), "(reader, entryEnd);");
          c.line(
            `if (tag === ${tagOf(1, keyWire)}) key = `,
            ...inEntry(readScalar(c, field.mapKey)),
            ";",
          );
          if (field.mapKind === "message") {
            const child = namesOf(field.message);
            c.line(
              `else if (tag === ${tagOf(2, LEN)}) value = `,
              c.rt("readMessage"),
              `(reader, entryEnd, value, ${child.read}, ${createForRead(field.message)}); // read twice: merged`,
            );
          } else {
            c.line(
              `else if (tag === ${tagOf(2, valueWire)}) value = `,
              ...inEntry(readScalar(c, valueScalar)),
              ";",
            );
          }
          c.line(
            "else ",
            c.rt("readUnknownField"),
            "(reader, entryEnd, undefined, false); // skipped, never kept",
          );
        });
        const key = field.mapKey === ScalarType.STRING ? "key" : "String(key)";
        c.line(c.rt("setOwn"), `(map, ${key}, value ?? ${valueZero});`);
        c.line("reader.message = parent;");
        c.line("reader.fields = parentFields;");
      },
    );
    c.line();
  }
}

/** Rewrites a value read to stop at the entry's end `entryEnd`. */
function inEntry(parts: Printable[]): Printable[] {
  return parts.map((p) =>
    typeof p === "string" ? p.replace("(reader, end", "(reader, entryEnd") : p,
  );
}

function scalarTsType(scalar: ScalarType): string {
  switch (scalar) {
    case ScalarType.STRING:
      return "string";
    case ScalarType.BYTES:
      return "Uint8Array";
    case ScalarType.BOOL:
      return "boolean";
    case ScalarType.INT64:
    case ScalarType.UINT64:
      return "bigint";
    default:
      return "number";
  }
}
