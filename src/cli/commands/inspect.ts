import { CodecError } from "../../index.js";
import { wireTypeName } from "../../runtime/index.js";
import { inputFormat } from "../binary-text.js";
import { UsageError } from "../cli-io.js";
import { type Command, decodeLimitOptions, decodeLimits, stringOption } from "../command.js";
import { wholeNumber } from "../parse-args.js";
import {
  type FoundEnvelope,
  framingOption,
  openEnvelopes,
  type ReadEnvelopes,
} from "../read-envelopes.js";
import { escapeControls } from "../safe-text.js";
import { unknownFields } from "../unknown-fields.js";

function framingText(
  read: Pick<ReadEnvelopes, "framing" | "value">,
  index: number,
  found: FoundEnvelope,
): string {
  const { value } = read;
  if (value !== undefined && value.framing !== "raw") {
    const id =
      value.schemaId === undefined
        ? `schema GUID ${value.schemaGuid}`
        : `schema id ${value.schemaId}`;
    return `${value.framing} (${id}, message indexes [${value.messageIndexes.join(", ")}])`;
  }
  if (read.framing === "delimited") {
    return `delimited (message ${index + 1}, at offset ${found.offset})`;
  }
  return "raw";
}

function report(
  read: Pick<ReadEnvelopes, "framing" | "value">,
  index: number,
  found: FoundEnvelope,
  input: string,
) {
  const { envelope } = found;
  return {
    kind: envelope.Data.case ?? null,
    handler: envelope.handler,
    size: found.size,
    input,
    framing: framingText(read, index, found),
    unknownFields: unknownFields(envelope).map((f) => ({
      path: f.path,
      field: f.field,
      wireType: wireTypeName(f.wireType),
      bytes: f.bytes,
    })),
  };
}

/** `inspect`: what an envelope is, without printing all of it. */
export const inspectCommand: Command = {
  help: `Usage: vehicle-update-codec inspect [file|-] [options]

Reads envelopes (raw bytes, base64 or hex) and prints what each is: the kind of its Data
member, its handler, its size, how it was framed (raw protobuf, a Confluent Schema Registry
frame with its schema id, or a message of a size-delimited stream), and any fields this
schema does not know (a member or field newer than this version). An envelope without Data
is shown, not refused. A size-delimited stream gives one report per envelope.

Options:
  --input <auto|binary|base64|hex>
        how the input is written (default auto, as decode reads it)
  --framing <auto|raw|schema-registry|delimited>
        how the envelopes are framed (default auto, as decode reads it)
  --max-bytes <n>  refuse an envelope longer than n bytes, as decode does (default 16M,
                   at most 256M); longer input is read as a size-delimited stream
  --max-total-bytes <n>
        refuse input longer than n bytes in all, as decode does (default: no limit)
  --max-elements <n>
        refuse an envelope of more than n elements, as decode does (default 1000000)
  --json           print each report as JSON
  --web            serve the inspector page on 127.0.0.1 instead, print its URL and run
                   until Ctrl-C: paste a value or drop a file there to see its framing, its
                   fields as a JSON tree and its bytes (the page sends nothing anywhere; it
                   ships as vehicle-update-codec/inspector.html to open offline)
  --port <n>       the port of --web, 0 to 65535 (default 0: a free one)
  -h, --help       show this help

Examples:
  vehicle-update-codec sample keys --output binary > keys.binpb
  vehicle-update-codec inspect keys.binpb
  vehicle-update-codec sample order --output hex | vehicle-update-codec inspect --json
  vehicle-update-codec sample order | vehicle-update-codec encode --framing schema-registry --schema-id 7 | vehicle-update-codec inspect`,
  options: {
    input: { value: "<auto|binary|base64|hex>" },
    framing: { value: "<auto|raw|schema-registry|delimited>" },
    ...decodeLimitOptions,
    json: {},
    web: {},
    port: { value: "<n>" },
  },
  positionals: { min: 0, max: 1 },
  readsInput: true,
  async run(values, positionals, io) {
    const port = stringOption(values, "port");
    if (values.web === true) {
      if (positionals.length > 0)
        throw new UsageError("--web reads no input: paste it in the page");
      const { serveInspector } = await import("../serve-inspector.js");
      return serveInspector(port === undefined ? 0 : wholeNumber("port", port, 0, 65535), io);
    }
    if (port !== undefined) throw new UsageError("--port goes with --web");
    const format = inputFormat(stringOption(values, "input"));
    const framing = framingOption(stringOption(values, "framing"), true);
    const limits = decodeLimits(values);
    const input = await openEnvelopes(io, positionals[0], {
      format,
      framing,
      requireData: false,
      ...limits,
    });
    if (input.empty) {
      throw new CodecError("missing_data", "empty input: there is no envelope to inspect");
    }
    let index = 0;
    for await (const envelope of input.envelopes) {
      const facts = report(input.framing(), index, envelope, input.format);
      if (values.json === true) {
        io.writeOut(`${JSON.stringify(facts, null, 2)}\n`);
        index++;
        continue;
      }
      const unknown =
        facts.unknownFields.length === 0
          ? "none"
          : facts.unknownFields
              .map((f) => `${f.path} #${f.field} ${f.wireType} (${f.bytes} bytes)`)
              .join(", ");
      const lines = [
        `kind:           ${facts.kind ?? "none (no Data member)"}`,
        `handler:        ${JSON.stringify(facts.handler)}`,
        `size:           ${facts.size} bytes`,
        `input:          ${facts.input}`,
        `framing:        ${facts.framing}`,
        `unknown fields: ${unknown}`,
      ];
      // The handler and map keys come from the input: no control character reaches a terminal.
      io.writeOut(`${index > 0 ? "\n" : ""}${lines.map(escapeControls).join("\n")}\n`);
      index++;
    }
    return 0;
  },
};
