import { basename } from "node:path";
import { readInput, UsageError } from "../cli-io.js";
import { type Command, decodeLimitOptions, maxBytes, stringOption } from "../command.js";
import { wholeNumber } from "../parse-args.js";
import {
  openRecords,
  positionJson,
  type ReadRecord,
  type RecordInput,
  type RecordPosition,
  readRecordsHelp,
  recordErrorLine,
  recordFormat,
  recordReadOptionSpecs,
  recordReadOptions,
} from "../read-records.js";
import { type RecordFactsJson, recordError, recordFacts } from "../record-json.js";
import { CodecError } from "../root.js";
import { escapeControls } from "../safe-text.js";

/** The framing of a record, in words: `schema-registry (schema id 7, message indexes [0])`. */
function framingText(facts: RecordFactsJson): string {
  if (facts.framing === "raw") return "raw";
  const id =
    facts.schemaId === null ? `schema GUID ${facts.schemaGuid}` : `schema id ${facts.schemaId}`;
  return `${facts.framing} (${id}, message indexes [${(facts.messageIndexes ?? []).join(", ")}])`;
}

/** Which record, where: `2 (message of a size-delimited stream, at offset 40)`, `3 (line 3)`. */
function recordText(position: RecordPosition, input: RecordInput): string {
  if (position.line !== undefined) return `${position.record} (line ${position.line})`;
  const what = input.split === "delimited" ? "message of a size-delimited stream, " : "";
  return `${position.record} (${what}at offset ${position.offset})`;
}

/** The report of one record, as lines of text. */
function reportText(read: ReadRecord & { ok: true }, input: RecordInput): string[] {
  const facts = recordFacts(read.value, read.size);
  const unknown =
    facts.unknownFields.length === 0
      ? "none"
      : facts.unknownFields
          .map((f) => `${f.path} #${f.field} ${f.wireType} (${f.bytes} bytes)`)
          .join(", ");
  return [
    ...(input.split === "one" ? [] : [`record:         ${recordText(read.position, input)}`]),
    `kind:           ${facts.kind ?? "none (no Data member)"}`,
    `handler:        ${JSON.stringify(facts.handler)}`,
    `size:           ${facts.size} bytes`,
    `input:          ${recordFormat(read, input)}`,
    `framing:        ${framingText(facts)}`,
    `unknown fields: ${unknown}`,
  ];
}

/** `inspect`: what an envelope is, without printing all of it. */
export const inspectCommand: Command = {
  help: `Usage: vehicle-update-codec inspect [file|-] [options]

Reads envelopes (raw bytes, base64 or hex) and prints what each is: the kind of its Data
member, its handler, its size, how it was framed (raw protobuf, or a Confluent Schema
Registry frame with its schema id), and any fields this schema does not know (a member or
field newer than this version). An envelope without Data is shown, not refused. Reads the
records Kafka tools dump as decode does, one report per record; a record that cannot be
read is reported on standard error with its line or offset, the next ones are still read,
and the exit code is 1.

Options:
${readRecordsHelp}
  --max-bytes <n>  refuse an envelope longer than n bytes, as decode does (default 16M,
                   at most 256M); longer input is read as a size-delimited stream
  --max-total-bytes <n>
        refuse input longer than n bytes in all, as decode does (default: no limit)
  --max-elements <n>
        refuse an envelope of more than n elements, as decode does (default 1000000)
  --json           print each report as a JSON object on one line (kind, handler, framing,
                   schemaId, schemaGuid, messageIndexes, size, unknownFields, and the
                   record's position: record, line or offset); a record that cannot be
                   read gives its position and "error": {"code", "message"}
  --web            serve the inspector page on 127.0.0.1 instead, print its URL and run
                   until Ctrl-C: paste a value or drop a file there to see its framing, its
                   fields as a JSON tree and its bytes (the page sends nothing anywhere; it
                   ships as vehicle-update-codec/inspector.html to open offline). With a
                   file (or - for standard input), at most --max-bytes long, the page
                   opens with that value shown, as if dropped on it
  --port <n>       the port of --web, 0 to 65535 (default 0: a free one)
  -h, --help       show this help

Examples:
  vehicle-update-codec sample keys --output binary > keys.binpb
  vehicle-update-codec inspect keys.binpb
  vehicle-update-codec sample order --output hex | vehicle-update-codec inspect --json
  vehicle-update-codec sample order | vehicle-update-codec encode --framing schema-registry --schema-id 7 | vehicle-update-codec inspect`,
  options: {
    ...recordReadOptionSpecs,
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
      const portNumber = port === undefined ? 0 : wholeNumber("port", port, 0, 65535);
      const path = positionals[0];
      const given =
        path === undefined
          ? undefined
          : {
              name: path === "-" ? "standard input" : basename(path),
              bytes: await readInput(io, path, maxBytes(values)),
            };
      const { serveInspector } = await import("../serve-inspector.js");
      return serveInspector(portNumber, io, given);
    }
    if (port !== undefined) throw new UsageError("--port goes with --web");
    const input = await openRecords(io, positionals[0], recordReadOptions(values, false));
    if (input.empty) {
      throw new CodecError("missing_data", "empty input: there is no envelope to inspect");
    }
    let failed = false;
    let shown = 0;
    for await (const read of input.records) {
      await io.drain();
      if (!read.ok) {
        failed = true;
        io.writeErr(recordErrorLine("inspect", read.position, read.error));
        if (values.json === true) {
          const position = positionJson(read, input);
          io.writeOut(`${JSON.stringify({ ...position, ...recordError(read.error) })}\n`);
        }
        continue;
      }
      if (values.json === true) {
        const position = positionJson(read, input);
        io.writeOut(`${JSON.stringify({ ...position, ...recordFacts(read.value, read.size) })}\n`);
        continue;
      }
      // The handler and map keys come from the input: no control character reaches a terminal.
      const lines = reportText(read, input).map(escapeControls);
      io.writeOut(`${shown++ > 0 ? "\n" : ""}${lines.join("\n")}\n`);
    }
    return failed ? 1 : 0;
  },
};
