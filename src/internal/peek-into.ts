import {
  GRPC_AttendantPayload$DataCases,
  GRPC_AttendantPayload$DataNumbers,
} from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { type CodecError, isCodecError } from "../codec-error.js";
import type { EnvelopeKind } from "../envelope/envelope-kind.js";
import {
  type BinaryReadOptions,
  DEFAULT_MAX_BYTES,
  DEFAULT_RECURSION_LIMIT,
} from "../envelope/options.js";
import {
  createReader,
  LEN,
  readLength,
  readString,
  readTag,
  readUnknownField,
} from "../runtime/index.js";
import { nodeBuffer } from "../runtime/node-buffer.js";
import { checkReadInput, readError } from "./read-binary.js";
import { readSchemaRegistryHeader } from "./read-schema-registry-header.js";
import { type RecordFrame, rawFrame } from "./record-frame.js";

// The peek at a record value that peekEnvelope() returns and the Kafka readers' option `kinds`
// skips records by: the envelope's own fields read in place, the member not decoded.

const typeName = "kafka_grpc.GRPC_AttendantPayload";

const HANDLER_TAG = 0x0a; // field 1 handler, LEN

/** The options of `decodeEnvelope` that apply to a peek, and their defaults. */
type PeekOptions = Pick<BinaryReadOptions, "maxBytes" | "recursionLimit">;

const peekDefaults: PeekOptions = {
  maxBytes: DEFAULT_MAX_BYTES,
  recursionLimit: DEFAULT_RECURSION_LIMIT,
};

/**
 * What the last peek read, overwritten by the next (all at once, after every read of the bytes):
 * the handler, the framing, the frame's schema id and where the envelope starts, the member's
 * field number (0 for none), its kind when this schema knows it, its range and whether it was
 * merged.
 */
export const lastPeek = {
  handler: "",
  framing: "raw" as "raw" | "schema-registry",
  schemaId: undefined as number | undefined,
  start: 0,
  fieldNumber: 0,
  envelopeKind: undefined as EnvelopeKind | undefined,
  from: 0,
  to: 0,
  merged: false,
};

/**
 * Peeks at `bytes` as `peekEnvelope` does, into {@link lastPeek} instead of a result (for a
 * Kafka reader skipping records: nothing made for them but their own result). Returns undefined
 * when it read the envelope, else the CodecError that says why not; throws for a bad option or
 * a `bytes` that is not a Uint8Array.
 */
export function peekInto(
  bytes: Uint8Array,
  options: Partial<Pick<BinaryReadOptions, "maxBytes" | "recursionLimit">> | undefined,
): CodecError | undefined {
  let o: PeekOptions;
  let start = 0;
  let schemaId: number | undefined;
  try {
    o = checkReadInput(typeName, bytes, options, peekDefaults as BinaryReadOptions);
    if (bytes[0] === 0x00) {
      // The one call of the framing reader: the frame's header says where the envelope starts.
      const header = readSchemaRegistryHeader(bytes);
      start = header.start;
      schemaId = header.schemaId;
    }
  } catch (error) {
    if (!isCodecError(error) || error.code === "invalid_argument") throw error;
    return error;
  }
  return peekFrom(bytes, start, schemaId) ? undefined : peekChecked(bytes, start, schemaId, o);
}

/**
 * The common case, read in place into {@link lastPeek}: fields with one-byte tags and lengths of
 * up to 4 bytes, an ASCII handler, every length within the value. Returns false for anything
 * else, which {@link peekChecked} reads with the runtime's checks and error texts.
 */
function peekFrom(bytes: Uint8Array, start: number, schemaId: number | undefined): boolean {
  const n = bytes.length;
  let handlerFrom = 0;
  let handlerTo = 0;
  let memberNo = 0;
  let memberFrom = 0;
  let memberTo = 0;
  let memberMerged = false;
  let newerNo = 0;
  let newerFrom = 0;
  let newerTo = 0;
  let newerMerged = false;
  let p = start;
  while (p < n) {
    const tag = bytes[p] as number;
    if (tag >= 0x80 || (tag & 7) !== LEN || tag < HANDLER_TAG) return false;
    let len = bytes[p + 1] ?? 0x80;
    p += 2;
    if (len >= 0x80) {
      len &= 0x7f;
      for (let shift = 7; ; shift += 7) {
        if (shift > 21 || p >= n) return false;
        const x = bytes[p++] as number;
        len |= (x & 0x7f) << shift;
        if (x < 0x80) break;
      }
    }
    const from = p;
    p += len;
    if (p > n) return false;
    if (tag === HANDLER_TAG) {
      for (let i = from; i < p; i++) if ((bytes[i] as number) >= 0x80) return false;
      handlerFrom = from;
      handlerTo = p;
      continue;
    }
    const no = tag >>> 3;
    if ((GRPC_AttendantPayload$DataNumbers as readonly number[]).includes(no)) {
      memberMerged = no === memberNo;
      memberNo = no;
      memberFrom = from;
      memberTo = p;
    } else {
      newerMerged = no === newerNo;
      newerNo = no;
      newerFrom = from;
      newerTo = p;
    }
  }
  const handler = handlerTo === handlerFrom ? "" : asciiText(bytes, handlerFrom, handlerTo);
  if (memberNo !== 0)
    setLastPeek(handler, start, schemaId, memberNo, memberFrom, memberTo, memberMerged);
  else setLastPeek(handler, start, schemaId, newerNo, newerFrom, newerTo, newerMerged);
  return true;
}

/**
 * The handlers read last, to be given again for the same bytes: a topic carries few handlers,
 * and a string found here is not made again. A handler of up to MAX_KEPT_HANDLER characters is
 * kept in the slot its length and two of its bytes pick, one of HANDLER_SLOTS; another handler
 * for the same slot takes its place.
 */
const HANDLER_SLOTS = 32; // a power of 2
const MAX_KEPT_HANDLER = 64; // characters (ASCII: bytes)
const recentHandlers: (string | undefined)[] = [];

/** The bytes `[from, to)`, known to be ASCII, as text: a recent handler of those bytes, or new. */
function asciiText(bytes: Uint8Array, from: number, to: number): string {
  const n = to - from;
  const slot =
    (n + (bytes[to - 1] as number) * 3 + (bytes[from + (n >> 1)] as number)) & (HANDLER_SLOTS - 1);
  const kept = recentHandlers[slot];
  if (kept !== undefined && kept.length === n) {
    let i = 0;
    while (i < n && kept.charCodeAt(i) === bytes[from + i]) i++;
    if (i === n) return kept;
  }
  const utf8Slice = nodeBuffer?.utf8Slice;
  const text = utf8Slice
    ? utf8Slice.call(bytes, from, to)
    : String.fromCharCode.apply(null, bytes.subarray(from, to) as unknown as number[]);
  if (n <= MAX_KEPT_HANDLER) recentHandlers[slot] = text;
  return text;
}

/**
 * Reads what {@link peekFrom} does not take into {@link lastPeek}, field by field with the
 * runtime's reader, which fails with the texts of `decodeEnvelope`: the tags, the
 * handler's UTF-8, the wire types of the known fields, the lengths, and the unknown fields
 * (skipped, groups within `recursionLimit`). Returns the CodecError of a failure.
 */
function peekChecked(
  bytes: Uint8Array,
  start: number,
  schemaId: number | undefined,
  o: PeekOptions,
): CodecError | undefined {
  const reader = createReader(bytes, o.recursionLimit, false, 0);
  reader.pos = start;
  reader.message = { $typeName: typeName };
  reader.fields = envelopeFields();
  const end = bytes.length;
  let handler = "";
  let memberNo = 0;
  let memberFrom = 0;
  let memberTo = 0;
  let memberMerged = false;
  let newerNo = 0;
  let newerFrom = 0;
  let newerTo = 0;
  let newerMerged = false;
  try {
    while (reader.pos < end) {
      const tag = readTag(reader, end);
      const no = tag >>> 3;
      if (tag === HANDLER_TAG) {
        handler = readString(reader, end);
      } else if (
        (tag & 7) === LEN &&
        (GRPC_AttendantPayload$DataNumbers as readonly number[]).includes(no)
      ) {
        memberTo = readLength(reader, end);
        memberFrom = reader.pos;
        reader.pos = memberTo;
        memberMerged = no === memberNo;
        memberNo = no;
      } else {
        const after = reader.pos;
        readUnknownField(reader, end, undefined, false);
        if ((tag & 7) === LEN) {
          const fieldEnd = reader.pos;
          reader.pos = after;
          newerTo = readLength(reader, end); // read without error a moment ago
          newerFrom = reader.pos;
          reader.pos = fieldEnd;
          newerMerged = no === newerNo;
          newerNo = no;
        }
      }
    }
  } catch (cause) {
    if (!isCodecError(cause)) throw cause; // a bug, never bad bytes
    return readError(typeName, cause);
  }
  if (memberNo !== 0)
    setLastPeek(handler, start, schemaId, memberNo, memberFrom, memberTo, memberMerged);
  else setLastPeek(handler, start, schemaId, newerNo, newerFrom, newerTo, newerMerged);
  return undefined;
}

/**
 * The envelope's fields as the runtime's error texts name them (`Reader.fields`): the handler,
 * then each member at its field number.
 */
function envelopeFields(): string {
  const names: string[] = ["handler"];
  GRPC_AttendantPayload$DataNumbers.forEach((no, i) => {
    names[no - 1] = GRPC_AttendantPayload$DataCases[i] as string;
  });
  return Array.from(names, (name) => name ?? "").join(",");
}

/**
 * Sets {@link lastPeek}: the `handler`, where the envelope starts and the frame's `schemaId`
 * (undefined for bare protobuf), and the member of field number `no` (0 for none) at `[from, to)`.
 */
function setLastPeek(
  handler: string,
  start: number,
  schemaId: number | undefined,
  no: number,
  from: number,
  to: number,
  merged: boolean,
): void {
  lastPeek.handler = handler;
  lastPeek.framing = schemaId === undefined ? "raw" : "schema-registry";
  lastPeek.schemaId = schemaId;
  lastPeek.start = start;
  lastPeek.fieldNumber = no;
  const i = (GRPC_AttendantPayload$DataNumbers as readonly number[]).indexOf(no);
  lastPeek.envelopeKind = GRPC_AttendantPayload$DataCases[i];
  lastPeek.from = from;
  lastPeek.to = to;
  lastPeek.merged = merged;
}

/** The {@link RecordFrame} of the value the last peek read: where its envelope starts. */
export function lastPeekFrame(): RecordFrame {
  const { framing, start, schemaId } = lastPeek;
  return framing === "raw" ? rawFrame : { framing, start, schemaId, schemaGuid: undefined };
}
