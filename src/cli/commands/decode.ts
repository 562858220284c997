import { type Command, decodeLimitOptions } from "../command.js";
import {
  openRecords,
  positionJson,
  readRecordsHelp,
  recordErrorLine,
  recordReadOptionSpecs,
  recordReadOptions,
} from "../read-records.js";
import { recordError, recordFacts } from "../record-json.js";
import { CodecError, envelopeToJsonString } from "../root.js";

/** `decode`: binary in, canonical proto3 JSON out. */
export const decodeCommand: Command = {
  help: `Usage: vehicle-update-codec decode [file|-] [options]

Reads GRPC_AttendantPayload envelopes (raw bytes, base64 or hex) from the file, or from
standard input when the file is - or left out, and prints each as canonical proto3 JSON.
Reads the values Kafka tools dump: one value, one hex or base64 value per line, values
parted by a separator (kcat -D), or a size-delimited stream of values in any framing. A
record that cannot be read is reported on standard error with its line or offset, the next
ones are still read, and the exit code is 1.

Options:
${readRecordsHelp}
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
  --facts          print one JSON object per record, on one line: what inspect --json
                   gives (kind, handler, framing, schemaId, position…) and the envelope
                   under "envelope"; a record that cannot be read gives its "error"
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
  vehicle-update-codec decode --framing delimited --compact updates.bin
  vehicle-update-codec sample order --output hex > values.txt
  vehicle-update-codec sample keys --output hex >> values.txt
  vehicle-update-codec decode --facts values.txt`,
  options: {
    ...recordReadOptionSpecs,
    ...decodeLimitOptions,
    compact: {},
    facts: {},
    "proto-names": {},
    "emit-defaults": {},
    "allow-empty": {},
  },
  positionals: { min: 0, max: 1 },
  readsInput: true,
  async run(values, positionals, io) {
    const requireData = values["allow-empty"] !== true;
    const facts = values.facts === true;
    const input = await openRecords(io, positionals[0], recordReadOptions(values, requireData));
    if (input.empty && requireData) {
      throw new CodecError(
        "missing_data",
        "empty input: there is no envelope to decode (pass --allow-empty to print an envelope without Data as {})",
      );
    }
    const jsonOptions = {
      prettySpaces: values.compact === true || facts ? 0 : 2,
      useProtoFieldName: values["proto-names"] === true,
      alwaysEmitImplicit: values["emit-defaults"] === true,
    };
    let failed = false;
    for await (const read of input.records) {
      await io.drain();
      const position = positionJson(read, input);
      if (!read.ok) {
        failed = true;
        io.writeErr(recordErrorLine("decode", read.position, read.error));
        if (facts) io.writeOut(`${JSON.stringify({ ...position, ...recordError(read.error) })}\n`);
        continue;
      }
      const json = envelopeToJsonString(read.value.envelope, jsonOptions);
      if (facts) {
        const head = JSON.stringify({ ...position, ...recordFacts(read.value, read.size) });
        io.writeOut(`${head.slice(0, -1)},"envelope":${json}}\n`);
      } else {
        io.writeOut(`${json}\n`);
      }
    }
    return failed ? 1 : 0;
  },
};
