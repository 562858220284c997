// The records of an input as Kafka tools dump them: one value, one hex or base64 value per line,
// values parted by a separator (kcat -D), or a size-delimited stream of values. Read as a stream:
// memory holds one record and a bounded buffer, whatever the input's length.

import { type RecordValue, splitDelimitedStream } from "../framing/index.js";
import {
  type BinaryInputFormat,
  classifyInput,
  type InputLook,
  inputFormat,
  readBinaryInput,
} from "./binary-text.js";
import { type CliIo, concat, UsageError } from "./cli-io.js";
import { type CommandValues, decodeLimits, stringOption } from "./command.js";
import { type EnvelopeScan, firstEnvelopeEnd, scanEnvelope, startScan } from "./envelope-bounds.js";
import { orList } from "./parse-args.js";
import {
  decodeValue,
  type Framing,
  framingOption,
  hintText,
  type ReadEnvelopesOptions,
  readEnvelopes,
} from "./read-envelopes.js";
import { CodecError, type GRPC_AttendantPayload, isCodecError } from "./root.js";
import { errorLine, quote } from "./safe-text.js";

/** The options of the commands that read records, for their option lists. */
export const recordReadOptionSpecs = {
  input: { value: "<auto|binary|base64|hex>" },
  framing: { value: "<auto|raw|schema-registry|delimited>" },
  split: { value: "<auto|one|lines|delimited>" },
  separator: { value: "<sep>" },
} as const;

/** How the input is cut into records (`--split`); `separator` is chosen by `--separator`. */
export type Split = "one" | "lines" | "separator" | "delimited";

const splitOptions = ["auto", "one", "lines", "delimited"] as const;

/** Checks a `--split` value. */
export function splitOption(value: string | undefined): (typeof splitOptions)[number] {
  const split = value ?? "auto";
  if ((splitOptions as readonly string[]).includes(split)) {
    return split as (typeof splitOptions)[number];
  }
  throw new UsageError(`--split must be ${orList(splitOptions)}, got ${quote(split)}`);
}

/**
 * A `--separator` value as bytes: text with kcat's escapes `\n`, `\r`, `\t`, `\0`, `\\` and
 * `\xNN`. Throws UsageError for an empty one or an unknown escape.
 */
export function separatorOption(value: string | undefined): Uint8Array | undefined {
  if (value === undefined) return undefined;
  const bytes: number[] = [];
  const simple: Readonly<Record<string, number>> = {
    n: 0x0a,
    r: 0x0d,
    t: 0x09,
    "0": 0,
    "\\": 0x5c,
  };
  for (let i = 0; i < value.length; i++) {
    const char = value[i] as string;
    if (char !== "\\") {
      bytes.push(...Buffer.from(char));
      continue;
    }
    const next = value[++i] ?? "";
    const hex = /^x([0-9a-fA-F]{2})/.exec(value.slice(i));
    if (hex !== null) {
      bytes.push(Number.parseInt(hex[1] as string, 16));
      i += 2;
    } else if (Object.hasOwn(simple, next)) {
      bytes.push(simple[next] as number);
    } else {
      throw new UsageError(
        `--separator knows the escapes \\n, \\r, \\t, \\0, \\\\ and \\xNN, got ${quote(value)}`,
      );
    }
  }
  if (bytes.length === 0) throw new UsageError("--separator must not be empty");
  return Uint8Array.from(bytes);
}

/** Where a record is in the input: its number, and its line or the offset of its first byte. */
export interface RecordPosition {
  /** The record's number in the input, from 1. */
  readonly record: number;
  /** The line it is on, from 1, for input read line by line. */
  readonly line?: number;
  /** The offset of its first byte in the input, for binary input. */
  readonly offset?: number;
}

/** One record read from the input: its value, or the error that stopped its decoding. */
export type ReadRecord = {
  readonly position: RecordPosition;
  /** How the record was written, for a record on a line of its own. */
  readonly format?: RecordInput["format"];
} & (
  | {
      readonly ok: true;
      readonly value: RecordValue<GRPC_AttendantPayload>;
      /** The value's size in bytes, its frame included. */
      readonly size: number;
    }
  | { readonly ok: false; readonly error: CodecError }
);

/** What {@link openRecords} reads: how the input is written, framed and cut, and the limits. */
export interface RecordReadOptions extends ReadEnvelopesOptions {
  readonly format: BinaryInputFormat;
  /** How each value holds its envelope; `delimited` is `split: "delimited"`, values in any framing. */
  readonly framing: Framing | "auto";
  readonly split: (typeof splitOptions)[number];
  readonly separator: Uint8Array | undefined;
  /** The most bytes of input read in all (`--max-total-bytes`), or undefined for no limit. */
  readonly maxTotalBytes: number | undefined;
}

/** The records of an input, read by {@link openRecords}. */
export interface RecordInput {
  /** How the input was written, as far as the first record tells. */
  readonly format: Exclude<BinaryInputFormat, "auto">;
  /** How it is cut into records. */
  readonly split: Split;
  /** Whether the input held no bytes at all. */
  readonly empty: boolean;
  /** The records, in order, each decoded when it is pulled. */
  readonly records: AsyncIterable<ReadRecord>;
}

/** Passes `source` on, throwing `too_large` once more than `maxTotalBytes` came. */
async function* boundTotal(
  source: AsyncIterable<Uint8Array>,
  maxTotalBytes: number | undefined,
): AsyncGenerator<Uint8Array, void, undefined> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (maxTotalBytes !== undefined && total > maxTotalBytes) {
      throw new CodecError(
        "too_large",
        `input is larger than --max-total-bytes ${maxTotalBytes}; stopped reading after ${total} bytes`,
      );
    }
    yield chunk;
  }
}

/** The record of `bytes` at `position`, or the CodecError that its decoding threw. */
function decodeRecord(
  bytes: Uint8Array,
  position: RecordPosition,
  framing: Framing | "auto",
  options: ReadEnvelopesOptions,
): ReadRecord {
  try {
    const value = decodeValue(bytes, framing === "delimited" ? "auto" : framing, options);
    return { position, ok: true, value, size: bytes.length };
  } catch (error) {
    if (!isCodecError(error) || error.code === "invalid_argument") throw error;
    return { position, ok: false, error };
  }
}

/** A record written as text on one line: hex or base64, as `format` says or as it looks. */
function decodeLine(
  line: Uint8Array,
  position: RecordPosition,
  options: RecordReadOptions,
): ReadRecord {
  let bytes: Uint8Array;
  let look: InputLook | undefined;
  let format: RecordInput["format"];
  try {
    const read = readBinaryInput(line, options.format);
    bytes = read.bytes;
    look = read.look;
    format = read.format;
  } catch (error) {
    if (!isCodecError(error) || error.code === "invalid_argument") throw error;
    return { position, ok: false, error };
  }
  const record = {
    ...decodeRecord(bytes, position, options.framing, options),
    format,
  } as ReadRecord;
  if (record.ok || look !== "text") return record;
  return {
    position,
    format,
    ok: false,
    error: new CodecError(
      record.error.code,
      `${record.error.rawMessage} (the line is text but neither hex nor base64; pass --input to say how it is written)`,
      { cause: record.error },
    ),
  };
}

/** The longest line read as one record: a value of `maxBytes` in hex, and some whitespace. */
function maxLineBytes(maxBytes: number): number {
  return 2 * maxBytes + 1024;
}

/** The records of text input, one hex or base64 value per line; blank lines are skipped. */
async function* readLines(
  chunks: AsyncIterable<Uint8Array>,
  options: RecordReadOptions,
): AsyncGenerator<ReadRecord, void, undefined> {
  const limit = maxLineBytes(options.maxBytes);
  let parts: Uint8Array[] = [];
  let length = 0;
  let tooLong = false;
  let line = 1;
  let record = 0;
  const finish = (): ReadRecord | undefined => {
    const bytes = concat(parts, length);
    const at = line;
    parts = [];
    length = 0;
    line++;
    if (tooLong) {
      tooLong = false;
      return {
        position: { record: ++record, line: at },
        ok: false,
        error: new CodecError(
          "too_large",
          `line ${at} is longer than ${limit} bytes, more than a value of maxBytes ${options.maxBytes} (--max-bytes) takes in hex`,
        ),
      };
    }
    if (classifyInput(bytes) === "whitespace" || bytes.length === 0) return undefined;
    return decodeLine(bytes, { record: ++record, line: at }, options);
  };
  for await (const chunk of chunks) {
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, from)) {
      if (!tooLong) parts.push(chunk.subarray(from, nl));
      length += nl - from;
      if (length > limit) tooLong = true;
      from = nl + 1;
      const found = finish();
      if (found !== undefined) yield found;
    }
    if (from < chunk.length && !tooLong) {
      // Copied: the source may reuse the chunk's memory.
      parts.push(chunk.slice(from));
    }
    length += chunk.length - from;
    if (length > limit) {
      tooLong = true;
      parts = [];
    }
  }
  if (length > 0 || tooLong) {
    const found = finish();
    if (found !== undefined) yield found;
  }
}

/**
 * The records of input whose values `separator` parts. Text values (hex, base64) are cut at each
 * separator. Binary values may hold the separator's bytes, so they are cut only where a complete
 * envelope ends (see scanEnvelope) and the separator follows; a value whose fields cannot be
 * stepped over is cut at the next separator, and its decoding then says what is wrong.
 */
async function* readSeparated(
  chunks: AsyncIterable<Uint8Array>,
  separator: Uint8Array,
  text: boolean,
  options: RecordReadOptions,
): AsyncGenerator<ReadRecord, void, undefined> {
  const limit = text ? maxLineBytes(options.maxBytes) : options.maxBytes;
  let buffer: Uint8Array = new Uint8Array(0);
  let start = 0; // input offset of buffer[0]
  let record = 0;
  let scan: EnvelopeScan | undefined;
  const emit = (bytes: Uint8Array): ReadRecord | undefined => {
    const position = { record: record + 1, offset: start };
    if (bytes.length === 0 || (text && classifyInput(bytes) === "whitespace")) return undefined;
    record++;
    return text
      ? decodeLine(bytes, position, options)
      : decodeRecord(bytes, position, options.framing, options);
  };
  /** Where the current record ends in `buffer`, or undefined when more bytes are needed. */
  const cut = (): number | undefined => {
    if (!text) {
      scan ??= startScan(buffer, 0);
      if (scan !== undefined) {
        const result = scanEnvelope(buffer, scan, separator);
        if (result.kind === "more") return undefined;
        if (result.kind === "end" && result.next === "separator") return result.end;
      }
    }
    const at = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.length).indexOf(separator);
    return at < 0 ? undefined : at;
  };
  for await (const chunk of chunks) {
    const joined = new Uint8Array(buffer.length + chunk.length);
    joined.set(buffer);
    joined.set(chunk, buffer.length);
    buffer = joined;
    for (let end = cut(); end !== undefined; end = cut()) {
      const found = emit(buffer.subarray(0, end));
      buffer = buffer.subarray(end + separator.length);
      start += end + separator.length;
      scan = undefined;
      if (found !== undefined) yield found;
    }
    if (buffer.length > limit + separator.length) {
      throw new CodecError(
        "too_large",
        `record ${record + 1} at offset ${start} runs past maxBytes ${options.maxBytes} (--max-bytes) without the separator ${quote(Buffer.from(separator).toString("latin1"))}`,
      );
    }
  }
  const found = emit(buffer);
  if (found !== undefined) yield found;
}

/** The records of a size-delimited stream, each message a record value in any framing. */
async function* readDelimitedRecords(
  chunks: AsyncIterable<Uint8Array>,
  options: RecordReadOptions,
): AsyncGenerator<ReadRecord, void, undefined> {
  let record = 0;
  for await (const message of splitDelimitedStream(chunks, options)) {
    const position = { record: ++record, offset: message.offset };
    yield decodeRecord(message.bytes, position, options.framing, options);
  }
}

async function* none(): AsyncGenerator<ReadRecord, void, undefined> {}

async function* once<T>(item: T): AsyncGenerator<T, void, undefined> {
  yield item;
}

/** Whether text holds two lines or more with something on them. */
function severalLines(bytes: Uint8Array): boolean {
  let filled = 0;
  let content = false;
  for (const byte of bytes) {
    if (byte === 0x0a) {
      if (content) filled++;
      content = false;
    } else if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) content = true;
  }
  return filled + (content ? 1 : 0) >= 2;
}

/** The first line with something on it decodes as a record value by itself. */
function firstLineDecodes(bytes: Uint8Array, options: RecordReadOptions): boolean {
  for (const line of Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
    .toString("latin1")
    .split("\n")) {
    if (line.trim() === "") continue;
    return decodeLine(Buffer.from(line, "latin1"), { record: 1, line: 1 }, options).ok;
  }
  return false;
}

/**
 * The refusal of values written back to back: where the first complete envelope ends, what
 * follows it, and how to dump them so that they can be told apart.
 */
function backToBack(end: number, next: string, member: string): CodecError {
  const what =
    next === "handler"
      ? "a second handler (field 1)"
      : next === "member"
        ? "a second Data member"
        : "bytes that start no field";
  return new CodecError(
    "malformed",
    `the input holds more than one value: a complete envelope (${member}) ends at offset ${end} and ${what} follows, the start of another value written back to back (kcat -f '%s'), which cannot be told apart reliably: dump the values with a separator (kcat -D) and pass --separator, one per line in hex or base64, or size-delimited (--split delimited)`,
  );
}

/**
 * The one value of binary input read whole, as readEnvelopes reads it; values written back to
 * back, which protobuf would read as one envelope or refuse at the second one's first byte, are
 * refused with a hint, and one value followed by a newline is read without the newline.
 */
function readWhole(
  bytes: Uint8Array,
  look: InputLook | undefined,
  options: RecordReadOptions,
  split: RecordReadOptions["split"],
): { split: Split; records: ReadRecord[] } {
  const framing = options.framing;
  const whole = split === "auto" ? firstEnvelopeEnd(bytes) : undefined;
  if (whole !== undefined) {
    const rest = bytes.length - whole.end;
    if (rest === 1 && bytes[whole.end] === 0x0a) {
      const value = bytes.subarray(0, whole.end);
      const read = hintText(look, () => readEnvelopes(value, framing, options));
      if (read.framing !== "delimited") return { split: "one", records: toRecords(read, value) };
    }
    const delimited = framing === "auto" ? attemptDelimited(bytes, options) : undefined;
    if (delimited !== undefined)
      return { split: "delimited", records: toRecords(delimited, bytes) };
    throw backToBack(whole.end, whole.next, whole.member);
  }
  const read = hintText(look, () => readEnvelopes(bytes, framing, options));
  return {
    split: read.framing === "delimited" ? "delimited" : "one",
    records: toRecords(read, bytes),
  };
}

function attemptDelimited(
  bytes: Uint8Array,
  options: RecordReadOptions,
): ReturnType<typeof readEnvelopes> | undefined {
  try {
    return readEnvelopes(bytes, "delimited", options);
  } catch (error) {
    if (!isCodecError(error) || error.code === "invalid_argument") throw error;
    return undefined;
  }
}

function toRecords(read: ReturnType<typeof readEnvelopes>, bytes: Uint8Array): ReadRecord[] {
  return read.envelopes.map((found, i) => ({
    position:
      read.framing === "delimited" ? { record: i + 1, offset: found.offset } : { record: i + 1 },
    ok: true,
    value: found.value ?? { framing: "raw", envelope: found.envelope },
    size: read.framing === "delimited" ? found.size : bytes.length,
  }));
}

/**
 * Opens the input of `path` and reads its records. With `split: "auto"` the first `maxBytes`
 * decide: text of two lines or more whose first line is a value by itself is read line by line;
 * other input that ends within `maxBytes` is one value (or a size-delimited stream, as
 * readEnvelopes finds it), values written back to back refused with a hint; longer input is read
 * line by line when it is text, else as a size-delimited stream. Each record is decoded when it
 * is pulled, a bad one given as its error; an error of the input as a whole (a cut length
 * prefix, `--max-total-bytes`, the one value of whole input) is thrown.
 */
export async function openRecords(
  io: CliIo,
  path: string | undefined,
  options: RecordReadOptions,
): Promise<RecordInput> {
  const { maxBytes } = options;
  const source = boundTotal(io.openInput(path), options.maxTotalBytes);
  const split =
    options.separator !== undefined
      ? "separator"
      : options.framing === "delimited"
        ? "delimited"
        : options.split;
  const head: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size <= maxBytes && (split !== "lines" || size === 0)) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const headBytes = concat(head, size);
  const look = options.format === "auto" ? classifyInput(headBytes) : options.format;
  const isText = look === "hex" || look === "base64" || look === "text";
  async function* chunks(): AsyncGenerator<Uint8Array, void, undefined> {
    if (size > 0) yield headBytes;
    yield* source;
  }
  const format = (look === "hex" || look === "base64" ? look : "binary") as RecordInput["format"];
  if (split === "lines") {
    return { format, split, empty: size === 0, records: readLines(chunks(), options) };
  }
  if (split === "separator") {
    const separator = options.separator as Uint8Array;
    return {
      format,
      split,
      empty: size === 0,
      records: readSeparated(chunks(), separator, isText, options),
    };
  }
  if (
    split === "auto" &&
    (look === "hex" || look === "base64") &&
    severalLines(headBytes) &&
    firstLineDecodes(headBytes, options)
  ) {
    return { format, split: "lines", empty: false, records: readLines(chunks(), options) };
  }
  if (ended) {
    const read = readBinaryInput(headBytes, options.format);
    if (read.bytes.length === 0 && options.requireData) {
      // No envelope at all: the command says so, rather than that an envelope lacks Data.
      return { format: read.format, split: "one", empty: true, records: none() };
    }
    if (split === "delimited") {
      return {
        format: read.format,
        split,
        empty: read.bytes.length === 0,
        records: readDelimitedRecords(once(read.bytes), options),
      };
    }
    let found: { split: Split; records: ReadRecord[] };
    found = readWhole(read.bytes, read.look, options, split);
    return {
      format: read.format,
      split: found?.split ?? "one",
      empty: read.bytes.length === 0,
      records: (async function* () {
        yield* found?.records ?? [];
      })(),
    };
  }
  const tooLarge = (what: string, more = "", cause?: CodecError) =>
    new CodecError(
      "too_large",
      `input is larger than maxBytes ${maxBytes} (--max-bytes), the limit of ${what}; stopped reading after ${size} bytes${more}`,
      { cause },
    );
  const refuse = (what: string): never => {
    void source.return();
    throw tooLarge(what);
  };
  if (look !== "binary") {
    refuse(`${look === "hex" || look === "base64" ? look : "text"} input, which is read whole`);
  }
  if (split === "one") refuse("one value");
  if (options.framing === "raw") refuse("a raw envelope");
  if (options.framing === "schema-registry" || (split === "auto" && headBytes[0] === 0x00)) {
    refuse("a schema-registry frame");
  }
  if (split === "delimited") {
    return { format, split, empty: false, records: readDelimitedRecords(chunks(), options) };
  }
  // Guessed: input this long is a size-delimited stream, or else one envelope over the limit. If
  // not even the first message reads, it is refused as the latter; how the first message failed
  // (`--split delimited` prints it) stays the cause.
  const notAStream = (cause: CodecError) =>
    tooLarge(
      "a raw envelope",
      ", and it is no size-delimited stream either: its first message does not read (--split delimited says why)",
      cause,
    );
  return {
    format: "binary",
    split: "delimited",
    empty: false,
    records: (async function* () {
      const stream = readDelimitedRecords(chunks(), options);
      let first: IteratorResult<ReadRecord, void>;
      try {
        first = await stream.next();
      } catch (error) {
        // A first length prefix over the limit says so itself.
        if (!isCodecError(error) || error.code === "invalid_argument") throw error;
        if (error.code === "too_large") throw error;
        throw notAStream(error);
      }
      if (first.done) return;
      if (!first.value.ok) {
        await stream.return();
        throw notAStream(first.value.error);
      }
      yield first.value;
      yield* stream;
    })(),
  };
}

/**
 * Reads the options of {@link recordReadOptionSpecs} and the decoding limits into the options of
 * {@link openRecords}. Throws UsageError.
 */
export function recordReadOptions(values: CommandValues, requireData: boolean): RecordReadOptions {
  const split = splitOption(stringOption(values, "split"));
  const separator = separatorOption(stringOption(values, "separator"));
  const framing = framingOption(stringOption(values, "framing"), true);
  if (separator !== undefined && split !== "auto") {
    throw new UsageError(`--separator cuts the input itself: it takes no --split, got ${split}`);
  }
  if (framing === "delimited" && split !== "auto" && split !== "delimited") {
    throw new UsageError(`--framing delimited is --split delimited: it takes no --split ${split}`);
  }
  return {
    format: inputFormat(stringOption(values, "input")),
    framing,
    split,
    separator,
    requireData,
    ...decodeLimits(values),
  };
}

/** Where a record is, in words: `record 3 (line 3)`, `record 2 (offset 40)`. */
export function positionText(position: RecordPosition): string {
  const where =
    position.line !== undefined
      ? ` (line ${position.line})`
      : position.offset !== undefined
        ? ` (offset ${position.offset})`
        : "";
  return `record ${position.record}${where}`;
}

/** The line on standard error for a record that could not be read: where, then the error. */
export function recordErrorLine(command: string, position: RecordPosition, error: CodecError) {
  return `vehicle-update-codec ${command}: ${errorLine(`${positionText(position)}: ${error.message}`)}\n`;
}

/** The help of {@link recordReadOptionSpecs}, as decode and inspect list them. */
export const readRecordsHelp = `  --input <auto|binary|base64|hex>
        how each value is written (default auto: text of only hex digits is hex, other
        base64 text is base64, anything else is raw bytes)
  --framing <auto|raw|schema-registry|delimited>
        how each value holds its envelope (default auto: a first byte 0x00 is a
        schema-registry frame, anything else raw protobuf; input read whole may also be
        found to be a size-delimited stream); delimited is --split delimited
  --split <auto|one|lines|delimited>
        how the input is cut into records (default auto: text of two lines or more whose
        first line is a value is one value per line; other input is one value, values
        written back to back refused with where the first one ends; binary input longer
        than --max-bytes a size-delimited stream). one: the whole input is one value,
        read by protobuf's rules (occurrences of a field merged); lines: one hex or base64
        value per line; delimited: a varint length before each value
  --separator <sep>
        the values are parted by sep, as kcat -D writes them; \\n, \\r, \\t, \\0, \\\\ and
        \\xNN escapes as kcat reads them. A binary value is cut where a complete envelope
        ends and sep follows, so sep may also occur inside values`;

/**
 * The position of a record as JSON fields: `record`, and `line` or `offset`; `offset` only
 * where the input holds several records.
 */
export function positionJson(
  read: ReadRecord,
  input: Pick<RecordInput, "split" | "format">,
): { record: number; line?: number; offset?: number; split: Split; input: RecordInput["format"] } {
  return { ...read.position, split: input.split, input: recordFormat(read, input) };
}

/**
 * How a record was written: as it says for a record on a line of its own (the lines of one input
 * may be hex and base64), else as the input as a whole.
 */
export function recordFormat(
  read: ReadRecord,
  input: Pick<RecordInput, "format">,
): RecordInput["format"] {
  return read.format ?? input.format;
}
