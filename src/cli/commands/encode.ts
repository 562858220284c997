import { encodeDelimited, encodeRecordValue } from "../../framing/index.js";
import { classifyInput, outputFormat } from "../binary-text.js";
import { readInput, UsageError } from "../cli-io.js";
import { type Command, emitBinary, maxBytes, maxBytesOption, stringOption } from "../command.js";
import { wholeNumber } from "../parse-args.js";
import { framingOption } from "../read-envelopes.js";
import {
  CodecError,
  envelopeFromJsonString,
  type GRPC_AttendantPayload,
  isCodecError,
  type JsonReadOptions,
} from "../root.js";

const MAX_SCHEMA_ID = 0x7fffffff; // a schema id is a signed 32-bit integer, never negative

/**
 * The envelope in the proto3 JSON `input`. When the input is not JSON the CodecError says what
 * it looks like instead: empty, binary (not UTF-8, or a control character JSON never holds
 * outside whitespace), or hex or base64 text of a binary envelope.
 */
function envelopeFromInput(
  input: Uint8Array,
  options: Partial<JsonReadOptions>,
): GRPC_AttendantPayload {
  const look = classifyInput(input);
  if (look === "empty" || look === "whitespace") {
    throw new CodecError(
      "invalid_json",
      "empty input: encode reads a GRPC_AttendantPayload envelope as proto3 JSON",
    );
  }
  let text: string | undefined;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(input);
  } catch {
    // not UTF-8: binary, as below
  }
  if (text === undefined || input.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)) {
    throw new CodecError(
      "invalid_json",
      "input looks like binary, not JSON: encode reads proto3 JSON; to read a binary envelope, use 'vehicle-update-codec decode'",
    );
  }
  try {
    return envelopeFromJsonString(text, options);
  } catch (error) {
    if (!isCodecError(error) || error.code !== "invalid_json") throw error;
    if (look !== "hex" && look !== "base64") throw error;
    throw new CodecError(
      "invalid_json",
      `input looks like ${look} text, not JSON: encode reads proto3 JSON; to read a binary envelope written as ${look}, use 'vehicle-update-codec decode'`,
      { cause: error },
    );
  }
}

/** `encode`: proto3 JSON in, binary out. */
export const encodeCommand: Command = {
  help: `Usage: vehicle-update-codec encode [file|-] [options]

Reads a GRPC_AttendantPayload envelope as proto3 JSON (either name style) from the file, or
from standard input when the file is - or left out, and writes its protobuf binary.

Options:
  --output <binary|base64|hex>
        how to write the bytes (default binary; binary is refused when standard output is a
        terminal)
  --framing <raw|schema-registry|delimited>
        raw protobuf (default), a Confluent Schema Registry frame (needs --schema-id), or a
        varint length prefix (size-delimited; concatenate such outputs to make a stream)
  --schema-id <n>   the schema id of a schema-registry frame, 0 to 2147483647
  --max-bytes <n>   refuse input longer than n bytes; K, M or G for KiB, MiB or GiB
                    (default 16M, at most 256M)
  --ignore-unknown  skip JSON properties this schema does not know
  --allow-empty     accept an envelope without a Data member
  -h, --help        show this help

Examples:
  vehicle-update-codec sample dtcEntry > envelope.json
  vehicle-update-codec encode envelope.json > envelope.binpb
  vehicle-update-codec sample dtcEntry | vehicle-update-codec encode --output hex
  vehicle-update-codec encode envelope.json --framing schema-registry --schema-id 42 > value.bin
  vehicle-update-codec encode envelope.json --framing delimited >> stream.bin`,
  options: {
    output: { value: "<binary|base64|hex>" },
    framing: { value: "<raw|schema-registry|delimited>" },
    "schema-id": { value: "<n>" },
    ...maxBytesOption,
    "ignore-unknown": {},
    "allow-empty": {},
  },
  positionals: { min: 0, max: 1 },
  readsInput: true,
  async run(values, positionals, io) {
    const format = outputFormat(
      stringOption(values, "output"),
      ["binary", "base64", "hex"],
      "binary",
    );
    const framing = framingOption(stringOption(values, "framing"), false);
    const schemaIdText = stringOption(values, "schema-id");
    if (framing === "schema-registry" && schemaIdText === undefined) {
      throw new UsageError(
        "--framing schema-registry needs --schema-id <n>, the id the registry gave the schema",
      );
    }
    if (framing !== "schema-registry" && schemaIdText !== undefined) {
      throw new UsageError("--schema-id is only used with --framing schema-registry");
    }
    const schemaId =
      schemaIdText === undefined ? 0 : wholeNumber("schema-id", schemaIdText, 0, MAX_SCHEMA_ID);
    const limit = maxBytes(values);
    const input = await readInput(io, positionals[0], limit);
    const requireData = values["allow-empty"] !== true;
    const envelope = envelopeFromInput(input, {
      ignoreUnknownFields: values["ignore-unknown"] === true,
      requireData,
      maxBytes: limit,
    });
    const bytes =
      framing === "delimited"
        ? encodeDelimited(envelope, { requireData })
        : encodeRecordValue(
            envelope,
            framing === "schema-registry" ? { framing, schemaId, requireData } : { requireData },
          ).value;
    emitBinary(io, bytes, format);
    return 0;
  },
};
