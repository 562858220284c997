// The per-member path of the generated JSON readers. A generated reader reads a plain object by
// property reads of its fields' JSON names and hands any other value to readJsonMembers() by a
// private signal (returning its result): a message nested too deep, a value that is no plain
// object, a member it did not read (a proto name, an unknown or undefined member, an inherited or
// non-enumerable property), a oneof given twice. readJsonMembers() walks the object's own
// enumerable members once, makes every refusal the per-member rules call for, and gives the
// generated reader a plain object of JSON names to read (the reader's `normal`), so each field's
// value is read by one piece of code.
//
// The order of the errors of a value with several faults: the members in their order (an
// undefined member, a oneof given twice), then the fields in number order, scalars and lists of
// them first (a field given by both its names refused in its turn), then nested messages, lists
// of messages and maps, then the oneofs, then the unknown members (refused, or checked and
// skipped with ignoreUnknownFields). A refusal that comes after some fields' values is made after
// the generated reader read those values from a partial object, so that their errors win.

import { type JsonFields, splitName } from "./json-fields.js";
import {
  bothNames,
  type JsonReader,
  notAnObject,
  skipMember,
  tooDeep,
  twoMembers,
  undefinedMember,
  unknownMember,
} from "./json-reader.js";
import type { JsonObject } from "./json-writer.js";

interface Field {
  readonly json: string;
  readonly proto: string;
  /** The field's full name in error texts: `kafka_grpc.UpdateData.id`. */
  readonly id: string;
  /** Read after the members are counted: a message, a list of messages, a map. */
  readonly deferred: boolean;
  /** The index of its oneof, or -1. */
  readonly oneof: number;
}

interface Fields {
  /** The field of each name, JSON and proto. */
  readonly byName: ReadonlyMap<string, Field>;
  /** The fields outside oneofs: scalars, then messages, each in number order. */
  readonly fields: readonly Field[];
  /** Each oneof's full name. */
  readonly oneofs: readonly string[];
}

const parsed = /*@__PURE__*/ new WeakMap<JsonFields, Fields>();

/** The fields of `table`, made on its first use. */
function fieldsOf(table: JsonFields): Fields {
  let fields = parsed.get(table);
  if (fields !== undefined) return fields;
  const [typeName, , scalars, messages, ...oneofs] = table;
  const byName = new Map<string, Field>();
  const list: Field[] = [];
  const add = (names: string, deferred: boolean, oneof: number) => {
    for (const name of names.split(" ")) {
      if (name === "") continue;
      const [json, proto] = splitName(name);
      const field = { json, proto, id: `${typeName}.${proto}`, deferred, oneof };
      byName.set(json, field);
      byName.set(proto, field);
      if (oneof < 0) list.push(field);
    }
  };
  add(scalars, false, -1);
  add(messages, true, -1);
  const oneofNames = oneofs.map((oneof, i) => {
    const at = oneof.indexOf(" ");
    add(oneof.slice(at + 1), false, i);
    return `${typeName}.${oneof.slice(0, at)}`;
  });
  fields = { byName, fields: list, oneofs: oneofNames };
  parsed.set(table, fields);
  return fields;
}

/**
 * Whether a generated reader reads `json` by property reads: an object with Object.prototype for
 * prototype (what JSON.parse() makes), or the object of JSON names readJsonMembers() made, at a
 * depth within the recursion limit (readJsonMembers() refuses the rest). When the reader knows
 * the value is JSON.parse()'s, the prototype is told by `jsonConstructor`, the value's
 * `constructor`, which the generated reader reads itself: a property read at a site of its own
 * costs less than Object.getPrototypeOf(), and less than one site that sees every message's
 * objects. A property read finds no member in another prototype; a member named `constructor`
 * is unknown to every message, and makes the count of members differ.
 */
export function isPlainObject(
  json: unknown,
  reader: JsonReader,
  depth: number,
  jsonConstructor: unknown,
): boolean {
  return (
    depth <= reader.recursionLimit &&
    ((typeof json === "object" &&
      json !== null &&
      (reader.parsed
        ? jsonConstructor === Object
        : Object.getPrototypeOf(json) === Object.prototype)) ||
      json === reader.normal)
  );
}

/**
 * Reads a message of the type `table` describes from a JSON value the generated reader handed
 * over, at nesting depth `depth` (refused past the recursion limit): any object but an array,
 * its own enumerable members only (Object.keys), a member of each field at most, unknown members
 * refused or, with ignoreUnknownFields, checked and skipped. `chars` is the reader's `chars` when
 * the generated reader began, which it restores. Adds to the reader's counts what the per-member
 * rules count: every member (`keys`), the text of each member read under the name it had
 * (`chars`).
 */
export function readJsonMembers<T>(
  table: JsonFields,
  json: unknown,
  reader: JsonReader,
  depth: number,
  chars: number,
): T {
  reader.chars = chars;
  const typeName = table[0];
  if (depth > reader.recursionLimit) tooDeep(typeName, reader.recursionLimit);
  if (typeof json !== "object" || json === null || Array.isArray(json)) notAnObject(typeName, json);
  const { byName, fields, oneofs } = fieldsOf(table);
  const object = json as JsonObject;
  const names = Object.keys(object);
  const byJson = new Map<Field, unknown>();
  const byProto = new Map<Field, unknown>();
  const oneofValues = new Map<Field, unknown>();
  const oneofKeys: (string | undefined)[] = []; // the name of the member each oneof holds
  const unknown: string[] = [];
  let nameChars = 0; // the names of the members read, in quotes, a colon and a comma each
  for (const key of names) {
    const field = byName.get(key);
    if (field === undefined) {
      unknown.push(key);
      continue;
    }
    const member = object[key];
    if (member === undefined) undefinedMember(field.id);
    nameChars += key.length + 4;
    if (field.oneof < 0) {
      (key === field.json ? byJson : byProto).set(field, member);
    } else if (member === null) {
      if (!oneofValues.has(field)) oneofValues.set(field, null);
    } else {
      const first = oneofKeys[field.oneof];
      if (first !== undefined) {
        if (byName.get(first) === field) bothNames(field.id, field.json, field.proto);
        twoMembers(oneofs[field.oneof] as string, first, key);
      }
      oneofKeys[field.oneof] = key;
      oneofValues.set(field, member);
    }
  }
  // The object of JSON names the generated reader reads: without a prototype, so that no
  // property read finds an inherited member.
  const normal: JsonObject = Object.create(null);
  let refuse: (() => never) | undefined;
  for (const field of fields) {
    let value = byJson.get(field);
    const byProtoName = byProto.get(field);
    if (byProtoName !== undefined) {
      if (value !== undefined) {
        // Refused in its turn: after the scalars before it (all of them, for a message field).
        refuse = () => bothNames(field.id, field.json, field.proto);
        for (const key of Object.keys(normal)) if (byName.get(key)?.deferred) delete normal[key];
        break;
      }
      value = byProtoName;
    }
    if (value !== undefined) normal[field.json] = value;
  }
  if (refuse === undefined) {
    for (const [field, value] of oneofValues) normal[field.json] = value;
    if (unknown.length > 0 && !reader.ignoreUnknownFields) {
      const first = unknown[0] as string;
      refuse = () => unknownMember(typeName, first);
    }
  }
  reader.normal = normal;
  const message = table[1](normal, reader, depth) as T;
  if (refuse !== undefined) refuse();
  const read = Object.keys(normal);
  for (const key of read) nameChars -= key.length + 4;
  reader.keys += names.length - read.length;
  reader.chars += nameChars;
  for (const key of unknown) {
    skipMember(typeName, key, object[key], depth + reader.maps, reader.recursionLimit);
  }
  return message;
}
