import { encodeEnvelope, envelopeFromJsonString } from "../../index.js";
import { outputFormat } from "../binary-text.js";
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
  --ignore-unknown              skip JSON properties this schema does not know
  --allow-empty                 accept an envelope without a Data member
  -h, --help                    show this help

Examples:
  vehicle-update-codec encode envelope.json > envelope.binpb
  vehicle-update-codec sample dtcEntry | vehicle-update-codec encode --output hex`,
  options: {
    output: { type: "string" },
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
    const text = new TextDecoder().decode(await io.readInput(positionals[0]));
    const requireData = values["allow-empty"] !== true;
    const envelope = envelopeFromJsonString(text, {
      ignoreUnknownFields: values["ignore-unknown"] === true,
      requireData,
    });
    emitBinary(io, encodeEnvelope(envelope, { requireData }), format);
    return 0;
  },
};
