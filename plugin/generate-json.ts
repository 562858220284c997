// Generates, per message type, the proto3 JSON writer: it makes what protobuf-es's toJson() makes
// and refuses with a WriteProblem (the runtime's write-problem.ts) any value a field cannot take.
// The enum tables here serve the reader too (generate-json-reader.ts).
import { type DescEnum, type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import { type Code, fieldsInOrder, namesOf, printFieldsInOrder, renamedKey } from "./code.js";
import { hasExplicitPresence, lit } from "./wire.js";

/** Identifier stem of an enum's tables. */
export function enumStem(desc: DescEnum): string {
  const pkg = desc.file.proto.package;
  return (pkg.length > 0 ? desc.typeName.slice(pkg.length + 1) : desc.typeName).replace(/\./g, "_");
}

/** Prints the names-by-number and numbers-by-name tables of the enums the messages use. */
export function printEnumTables(c: Code, messages: readonly DescMessage[]): void {
  const enums = new Map<string, DescEnum>();
  for (const desc of messages) {
    for (const field of desc.fields) if (field.enum) enums.set(field.enum.typeName, field.enum);
  }
  for (const e of enums.values()) {
    const s = enumStem(e);
    const byNumber: string[] = [];
    for (const v of e.values) {
      if (v.number < 0 || v.number > 1000)
        throw new Error(`protoc-gen-vuc: ${e.typeName}: sparse enum numbers are not supported`);
      byNumber[v.number] ??= v.name;
    }
    c.doc(`The JSON names of ${e.typeName} values, by number.`);
    c.line(
      `const ${s}$names: readonly string[] = [${[...byNumber].map((n) => (n === undefined ? "" : lit(n))).join(", ")}];`,
    );
    c.line();
    const pairs = new Map<string, number>();
    for (const v of e.values) pairs.set(v.name, v.number);
    c.doc(`The numbers of ${e.typeName} values, by JSON name (and proto name).`);
    c.line(
      `const ${s}$numbers: ReadonlyMap<string, number> = /*@__PURE__*/ new Map([${[...pairs].map(([k, v]) => `[${lit(k)}, ${v}]`).join(", ")}]);`,
    );
    c.line();
  }
}

/**
 * The JSON key expression of a field: constant when both names are the same, or when the
 * message's keys are renamed at the end (renamedKey()).
 */
function keyExpr(field: DescField): string {
  return field.jsonName === field.name || renamedKey(field) !== undefined
    ? lit(field.jsonName)
    : `writer.useProtoFieldName ? ${lit(field.name)} : ${lit(field.jsonName)}`;
}

/** The expression that maps the scalar `value` to JSON, validating it. */
function scalarToJson(
  c: Code,
  field: DescField,
  scalar: ScalarType | undefined,
  value: string,
): Printable[] {
  if (scalar === undefined) {
    const e = field.enum as DescEnum;
    return [c.rt("enumToJson"), `(${value}, ${enumStem(e)}$names, writer)`];
  }
  switch (scalar) {
    case ScalarType.STRING:
      return [c.rt("stringToJson"), `(${value}, forText)`];
    case ScalarType.BYTES:
      return [c.rt("bytesToJson"), `(${value})`];
    case ScalarType.BOOL:
      return [c.rt("boolToJson"), `(${value})`];
    case ScalarType.INT32:
      return [c.rt("int32ToJson"), `(${value})`];
    case ScalarType.UINT32:
      return [c.rt("uint32ToJson"), `(${value})`];
    case ScalarType.INT64:
      return [c.rt("int64ToJson"), `(${value}, true)`];
    case ScalarType.UINT64:
      return [c.rt("int64ToJson"), `(${value}, false)`];
    default:
      throw new Error(`protoc-gen-vuc: scalar type ${ScalarType[scalar]} is not supported`);
  }
}

/**
 * The condition under which protobuf-es writes an implicit scalar: not zero, or
 * `alwaysEmitImplicit`.
 * (64-bit integers are tested by int64FieldToJson.)
 */
function emitCondition(c: Code, scalar: ScalarType | undefined, value: string): Printable[] {
  switch (scalar) {
    case ScalarType.STRING:
      return [`${value} !== "" || emit`];
    case ScalarType.BYTES:
      return ["!", c.rt("isEmptyBytes"), `(${value}) || emit`];
    case ScalarType.BOOL:
      return [`${value} !== false || emit`];
    default:
      return [`${value} !== 0 || emit`];
  }
}

/** The kind of a field's values: its own, a list's elements', a map's values'. */
export function valueKind(field: DescField): "scalar" | "enum" | "message" {
  return field.fieldKind === "list"
    ? field.listKind
    : field.fieldKind === "map"
      ? field.mapKind
      : field.fieldKind;
}

/** The scalar type of a singular, list or map field's values, or undefined for an enum. */
export function valueScalar(field: DescField): ScalarType | undefined {
  switch (field.fieldKind) {
    case "scalar":
      return field.scalar;
    case "list":
      return field.listKind === "scalar" ? field.scalar : undefined;
    case "map":
      return field.mapKind === "scalar" ? field.scalar : undefined;
    default:
      return undefined;
  }
}

/** Prints `writeJsonX()`, the JSON writer of one message. */
export function printToJson(c: Code, desc: DescMessage): void {
  const n = namesOf(desc);
  const fields = fieldsInOrder(desc);
  for (const field of fields) {
    if (field.name === "__proto__" || field.jsonName === "__proto__") {
      throw new Error(`protoc-gen-vuc: ${desc.typeName}: a field named __proto__ is not supported`);
    }
  }
  const hasList = fields.some((f) => f.fieldKind === "list");
  const hasMap = fields.some((f) => f.fieldKind === "map");
  c.doc(
    `Maps the ${desc.typeName} \`input\`, a message at nesting depth \`writer.depth\` + 1, to a\n` +
      "proto3 JSON object, key for key as protobuf-es's toJson(): fields in number order, zero\n" +
      "values left out unless `writer.alwaysEmitImplicit`, keys renamed to the proto names at the\n" +
      "end under `writer.useProtoFieldName`. Throws a WriteProblem for a message\n" +
      "nested too deep, a value of another type, or a value a field cannot take, with this\n" +
      "function's step of its path (`f`, the list index `i`, the map key `k`) added on the way\n" +
      "out (the runtime's within()).",
  );
  c.block(
    [
      "function ",
      n.writeJson,
      "(input: unknown, writer: ",
      c.rtType("JsonWriter"),
      "): ",
      c.rtType("JsonObject"),
      " {",
    ],
    () => {
      c.line(`const typeName = ${lit(desc.typeName)};`);
      // The type check inline rather than through asMessage(): one property-read site per type
      // stays monomorphic where a shared helper's would see every message type.
      c.line(
        "if (++writer.depth > writer.recursionLimit) ",
        c.rt("refuseDepth"),
        "(writer.depth, typeName);",
      );
      c.line(
        'if (typeof input !== "object" || input === null || (input as { $typeName?: unknown }).$typeName !== typeName) ',
        c.rt("refuseMessage"),
        "(input, typeName);",
      );
      // The writer's options, read once: the field lines test them.
      if (fields.some(testsEmit)) c.line("const emit = writer.alwaysEmitImplicit;");
      if (fields.some(writesText)) c.line("const forText = writer.forText;");
      c.line("const message = input as ", c.shape(desc), ";");
      c.line("const json: ", c.rtType("JsonObject"), " = {};");
      c.line("let value: unknown;");
      c.line("let f = -1;");
      if (hasList) c.line("let i = -1;");
      if (hasMap) c.line("let k: string | undefined;");
      c.block(["try {"], () => {
        printFieldsInOrder(c, fields, printFieldToJson);
        // JSON drops unknown fields, but checks them as the binary writer does (the test here
        // keeps the usual case from calling a function too large to inline).
        c.line(
          "if (message.$unknown !== undefined) ",
          c.rt("checkUnknownFields"),
          "(message.$unknown);",
        );
      }, ["} catch (thrown) {"]);
      c.line(
        "  throw ",
        c.rt("within"),
        `(thrown, ${n.steps}, f${hasMap ? `, ${hasList ? "i" : "-1"}, k` : hasList ? ", i" : ""});`,
      );
      c.line("}");
      c.line("writer.depth--;");
      if (fields.some((f) => renamedKey(f) !== undefined)) {
        c.line(
          "return writer.useProtoFieldName ? ",
          c.rt("withProtoNames"),
          `(json, ${n.steps}) : json;`,
        );
      } else c.line("return json;");
    },
  );
  c.line();
}

/** Whether the JSON line of `field` tests `alwaysEmitImplicit` (`emit`). */
function testsEmit(field: DescField): boolean {
  if (field.oneof) return false;
  if (field.fieldKind === "list" || field.fieldKind === "map") return true;
  return field.fieldKind !== "message" && !hasExplicitPresence(field);
}

/** Whether the JSON line of `field` passes on `forText`: for string values and map keys. */
function writesText(field: DescField): boolean {
  return (
    field.fieldKind === "map" ||
    (field.fieldKind !== "message" && valueScalar(field) === ScalarType.STRING)
  );
}

function printFieldToJson(c: Code, field: DescField): void {
  const key = keyExpr(field);
  if (field.oneof) {
    const value = `(${field.oneof.localName} as { value: unknown }).value`;
    if (field.fieldKind === "message") {
      c.line(`json[${key}] = ${namesOf(field.message).writeJson}(${value}, writer);`);
    } else if (field.fieldKind === "scalar" || field.fieldKind === "enum") {
      c.line(
        `json[${key}] = `,
        ...scalarToJson(c, field, field.fieldKind === "scalar" ? field.scalar : undefined, value),
        ";",
      );
    }
    return;
  }
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const scalar = field.fieldKind === "scalar" ? field.scalar : undefined;
      if (
        !hasExplicitPresence(field) &&
        (scalar === ScalarType.INT64 || scalar === ScalarType.UINT64)
      ) {
        // One call for the zero test and the mapping (the runtime's hottest JSON path).
        const signed = scalar === ScalarType.INT64;
        c.line(
          "value = ",
          c.rt("int64FieldToJson"),
          `(message.${field.localName}, ${signed}, emit);`,
        );
        c.line(`if (value !== undefined) json[${key}] = value;`);
        return;
      }
      c.line(`value = message.${field.localName};`);
      if (hasExplicitPresence(field)) {
        c.block(["if (value !== undefined) {"], () => {
          c.line("value = ", ...scalarToJson(c, field, scalar, "value"), ";");
          printOwnStore(c, field, key);
        });
      } else {
        c.line(
          "if (",
          ...emitCondition(c, scalar, "value"),
          `) json[${key}] = `,
          ...scalarToJson(c, field, scalar, "value"),
          ";",
        );
      }
      return;
    }
    case "message":
      c.line(`value = message.${field.localName};`);
      c.block(["if (value !== undefined) {"], () => {
        c.line(`value = ${namesOf(field.message).writeJson}(value, writer);`);
        printOwnStore(c, field, key);
      });
      return;
    case "list":
    case "map": {
      const kind = field.fieldKind === "list" ? field.listKind : field.mapKind;
      const item: Printable[] =
        kind === "message"
          ? [`${namesOf(field.message as DescMessage).writeJson}(item, writer)`]
          : scalarToJson(c, field, kind === "scalar" ? valueScalar(field) : undefined, "item");
      if (field.fieldKind === "list") {
        c.line("value = ", c.rt("asList"), `(message.${field.localName});`);
        c.block(["if ((value as unknown[]).length > 0 || emit) {"], () => {
          c.line("const out: unknown[] = [];");
          c.block(["for (i = 0; i < (value as unknown[]).length; i++) {"], () => {
            c.line("const item = (value as unknown[])[i];");
            c.line("out.push(", ...item, ");");
          });
          c.line("i = -1;");
          c.line(`json[${key}] = out;`);
        });
      } else {
        c.line("value = ", c.rt("asRecord"), `(message.${field.localName});`);
        c.block(["{"], () => {
          c.line("const keys = Object.keys(value as object);");
          c.block(["if (keys.length > 0 || emit) {"], () => {
            c.line("const out: ", c.rtType("JsonObject"), " = {};");
            c.block(["for (const key of keys) {"], () => {
              c.line("k = key;");
              c.line(c.rt("checkMapKey"), "(key, forText);");
              c.line("const item = (value as ", c.rtType("JsonObject"), ")[key];");
              // The store inline rather than through setOwn(): a store site per map stays
              // monomorphic.
              c.line("const itemJson = ", ...item, ";");
              c.line('if (key === "__proto__") ', c.rt("setOwn"), "(out, key, itemJson);");
              c.line("else out[key] = itemJson;");
            });
            // Past MAP_SPREAD_KEYS keyed stores V8 makes `out` a dictionary; the copy is a fast
            // object, which JSON.stringify() serializes faster.
            c.line(
              `json[${key}] = forText && keys.length > ${MAP_SPREAD_KEYS} ? { ...out } : out;`,
            );
          });
          c.line("k = undefined;");
        });
      }
      return;
    }
  }
}

/**
 * Prints the store of `value`, the JSON of a field with explicit presence, unless the message
 * inherits the field: protobuf-es writes only an own property; an inherited value is checked as
 * any other.
 */
function printOwnStore(c: Code, field: DescField, key: string): void {
  c.line(`if (Object.hasOwn(message, ${lit(field.localName)})) json[${key}] = value;`);
}

/**
 * Maps with more keys than this are copied once written for JSON text (`{ ...out }`): V8 turns
 * an object into a dictionary after 4 in-object and 12 more properties added by keyed stores,
 * and the spread makes a fast object of it again (own properties by CreateDataProperty:
 * `__proto__` stays an own member), which JSON.stringify() serializes faster (on Node.js 20 and
 * 24 as on 26, whose JSON.stringify() has a fast path for fast objects). Only for text
 * (JsonWriter.forText): envelopeToJson returns the map as it was written.
 */
const MAP_SPREAD_KEYS = 16;
