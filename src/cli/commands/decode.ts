import { CodecError, envelopeToJsonString } from "../../index.js";
import { inputFormat } from "../binary-text.js";
import { type Command, decodeLimitOptions, decodeLimits, stringOption } from "../command.js";
import { framingOption, openEnvelopes } from "../read-envelopes.js";

/** `decode`: binary in, canonical proto3 JSON out. */
export const decodeCommand: Command = {
  help: `Usage: vehicle-update-codec decode [file|-] [options]

Reads GRPC_AttendantPayload envelopes (raw bytes, base64 or hex) from the file, or from
standard input when the file is - or left out, and prints each as canonical proto3 JSON.
Reads every framing that 'encode --framing' writes; a size-delimited stream gives one JSON
document per envelope.

Options:
  --input <auto|binary|base64|hex>
        how the input is written (default auto: text of only hex digits is hex, other
        base64 text is base64, anything else is raw bytes)
  --framing <auto|raw|schema-registry|delimited>
        how the envelopes are framed (default auto: a first byte 0x00 is a schema-registry
        frame; otherwise raw protobuf, or a size-delimited stream where raw protobuf fails
        or finds unknown fields and the stream reading holds)
  --max-bytes <n>
        refuse an envelope longer than n bytes, as the library's maxBytes does; K, M or G
        for KiB, MiB or GiB (default 16M, at most 256M). Input up to n bytes is read whole,
        in any framing; longer input is read as a size-delimited stream of binary envelopes,
        one message at a time, so its total size has no limit (and memory stays about one
        message)
  --max-total-bytes <n>
        refuse input longer than n bytes in all; reading stops at the chunk (at most 64 KiB)
        that crosses n (default: no limit)
  --max-elements <n>
        refuse an envelope that decodes to more than n messages, map entries and unknown
        fields below its top level (default 1000000), which bounds the memory it takes
  --compact        print each envelope's JSON on one line (default: indented by 2)
  --proto-names    use the proto field names (sw_version), not swVersion
  --emit-defaults  also print fields at their zero value
  --allow-empty    accept an envelope without a Data member
  -h, --help       show this help

Examples:
  vehicle-update-codec sample dtcEntry --output binary > dtc.binpb
  vehicle-update-codec decode dtc.binpb
  vehicle-update-codec sample order --output base64 | vehicle-update-codec decode --compact
  echo 3a130a115756575a5a5a314a5a5857303030303031 | vehicle-update-codec decode --input hex
  vehicle-update-codec sample updateGet | vehicle-update-codec encode --framing delimited > updates.bin
  vehicle-update-codec decode --framing delimited --compact updates.bin`,
  options: {
    input: { value: "<auto|binary|base64|hex>" },
    framing: { value: "<auto|raw|schema-registry|delimited>" },
    ...decodeLimitOptions,
    compact: {},
    "proto-names": {},
    "emit-defaults": {},
    "allow-empty": {},
  },
  positionals: { min: 0, max: 1 },
  readsInput: true,
  async run(values, positionals, io) {
    const format = inputFormat(stringOption(values, "input"));
    const framing = framingOption(stringOption(values, "framing"), true);
    const limits = decodeLimits(values);
    const requireData = values["allow-empty"] !== true;
    const input = await openEnvelopes(io, positionals[0], {
      format,
      framing,
      requireData,
      ...limits,
    });
    if (input.empty && requireData) {
      throw new CodecError(
        "missing_data",
        "empty input: there is no envelope to decode (pass --allow-empty to print an envelope without Data as {})",
      );
    }
    for await (const { envelope } of input.envelopes) {
      const json = envelopeToJsonString(envelope, {
        prettySpaces: values.compact === true ? 0 : 2,
        useProtoFieldName: values["proto-names"] === true,
        alwaysEmitImplicit: values["emit-defaults"] === true,
      });
      io.writeOut(`${json}\n`);
    }
    return 0;
  },
};
