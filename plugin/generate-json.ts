// Generates, per message type, the proto3 JSON mappers: a writer that makes what protobuf-es's
// toJson() makes and refuses with a WriteProblem (the runtime's write-problem.ts) any value a
// field cannot take, a reader of JSON values and a parser of JSON text that make what fromJson()
// makes, and give up (undefined) on anything they do not take, so that the caller runs the slow
// path for the exact result or error.
import { type DescEnum, type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import { type Code, namesOf } from "./code.js";
import { createForRead, emptyBytesFields } from "./generate-decode.js";
import { hasExplicitPresence, lit } from "./wire.js";

/** Identifier stem of an enum's tables. */
function enumStem(desc: DescEnum): string {
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

/** The JSON key expression of a field: constant when both names are the same. */
function keyExpr(field: DescField): string {
  return field.jsonName === field.name
    ? lit(field.name)
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
      return [c.rt("stringToJson"), `(${value}, writer.forText)`];
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
function emitCondition(scalar: ScalarType | undefined, value: string): string {
  switch (scalar) {
    case ScalarType.STRING:
      return `${value} !== "" || writer.alwaysEmitImplicit`;
    case ScalarType.BYTES:
      return `!(${value} instanceof Uint8Array) || ${value}.length > 0 || writer.alwaysEmitImplicit`;
    case ScalarType.BOOL:
      return `${value} !== false || writer.alwaysEmitImplicit`;
    default:
      return `${value} !== 0 || writer.alwaysEmitImplicit`;
  }
}

/** The kind of a field's values: its own, a list's elements', a map's values'. */
function valueKind(field: DescField): "scalar" | "enum" | "message" {
  return field.fieldKind === "list"
    ? field.listKind
    : field.fieldKind === "map"
      ? field.mapKind
      : field.fieldKind;
}

/** The scalar type of a singular, list or map field's values, or undefined for an enum. */
function valueScalar(field: DescField): ScalarType | undefined {
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
export function printToJson(
  c: Code,
  desc: DescMessage,
  referenced: ReadonlySet<DescMessage>,
): void {
  const n = namesOf(desc);
  const fields = [...desc.fields].sort((a, b) => a.number - b.number);
  for (const field of fields) {
    if (field.name === "__proto__" || field.jsonName === "__proto__") {
      throw new Error(`protoc-gen-vuc: ${desc.typeName}: a field named __proto__ is not supported`);
    }
  }
  if (referenced.has(desc)) {
    c.doc(
      `A ${desc.typeName} field, list item or map value for JSON: checks its type, then maps it.`,
    );
    c.block(
      [
        "function ",
        `${n.writeJson}Value`,
        "(value: unknown, writer: ",
        c.rtType("JsonWriter"),
        "): ",
        c.rtType("JsonObject"),
        " {",
      ],
      () => {
        // The check inline rather than through asMessage(): one property-read site per type
        // stays monomorphic where a shared helper's would see every message type.
        c.line(
          "if (++writer.depth > writer.recursionLimit) ",
          c.rt("refuseDepth"),
          `(writer.depth, ${lit(desc.typeName)});`,
        );
        c.line(
          `if (typeof value !== "object" || value === null || (value as { $typeName?: unknown }).$typeName !== ${lit(desc.typeName)}) `,
          c.rt("refuseMessage"),
          `(value, ${lit(desc.typeName)});`,
        );
        c.line(`const json = ${n.writeJson}(value as `, c.shape(desc), ", writer);");
        c.line("writer.depth--;");
        c.line("return json;");
      },
    );
    c.line();
  }
  const hasList = fields.some((f) => f.fieldKind === "list");
  const hasMap = fields.some((f) => f.fieldKind === "map");
  c.doc(
    `Maps the ${desc.typeName} \`message\` to a proto3 JSON object, key for key as protobuf-es's\n` +
      "toJson(): fields in number order, zero values left out unless `writer.alwaysEmitImplicit`.\n" +
      "Throws a WriteProblem for a value a field cannot take, with this function's step of its\n" +
      "path (`f`, the list index `i`, the map key `k`) added on the way out (the runtime's within()).",
  );
  c.block(
    [
      "function ",
      n.writeJson,
      "(message: ",
      c.shape(desc),
      ", writer: ",
      c.rtType("JsonWriter"),
      "): ",
      c.rtType("JsonObject"),
      " {",
    ],
    () => {
      c.line("const json: ", c.rtType("JsonObject"), " = {};");
      c.line("let value: unknown;");
      c.line('let f = "";');
      if (hasList) c.line("let i = -1;");
      if (hasMap) c.line("let k: string | undefined;");
      c.block(["try {"], () => {
        const seen = new Set<string>();
        for (const [index, field] of fields.entries()) {
          const o = field.oneof?.localName;
          if (o !== undefined && !seen.has(o)) {
            seen.add(o);
            c.line(`f = ${lit(o)};`);
            c.line(`const ${o} = message.${o};`);
            c.line(`const ${o}Case = `, c.rt("oneofCase"), `(${o});`);
            c.line(`let ${o}Written = ${o}Case === undefined;`);
          }
          printFieldToJson(c, field);
          if (o !== undefined && !fields.slice(index + 1).some((g) => g.oneof?.localName === o)) {
            c.block([`if (!${o}Written) {`], () => {
              c.line(`f = ${lit(o)};`);
              c.line(c.rt("refuseCase"), `(${o}Case);`);
            });
          }
        }
        // JSON drops unknown fields, but checks them as the binary writer does (the test here
        // keeps the usual case from calling a function too large to inline).
        c.line('f = "$unknown";');
        c.line(
          "if (message.$unknown !== undefined) ",
          c.rt("checkUnknownFields"),
          "(message.$unknown);",
        );
      }, ["} catch (thrown) {"]);
      c.line(
        "  throw ",
        c.rt("within"),
        `(thrown, f, ${hasList ? "i" : "-1"}, ${hasMap ? "k" : "undefined"});`,
      );
      c.line("}");
      c.line("return json;");
    },
  );
  c.line();
}

function printFieldToJson(c: Code, field: DescField): void {
  const key = keyExpr(field);
  c.line(`// ${field.number} ${field.name}`);
  if (field.oneof) {
    const o = field.oneof.localName;
    c.block([`if (${o}Case === ${lit(field.localName)}) {`], () => {
      c.line(`f = ${lit(field.localName)};`);
      c.line(`${o}Written = true;`);
      const value = `(${o} as { value: unknown }).value`;
      if (field.fieldKind === "message") {
        c.line(`json[${key}] = ${namesOf(field.message).writeJson}Value(${value}, writer);`);
      } else if (field.fieldKind === "scalar" || field.fieldKind === "enum") {
        c.line(
          `json[${key}] = `,
          ...scalarToJson(c, field, field.fieldKind === "scalar" ? field.scalar : undefined, value),
          ";",
        );
      }
    });
    return;
  }
  c.line(`f = ${lit(field.localName)};`);
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
          `(message.${field.localName}, ${signed}, writer.alwaysEmitImplicit);`,
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
          emitCondition(scalar, "value"),
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
        c.line(`value = ${namesOf(field.message).writeJson}Value(value, writer);`);
        printOwnStore(c, field, key);
      });
      return;
    case "list":
    case "map": {
      const kind = field.fieldKind === "list" ? field.listKind : field.mapKind;
      const item: Printable[] =
        kind === "message"
          ? [`${namesOf(field.message as DescMessage).writeJson}Value(item, writer)`]
          : scalarToJson(c, field, kind === "scalar" ? valueScalar(field) : undefined, "item");
      if (field.fieldKind === "list") {
        c.line("value = ", c.rt("asList"), `(message.${field.localName});`);
        c.block(["if ((value as unknown[]).length > 0 || writer.alwaysEmitImplicit) {"], () => {
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
          c.block(["if (keys.length > 0 || writer.alwaysEmitImplicit) {"], () => {
            c.line("const out: ", c.rtType("JsonObject"), " = {};");
            c.block(["for (const key of keys) {"], () => {
              c.line("k = key;");
              c.line(c.rt("checkMapKey"), "(key, writer.forText);");
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
              `json[${key}] = writer.forText && keys.length > ${MAP_SPREAD_KEYS} ? { ...out } : out;`,
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

/** The reader of one value of a field from the JSON value `value` (for fromJson). */
function readValue(c: Code, field: DescField, value: string): Printable[] {
  const kind = valueKind(field);
  if (kind === "message") {
    return [`${namesOf(field.message as DescMessage).readJson}(${value}, reader, depth + 1)`];
  }
  if (kind === "enum")
    return [c.rt("enumFromJson"), `(${value}, ${enumStem(field.enum as DescEnum)}$numbers)`];
  switch (valueScalar(field)) {
    case ScalarType.STRING:
      return [c.rt("stringFromJson"), `(${value}, reader.wellFormed)`];
    case ScalarType.BYTES:
      return [c.rt("bytesFromJson"), `(${value})`];
    case ScalarType.BOOL:
      return [c.rt("boolFromJson"), `(${value})`];
    case ScalarType.INT32:
      return [c.rt("int32FromJson"), `(${value})`];
    case ScalarType.UINT32:
      return [c.rt("uint32FromJson"), `(${value})`];
    case ScalarType.INT64:
      return [c.rt("int64FromJson"), `(${value}, true)`];
    case ScalarType.UINT64:
      return [c.rt("int64FromJson"), `(${value}, false)`];
    default:
      throw new Error("protoc-gen-vuc: unsupported scalar type");
  }
}

/**
 * What one value of `field` (a member's, an element, a map value), which its reader took, adds
 * to `textLength`: a constant, and an expression or none. A message counts its own text. Written
 * out by type, so that no call spends the optimizing compiler's budget for inlining (V8 inlines
 * about 900 bytes of bytecode into a function, and the readers of the values need it more).
 */
function valueText(c: Code, field: DescField, value: string): [number, Printable[]] {
  const kind = valueKind(field);
  if (kind === "message") return [0, []];
  const numberOrString: [number, Printable[]] = [
    0,
    [
      ` + (typeof ${value} === "string" ? ${value}.length + 2 : `,
      c.rt("numberTextLength"),
      `(${value} as number))`,
    ],
  ];
  if (kind === "enum") return numberOrString;
  switch (valueScalar(field)) {
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return [2, [` + (${value} as string).length`]]; // and the quotes
    case ScalarType.BOOL:
      return [0, [` + (${value} ? 4 : 5)`]];
    case ScalarType.INT32:
    case ScalarType.UINT32:
      return [0, [" + ", c.rt("numberTextLength"), `(${value} as number)`]];
    default: // int64, uint64: a decimal string, or a number
      return numberOrString;
  }
}

/**
 * Prints `textLength += ` the constant `add` and what the member's value `value` of `field` adds
 * (see valueText; a list or a map counts its items as it reads them).
 */
function addText(c: Code, field: DescField, add: number, value: string): void {
  const [more, text] =
    field.fieldKind === "list" || field.fieldKind === "map" ? [0, []] : valueText(c, field, value);
  c.line(`textLength += ${add + more}`, ...text, ";");
}

/** Prints `textLength += ` what `item` (an element, a map value) of `field` adds, and `add`. */
function addItemText(c: Code, field: DescField, add: number, item: string, note = ""): void {
  const [more, text] = valueText(c, field, item);
  c.line(`textLength += ${add + more}`, ...text, `;${note}`);
}

/**
 * Prints `const name = value`, a JSON object to read a message or a map from, or a bail. Only
 * objects with Object.prototype for prototype (what JSON.parse() makes): a reader's property
 * reads find no member in another prototype. Not an array, nor an object without a prototype.
 *
 * For a message of what JSON.parse() made (`reader.parsed`), written as
 * `value.constructor !== Object`: its objects are arrays or have that prototype, and a member
 * named `constructor` is unknown to every message (the slow path decides). Written out in each
 * reader, which sees objects of one shape, V8 finds `constructor` on the prototype it knows,
 * which costs less than Object.getPrototypeOf() or one function that every reader calls. A map
 * may have a key `constructor`, and any other value any prototype: they get
 * Object.getPrototypeOf().
 */
function printJsonObject(c: Code, name: string, value: string, map = false): void {
  const prototype = `Object.getPrototypeOf(${value}) !== Object.prototype`;
  const other = map
    ? prototype
    : `(reader.parsed ? ${value}.constructor !== Object : ${prototype})`;
  c.block([`if (typeof ${value} !== "object" || ${value} === null || ${other}) {`], () =>
    c.line(c.rt("bail"), "();"),
  );
  c.line(`const ${name} = ${value} as `, c.rtType("JsonObject"), ";");
}

/**
 * Oneofs of more members than this are read by a walk over the object's members (`for … in`)
 * rather than by a property read per member name. Each member gives the object another shape,
 * and a property read that sees more than 4 shapes goes megamorphic in V8 (a lookup in a global
 * cache, for every name the object lacks).
 */
const ONEOF_WALK_MEMBERS = 4;

/** Prints `readJsonX()`, the JSON reader of one message. */
export function printFromJson(c: Code, desc: DescMessage): void {
  const n = namesOf(desc);
  const fields = [...desc.fields].sort((a, b) => a.number - b.number);
  const names = fields.flatMap((f) => (f.jsonName === f.name ? [f.name] : [f.jsonName, f.name]));
  const walked = fields.filter(
    (f) => f.oneof !== undefined && f.oneof.fields.length > ONEOF_WALK_MEMBERS,
  );
  c.doc(`The member names a ${desc.typeName} takes in JSON: JSON names, then proto names.`);
  c.line(`const ${n.typeName}json: readonly string[] = [${names.map(lit).join(", ")}];`);
  c.line();
  c.doc(
    `Reads a ${desc.typeName} from a JSON value at nesting depth \`depth\`, as protobuf-es's\n` +
      "fromJson(). Field by field, by property reads (what JSON.parse() makes shares one shape, so\n" +
      "each read is one inline cache hit), then a count of the members to find any it does not know.\n" +
      (walked.length > 0
        ? "The members of a oneof of many members are found by a walk over the object's members.\n"
        : "") +
      "Bails on anything but the canonical forms (and on what the slow path rejects): null, a field\n" +
      "under both its names, two members of a oneof, numbers as strings, …",
  );
  c.block(
    [
      "function ",
      n.readJson,
      "(json: unknown, reader: ",
      c.rtType("JsonReader"),
      ", depth: number): ",
      c.shape(desc),
      " {",
    ],
    () => {
      c.line("if (depth > reader.recursionLimit) ", c.rt("bail"), "();");
      printJsonObject(c, "object", "json");
      c.line(`const message = ${createForRead(desc)}();`);
      c.line("let membersRead = 0; // members read, each counted once");
      c.line(
        "let textLength = 0; // their shortest JSON text, for the compact-text rule (src/envelope/json-text.ts)",
      );
      c.line("let value: unknown;");
      if (fields.some((f) => f.jsonName !== f.name && !walked.includes(f))) {
        c.line("let protoNameValue: unknown;");
      }
      for (const field of fields) {
        if (walked.includes(field)) continue;
        c.line(`// ${field.number} ${field.name}`);
        c.line(`value = object[${lit(field.jsonName)}];`);
        if (field.jsonName !== field.name) {
          // Both names are read, also when the JSON name has a value: that value may be no
          // member of the object (inherited from a polluted Object.prototype, or not
          // enumerable), which neither the count of the members nor the text's length shows.
          c.line(`protoNameValue = object[${lit(field.name)}];`);
          c.block(["if (protoNameValue !== undefined) {"], () => {
            c.line(
              "if (value !== undefined) ",
              c.rt("bail"),
              "(); // both names: the slow path decides",
            );
            c.line("value = protoNameValue;");
            c.line(`textLength += ${field.name.length - field.jsonName.length};`);
          });
        }
        c.block(["if (value !== undefined) {"], () => {
          if (field.oneof) printOneofTaken(c, field);
          c.line("membersRead++;");
          printRead(c, field, (x) => readValue(c, field, x), "value");
          // The name in quotes, a colon, a comma (one too many: see below); and the value.
          addText(c, field, field.jsonName.length + 4, "value");
        });
      }
      if (walked.length > 0) {
        // Own and inherited enumerable members, as the property reads above find them.
        c.block(["for (const member in object) {"], () => {
          c.block(["switch (member) {"], () => {
            for (const field of walked) {
              const spellings =
                field.jsonName === field.name ? [field.name] : [field.jsonName, field.name];
              for (const name of spellings) {
                c.block([`case ${lit(name)}: {`], () => {
                  c.line(`// ${field.number} ${field.name}`);
                  c.line("value = object[member];");
                  c.line("if (value === undefined) break;");
                  printOneofTaken(c, field);
                  c.line("membersRead++;");
                  printRead(c, field, (x) => readValue(c, field, x), "value");
                  addText(c, field, name.length + 4, "value");
                  c.line("break;");
                });
              }
            }
          });
        });
      }
      // Members counted, and unknown ones looked into; or, for compact text, left to the
      // caller (the compact-text rule: src/envelope/json-text.ts).
      c.block(["if (reader.countMembers) {"], () => {
        c.line("const members = Object.keys(object).length;");
        c.line("reader.keys += members;");
        c.line(
          "if (membersRead !== members) ",
          c.rt("checkUnknownMembers"),
          `(object, membersRead, reader, ${n.typeName}json);`,
        );
      }, ["} else reader.keys += membersRead;"]);
      c.line(
        "reader.chars += textLength + (membersRead === 0 ? 2 : 1); // the braces, less the last comma",
      );
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
 * Prints the bail on a second member of the oneof of `field`: another member, or this one under
 * its other name.
 */
function printOneofTaken(c: Code, field: DescField): void {
  c.line(
    `if (message.${field.oneof?.localName}.case !== undefined) `,
    c.rt("bail"),
    "(); // two members of the oneof",
  );
}

/**
 * Prints the statements that store the value of `field` into `message`: assigned, pushed item by
 * item, or set entry by entry. `read(x)` reads one value from the JSON value `x`; `value` is the
 * member's JSON value.
 */
function printRead(
  c: Code,
  field: DescField,
  read: (x: string) => Printable[],
  value: string,
): void {
  const target = `message.${field.localName}`;
  if (field.oneof) {
    c.line(
      `message.${field.oneof.localName} = { case: ${lit(field.localName)}, value: `,
      ...read(value),
      " };",
    );
    return;
  }
  switch (field.fieldKind) {
    case "scalar":
    case "enum":
    case "message":
      c.line(`${target} = `, ...read(value), ";");
      return;
    case "list":
      c.block(["for (const item of ", c.rt("asList"), `(${value})) {`], () => {
        c.line(`${target}.push(`, ...read("item"), ");");
        addItemText(c, field, 1, "item", " // and a comma");
      });
      c.line(`textLength += ${target}.length === 0 ? 2 : 1; // the brackets, less the last comma`);
      return;
    case "map":
      if (field.mapKey !== ScalarType.STRING) {
        throw new Error("protoc-gen-vuc: only string map keys are supported by the JSON readers");
      }
      printJsonObject(c, "map", value, true);
      c.line("const mapNames = Object.keys(map);");
      c.line("reader.keys += mapNames.length;");
      c.line("textLength += mapNames.length === 0 ? 2 : 1; // the braces, less the last comma");
      c.block(["for (const key of mapNames) {"], () => {
        c.line(
          c.rt("stringFromJson"),
          "(key, reader.wellFormed); // a lone surrogate in a key is rejected",
        );
        c.line(c.rt("setOwn"), `(${target}, key, `, ...read("map[key]"), ");");
        const [more, text] = valueText(c, field, "map[key]");
        c.line(`textLength += key.length + ${4 + more}`, ...text, ";");
      });
      return;
  }
}
