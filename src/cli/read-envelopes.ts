import { sizeDelimitedPeek } from "@bufbuild/protobuf/wire";
import { decodeDelimited, decodeSchemaRegistryFrame } from "../framing/index.js";
import { CodecError, decodeEnvelope, type GRPC_AttendantPayload, isCodecError } from "../index.js";
import type { InputLook } from "./binary-text.js";
import { UsageError } from "./cli-io.js";
import { orList } from "./parse-args.js";
import { quote } from "./safe-text.js";
import { unknownFields } from "./unknown-fields.js";

/** The framings `encode --framing` writes and `decode` and `inspect` read. */
export const framings = ["raw", "schema-registry", "delimited"] as const;

/** A framing of {@link framings}. */
export type Framing = (typeof framings)[number];

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
  /** The schema id and message indexes of a schema-registry frame. */
  readonly schemaId?: number;
  readonly messageIndexes?: readonly number[];
  readonly envelopes: readonly FoundEnvelope[];
}

/** Options passed on to the decoders. */
export interface ReadEnvelopesOptions {
  readonly requireData: boolean;
  readonly maxBytes: number;
  readonly maxElements: number;
}

function readRaw(bytes: Uint8Array, options: ReadEnvelopesOptions): ReadEnvelopes {
  const envelope = decodeEnvelope(bytes, options);
  return { framing: "raw", envelopes: [{ envelope, offset: 0, size: bytes.length }] };
}

function readSchemaRegistry(bytes: Uint8Array, options: ReadEnvelopesOptions): ReadEnvelopes {
  const frame = decodeSchemaRegistryFrame(bytes, options);
  return {
    framing: "schema-registry",
    schemaId: frame.schemaId,
    messageIndexes: frame.messageIndexes,
    envelopes: [{ envelope: frame.envelope, offset: 0, size: bytes.length }],
  };
}

function readDelimited(bytes: Uint8Array, options: ReadEnvelopesOptions): ReadEnvelopes {
  const decoded = decodeDelimited(bytes, options);
  const envelopes: FoundEnvelope[] = [];
  let pos = 0;
  for (const envelope of decoded) {
    const peek = sizeDelimitedPeek(bytes.subarray(pos));
    if (peek.eof) break; // cannot happen: decodeDelimited read the same prefixes
    envelopes.push({ envelope, offset: pos + peek.offset, size: peek.size });
    pos += peek.offset + peek.size;
  }
  return { framing: "delimited", envelopes };
}

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
 * Decodes the envelopes in `bytes` in the given framing. `auto` decides so:
 *
 * 1. a first byte 0x00 is a schema-registry frame (raw protobuf never starts with 0x00, as field
 *    number 0 is invalid, and a delimited stream starts so only with an empty envelope);
 * 2. otherwise raw protobuf, if it decodes without fields this schema does not know;
 * 3. otherwise a size-delimited stream, if the length prefixes cut the input exactly and every
 *    envelope decodes (and, if raw decoded too, none has unknown fields);
 * 4. otherwise raw protobuf if it decoded, else raw protobuf's error.
 *
 * Throws a CodecError as the decoders do.
 */
export function readEnvelopes(
  bytes: Uint8Array,
  framing: Framing | "auto",
  options: ReadEnvelopesOptions,
): ReadEnvelopes {
  if (framing === "raw") return readRaw(bytes, options);
  if (framing === "schema-registry") return readSchemaRegistry(bytes, options);
  if (framing === "delimited") return readDelimited(bytes, options);
  if (bytes[0] === 0x00) return readSchemaRegistry(bytes, options);
  const raw = attempt(() => readRaw(bytes, options));
  if (!("error" in raw) && clean(raw)) return raw;
  if (bytes.length > 0) {
    const delimited = attempt(() => readDelimited(bytes, options));
    if (!("error" in delimited) && ("error" in raw || clean(delimited))) return delimited;
  }
  if ("error" in raw) throw raw.error;
  return raw;
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
      `${error.rawMessage} (the input is text but neither hex nor base64; pass --input to say how it is written)`,
      { cause: error },
    );
  }
}
