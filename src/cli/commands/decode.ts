import { decodeKafkaValue } from "../../framing/index.js";
import { envelopeToJsonString } from "../../index.js";
import { inputFormat, readBinaryInput } from "../binary-text.js";
import type { Command } from "../command.js";

/** `decode`: binary in, canonical proto3 JSON out. */
export const decodeCommand: Command = {
  name: "decode",
  summary: "decode a binary envelope and print it as proto3 JSON",
  help: `Usage: vehicle-update-codec decode [file|-] [options]

Reads a GRPC_AttendantPayload envelope (raw bytes, base64 or hex) from the file, or from
standard input when the file is - or left out, and prints its canonical proto3 JSON. A Kafka
record value in the Confluent Schema Registry wire format (it starts with 0x00) is unwrapped.

Options:
  --input <auto|binary|base64|hex>  how the input is written (default auto: hex digits are
                                    hex, other base64 text is base64, anything else raw bytes)
  --compact                         print the JSON on one line (default: indented by 2)
  --proto-names                     use the proto field names (sw_version), not swVersion
  --emit-defaults                   also print fields at their zero value
  --allow-empty                     accept an envelope without a Data member
  -h, --help                        show this help

Examples:
  vehicle-update-codec decode record.binpb
  kafkacat -C -t ota -c 1 | vehicle-update-codec decode --compact
  echo 3a130a1157565a5a5a314a5a5857303030303031 | vehicle-update-codec decode --input hex`,
  options: {
    input: { type: "string" },
    compact: { type: "boolean" },
    "proto-names": { type: "boolean" },
    "emit-defaults": { type: "boolean" },
    "allow-empty": { type: "boolean" },
  },
  positionals: { min: 0, max: 1 },
  async run(values, positionals, io) {
    const format = inputFormat(values.input as string | undefined);
    const { bytes } = readBinaryInput(await io.readInput(positionals[0]), format);
    const { envelope } = decodeKafkaValue(bytes, { requireData: values["allow-empty"] !== true });
    const json = envelopeToJsonString(envelope, {
      prettySpaces: values.compact === true ? 0 : 2,
      useProtoFieldName: values["proto-names"] === true,
      alwaysEmitImplicit: values["emit-defaults"] === true,
    });
    io.writeOut(`${json}\n`);
    return 0;
  },
};
