import {
  decodeRecordValue,
  decodeSchemaRegistryFrame,
  type RecordFraming,
  type RecordValue,
  recordFramings,
} from "../framing/index.js";
import type { InputLook } from "./binary-text.js";
import { UsageError } from "./cli-io.js";
import { readVarint } from "./envelope-bounds.js";
import { orList } from "./parse-args.js";
import { CodecError, decodeEnvelope, type GRPC_AttendantPayload, isCodecError } from "./root.js";
import { quote } from "./safe-text.js";
import { unknownFields } from "./unknown-fields.js";

/**
 * A framing `encode --framing` writes and `decode` and `inspect` read: those of a Kafka record
 * value that need no header, named as the library names them, and the size-delimited stream.
 */
export type Framing = Exclude<RecordFraming, "schema-registry-header"> | "delimited";

/** Every {@link Framing}, in the library's order, the stream last. */
export const framings: readonly Framing[] = [
  ...recordFramings.filter(
    (framing): framing is Exclude<RecordFraming, "schema-registry-header"> =>
      framing !== "schema-registry-header",
  ),
  "delimited",
];

/** Checks a `--framing` value; `auto` is allowed where the command reads. */
export function framingOption<A extends boolean>(
  value: string | undefined,
  allowAuto: A,
): A extends true ? Framing | "auto" : Framing {
  const format = value ?? (allowAuto ? "auto" : "raw");
  const allowed: readonly string[] = allowAuto ? ["auto", ...framings] : framings;
  if (allowed.includes(format)) return format as Framing;
  throw new UsageError(`--framing must be ${orList(allowed)}, got ${quote(format)}`);
}

/** One envelope found in the input, with where the bytes holding it are. */
export interface FoundEnvelope {
  readonly envelope: GRPC_AttendantPayload;
  /** The record value that holds the envelope, with its framing; absent for a stream read whole. */
  readonly value?: RecordValue<GRPC_AttendantPayload>;
  /**
   * Where the envelope's bytes start and how many there are: for a delimited message, after
   * its length prefix; for raw protobuf and a schema-registry frame, the whole input.
   */
  readonly offset: number;
  readonly size: number;
}

/** What {@link readEnvelopes} found: the framing and every envelope in it. */
export interface ReadEnvelopes {
  readonly framing: Framing;
  /**
   * The record value, as {@link decodeRecordValue} reads it, for a raw envelope or a
   * schema-registry frame: its schema id and message indexes.
   */
  readonly value?: RecordValue<GRPC_AttendantPayload>;
  readonly envelopes: readonly FoundEnvelope[];
}

/** Options passed on to the decoders. */
export interface ReadEnvelopesOptions {
  readonly requireData: boolean;
  readonly maxBytes: number;
  readonly maxElements: number;
}

/** The one envelope of a record value read from the whole input. */
function fromValue(value: RecordValue<GRPC_AttendantPayload>, bytes: Uint8Array): ReadEnvelopes {
  const framing = value.framing === "schema-registry-header" ? "raw" : value.framing;
  return {
    framing,
    value,
    envelopes: [{ envelope: value.envelope, value, offset: 0, size: bytes.length }],
  };
}

/**
 * The record value `bytes` holds in the framing given, or found as {@link decodeRecordValue}
 * finds it. Throws a CodecError as the decoders do.
 */
export function decodeValue(
  bytes: Uint8Array,
  framing: "raw" | "schema-registry" | "auto",
  options: ReadEnvelopesOptions,
): RecordValue<GRPC_AttendantPayload> {
  return framing === "raw"
    ? { framing, envelope: decodeEnvelope(bytes, options) }
    : framing === "schema-registry"
      ? decodeSchemaRegistryFrame(bytes, options)
      : decodeRecordValue(bytes, null, options);
}

/** A record value in the framing given, or found as {@link decodeRecordValue} finds it. */
function readValue(
  bytes: Uint8Array,
  framing: "raw" | "schema-registry" | "auto",
  options: ReadEnvelopesOptions,
): ReadEnvelopes {
  return fromValue(decodeValue(bytes, framing, options), bytes);
}

function readDelimited(bytes: Uint8Array, options: ReadEnvelopesOptions): ReadEnvelopes {
  const envelopes: FoundEnvelope[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    const prefix = readVarint(bytes, pos);
    if (prefix === undefined || prefix.next + prefix.value > bytes.length) {
      throw new CodecError(
        "truncated",
        `${delimitedContext}: the message at offset ${pos} runs past the end of the input`,
      );
    }
    const offset = prefix.next;
    const size = prefix.value;
    if (size > options.maxBytes) {
      throw new CodecError(
        "too_large",
        `${delimitedContext}: length prefix at offset ${pos} announces a message of ${size} bytes, which exceeds maxBytes ${options.maxBytes}`,
      );
    }
    const value = decodeValue(bytes.subarray(offset, offset + size), "auto", options);
    envelopes.push({ envelope: value.envelope, value, offset, size });
    pos = offset + size;
  }
  return { framing: "delimited", envelopes };
}

const delimitedContext = "cannot read a size-delimited stream of record values";

function clean(read: ReadEnvelopes): boolean {
  return read.envelopes.every((found) => unknownFields(found.envelope).length === 0);
}

function attempt(read: () => ReadEnvelopes): ReadEnvelopes | { error: unknown } {
  try {
    return read();
  } catch (error) {
    if (!isCodecError(error) || error.code === "invalid_argument") throw error;
    return { error };
  }
}

/**
 * The highest field number a field this schema does not know may plausibly have: the envelope's
 * own fields go up to 12, and a member added by a newer schema would take the next numbers.
 */
export const MAX_PLAUSIBLE_FIELD_NUMBER = 1000;

/**
 * The reason an envelope is not one, or undefined: it holds no field this schema knows (no
 * handler, no Data member) and one it does not know numbered above
 * {@link MAX_PLAUSIBLE_FIELD_NUMBER}. Such a decoding is what text and other bytes that are no
 * envelope give, never an envelope that a real producer wrote.
 */
export function implausibleEnvelope(envelope: GRPC_AttendantPayload): string | undefined {
  if (envelope.handler !== "" || envelope.Data.case !== undefined) return undefined;
  const fields = unknownFields(envelope).filter((f) => f.path === "envelope");
  const far = fields.find((f) => f.field > MAX_PLAUSIBLE_FIELD_NUMBER);
  if (far === undefined) return undefined;
  return `it decodes only to fields this schema does not know, one numbered ${far.field} (the envelope's fields go up to 12; above ${MAX_PLAUSIBLE_FIELD_NUMBER} is no newer member)`;
}

function readFraming(
  bytes: Uint8Array,
  framing: Framing | "auto",
  options: ReadEnvelopesOptions,
): ReadEnvelopes {
  if (framing === "delimited") return readDelimited(bytes, options);
  if (framing !== "auto" || bytes[0] === 0x00) return readValue(bytes, framing, options);
  const value = attempt(() => readValue(bytes, "auto", options));
  if (!("error" in value) && clean(value)) return value;
  if (bytes.length > 0) {
    const delimited = attempt(() => readDelimited(bytes, options));
    if (!("error" in delimited) && ("error" in value || clean(delimited))) return delimited;
  }
  if ("error" in value) throw value.error;
  return value;
}

/**
 * Decodes the envelopes in `bytes` in the given framing. `auto` decides so:
 *
 * 1. a first byte 0x00 is a schema-registry frame (raw protobuf never starts with 0x00, as field
 *    number 0 is invalid, and a delimited stream starts so only with an empty envelope);
 * 2. otherwise raw protobuf, if it decodes without fields this schema does not know;
 * 3. otherwise a size-delimited stream, if the length prefixes cut the input exactly and every
 *    envelope decodes (and, if raw decoded too, none has unknown fields);
 * 4. otherwise raw protobuf if it decoded, else its error.
 *
 * Steps 1, 2 and 4 are {@link decodeRecordValue}'s, the library's one reader of a record value,
 * with its errors (a first byte 0x01 to 0x07 named as another magic byte, JSON text named so).
 *
 * In every framing, an envelope that {@link implausibleEnvelope} finds to be none is refused
 * (`malformed`, "not an envelope in any framing"). Throws a CodecError as the decoders do.
 */
export function readEnvelopes(
  bytes: Uint8Array,
  framing: Framing | "auto",
  options: ReadEnvelopesOptions,
): ReadEnvelopes {
  let read: ReadEnvelopes;
  try {
    read = readFraming(bytes, framing, options);
  } catch (error) {
    // Without Data: see whether it is an envelope at all before saying that Data is missing.
    if (!isCodecError(error) || error.code !== "missing_data") throw error;
    const lenient = attempt(() => readFraming(bytes, framing, { ...options, requireData: false }));
    if (!("error" in lenient)) refuseImplausible(lenient);
    throw error;
  }
  refuseImplausible(read);
  return read;
}

/** Throws `malformed` if an envelope of `read` is none by {@link implausibleEnvelope}. */
function refuseImplausible(read: ReadEnvelopes): void {
  for (const found of read.envelopes) {
    const reason = implausibleEnvelope(found.envelope);
    if (reason !== undefined) {
      throw new CodecError("malformed", `the input is not an envelope in any framing: ${reason}`);
    }
  }
}

/**
 * Runs `read`; when it fails on input that was printable text of no known kind, the error
 * says so, as such text is more likely a mistake than a binary envelope.
 */
export function hintText<T>(look: InputLook | undefined, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (look !== "text" || !isCodecError(error) || error.code === "invalid_argument") throw error;
    throw new CodecError(
      error.code,
      `${error.rawMessage} (the input is text but neither hex nor base64, and not an envelope in any framing; pass --input to say how it is written)`,
      { cause: error },
    );
  }
}
