// Generates, per message type, the function that makes a message from an init object exactly as
// protobuf-es's create(schema, init) makes it (fields left out at their zero values, nested inits
// made into messages, messages of the field's type taken as they are, oneofs by case), and the
// entry point `create(typeName, init, levels)` over them. The conversions are the runtime's
// (src/runtime/message-init.ts); each nested message counts one level against `levels`, so an
// init nested too deep, or one that contains itself, ends in the runtime's private signal.
import { type DescField, type DescMessage, type DescOneof, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import { type Code, namesOf } from "./code.js";
import { scalarZero } from "./generate-decode.js";
import { hasExplicitPresence, lit } from "./wire.js";

/** Prints `create<Message>From(init, left)` for `desc`. */
export function printCreateFrom(c: Code, desc: DescMessage): void {
  const n = namesOf(desc);
  c.doc(
    `Makes a ${desc.typeName} from \`init\`, which is not one, as protobuf-es's \`create()\` makes it:\n` +
      "each field read once, in field order; `left` more levels of messages may nest under it.",
  );
  // A message without message fields makes no nested message and has no use for `left`.
  const left = desc.fields.some((f) => f.message !== undefined) ? "left" : "_left";
  c.block(
    ["function ", n.createFrom, `(init: unknown, ${left}: number): `, c.shape(desc), " {"],
    () => {
      c.line("const i = init as Record<string, unknown> | null | undefined;");
      c.line(`const m: Record<string, unknown> = { $typeName: ${lit(desc.typeName)} };`);
      if (desc.fields.some(usesV)) c.line("let v: unknown;");
      for (const member of desc.members) {
        if (member.kind === "oneof") printOneof(c, member);
        else printField(c, member);
      }
      c.line("return m as unknown as ", c.shape(desc), ";");
    },
  );
  c.line();
}

/** Whether the line of `field` keeps the value read in `v`: a message, optional or `bytes` field. */
function usesV(field: DescField): boolean {
  return (
    field.oneof === undefined &&
    (field.fieldKind === "message" ||
      ((field.fieldKind === "scalar" || field.fieldKind === "enum") &&
        (hasExplicitPresence(field) ||
          (field.fieldKind === "scalar" && field.scalar === ScalarType.BYTES))))
  );
}

/** `initMessage(value, "type", createTypeFrom, left)`, the value of a message `field`. */
function message(c: Code, field: DescField & { message: DescMessage }, value: string): Printable[] {
  const target = field.message;
  return [
    c.rt("initMessage"),
    `(${value}, ${lit(target.typeName)}, ${namesOf(target).createFrom}, left)`,
  ];
}

/** Prints the line that sets `field` of `m` from `i`, as create() sets it. */
function printField(c: Code, field: DescField): void {
  const name = field.localName;
  const read = `v = i?.${name}`;
  switch (field.fieldKind) {
    case "message":
      c.line(`if ((${read}) != null) m.${name} = `, ...message(c, field, "v"), ";");
      return;
    case "list": {
      const convert: Printable[] =
        field.listKind === "message"
          ? [
              c.rt("initMessageList"),
              `(i?.${name}, ${lit(field.message.typeName)}, ${namesOf(field.message).createFrom}, left)`,
            ]
          : field.scalar === ScalarType.BYTES
            ? [c.rt("initBytesList"), `(i?.${name})`]
            : [`i?.${name} ?? []`];
      c.line(`m.${name} = `, ...convert, ";");
      return;
    }
    case "map": {
      const convert: Printable[] =
        field.mapKind === "message"
          ? [
              c.rt("initMessageMap"),
              `(i?.${name}, ${lit(field.message.typeName)}, ${namesOf(field.message).createFrom}, left)`,
            ]
          : field.scalar === ScalarType.BYTES
            ? [c.rt("initBytesMap"), `(i?.${name})`]
            : [`i?.${name} ?? {}`];
      c.line(`m.${name} = `, ...convert, ";");
      return;
    }
    case "scalar":
    case "enum": {
      const bytes = field.fieldKind === "scalar" && field.scalar === ScalarType.BYTES;
      const value: Printable[] = bytes ? [c.rt("initBytes"), "(v)"] : ["v"];
      if (hasExplicitPresence(field)) {
        c.line(`if ((${read}) != null) m.${name} = `, ...value, ";");
        return;
      }
      const zero =
        field.fieldKind === "scalar"
          ? scalarZero(field.scalar)
          : String(field.enum.values[0]?.number ?? 0);
      if (bytes) c.line(`m.${name} = (${read}) != null ? `, ...value, ` : ${zero};`);
      else c.line(`m.${name} = i?.${name} ?? ${zero};`);
      return;
    }
  }
}

/**
 * Prints the lines that set `oneof` of `m` from `i`: `{ case, value }` for a case of the oneof,
 * its value converted as a field of that case; `{ case: undefined }` for anything else. The case
 * is read three times, as create() reads it.
 */
function printOneof(c: Code, oneof: DescOneof): void {
  const name = oneof.localName;
  c.block(["{"], () => {
    c.line(`const o = i?.${name} as { case?: unknown; value?: unknown };`);
    c.block(["switch (o?.case != null ? o.case : undefined) {"], () => {
      for (const field of oneof.fields) {
        const value: Printable[] =
          field.fieldKind === "message"
            ? message(c, field, "o.value")
            : field.fieldKind === "scalar" && field.scalar === ScalarType.BYTES
              ? [c.rt("initBytes"), "(o.value)"]
              : ["o.value"];
        c.line(`case ${lit(field.localName)}:`);
        c.line(`  m.${name} = { case: o.case, value: `, ...value, " };");
        c.line("  break;");
      }
      c.line("default:");
      c.line(`  m.${name} = { case: undefined };`);
    });
  });
}

/**
 * Prints the table of the create…From() functions by type name and the entry point `create()`,
 * as protobuf-es's create(schema, init).
 */
export function printCreateEntryPoint(c: Code, messages: readonly DescMessage[]): void {
  c.block([
    "const creators: { readonly [N in MessageTypeName]: ",
    c.rtType("CreateFrom"),
    "<MessageTypes[N]> } = {",
  ], () => {
    for (const desc of messages) c.line(`${lit(desc.typeName)}: ${namesOf(desc).createFrom},`);
  }, ["};"]);
  c.line();
  c.doc(
    "Makes a message of type `typeName` from `init` as protobuf-es's `create(schema, init)` does: a\n" +
      "message of the type is returned as it is. The message made is the first of `levels` levels\n" +
      "of messages; an init that nests deeper, or contains itself, throws the runtime's signal\n" +
      "(isTooDeepInit()). Whatever a getter of the init throws goes through.",
  );
  c.block(
    [
      "export function create<N extends MessageTypeName>(typeName: N, init: unknown, levels: number): MessageTypes[N] {",
    ],
    () =>
      c.line(
        "return ",
        c.rt("createMessage"),
        "(creators[typeName] as ",
        c.rtType("CreateFrom"),
        "<MessageTypes[N]>, typeName, init, levels);",
      ),
  );
  c.line();
}
