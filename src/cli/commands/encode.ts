import { encodeDelimited, encodeSchemaRegistryFrame } from "../../framing/index.js";
import { encodeEnvelope, envelopeFromJsonString } from "../../index.js";
import { outputFormat } from "../binary-text.js";
import { UsageError } from "../cli-io.js";
import { type Command, emitBinary } from "../command.js";

/** `encode`: proto3 JSON in, binary out. */
export const encodeCommand: Command = {
  name: "encode",
  summary: "encode a proto3 JSON envelope to binary",
  help: `Usage: vehicle-update-codec encode [file|-] [options]

Reads a GRPC_AttendantPayload envelope as proto3 JSON (either name style) from the file, or
from standard input when the file is - or left out, and writes its protobuf binary.

Options:
  --output <binary|base64|hex>  how to write the bytes (default binary; binary is refused
                                when standard output is a terminal)
  --framing <raw|schema-registry|delimited>
                                raw protobuf (default), a Confluent Schema Registry frame
                                (needs --schema-id), or a varint length prefix
  --schema-id <n>               the schema id of a schema-registry frame, 0 to 2147483647
  --ignore-unknown              skip JSON properties this schema does not know
  --allow-empty                 accept an envelope without a Data member
  -h, --help                    show this help

Examples:
  vehicle-update-codec encode envelope.json > envelope.binpb
  vehicle-update-codec sample dtcEntry | vehicle-update-codec encode --output hex
  vehicle-update-codec encode envelope.json --framing schema-registry --schema-id 42 > value.bin`,
  options: {
    output: { type: "string" },
    framing: { type: "string" },
    "schema-id": { type: "string" },
    "ignore-unknown": { type: "boolean" },
    "allow-empty": { type: "boolean" },
  },
  positionals: { min: 0, max: 1 },
  async run(values, positionals, io) {
    const format = outputFormat(
      values.output as string | undefined,
      ["binary", "base64", "hex"],
      "binary",
    );
    const framing = values.framing ?? "raw";
    if (framing !== "raw" && framing !== "schema-registry" && framing !== "delimited") {
      throw new UsageError(
        `--framing must be raw, schema-registry or delimited, got ${JSON.stringify(framing)}`,
      );
    }
    const schemaIdText = values["schema-id"] as string | undefined;
    if ((framing === "schema-registry") !== (schemaIdText !== undefined)) {
      throw new UsageError("--schema-id goes with --framing schema-registry, which needs one");
    }
    if (schemaIdText !== undefined && !/^[0-9]{1,10}$/.test(schemaIdText)) {
      throw new UsageError(
        `--schema-id must be a whole number, got ${JSON.stringify(schemaIdText)}`,
      );
    }
    const text = new TextDecoder().decode(await io.readInput(positionals[0]));
    const requireData = values["allow-empty"] !== true;
    const envelope = envelopeFromJsonString(text, {
      ignoreUnknownFields: values["ignore-unknown"] === true,
      requireData,
    });
    const bytes =
      framing === "schema-registry"
        ? encodeSchemaRegistryFrame(envelope, { schemaId: Number(schemaIdText), requireData })
        : framing === "delimited"
          ? encodeDelimited(envelope, { requireData })
          : encodeEnvelope(envelope, { requireData });
    emitBinary(io, bytes, format);
    return 0;
  },
};
