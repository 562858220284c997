import { type ReflectMessage, reflect } from "@bufbuild/protobuf/reflect";
import { decodeKafkaValue, type KafkaValue } from "../../framing/index.js";
import { GRPC_AttendantPayloadSchema } from "../../index.js";
import { inputFormat, readBinaryInput } from "../binary-text.js";
import type { Command } from "../command.js";

const wireTypeNames = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32"];

interface UnknownFieldReport {
  readonly path: string;
  readonly field: number;
  readonly wireType: string;
  readonly bytes: number;
}

/** Every unknown field in a message and the messages inside it, with where it sits. */
function unknownFields(
  message: ReflectMessage,
  path: string,
  out: UnknownFieldReport[],
): UnknownFieldReport[] {
  for (const field of message.getUnknown() ?? []) {
    out.push({
      path,
      field: field.no,
      wireType: wireTypeNames[field.wireType] ?? "?",
      bytes: field.data.length,
    });
  }
  for (const field of message.fields) {
    if (!message.isSet(field)) continue;
    const at = `${path}.${field.localName}`;
    if (field.fieldKind === "message") {
      unknownFields(message.get(field), at, out);
    } else if (field.fieldKind === "list" && field.listKind === "message") {
      let i = 0;
      for (const item of message.get(field))
        unknownFields(item as ReflectMessage, `${at}[${i++}]`, out);
    } else if (field.fieldKind === "map" && field.mapKind === "message") {
      for (const [key, item] of message.get(field)) {
        unknownFields(item as ReflectMessage, `${at}[${JSON.stringify(key)}]`, out);
      }
    }
  }
  return out;
}

function report(value: KafkaValue, size: number, input: string) {
  const envelope = value.envelope;
  return {
    kind: envelope.Data.case ?? null,
    handler: envelope.handler,
    size,
    input,
    framing:
      value.framing === "raw"
        ? "raw"
        : `schema-registry (schema id ${value.schemaId}, message indexes [${value.messageIndexes.join(", ")}])`,
    unknownFields: unknownFields(reflect(GRPC_AttendantPayloadSchema, envelope), "envelope", []),
  };
}

/** `inspect`: what an envelope is, without printing all of it. */
export const inspectCommand: Command = {
  name: "inspect",
  summary: "show an envelope's kind, handler, size, framing and unknown fields",
  help: `Usage: vehicle-update-codec inspect [file|-] [options]

Reads an envelope (raw bytes, base64 or hex) and prints what it is: the kind of its Data
member, its handler, its size, how it was framed (raw protobuf, or a Confluent Schema Registry
frame with its schema id), and any fields this schema does not know
(a member or field newer than this version). An envelope without Data is shown, not refused.

Options:
  --input <auto|binary|base64|hex>  how the input is written (default auto)
  --json                            print the report as JSON
  -h, --help                        show this help

Examples:
  vehicle-update-codec inspect record.binpb
  vehicle-update-codec sample order --output hex | vehicle-update-codec inspect --json`,
  options: { input: { type: "string" }, json: { type: "boolean" } },
  positionals: { min: 0, max: 1 },
  async run(values, positionals, io) {
    const read = readBinaryInput(
      await io.readInput(positionals[0]),
      inputFormat(values.input as string | undefined),
    );
    const value = decodeKafkaValue(read.bytes, { requireData: false });
    const facts = report(value, read.bytes.length, read.format);
    if (values.json === true) {
      io.writeOut(`${JSON.stringify(facts, null, 2)}\n`);
      return 0;
    }
    const unknown =
      facts.unknownFields.length === 0
        ? "none"
        : facts.unknownFields
            .map((f) => `${f.path} #${f.field} ${f.wireType} (${f.bytes} bytes)`)
            .join(", ");
    io.writeOut(
      [
        `kind:           ${facts.kind ?? "none (no Data member)"}`,
        `handler:        ${JSON.stringify(facts.handler)}`,
        `size:           ${facts.size} bytes`,
        `input:          ${facts.input}`,
        `framing:        ${facts.framing}`,
        `unknown fields: ${unknown}`,
        "",
      ].join("\n"),
    );
    return 0;
  },
};
