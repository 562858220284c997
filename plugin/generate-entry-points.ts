// Generates what a file's generated code exposes: the message types by type name, and the entry
// points (binary and JSON, both ways) that take a type name and an options object, as protobuf-es's
// fromBinary(schema, bytes, options). Each entry point has a table of its own, so that a bundle
// keeps only the functions of the directions it calls (decoding never pulls in the writers).
import type { DescMessage } from "@bufbuild/protobuf";
import { type Code, namesOf } from "./code.js";
import { lit } from "./wire.js";

/** Prints the message types by type name, the tables and the entry points. */
export function printEntryPoints(c: Code, messages: readonly DescMessage[]): void {
  c.doc("The messages of this file by type name: what the entry points below take and return.");
  c.block(["export interface MessageTypes {"], () => {
    for (const desc of messages) c.line(`${lit(desc.typeName)}: `, c.shape(desc), ";");
  });
  c.line();
  c.doc("The type name of a message of this file.");
  c.line("export type MessageTypeName = keyof MessageTypes;");
  c.line();
  c.doc("The type names of this file's messages.");
  c.line(
    "const messageTypeNames: readonly string[] = [",
    messages.map((desc) => lit(desc.typeName)).join(", "),
    "];",
  );
  c.line();
  c.doc("Whether `typeName` is the type name of a message of this file.");
  c.block(
    ["export function isMessageTypeName(typeName: string): typeName is MessageTypeName {"],
    () => c.line("return messageTypeNames.includes(typeName);"),
  );
  c.line();
  // One reader constant per message, so that a bundle that decodes one type (decodeEnvelope)
  // keeps that one and drops the table by type name, which only fromBinary() holds.
  for (const desc of messages) {
    const n = namesOf(desc);
    c.doc(`The binary reader of ${desc.typeName}, for the runtime's readBinary().`);
    c.line(
      `export const ${n.binaryReader}: `,
      c.rtType("MessageReader"),
      "<",
      c.shape(desc),
      `> = { read: ${n.read}, create: ${n.create} };`,
    );
  }
  c.line();
  // A writer and a JSON reader constant per message too, so that a bundle that handles one type
  // (encodeEnvelope, envelopeToJson, envelopeFromJson) drops the tables by type name.
  for (const desc of messages) {
    const n = namesOf(desc);
    const constants = [
      ["writer", "binary writer", "WriteFields", n.write, "writeBinary"],
      ["jsonWriter", "JSON writer", "WriteJson", n.writeJson, "writeJsonValue"],
      ["jsonReader", "JSON reader", "ReadJson", n.readJson, "readJsonValue"],
    ] as const;
    for (const [suffix, what, type, fn, runtime] of constants) {
      c.doc(`The ${what} of ${desc.typeName}, for the runtime's ${runtime}().`);
      c.line(
        `export const ${n.typeName}${suffix}: `,
        c.rtType(type),
        "<",
        c.shape(desc),
        `> = ${fn};`,
      );
    }
  }
  c.line();
  table(
    c,
    messages,
    "binaryReaders",
    ["MessageReader", "<MessageTypes[N]>"],
    (n) => n.binaryReader,
  );
  c.doc(
    "Decodes a message of type `typeName` from protobuf binary: see the runtime's readBinary().\n" +
      "Throws the runtime's wire errors, which the caller turns into a `CodecError` naming the type.",
  );
  c.block(
    [
      "export function fromBinary<N extends MessageTypeName>(typeName: N, bytes: Uint8Array, options: ",
      c.rtType("BinaryReadOptions"),
      "): MessageTypes[N] {",
    ],
    () => c.line("return ", c.rt("readBinary"), "(binaryReaders[typeName], bytes, options);"),
  );
  c.line();
  table(c, messages, "binaryWriters", ["WriteFields", "<MessageTypes[N]>"], (n) => n.write);
  c.doc(
    "Encodes a message of type `typeName` to protobuf binary: see the runtime's writeBinary().\n" +
      "Throws the runtime's WriteProblem, which the caller turns into a `CodecError` naming the type.",
  );
  c.block(
    [
      "export function toBinary<N extends MessageTypeName>(typeName: N, message: unknown, options: ",
      c.rtType("BinaryWriteOptions"),
      "): Uint8Array<ArrayBuffer> {",
    ],
    () =>
      c.line(
        "return ",
        c.rt("writeBinary"),
        "(binaryWriters[typeName] as ",
        c.rtType("WriteFields"),
        "<MessageTypes[N]>, typeName, message, options);",
      ),
  );
  c.line();
  table(c, messages, "jsonWriters", ["WriteJson", "<MessageTypes[N]>"], (n) => n.writeJson);
  c.doc(
    "Maps a message of type `typeName` to a proto3 JSON object: see the runtime's\n" +
      "writeJsonValue(). Throws the runtime's WriteProblem, as toBinary() does.",
  );
  c.block(
    [
      "export function toJson<N extends MessageTypeName>(typeName: N, message: unknown, options: ",
      c.rtType("JsonWriteOptions"),
      "): ",
      c.rtType("JsonObject"),
      " {",
    ],
    () =>
      c.line(
        "return ",
        c.rt("writeJsonValue"),
        "(jsonWriters[typeName] as ",
        c.rtType("WriteJson"),
        "<MessageTypes[N]>, message, options, false);",
      ),
  );
  c.line();
  table(c, messages, "jsonReaders", ["ReadJson", "<MessageTypes[N]>"], (n) => n.readJson);
  c.doc(
    "Reads a message of type `typeName` from a proto3 JSON value; throws a `CodecError` for a\n" +
      "value it cannot read: see the runtime's readJsonValue(). `parsed`, when `json` is what\n" +
      "JSON.parse() made of a text: what is known of the text, and the counts the read gives back.",
  );
  c.block(
    [
      "export function fromJson<N extends MessageTypeName>(typeName: N, json: unknown, options: ",
      c.rtType("JsonReadOptions"),
      ", parsed?: ",
      c.rtType("ParsedJson"),
      "): MessageTypes[N] {",
    ],
    () =>
      c.line("return ", c.rt("readJsonValue"), "(jsonReaders[typeName], json, options, parsed);"),
  );
  c.line();
}

/** Prints `const name: { [N in MessageTypeName]: Type<MessageTypes[N]> } = { … }`. */
function table(
  c: Code,
  messages: readonly DescMessage[],
  name: string,
  [type, args]: [string, string],
  entry: (n: ReturnType<typeof namesOf>) => string,
): void {
  c.block([
    `const ${name}: { readonly [N in MessageTypeName]: `,
    c.rtType(type),
    `${args} } = {`,
  ], () => {
    for (const desc of messages) c.line(`${lit(desc.typeName)}: ${entry(namesOf(desc))},`);
  }, ["};"]);
  c.line();
}
