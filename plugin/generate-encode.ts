// Generates, per message type, an encoder that writes exactly the bytes protobuf-es's toBinary()
// writes, map entries in key order when deterministic (the runtime's mapKeysInOrder), and refuses
// with a WriteProblem (the runtime's write-problem.ts) any value a field cannot take.
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import { LEN } from "../src/runtime/wire-type.js";
import { type Code, fieldsInOrder, namesOf, printFieldsInOrder } from "./code.js";
import { fieldWireType, hasExplicitPresence, lit, scalarWireType, tagOf } from "./wire.js";

/** The statement that writes the scalar `value` of `scalar` with `tag`, validating it. */
function writeScalar(c: Code, scalar: ScalarType, tag: number, value: string): Printable[] {
  switch (scalar) {
    case ScalarType.STRING:
      return [c.rt("writeString"), `(writer, ${tag}, ${value});`];
    case ScalarType.BYTES:
      return [c.rt("writeBytes"), `(writer, ${tag}, ${value});`];
    case ScalarType.BOOL:
      return [c.rt("writeBool"), `(writer, ${tag}, ${value});`];
    case ScalarType.INT32:
      return [c.rt("writeInt32"), `(writer, ${tag}, ${value});`];
    case ScalarType.UINT32:
      return [c.rt("writeUint32"), `(writer, ${tag}, ${value});`];
    case ScalarType.INT64:
      return [c.rt("writeVarint64"), `(writer, ${tag}, ${value}, true);`];
    case ScalarType.UINT64:
      return [c.rt("writeVarint64"), `(writer, ${tag}, ${value}, false);`];
    default:
      throw new Error(`protoc-gen-vuc: scalar type ${ScalarType[scalar]} is not supported`);
  }
}

/**
 * The condition under which protobuf-es writes an implicit-presence scalar `value`: not its zero
 * value. Values of another type pass it and fail the validation of the write.
 */
function notZero(c: Code, scalar: ScalarType, value: string): Printable[] {
  switch (scalar) {
    case ScalarType.STRING:
      return [`${value} !== ""`];
    case ScalarType.BYTES:
      return ["!", c.rt("isEmptyBytes"), `(${value})`];
    case ScalarType.BOOL:
      return [`${value} !== false`];
    case ScalarType.INT64:
    case ScalarType.UINT64:
      return ["!", c.rt("isZeroInt64"), `(${value}, ${scalar === ScalarType.INT64})`];
    default:
      return [`${value} !== 0`];
  }
}

/** The statement that writes the message `value` of `desc` with `tag`. */
function writeChild(c: Code, desc: DescMessage, tag: number, value: string): void {
  c.line(
    c.rt("writeMessage"),
    `(writer, ${tag}, ${value}, ${lit(desc.typeName)}, ${namesOf(desc).write});`,
  );
}

/**
 * Prints `writeX()`, the encoder of one message body. The fields are written in number order
 * (which is the order this contract declares them in), each oneof checked at its first member:
 * the first value refused is the first in the message. The function's step of a refused value's
 * path (`f`, the list index `i`, the map key `k`) is kept in locals and added to the problem
 * only when one passes (the runtime's within()).
 */
export function printEncode(c: Code, desc: DescMessage): void {
  const n = namesOf(desc);
  const fields = fieldsInOrder(desc);
  const usesStart = fields.some((f) => !f.oneof && hasExplicitPresence(f));
  const hasList = fields.some((f) => f.fieldKind === "list");
  const hasMap = fields.some((f) => f.fieldKind === "map");
  c.doc(
    `Writes the fields of the ${desc.typeName} \`message\` in field-number order, then its\n` +
      "unknown fields, as protobuf-es's toBinary() does. Throws a WriteProblem for a value a\n" +
      "field cannot take.",
  );
  c.block(
    [
      "function ",
      n.write,
      "(writer: ",
      c.rtType("Writer"),
      ", message: ",
      c.shape(desc),
      "): void {",
    ],
    () => {
      c.line("let value: unknown;");
      c.line("let f = -1;");
      if (usesStart) c.line("let start: number;");
      if (hasList) c.line("let i = -1;");
      if (hasMap) c.line("let k: string | undefined;");
      c.block(["try {"], () => {
        printFieldsInOrder(c, fields, printFieldWrite);
        c.line(
          "if (message.$unknown !== undefined) ",
          c.rt("writeUnknownFields"),
          "(writer, message.$unknown);",
        );
      }, ["} catch (thrown) {"]);
      c.line(
        "  throw ",
        c.rt("within"),
        `(thrown, ${n.steps}, f${hasMap ? `, ${hasList ? "i" : "-1"}, k` : hasList ? ", i" : ""});`,
      );
      c.line("}");
    },
  );
  c.line();
}

function printFieldWrite(c: Code, field: DescField): void {
  const tag = tagOf(field.number, fieldWireType(field));
  const get = `message.${field.localName}`;
  if (field.oneof) {
    const value = `(${field.oneof.localName} as { value: unknown }).value`;
    if (field.fieldKind === "message") writeChild(c, field.message, tag, value);
    else if (field.fieldKind === "scalar" || field.fieldKind === "enum") {
      c.line(
        ...writeScalar(c, field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar, tag, value),
      );
    }
    return;
  }
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const scalar = field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar;
      c.line(`value = ${get};`);
      if (hasExplicitPresence(field)) {
        c.block(["if (value !== undefined) {"], () => {
          c.line("start = writer.pos;");
          c.line(...writeScalar(c, scalar, tag, "value"));
          printInherited(c, field);
        });
      } else {
        c.line(
          "if (",
          ...notZero(c, scalar, "value"),
          ") ",
          ...writeScalar(c, scalar, tag, "value"),
        );
      }
      return;
    }
    case "message":
      c.line(`value = ${get};`);
      c.block(["if (value !== undefined) {"], () => {
        c.line("start = writer.pos;");
        writeChild(c, field.message, tag, "value");
        printInherited(c, field);
      });
      return;
    case "list":
      c.line(`value = `, c.rt("asList"), `(${get});`);
      c.block(["for (i = 0; i < (value as unknown[]).length; i++) {"], () => {
        c.line("const item = (value as unknown[])[i];");
        if (field.listKind === "message") writeChild(c, field.message, tag, "item");
        else
          c.line(
            ...writeScalar(
              c,
              field.listKind === "enum" ? ScalarType.INT32 : field.scalar,
              tag,
              "item",
            ),
          );
      });
      c.line("i = -1;");
      return;
    case "map": {
      c.line(`value = `, c.rt("asRecord"), `(${get});`);
      c.block(
        [
          "for (const key of ",
          c.rt("mapKeysInOrder"),
          "(writer, value as Record<string, unknown>)) {",
        ],
        () => {
          if (field.mapKey !== ScalarType.STRING)
            throw new Error("protoc-gen-vuc: only string map keys are supported by the encoder");
          c.line("k = key;");
          c.line("const entry = ", c.rt("fork"), `(writer, ${tag});`);
          c.line(c.rt("writeString"), `(writer, ${tagOf(1, LEN)}, key, true);`);
          const value = "(value as Record<string, unknown>)[key]";
          if (field.mapKind === "message") writeChild(c, field.message, tagOf(2, LEN), value);
          else {
            const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar;
            c.line(...writeScalar(c, scalar, tagOf(2, scalarWireType(scalar)), value));
          }
          c.line(c.rt("join"), "(writer, entry);");
        },
      );
      c.line("k = undefined;");
      return;
    }
  }
}

/**
 * Prints the step back over a field with explicit presence that was written from a value the
 * message inherits: protobuf-es writes only an own property; an inherited value is checked as
 * any other.
 */
function printInherited(c: Code, field: DescField): void {
  c.line(
    `if (!Object.hasOwn(message, ${lit(field.localName)})) writer.pos = start; // inherited: checked, not written`,
  );
}
