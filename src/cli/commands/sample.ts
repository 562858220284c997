import { sampleEnvelope } from "../../fixtures/index.js";
import { outputFormat } from "../binary-text.js";
import { UsageError } from "../cli-io.js";
import { type Command, emitBinary, stringOption, wrapList } from "../command.js";
import { encodeEnvelope, envelopeKinds, envelopeToJsonString, isEnvelopeKind } from "../root.js";
import { quote } from "../safe-text.js";

/** `sample <kind>`: a fixture envelope, as JSON or binary. */
export const sampleCommand: Command = {
  help: `Usage: vehicle-update-codec sample <kind> [options]

Prints the fixture envelope of <kind>: realistic, fully populated and always the same.
${wrapList("Kinds:", envelopeKinds)}

Options:
  --output <json|binary|base64|hex>  how to write it (default json; binary is refused when
                                     standard output is a terminal)
  --compact                          print the JSON on one line
  -h, --help                         show this help

Examples:
  vehicle-update-codec sample updateManifest
  vehicle-update-codec sample dtcEntry --output binary > dtc.binpb`,
  options: { output: { value: "<json|binary|base64|hex>" }, compact: {} },
  positionals: { min: 1, max: 1 },
  readsInput: false,
  async run(values, positionals, io) {
    const kind = positionals[0];
    if (!isEnvelopeKind(kind)) {
      throw new UsageError(
        `unknown kind ${quote(String(kind))}, expected one of ${envelopeKinds.join(", ")}`,
      );
    }
    const format = outputFormat(
      stringOption(values, "output"),
      ["json", "binary", "base64", "hex"],
      "json",
    );
    const envelope = sampleEnvelope(kind);
    if (format === "json") {
      io.writeOut(
        `${envelopeToJsonString(envelope, { prettySpaces: values.compact === true ? 0 : 2 })}\n`,
      );
    } else {
      emitBinary(io, encodeEnvelope(envelope), format);
    }
    return 0;
  },
};
