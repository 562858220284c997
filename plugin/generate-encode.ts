// Generates, per message type, an encoder that validates what src/envelope/check-message.ts
// validates and writes exactly the bytes protobuf-es's toBinary() writes, map entries in key order
// when deterministic (the runtime's mapKeysInOrder), or gives up so that the caller runs the fallback
// (src/envelope/fallback.ts).
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import { LEN } from "../src/runtime/wire-type.js";
import { type Code, namesOf } from "./code.js";
import { fieldWireType, hasExplicitPresence, lit, scalarWireType, tagOf } from "./wire.js";

/** The statement that writes scalar `v` of `scalar` with tag `t`, validating it. */
function writeScalar(c: Code, scalar: ScalarType, t: number, v: string): Printable[] {
  switch (scalar) {
    case ScalarType.STRING:
      return [c.rt("writeString"), `(w, ${t}, ${v});`];
    case ScalarType.BYTES:
      return [c.rt("writeBytes"), `(w, ${t}, ${v});`];
    case ScalarType.BOOL:
      return [c.rt("writeBool"), `(w, ${t}, ${v});`];
    case ScalarType.INT32:
      return [c.rt("writeInt32"), `(w, ${t}, ${v});`];
    case ScalarType.UINT32:
      return [c.rt("writeUint32"), `(w, ${t}, ${v});`];
    case ScalarType.INT64:
      return [c.rt("writeVarint64"), `(w, ${t}, ${v}, true);`];
    case ScalarType.UINT64:
      return [c.rt("writeVarint64"), `(w, ${t}, ${v}, false);`];
    default:
      throw new Error(`protoc-gen-vuc: scalar type ${ScalarType[scalar]} is not supported`);
  }
}

/**
 * The condition under which protobuf-es writes an implicit-presence scalar `v`: not its zero
 * value. Values of another type pass it and fail the validation of the write.
 */
function notZero(c: Code, scalar: ScalarType, v: string): Printable[] {
  switch (scalar) {
    case ScalarType.STRING:
      return [`${v} !== ""`];
    case ScalarType.BYTES:
      return [`!(${v} instanceof Uint8Array) || ${v}.length > 0`];
    case ScalarType.BOOL:
      return [`${v} !== false`];
    case ScalarType.INT64:
    case ScalarType.UINT64:
      return ["!", c.rt("isZeroInt64"), `(${v})`];
    default:
      return [`${v} !== 0`];
  }
}

/** The statements that write a message value `v` of `desc` with tag `t`. */
function writeChild(c: Code, desc: DescMessage, t: number, v: string): void {
  const child = namesOf(desc);
  c.line("at = ", c.rt("fork"), `(w, ${t});`);
  c.line(c.rt("enterMessage"), "(w);");
  c.line(`${child.write}(w, `, c.rt("asMessage"), `(${v}, ${lit(desc.typeName)}));`);
  c.line("w.depth--;");
  c.line(c.rt("join"), "(w, at);");
}

/** Prints `writeX()`, the encoder of one message body. */
export function printEncode(c: Code, desc: DescMessage): void {
  const n = namesOf(desc);
  const fields = [...desc.fields].sort((a, b) => a.number - b.number);
  const usesAt = fields.some(
    (f) =>
      f.fieldKind === "message" ||
      f.fieldKind === "map" ||
      (f.fieldKind === "list" && f.listKind === "message"),
  );
  c.doc(
    `Writes the fields of the ${desc.typeName} \`m\` in field-number order, then its unknown fields,\n` +
      "as protobuf-es's toBinary() does. Bails on any value it does not take.",
  );
  c.block(
    ["function ", n.write, "(w: ", c.rtType("Writer"), ", m: ", c.shape(desc), "): void {"],
    () => {
      c.line("let v: unknown;");
      if (usesAt) c.line("let at: number;");
      const oneofs = new Set(fields.filter((f) => f.oneof).map((f) => f.oneof?.localName));
      for (const o of oneofs) {
        c.line(`const ${o} = m.${o};`);
        c.line(`const ${o}Case = `, c.rt("oneofCase"), `(${o});`);
        c.line(`let ${o}Written = ${o}Case === undefined;`);
      }
      for (const field of fields) printFieldWrite(c, field);
      for (const o of oneofs)
        c.line(`if (!${o}Written) `, c.rt("bail"), "(); // a case this schema does not have");
      c.line("if (m.$unknown !== undefined) ", c.rt("writeUnknownFields"), "(w, m.$unknown);");
    },
  );
  c.line();
}

function printFieldWrite(c: Code, field: DescField): void {
  const t = tagOf(field.number, fieldWireType(field));
  const get = `m.${field.localName}`;
  c.line(`// ${field.number} ${field.name}`);
  if (field.oneof) {
    const o = field.oneof.localName;
    c.block([`if (${o}Case === ${lit(field.localName)}) {`], () => {
      c.line(`${o}Written = true;`);
      const value = `(${o} as { value: unknown }).value`;
      if (field.fieldKind === "message") writeChild(c, field.message, t, value);
      else if (field.fieldKind === "scalar" || field.fieldKind === "enum") {
        c.line(
          ...writeScalar(c, field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar, t, value),
        );
      }
    });
    return;
  }
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const scalar = field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar;
      c.line(`v = ${get};`);
      if (hasExplicitPresence(field)) {
        c.block(["if (v !== undefined) {"], () => {
          c.line(c.rt("requireOwn"), `(m, ${lit(field.localName)});`);
          c.line(...writeScalar(c, scalar, t, "v"));
        });
      } else {
        c.line("if (", ...notZero(c, scalar, "v"), ") ", ...writeScalar(c, scalar, t, "v"));
      }
      return;
    }
    case "message":
      c.line(`v = ${get};`);
      c.block(["if (v !== undefined) {"], () => {
        c.line(c.rt("requireOwn"), `(m, ${lit(field.localName)});`);
        writeChild(c, field.message, t, "v");
      });
      return;
    case "list":
      c.line(`v = `, c.rt("asList"), `(${get});`);
      c.block(["for (const x of v as unknown[]) {"], () => {
        if (field.listKind === "message") writeChild(c, field.message, t, "x");
        else
          c.line(
            ...writeScalar(c, field.listKind === "enum" ? ScalarType.INT32 : field.scalar, t, "x"),
          );
      });
      return;
    case "map": {
      c.line(`v = `, c.rt("asRecord"), `(${get});`);
      c.block(
        ["for (const k of ", c.rt("mapKeysInOrder"), "(w, v as Record<string, unknown>)) {"],
        () => {
          if (field.mapKey !== ScalarType.STRING)
            throw new Error("protoc-gen-vuc: only string map keys are supported by the encoder");
          c.line("const entry = ", c.rt("fork"), `(w, ${t});`);
          c.line(...writeScalar(c, ScalarType.STRING, tagOf(1, LEN), "k"));
          const value = "(v as Record<string, unknown>)[k]";
          if (field.mapKind === "message") writeChild(c, field.message, tagOf(2, LEN), value);
          else {
            const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar;
            c.line(...writeScalar(c, scalar, tagOf(2, scalarWireType(scalar)), value));
          }
          c.line(c.rt("join"), "(w, entry);");
        },
      );
      return;
    }
  }
}
