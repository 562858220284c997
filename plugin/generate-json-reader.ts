// Generates, per message type, the proto3 JSON reader: every form Google's proto3 JSON parsers
// take, a CodecError (thrown by the runtime, src/runtime/json-reader.ts) for every form they
// refuse. Two functions per message share the code of each field:
//
// - readJsonX(), the fast branch: one property read per field name (what JSON.parse() makes for
//   one message type shares a shape, so each read is an inline-cache hit), the members of a large
//   oneof found by one walk (`for…in`), then a count of the object's members against those read;
// - readJsonXMembers(), the per-member reader: the object's own members (`Object.keys`), each to
//   its field, the others unknown (refused, or checked and skipped with ignoreUnknownFields).
//
// The fast branch hands the object to the per-member reader, by returning its result, when the
// counts differ (an unknown member, a field read from no own member: inherited or not
// enumerable), when a field is given under both names, or a oneof twice: each may come from a
// property that is no member. It does so before it reads any nested message, so no object is
// read twice but for its scalars. Fields are read in number order, scalars first, then the
// nested messages, lists of messages and maps, then (per-member reader) the unknown members.
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

/** Which of the two readers is printed. */
type Mode = "fast" | "members";

/** The full name of a field in error texts, as a literal: `"kafka_grpc.UpdateData.id"`. */
function fieldId(field: DescField): string {
  return lit(`${field.parent.typeName}.${field.name}`);
}

/** A field read after the count of members: its value holds or may hold nested messages. */
function isDeferred(field: DescField): boolean {
  return (
    field.oneof !== undefined ||
    field.fieldKind === "message" ||
    field.fieldKind === "map" ||
    (field.fieldKind === "list" && field.listKind === "message")
  );
}

/** The local that holds a deferred field's JSON value. */
function local(field: DescField): string {
  return `f${field.number}`;
}

/** The locals of the per-member reader that hold a field's members, by JSON and proto name. */
function memberLocals(field: DescField): [string, string] {
  return [`json${field.number}`, `proto${field.number}`];
}

/** The expression that converts the scalar (or enum) JSON value `json` of `field`. */
function convert(c: Code, field: DescField, json: string): Printable[] {
  if (valueKind(field) === "enum") {
    const e = field.enum as DescEnum;
    return [
      c.rt("enumFromJson"),
      `(${json}, ${enumStem(e)}$numbers, reader, ${lit(e.typeName)}, ${fieldId(field)})`,
    ];
  }
  const id = fieldId(field);
  switch (valueScalar(field)) {
    case ScalarType.STRING:
      return [c.rt("stringFromJson"), `(${json}, reader.wellFormed, ${id})`];
    case ScalarType.BYTES:
      return [c.rt("bytesFromJson"), `(${json}, ${id})`];
    case ScalarType.BOOL:
      return [c.rt("boolFromJson"), `(${json}, ${id})`];
    case ScalarType.INT32:
      return [c.rt("int32FromJson"), `(${json}, ${id})`];
    case ScalarType.UINT32:
      return [c.rt("uint32FromJson"), `(${json}, ${id})`];
    case ScalarType.INT64:
      return [c.rt("int64FromJson"), `(${json}, true, ${id})`];
    case ScalarType.UINT64:
      return [c.rt("int64FromJson"), `(${json}, false, ${id})`];
    default:
      throw new Error("protoc-gen-vuc: unsupported scalar type");
  }
}

/**
 * What one scalar or enum value adds to `textLength`: at most the length of any JSON text of it,
 * null included (see JsonReader.chars). `json` is the JSON value, `read` what it was read as.
 * Written out by type, so that no call spends the optimizing compiler's budget for inlining.
 */
function valueText(c: Code, field: DescField, json: string, read: string): Printable[] {
  const numberOrString: Printable[] = [
    `(typeof ${json} === "string" ? ${json}.length + 2 : `,
    c.rt("numberTextLength"),
    `(${json} as number))`,
  ];
  if (valueKind(field) === "enum") return numberOrString;
  switch (valueScalar(field)) {
    case ScalarType.STRING:
      return [`${read}.length + 2`]; // and the quotes; null reads as ""
    case ScalarType.BYTES:
      return [`(typeof ${json} === "string" ? ${json}.length + 2 : 2)`];
    case ScalarType.BOOL:
      return [`(${json} === false ? 5 : 4)`]; // null: 4
    case ScalarType.INT32:
    case ScalarType.UINT32:
      return [c.rt("numberTextLength"), `(${read})`];
    default: // int64, uint64: a decimal string, or a number
      return numberOrString;
  }
}

/** Prints `readJsonX()` and `readJsonXMembers()`, the JSON readers of one message. */
export function printFromJson(c: Code, desc: DescMessage): void {
  printReader(c, desc, "fast");
  printReader(c, desc, "members");
}

function printReader(c: Code, desc: DescMessage, mode: Mode): void {
  const n = namesOf(desc);
  const fields = [...desc.fields].sort((a, b) => a.number - b.number);
  const oneofs = [...new Set(fields.flatMap((f) => (f.oneof ? [f.oneof] : [])))];
  const walked = (f: DescField) =>
    mode === "members" || (f.oneof !== undefined && f.oneof.fields.length > ONEOF_WALK_MEMBERS);
  const members = `${n.readJson}Members`;
  const typeName = lit(desc.typeName);
  if (mode === "fast") {
    c.doc(
      `Reads a ${desc.typeName} from a JSON value at nesting depth \`depth\`: field by field, by\n` +
        "property reads, then a count of the object's members; hands the object to\n" +
        `${members}() when the count differs, a field is given under both names or a oneof twice.`,
    );
  } else {
    c.doc(
      `Reads a ${desc.typeName} from a JSON value member by member, its own enumerable members\n` +
        "only (Object.keys): any object, a member of each field at most, unknown members refused\n" +
        "or, with ignoreUnknownFields, checked and skipped.",
    );
  }
  const name = mode === "fast" ? n.readJson : members;
  c.block(
    [
      "function ",
      name,
      "(json: unknown, reader: ",
      c.rtType("JsonReader"),
      ", depth: number): ",
      c.shape(desc),
      " {",
    ],
    () => {
      if (mode === "fast") {
        c.line(
          "if (depth > reader.recursionLimit) ",
          c.rt("tooDeep"),
          `(${typeName}, reader.recursionLimit);`,
        );
        // Only objects with Object.prototype for prototype (what JSON.parse() makes): a property
        // read finds no member in another prototype. For what JSON.parse() made, told by
        // `constructor` (a member named so is unknown to every message, and makes the object go
        // to the per-member reader), which costs less than Object.getPrototypeOf().
        c.block(
          [
            'if (typeof json !== "object" || json === null || (reader.parsed ? json.constructor !== Object : Object.getPrototypeOf(json) !== Object.prototype)) {',
          ],
          () => c.line(`return ${members}(json, reader, depth);`),
        );
      } else {
        c.line(
          'if (typeof json !== "object" || json === null || Array.isArray(json)) ',
          c.rt("notAnObject"),
          `(${typeName}, json);`,
        );
      }
      c.line("const object = json as ", c.rtType("JsonObject"), ";");
      c.line(`const message = ${createForRead(desc)}();`);
      c.line("let membersRead = 0; // members read, each counted once");
      c.line(
        "let textLength = 0; // their shortest JSON text, for the compact-text rule (src/envelope/json-text.ts)",
      );
      const inline = fields.filter((f) => !isDeferred(f));
      const deferred = fields.filter((f) => isDeferred(f) && f.oneof === undefined);
      const propertyMembers = fields.filter((f) => f.oneof !== undefined && !walked(f));
      if (inline.length > 0 || propertyMembers.length > 0) c.line("let value: unknown;");
      const dual = (f: DescField) => f.jsonName !== f.name;
      if (mode === "fast" && fields.some((f) => dual(f) && !walked(f))) {
        c.line("let protoNameValue: unknown;");
      }
      for (const o of oneofs) {
        c.line(`let ${o.localName}Field = 0; // the number of the member set`);
        c.line(`let ${o.localName}Value: unknown;`);
        if (mode === "members") c.line(`let ${o.localName}Name = "";`);
      }
      if (mode === "members") {
        for (const f of fields) {
          if (f.oneof !== undefined) continue;
          const [j, p] = memberLocals(f);
          c.line(`let ${j}: unknown;`);
          if (dual(f)) c.line(`let ${p}: unknown;`);
        }
        c.line("let unknown: string[] | undefined;");
        c.line("const names = Object.keys(object);");
        c.block(["for (const key of names) {"], () => {
          c.block(["switch (key) {"], () => {
            for (const f of fields) printMemberCase(c, f);
            c.line("default:");
            c.line("  (unknown ??= []).push(key);");
          });
        });
      }
      // Scalars, in number order.
      for (const f of inline) printInline(c, f, mode, members);
      // The values of nested messages, lists of messages, maps: read after the count.
      for (const f of deferred) printDeferredValue(c, f, mode, members);
      for (const f of propertyMembers) printPropertyMember(c, f, mode, members);
      if (mode === "fast" && fields.some(walked)) printWalk(c, fields.filter(walked), members);
      if (mode === "fast") {
        c.block(["if (reader.countMembers) {"], () => {
          c.line("const members = Object.keys(object).length;");
          c.line(
            `if (membersRead !== members) return ${members}(json, reader, depth); // unknown, inherited or not enumerable`,
          );
          c.line("reader.keys += members;");
        }, ["} else reader.keys += membersRead;"]);
      } else {
        c.line("reader.keys += names.length;");
      }
      for (const f of deferred) printDeferredRead(c, f);
      for (const o of oneofs) printOneofRead(c, o.fields);
      if (mode === "members") {
        c.block(["if (unknown !== undefined) {"], () => {
          c.line(
            "if (!reader.ignoreUnknownFields) ",
            c.rt("unknownMember"),
            `(${typeName}, unknown[0] as string);`,
          );
          c.line(
            "for (const key of unknown) ",
            c.rt("skipMember"),
            `(${typeName}, key, object[key], depth + reader.maps, reader.recursionLimit);`,
          );
        });
      }
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

/** The spellings a field takes as a member: its JSON name, then its proto name if it differs. */
function spellings(field: DescField): string[] {
  return field.jsonName === field.name ? [field.name] : [field.jsonName, field.name];
}

/**
 * Prints the cases of the per-member reader's switch for `field`: its member's value kept for the
 * field's code; a oneof member's kept as the oneof's, a second one refused.
 */
function printMemberCase(c: Code, field: DescField): void {
  const id = fieldId(field);
  for (const [i, spelling] of spellings(field).entries()) {
    c.block([`case ${lit(spelling)}: {`], () => {
      if (field.oneof === undefined) {
        const target = memberLocals(field)[i] as string;
        c.line(`${target} = object[key];`);
        c.line(`if (${target} === undefined) `, c.rt("undefinedMember"), `(${id});`);
        c.line("break;");
        return;
      }
      const o = field.oneof.localName;
      c.line("const member = object[key];");
      c.line("if (member === undefined) ", c.rt("undefinedMember"), `(${id});`);
      c.line("membersRead++;");
      c.line(`textLength += ${spelling.length + 4};`);
      c.block(["if (member !== null) {"], () => {
        c.block([`if (${o}Field !== 0) {`], () => {
          if (field.jsonName !== field.name) {
            c.line(
              `if (${o}Field === ${field.number}) `,
              c.rt("bothNames"),
              `(${id}, ${lit(field.jsonName)}, ${lit(field.name)});`,
            );
          }
          c.line(
            c.rt("twoMembers"),
            `(${lit(`${field.parent.typeName}.${field.oneof?.name}`)}, ${o}Name, key);`,
          );
        });
        c.line(`${o}Field = ${field.number};`);
        c.line(`${o}Value = member;`);
        c.line(`${o}Name = key;`);
      });
      c.line("break;");
    });
  }
}

/**
 * Prints how the JSON value of `field` is found into `target`: by property reads (fast) or from
 * the members kept (members), and what happens when both names are given: the fast branch hands
 * over, the per-member reader refuses.
 */
function printFind(c: Code, field: DescField, mode: Mode, members: string, target: string): void {
  const [j, p] = memberLocals(field);
  c.line(`${target} = ${mode === "fast" ? `object[${lit(field.jsonName)}]` : j};`);
  if (field.jsonName === field.name) return;
  const other = mode === "fast" ? "protoNameValue" : p;
  if (mode === "fast") c.line(`protoNameValue = object[${lit(field.name)}];`);
  c.block([`if (${other} !== undefined) {`], () => {
    if (mode === "fast") {
      c.line(
        `if (${target} !== undefined) return ${members}(json, reader, depth); // both names, or a property that is no member`,
      );
    } else {
      c.line(
        `if (${target} !== undefined) `,
        c.rt("bothNames"),
        `(${fieldId(field)}, ${lit(field.jsonName)}, ${lit(field.name)});`,
      );
    }
    c.line(`${target} = ${other};`);
    c.line(`textLength += ${field.name.length - field.jsonName.length};`);
  });
}

/** Prints the code of a scalar or enum field, or a list of them. */
function printInline(c: Code, field: DescField, mode: Mode, members: string): void {
  c.line(`// ${field.number} ${field.name}`);
  printFind(c, field, mode, members, "value");
  const target = `message.${field.localName}`;
  const name = field.jsonName.length + 4; // the name in quotes, a colon, a comma
  c.block(["if (value !== undefined) {"], () => {
    c.line("membersRead++;");
    if (field.fieldKind === "list") {
      c.line("const list = ", c.rt("listFromJson"), `(value, ${fieldId(field)});`);
      c.block(["for (const item of list) {"], () => {
        c.line("if (item === null) ", c.rt("nullItem"), `(${fieldId(field)});`);
        if (valueKind(field) === "enum") {
          c.line("const read = ", ...convert(c, field, "item"), ";");
          c.line(`if (read !== undefined) ${target}.push(read);`);
        } else {
          c.line("const read = ", ...convert(c, field, "item"), ";");
          c.line(`${target}.push(read);`);
        }
        c.line("textLength += 1 + ", ...valueText(c, field, "item", "read"), "; // and a comma");
      });
      c.line(
        `textLength += ${name} + (list.length === 0 ? 2 : 1); // the brackets, less the last comma`,
      );
      return;
    }
    const read = (): void => {
      if (valueKind(field) === "enum") {
        c.line("const read = ", ...convert(c, field, "value"), ";");
        c.line(`if (read !== undefined) ${target} = read;`);
        c.line(`textLength += ${name} + `, ...valueText(c, field, "value", "read"), ";");
      } else {
        c.line(`${target} = `, ...convert(c, field, "value"), ";");
        if (valueScalar(field) === ScalarType.STRING) {
          c.line(
            `textLength += ${name + 2} + ${target}.length; // and the quotes; null reads as ""`,
          );
        } else {
          c.line(`textLength += ${name} + `, ...valueText(c, field, "value", target), ";");
        }
      }
    };
    if (hasExplicitPresence(field)) {
      // null leaves a field with presence unset.
      c.block(["if (value !== null) {"], read, [`} else textLength += ${name + 4};`]);
    } else {
      read();
    }
  });
}

/** Prints how the JSON value of a deferred field is found, into its local, and counted. */
function printDeferredValue(c: Code, field: DescField, mode: Mode, members: string): void {
  c.line(`// ${field.number} ${field.name}`);
  c.line(`let ${local(field)}: unknown;`);
  printFind(c, field, mode, members, local(field));
  c.line(`if (${local(field)} !== undefined) membersRead++;`);
}

/** Prints the read of a deferred field from its local: a nested message, a list, a map. */
function printDeferredRead(c: Code, field: DescField): void {
  const value = local(field);
  const id = fieldId(field);
  const target = `message.${field.localName}`;
  const name = field.jsonName.length + 4;
  c.line(`// ${field.number} ${field.name}`);
  c.block([`if (${value} !== undefined) {`], () => {
    if (field.fieldKind === "message") {
      // null leaves the field unset; a message counts its own text.
      c.line(
        `if (${value} !== null) ${target} = ${namesOf(field.message).readJson}(${value}, reader, depth + 1);`,
      );
      c.line(`textLength += ${name};`);
      return;
    }
    if (field.fieldKind === "list") {
      c.line("const list = ", c.rt("listFromJson"), `(${value}, ${id});`);
      c.block(["for (const item of list) {"], () => {
        c.line("if (item === null) ", c.rt("nullItem"), `(${id});`);
        c.line(
          `${target}.push(${namesOf(field.message as DescMessage).readJson}(item, reader, depth + 1));`,
        );
      });
      c.line(
        `textLength += ${name} + list.length + (list.length === 0 ? 2 : 1); // commas, brackets`,
      );
      return;
    }
    if (field.fieldKind !== "map") return;
    if (field.mapKey !== ScalarType.STRING) {
      throw new Error("protoc-gen-vuc: only string map keys are supported by the JSON readers");
    }
    c.line("const map = ", c.rt("mapFromJson"), `(${value}, ${id});`);
    c.line("const mapNames = Object.keys(map);");
    c.line("reader.keys += mapNames.length;");
    c.line(
      `textLength += ${name} + (mapNames.length === 0 ? 2 : 1); // the braces, less the last comma`,
    );
    c.line("reader.maps++;");
    c.block(["for (const key of mapNames) {"], () => {
      c.line(c.rt("mapKeyFromJson"), `(key, reader.wellFormed, ${id});`);
      c.line("const item = map[key];");
      c.line("if (item === null) ", c.rt("nullMapValue"), `(${id}, key);`);
      if (field.mapKind === "message") {
        c.line(
          c.rt("setOwn"),
          `(${target}, key, ${namesOf(field.message).readJson}(item, reader, depth + 1));`,
        );
        c.line("textLength += key.length + 4; // quotes, a colon, a comma");
      } else {
        c.line("const read = ", ...convert(c, field, "item"), ";");
        if (field.mapKind === "enum") {
          c.line("if (read !== undefined) ", c.rt("setOwn"), `(${target}, key, read);`);
        } else {
          c.line(c.rt("setOwn"), `(${target}, key, read);`);
        }
        c.line("textLength += key.length + 4 + ", ...valueText(c, field, "item", "read"), ";");
      }
    });
    c.line("reader.maps--;");
  });
}

/** Prints the property read of a member of a small oneof (fast and per-member alike). */
function printPropertyMember(c: Code, field: DescField, mode: Mode, members: string): void {
  const o = field.oneof?.localName as string;
  c.line(`// ${field.number} ${field.name} (oneof ${field.oneof?.name})`);
  printFind(c, field, mode, members, "value");
  c.block(["if (value !== undefined) {"], () => {
    c.line("membersRead++;");
    c.line(`textLength += ${field.jsonName.length + 4};`);
    c.block(["if (value !== null) {"], () => {
      c.line(
        `if (${o}Field !== 0) return ${members}(json, reader, depth); // two members, or a property that is no member`,
      );
      c.line(`${o}Field = ${field.number};`);
      c.line(`${o}Value = value;`);
    });
  });
}

/** Prints the walk over the object's members that finds the members of large oneofs. */
function printWalk(c: Code, walked: readonly DescField[], members: string): void {
  // Own and inherited enumerable members, as property reads find them; the count tells.
  c.block(["for (const key in object) {"], () => {
    c.block(["switch (key) {"], () => {
      for (const field of walked) {
        const o = field.oneof?.localName as string;
        for (const spelling of spellings(field)) {
          c.block([`case ${lit(spelling)}: {`], () => {
            c.line(`// ${field.number} ${field.name}`);
            c.line("const member = object[key];");
            c.line("if (member === undefined) break;");
            c.line("membersRead++;");
            c.line(`textLength += ${spelling.length + 4};`);
            c.block(["if (member !== null) {"], () => {
              c.line(
                `if (${o}Field !== 0) return ${members}(json, reader, depth); // two members, or both names`,
              );
              c.line(`${o}Field = ${field.number};`);
              c.line(`${o}Value = member;`);
            });
            c.line("break;");
          });
        }
      }
    });
  });
}

/** Prints the read of the member a oneof holds, by its number. */
function printOneofRead(c: Code, fields: readonly DescField[]): void {
  const o = fields[0]?.oneof?.localName as string;
  c.block([`switch (${o}Field) {`], () => {
    for (const field of fields) {
      const set = (value: Printable[]) =>
        c.line(`message.${o} = { case: ${lit(field.localName)}, value: `, ...value, " };");
      c.block([`case ${field.number}: {`], () => {
        const value = `${o}Value`;
        if (field.fieldKind === "message") {
          set([`${namesOf(field.message).readJson}(${value}, reader, depth + 1)`]);
        } else if (field.fieldKind === "enum") {
          c.line("const read = ", ...convert(c, field, value), ";");
          c.line(
            `if (read !== undefined) message.${o} = { case: ${lit(field.localName)}, value: read };`,
          );
          c.line("textLength += ", ...valueText(c, field, value, "read"), ";");
        } else {
          c.line("const read = ", ...convert(c, field, value), ";");
          set(["read"]);
          c.line("textLength += ", ...valueText(c, field, value, "read"), ";");
        }
        c.line("break;");
      });
    }
  });
}
