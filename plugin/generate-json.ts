// Generates, per message type, the proto3 JSON mappers: a writer that makes what protobuf-es's
// toJson() makes, a reader of JSON values and a parser of JSON text that make what fromJson()
// makes. Each validates what the slow path validates, and gives up (undefined) on anything it
// does not take, so that the caller runs the slow path for the exact result or error.
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
    : `f.proto ? ${lit(field.name)} : ${lit(field.jsonName)}`;
}

/** The expression that maps scalar value `v` to JSON, validating it. */
function scalarToJson(
  c: Code,
  field: DescField,
  scalar: ScalarType | undefined,
  v: string,
): Printable[] {
  if (scalar === undefined) {
    const e = field.enum as DescEnum;
    return [c.rt("enumToJson"), `(${v}, ${enumStem(e)}$names, f)`];
  }
  switch (scalar) {
    case ScalarType.STRING:
      return [c.rt("stringToJson"), `(${v}, f.text)`];
    case ScalarType.BYTES:
      return [c.rt("bytesToJson"), `(${v})`];
    case ScalarType.BOOL:
      return [c.rt("boolToJson"), `(${v})`];
    case ScalarType.INT32:
      return [c.rt("int32ToJson"), `(${v})`];
    case ScalarType.UINT32:
      return [c.rt("uint32ToJson"), `(${v})`];
    case ScalarType.INT64:
      return [c.rt("int64ToJson"), `(${v}, true)`];
    case ScalarType.UINT64:
      return [c.rt("int64ToJson"), `(${v}, false)`];
    default:
      throw new Error(`protoc-gen-vuc: scalar type ${ScalarType[scalar]} is not supported`);
  }
}

/**
 * The condition under which protobuf-es writes an implicit scalar: not zero, or implicit.
 * (64-bit integers are tested by int64FieldToJson.)
 */
function emitCondition(scalar: ScalarType | undefined, v: string): string {
  switch (scalar) {
    case ScalarType.STRING:
      return `${v} !== "" || f.implicit`;
    case ScalarType.BYTES:
      return `!(${v} instanceof Uint8Array) || ${v}.length > 0 || f.implicit`;
    case ScalarType.BOOL:
      return `${v} !== false || f.implicit`;
    default:
      return `${v} !== 0 || f.implicit`;
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
        "(v: unknown, f: ",
        c.rtType("JsonWriter"),
        "): ",
        c.rtType("JsonObject"),
        " {",
      ],
      () => {
        // The check inline rather than through asMessage(): one property-read site per type
        // stays monomorphic where a shared helper's would see every message type.
        c.line(
          `if (typeof v !== "object" || v === null || (v as { $typeName?: unknown }).$typeName !== ${lit(desc.typeName)}) `,
          c.rt("bail"),
          "();",
        );
        c.line("if (++f.depth > f.limit) ", c.rt("bail"), "(); // the fallback names the depth");
        c.line(`const j = ${n.writeJson}(v as `, c.shape(desc), ", f);");
        c.line("f.depth--;");
        c.line("return j;");
      },
    );
    c.line();
  }
  c.doc(
    `Maps the ${desc.typeName} \`m\` to a proto3 JSON object, key for key as protobuf-es's toJson():\n` +
      "fields in number order, zero values left out unless `f.implicit`. Bails on any value the\n" +
      "slow path would reject.",
  );
  c.block(
    [
      "function ",
      n.writeJson,
      "(m: ",
      c.shape(desc),
      ", f: ",
      c.rtType("JsonWriter"),
      "): ",
      c.rtType("JsonObject"),
      " {",
    ],
    () => {
      c.line("const j: ", c.rtType("JsonObject"), " = {};");
      c.line("let v: unknown;");
      const oneofs = new Set(fields.filter((f) => f.oneof).map((f) => f.oneof?.localName));
      for (const o of oneofs) {
        c.line(`const ${o} = m.${o};`);
        c.line(`const ${o}Case = `, c.rt("oneofCase"), `(${o});`);
        c.line(`let ${o}Written = ${o}Case === undefined;`);
      }
      for (const field of fields) printFieldToJson(c, field);
      for (const o of oneofs)
        c.line(`if (!${o}Written) `, c.rt("bail"), "(); // a case this schema does not have");
      // JSON drops unknown fields, but checkMessage checks them (the test here keeps the usual
      // case from calling a function too large to inline).
      c.line("if (m.$unknown !== undefined) ", c.rt("checkUnknownFields"), "(m.$unknown);");
      c.line("return j;");
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
      c.line(`${o}Written = true;`);
      const value = `(${o} as { value: unknown }).value`;
      if (field.fieldKind === "message") {
        c.line(`j[${key}] = ${namesOf(field.message).writeJson}Value(${value}, f);`);
      } else if (field.fieldKind === "scalar" || field.fieldKind === "enum") {
        c.line(
          `j[${key}] = `,
          ...scalarToJson(c, field, field.fieldKind === "scalar" ? field.scalar : undefined, value),
          ";",
        );
      }
    });
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
        c.line("v = ", c.rt("int64FieldToJson"), `(m.${field.localName}, ${signed}, f.implicit);`);
        c.line(`if (v !== undefined) j[${key}] = v;`);
        return;
      }
      c.line(`v = m.${field.localName};`);
      if (hasExplicitPresence(field)) {
        c.block(["if (v !== undefined) {"], () => {
          c.line(c.rt("requireOwn"), `(m, ${lit(field.localName)});`);
          c.line(`j[${key}] = `, ...scalarToJson(c, field, scalar, "v"), ";");
        });
      } else {
        c.line(
          "if (",
          emitCondition(scalar, "v"),
          `) j[${key}] = `,
          ...scalarToJson(c, field, scalar, "v"),
          ";",
        );
      }
      return;
    }
    case "message":
      c.line(`v = m.${field.localName};`);
      c.block(["if (v !== undefined) {"], () => {
        c.line(c.rt("requireOwn"), `(m, ${lit(field.localName)});`);
        c.line(`j[${key}] = ${namesOf(field.message).writeJson}Value(v, f);`);
      });
      return;
    case "list":
    case "map": {
      const kind = field.fieldKind === "list" ? field.listKind : field.mapKind;
      const item: Printable[] =
        kind === "message"
          ? [`${namesOf(field.message as DescMessage).writeJson}Value(x, f)`]
          : scalarToJson(c, field, kind === "scalar" ? valueScalar(field) : undefined, "x");
      if (field.fieldKind === "list") {
        c.line("v = ", c.rt("asList"), `(m.${field.localName});`);
        c.block(["if ((v as unknown[]).length > 0 || f.implicit) {"], () => {
          c.line("const out: unknown[] = [];");
          c.line("for (const x of v as unknown[]) out.push(", ...item, ");");
          c.line(`j[${key}] = out;`);
        });
      } else {
        c.line("v = ", c.rt("asRecord"), `(m.${field.localName});`);
        c.block(["{"], () => {
          c.line("const keys = Object.keys(v as object);");
          c.block(["if (keys.length > 0 || f.implicit) {"], () => {
            c.line("const out: ", c.rtType("JsonObject"), " = {};");
            c.block(["for (const k of keys) {"], () => {
              c.line("const x = (v as ", c.rtType("JsonObject"), ")[k];");
              c.line("if (!f.text && !", c.rt("wellFormed"), "(k)) ", c.rt("bail"), "();");
              // The store inline rather than through setOwn(): a store site per map stays
              // monomorphic.
              c.line("const y = ", ...item, ";");
              c.line('if (k === "__proto__") ', c.rt("setOwn"), "(out, k, y);");
              c.line("else out[k] = y;");
            });
            // Past MAP_SPREAD_KEYS keyed stores V8 makes `out` a dictionary; the copy is a fast
            // object, which the fast path of JSON.stringify() takes (V8 from 13.8).
            c.line(`j[${key}] = f.text && keys.length > ${MAP_SPREAD_KEYS} ? { ...out } : out;`);
          });
        });
      }
      return;
    }
  }
}

/**
 * Maps with more keys than this are copied once written for JSON text (`{ ...out }`): V8 turns
 * an object into a dictionary after 4 in-object and 12 more properties added by keyed stores,
 * and the spread makes a fast object of it again (own properties by CreateDataProperty:
 * `__proto__` stays an own member). That pays on Node.js 26, whose JSON.stringify() has a fast
 * path for fast objects; Node.js 20 and 24 gain nothing from it (the caller copies only for text
 * on an engine with that fast path: JsonWriter.text).
 */
const MAP_SPREAD_KEYS = 16;

/** The reader of one value of a field from a JSON value `v` (for fromJson). */
function readValue(c: Code, field: DescField, v: string): Printable[] {
  const kind = valueKind(field);
  if (kind === "message") {
    return [`${namesOf(field.message as DescMessage).readJson}(${v}, r, depth + 1)`];
  }
  if (kind === "enum")
    return [c.rt("enumFromJson"), `(${v}, ${enumStem(field.enum as DescEnum)}$numbers)`];
  switch (valueScalar(field)) {
    case ScalarType.STRING:
      return [c.rt("stringFromJson"), `(${v}, r.wellFormed)`];
    case ScalarType.BYTES:
      return [c.rt("bytesFromJson"), `(${v})`];
    case ScalarType.BOOL:
      return [c.rt("boolFromJson"), `(${v})`];
    case ScalarType.INT32:
      return [c.rt("int32FromJson"), `(${v})`];
    case ScalarType.UINT32:
      return [c.rt("uint32FromJson"), `(${v})`];
    case ScalarType.INT64:
      return [c.rt("int64FromJson"), `(${v}, true)`];
    case ScalarType.UINT64:
      return [c.rt("int64FromJson"), `(${v}, false)`];
    default:
      throw new Error("protoc-gen-vuc: unsupported scalar type");
  }
}

/**
 * What one value of `field` (a member's, an element, a map value), which its reader took, adds
 * to `t`: a constant, and an expression or none. A message counts its own text. Written out by
 * type, so that no call spends the optimizing compiler's budget for inlining (V8 inlines about
 * 900 bytes of bytecode into a function, and the readers of the values need it more).
 */
function valueText(c: Code, field: DescField, v: string): [number, Printable[]] {
  const kind = valueKind(field);
  if (kind === "message") return [0, []];
  const numberOrString: [number, Printable[]] = [
    0,
    [
      ` + (typeof ${v} === "string" ? ${v}.length + 2 : `,
      c.rt("numberTextLength"),
      `(${v} as number))`,
    ],
  ];
  if (kind === "enum") return numberOrString;
  switch (valueScalar(field)) {
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return [2, [` + (${v} as string).length`]]; // and the quotes
    case ScalarType.BOOL:
      return [0, [` + (${v} ? 4 : 5)`]];
    case ScalarType.INT32:
    case ScalarType.UINT32:
      return [0, [" + ", c.rt("numberTextLength"), `(${v} as number)`]];
    default: // int64, uint64: a decimal string, or a number
      return numberOrString;
  }
}

/** Prints `t += ` the constant `add` and what value `v` of `field` adds (see valueText). */
function addText(c: Code, field: DescField, add: number, v: string, note = ""): void {
  const [more, value] =
    field.fieldKind === "list" || field.fieldKind === "map" ? [0, []] : valueText(c, field, v);
  c.line(`t += ${add + more}`, ...value, `;${note}`);
}

/** Prints `t += ` what value `x` (an element, a map value) of `field` adds, and `add`. */
function addItemText(c: Code, field: DescField, add: number, x: string, note = ""): void {
  const [more, value] = valueText(c, field, x);
  c.line(`t += ${add + more}`, ...value, `;${note}`);
}

/**
 * Prints `const name = v`, a JSON object to read a message or a map from, or a bail. Only
 * objects with Object.prototype for prototype (what JSON.parse() makes): a reader's property
 * reads find no member in another prototype. Not an array, nor an object without a prototype.
 *
 * For a message of what JSON.parse() made (`r.parsed`), written as `v.constructor !== Object`:
 * its objects are arrays or have that prototype, and a member named `constructor` is unknown to
 * every message (the slow path decides). Written out in each reader, which sees objects of one
 * shape, V8 finds `constructor` on the prototype it knows, which costs less than
 * Object.getPrototypeOf() or one function that every reader calls. A map may have a
 * key `constructor`, and any other value any prototype: they get Object.getPrototypeOf().
 */
function printJsonObject(c: Code, name: string, v: string, map = false): void {
  const prototype = `Object.getPrototypeOf(${v}) !== Object.prototype`;
  const other = map ? prototype : `(r.parsed ? ${v}.constructor !== Object : ${prototype})`;
  c.block([`if (typeof ${v} !== "object" || ${v} === null || ${other}) {`], () =>
    c.line(c.rt("bail"), "();"),
  );
  c.line(`const ${name} = ${v} as `, c.rtType("JsonObject"), ";");
}

/** Prints `readJsonX()`, the JSON reader of one message. */
export function printFromJson(c: Code, desc: DescMessage): void {
  const n = namesOf(desc);
  const fields = [...desc.fields].sort((a, b) => a.number - b.number);
  const names = fields.flatMap((f) => (f.jsonName === f.name ? [f.name] : [f.jsonName, f.name]));
  c.doc(`The member names a ${desc.typeName} takes in JSON: JSON names, then proto names.`);
  c.line(`const ${n.typeName}json: readonly string[] = [${names.map(lit).join(", ")}];`);
  c.line();
  c.doc(
    `Reads a ${desc.typeName} from a JSON value at nesting depth \`depth\`, as protobuf-es's\n` +
      "fromJson(). Field by field, by property reads (what JSON.parse() makes shares one shape, so\n" +
      "each read is one inline cache hit), then a count of the members to find any it does not know.\n" +
      "Bails on anything but the canonical forms (and on what the slow path rejects): null, a field\n" +
      "under both its names, two members of a oneof, numbers as strings, …",
  );
  c.block(
    [
      "function ",
      n.readJson,
      "(j: unknown, r: ",
      c.rtType("JsonReader"),
      ", depth: number): ",
      c.shape(desc),
      " {",
    ],
    () => {
      c.line("if (depth > r.limit) ", c.rt("bail"), "();");
      printJsonObject(c, "o", "j");
      c.line(`const m = ${createForRead(desc)}();`);
      c.line("let n = 0; // members read");
      c.line(
        "let t = 0; // their shortest text, for the compact-text rule (src/envelope/json-text.ts)",
      );
      c.line("let v: unknown;");
      if (fields.some((f) => f.jsonName !== f.name)) c.line("let w: unknown;");
      for (const field of fields) {
        c.line(`// ${field.number} ${field.name}`);
        c.line(`v = o[${lit(field.jsonName)}];`);
        if (field.jsonName !== field.name) {
          c.line(`w = o[${lit(field.name)}];`);
          c.block(["if (w !== undefined) {"], () => {
            c.line(
              "if (v !== undefined) ",
              c.rt("bail"),
              "(); // both names: the slow path decides",
            );
            c.line("v = w;");
            c.line(`t += ${field.name.length - field.jsonName.length};`);
          });
        }
        c.block(["if (v !== undefined) {"], () => {
          if (field.oneof) {
            c.line(
              `if (m.${field.oneof.localName}.case !== undefined) `,
              c.rt("bail"),
              "(); // two members of the oneof",
            );
          }
          c.line("n++;");
          printRead(c, field, (x) => readValue(c, field, x), "v");
          // The name in quotes, a colon, a comma (one too many: see below); and the value.
          addText(c, field, field.jsonName.length + 4, "v");
        });
      }
      // Members counted, and unknown ones looked into; or, for compact text, left to the
      // caller (the compact-text rule: src/envelope/json-text.ts).
      c.block(["if (r.count) {"], () => {
        c.line("const k = Object.keys(o).length;");
        c.line("r.keys += k;");
        c.line("if (n !== k) ", c.rt("checkUnknownMembers"), `(o, n, r, ${n.typeName}json);`);
      }, ["} else r.keys += n;"]);
      c.line("r.chars += t + (n === 0 ? 2 : 1); // the braces, less the last comma");
      for (const f of emptyBytesFields(desc)) {
        c.line(
          `if (m.${f.localName} === `,
          c.rt("EMPTY_BYTES"),
          `) m.${f.localName} = new Uint8Array(0);`,
        );
      }
      c.line("return m;");
    },
  );
  c.line();
}

/**
 * Prints the statements that store the value of `field` into `m`: assigned, pushed item by
 * item, or set entry by entry. `value(x)` reads one value from the JSON value `x`; `v` is the
 * member's JSON value.
 */
function printRead(c: Code, field: DescField, value: (x: string) => Printable[], v: string): void {
  const m = `m.${field.localName}`;
  if (field.oneof) {
    c.line(
      `m.${field.oneof.localName} = { case: ${lit(field.localName)}, value: `,
      ...value(v),
      " };",
    );
    return;
  }
  switch (field.fieldKind) {
    case "scalar":
    case "enum":
    case "message":
      c.line(`${m} = `, ...value(v), ";");
      return;
    case "list":
      c.block(["for (const x of ", c.rt("asList"), `(${v})) {`], () => {
        c.line(`${m}.push(`, ...value("x"), ");");
        addItemText(c, field, 1, "x", " // and a comma");
      });
      c.line(`t += ${m}.length === 0 ? 2 : 1; // the brackets, less the last comma`);
      return;
    case "map":
      if (field.mapKey !== ScalarType.STRING) {
        throw new Error("protoc-gen-vuc: only string map keys are supported by the JSON readers");
      }
      printJsonObject(c, "map", v, true);
      c.line("const mapNames = Object.keys(map);");
      c.line("r.keys += mapNames.length;");
      c.line("t += mapNames.length === 0 ? 2 : 1; // the braces, less the last comma");
      c.block(["for (const key of mapNames) {"], () => {
        c.line(
          c.rt("stringFromJson"),
          "(key, r.wellFormed); // a lone surrogate in a key is rejected",
        );
        c.line(c.rt("setOwn"), `(${m}, key, `, ...value("map[key]"), ");");
        const [more, text] = valueText(c, field, "map[key]");
        c.line(`t += key.length + ${4 + more}`, ...text, ";");
      });
      return;
  }
}
