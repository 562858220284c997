// The table of a message type's fields that its generated JSON reader hands to the runtime
// (`X$jsonFields`): for readJsonMembers() (json-members.ts), and for the full name of a field in
// an error text (json-reader.ts). splitName() reads a field's name there and in the writers'
// steps (`X$steps`, write-problem.ts and json-writer.ts): `jsonName`, or `jsonName:proto_name`.
import type { ReadJson } from "./json-reader.js";

/**
 * The fields of a message type as readJsonMembers() needs them, as the generated code writes
 * them: the type's full name, its generated reader, then its fields outside oneofs in number
 * order, those read as they are found (scalars, enums, lists of them), then those read after the
 * members are counted (messages, lists of messages, maps), each a string of the fields' names
 * separated by spaces; then one string per oneof: its name, then its members' names. A field's
 * name is its JSON name, followed by `:` and its proto name where they differ.
 */
export type JsonFields = readonly [
  typeName: string,
  read: ReadJson<unknown>,
  scalars: string,
  messages: string,
  ...oneofs: string[],
];

/** The JSON name and the proto name of a field's `name` in a {@link JsonFields}. */
export function splitName(name: string): [json: string, proto: string] {
  const colon = name.indexOf(":");
  return colon < 0 ? [name, name] : [name.slice(0, colon), name.slice(colon + 1)];
}

/**
 * The full name (`kafka_grpc.UpdateData.id`) of the field `index` of the fields `table` lists
 * as read as they are found (its scalars, enums and lists of them).
 */
export function scalarFieldId(table: JsonFields, index: number): string {
  return `${table[0]}.${splitName(table[2].split(" ")[index] as string)[1]}`;
}
