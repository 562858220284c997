// Generates what follows a oneof: the list of its cases and the type name of each message case
// (in <file>_fast.ts, no imports, so a bundle that lists the envelope's kinds or creates a member
// pulls no protobuf-es) and the table of its members'
// schemas (in <file>_oneofs.ts, which imports the schemas of <file>_pb.ts).
import type { DescMessage, DescOneof } from "@bufbuild/protobuf";
import type { GeneratedFile } from "@bufbuild/protoplugin";
import type { Code } from "./code.js";
import { lit, stem } from "./wire.js";

/** The oneofs of `desc` written in the proto (not the synthetic ones of `optional` fields). */
function realOneofs(desc: DescMessage): DescOneof[] {
  return desc.oneofs.filter((o) => !o.fields.every((f) => f.proto.proto3Optional));
}

/** The name of the generated constant for `oneof`, e.g. `GRPC_AttendantPayload$Data`. */
function oneofName(desc: DescMessage, oneof: DescOneof): string {
  return `${stem(desc)}$${oneof.localName}`;
}

/**
 * Prints `<Message>$<oneof>Cases`, the case names of each oneof in field-number order,
 * `<Message>$<oneof>Numbers`, their field numbers in the same order, and for a oneof of messages
 * `<Message>$<oneof>TypeNames`, the type name of each case.
 */
export function printOneofCases(c: Code, messages: readonly DescMessage[]): void {
  for (const desc of messages) {
    for (const oneof of realOneofs(desc)) {
      const cases = [...oneof.fields].sort((a, b) => a.number - b.number);
      const name = oneofName(desc, oneof);
      c.doc(`The cases of the oneof ${desc.typeName}.${oneof.name}, in field-number order.`);
      c.line(
        `export const ${name}Cases = [${cases.map((f) => lit(f.localName)).join(", ")}] as const;`,
      );
      c.line();
      c.doc(
        `The field numbers of the cases of ${desc.typeName}.${oneof.name}, in the order of ${name}Cases.`,
      );
      c.line(`export const ${name}Numbers = [${cases.map((f) => f.number).join(", ")}] as const;`);
      c.line();
      if (!cases.every((field) => field.fieldKind === "message")) continue;
      c.doc(
        `The message type of each member of the oneof ${desc.typeName}.${oneof.name}, by case.`,
      );
      c.block([`export const ${oneofName(desc, oneof)}TypeNames = {`], () => {
        for (const field of cases) {
          if (field.fieldKind === "message") {
            c.line(`${field.localName}: ${lit(field.message.typeName)},`);
          }
        }
      }, ["} as const;"]);
      c.line();
    }
  }
}

/**
 * Prints `<Message>$<oneof>Members` into `f`: the schema of each message case of each oneof, by
 * case name. Returns false when no oneof has a message case (then `f` need not be written).
 */
export function printOneofMembers(f: GeneratedFile, messages: readonly DescMessage[]): boolean {
  let printed = false;
  for (const desc of messages) {
    for (const oneof of realOneofs(desc)) {
      const cases = [...oneof.fields].sort((a, b) => a.number - b.number);
      if (!cases.every((field) => field.fieldKind === "message")) continue;
      printed = true;
      f.print(
        `/** The schema of each member of the oneof ${desc.typeName}.${oneof.name}, by case. */`,
      );
      f.print(`export const ${oneofName(desc, oneof)}Members = {`);
      for (const field of cases) {
        if (field.fieldKind !== "message") continue;
        f.print("  ", field.localName, ": ", f.importSchema(field.message), ",");
      }
      f.print("} as const;");
      f.print();
    }
  }
  return printed;
}
