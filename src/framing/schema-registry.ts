import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { encodeEnvelope } from "../envelope/encode-envelope.js";
import type { EnvelopeReadOptions, EnvelopeWriteOptions } from "../envelope/options.js";
import { describeValue } from "../internal/describe-value.js";
import {
  createWriter,
  finish,
  MAX_LENGTH,
  over32,
  pastEnd,
  tooLong,
  writeRaw,
  writeRawVarint32,
} from "../runtime/index.js";
import { decodeEnvelopeAt, readMaxBytes } from "./read-envelope.js";

// The Confluent Schema Registry wire format for protobuf, as @confluentinc/schemaregistry and
// Confluent's Java serializers write it:
//
//   0x00                  magic byte
//   4 bytes               schema id, big-endian signed 32-bit
//   zigzag varint         count of message indexes; 0 is the short form of [0]
//   zigzag varint × count message indexes: the message's path among the messages of the file
//   the rest              the protobuf bytes of the message

const encodeContext = "cannot encode schema registry frame";
const decodeContext = "cannot decode schema registry frame";

const HEADER_BYTES = 5; // 0x00 magic byte, then a 4-byte big-endian schema id
const MAX_INT32 = 0x7fffffff; // schema ids and message indexes are signed 32-bit, never negative

/**
 * The message indexes of `kafka_grpc.GRPC_AttendantPayload`: `[0]`, the first message of
 * kafka_grpc.proto. The default of `messageIndexes`, written as the single byte `0x00`.
 */
export const ENVELOPE_MESSAGE_INDEXES: readonly number[] = [0];

/** An envelope in the Schema Registry wire format, with the ids the frame names. */
export interface SchemaRegistryFrame {
  /** The id the registry gave the writer's schema: 0 to 2^31 - 1. */
  schemaId: number;
  /** The path of the message in the schema's file; always `[0]` for an envelope. */
  messageIndexes: number[];
  envelope: GRPC_AttendantPayload;
}

/** Options for writing an envelope in the Schema Registry wire format. */
export interface SchemaRegistryFrameWriteOptions extends EnvelopeWriteOptions {
  /**
   * The id the registry gave the schema, a whole number from 0 to 2^31 - 1 (Confluent's
   * clients read and write it as a signed 32-bit integer; the registry hands out positive ids).
   * Required.
   */
  schemaId: number;
  /**
   * The path of the message in the schema's file: whole numbers from 0 to 2^31 - 1. Default
   * `[0]` ({@link ENVELOPE_MESSAGE_INDEXES}), the only path the decoders here accept.
   */
  messageIndexes: readonly number[];
}

/** Options for reading an envelope in the Schema Registry wire format. */
export interface SchemaRegistryFrameReadOptions extends EnvelopeReadOptions {
  /** The largest frame accepted, in bytes, header included. Default 16 MiB ({@link DEFAULT_MAX_BYTES}). */
  maxBytes: number;
}

/**
 * Encodes an envelope in the Confluent Schema Registry wire format: the magic byte `0x00`, the
 * schema id as 4 bytes big-endian, the message indexes (`[0]` as the single byte `0x00`) and
 * the envelope's protobuf bytes. Confluent's `ProtobufDeserializer` reads the result.
 *
 * Throws a {@link CodecError}: `invalid_argument` for a schema id or message index that is not
 * a whole number from 0 to 2^31 - 1, or an empty `messageIndexes`; and as {@link encodeEnvelope}.
 *
 * ```ts
 * const value = encodeSchemaRegistryFrame(envelope, { schemaId: 42 });
 * ```
 */
export function encodeSchemaRegistryFrame(
  envelope: GRPC_AttendantPayload,
  options: Pick<SchemaRegistryFrameWriteOptions, "schemaId"> &
    Partial<SchemaRegistryFrameWriteOptions>,
): Uint8Array<ArrayBuffer> {
  if (typeof options !== "object" || options === null) {
    throw new CodecError(
      "invalid_argument",
      `${encodeContext}: options must be an object with a schemaId, got ${describeValue(options)}`,
    );
  }
  const { schemaId, messageIndexes = ENVELOPE_MESSAGE_INDEXES } = options;
  checkInt32("schemaId", schemaId);
  if (!Array.isArray(messageIndexes) || messageIndexes.length === 0) {
    throw new CodecError(
      "invalid_argument",
      `${encodeContext}: messageIndexes must be a non-empty array, got ` +
        (Array.isArray(messageIndexes) ? "[]" : describeValue(messageIndexes)),
    );
  }
  for (const [i, index] of messageIndexes.entries()) checkInt32(`messageIndexes[${i}]`, index);
  const payload = encodeEnvelope(envelope, options);
  const header = new Uint8Array(HEADER_BYTES); // 0x00 magic byte, then the schema id
  new DataView(header.buffer).setInt32(1, schemaId); // big-endian
  const writer = createWriter(false, false, 0);
  writeRaw(writer, header);
  if (messageIndexes.length === 1 && messageIndexes[0] === 0) {
    writeRawVarint32(writer, 0); // 0x00: a count of 0, the short form of [0]
  } else {
    writeRawVarint32(writer, zigzag32(messageIndexes.length)); // the count, then each index
    for (const index of messageIndexes) writeRawVarint32(writer, zigzag32(index));
  }
  writeRaw(writer, payload);
  return finish(writer);
}

/**
 * Decodes an envelope in the Confluent Schema Registry wire format, as Confluent's
 * `ProtobufSerializer` writes it, and returns it with the schema id and message indexes. The
 * indexes must be `[0]` (written as `0x00` or as `0x02 0x00`): the envelope is the first
 * message of kafka_grpc.proto, so other indexes name another message type. `maxBytes` bounds
 * the whole frame; the other options are passed to {@link decodeEnvelope}. The schema id is
 * returned, not looked up: checking it against a registry is the caller's choice.
 *
 * Throws a {@link CodecError}, with offsets counted from the start of the frame:
 * `too_large` for a frame over `maxBytes`; `malformed` for a first byte other than `0x00`, a
 * negative schema id, a negative count or index, a varint over 5 bytes or indexes other than
 * `[0]`; `truncated` for a frame that ends inside its header or indexes, or holds fewer bytes
 * than the count of indexes; `invalid_argument` for a bad argument or option; and any error of
 * {@link decodeEnvelope}, with the envelope's offset in front.
 *
 * ```ts
 * const { schemaId, envelope } = decodeSchemaRegistryFrame(record.value);
 * ```
 */
export function decodeSchemaRegistryFrame(
  bytes: Uint8Array,
  options?: Partial<SchemaRegistryFrameReadOptions>,
): SchemaRegistryFrame {
  const maxBytes = readMaxBytes(options);
  if (!(bytes instanceof Uint8Array)) {
    fail("invalid_argument", `expected a Uint8Array, got ${describeValue(bytes)}`);
  }
  if (bytes.length > maxBytes) {
    fail("too_large", `frame of ${bytes.length} bytes exceeds maxBytes ${maxBytes}`);
  }
  const { schemaId, messageIndexes, offset } = readSchemaRegistryHeader(bytes);
  // A plain Uint8Array view of the rest, also for a Node.js Buffer (whose subarray would be a
  // Buffer the decoder wraps again).
  const payload = new Uint8Array(bytes.buffer, bytes.byteOffset + offset, bytes.length - offset);
  const envelope = decodeEnvelopeAt(payload, offset, options, decodeContext);
  return { schemaId, messageIndexes, envelope };
}

/**
 * Reads the header of a Schema Registry frame (magic byte, schema id, message indexes `[0]`)
 * and returns the ids with the offset of the envelope's bytes. Throws a {@link CodecError} as
 * {@link decodeSchemaRegistryFrame} does for its header. @internal
 */
export function readSchemaRegistryHeader(bytes: Uint8Array): {
  schemaId: number;
  messageIndexes: number[];
  offset: number;
} {
  const magic = bytes[0];
  if (magic !== undefined && magic !== 0x00) {
    fail("malformed", `magic byte at offset 0 is ${hex(magic)}, expected 0x00`);
  }
  if (bytes.length < HEADER_BYTES) {
    fail(
      "truncated",
      `frame of ${bytes.length} bytes is shorter than its 5-byte header (magic byte and schema id)`,
    );
  }
  const schemaId = schemaIdAt(bytes);
  if (schemaId < 0) fail("malformed", negativeSchemaId(schemaId));
  const count = readZigzag32(bytes, HEADER_BYTES, "message index count");
  if (count.value < 0) {
    fail("malformed", `message index count at offset 5 is ${count.value}, expected 0 or more`);
  }
  let pos = count.end;
  if (count.value > bytes.length - pos) {
    fail(
      "truncated",
      `message index count at offset 5 is ${count.value}, more than the ` +
        `${bytes.length - pos} bytes left in the frame`,
    );
  }
  // A count of 0 is the short form of [0]. Only [0] is accepted, so at most 8 indexes are
  // read, enough to name them in the error.
  const messageIndexes = count.value === 0 ? [0] : [];
  for (let i = 0; i < Math.min(count.value, 8); i++) {
    const index = readZigzag32(bytes, pos, "message index");
    if (index.value < 0) {
      fail("malformed", `message index at offset ${pos} is ${index.value}, expected 0 or more`);
    }
    messageIndexes.push(index.value);
    pos = index.end;
  }
  if (count.value > 1 || messageIndexes[0] !== 0) {
    fail(
      "malformed",
      `message indexes ${formatIndexes(messageIndexes, count.value)} do not name ` +
        "kafka_grpc.GRPC_AttendantPayload (expected [0])",
    );
  }
  return { schemaId, messageIndexes, offset: pos };
}

function fail(
  code: "truncated" | "malformed" | "too_large" | "invalid_argument",
  detail: string,
): never {
  throw new CodecError(code, `${decodeContext}: ${detail}`);
}

function checkInt32(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_INT32) {
    throw new CodecError(
      "invalid_argument",
      `${encodeContext}: ${name} must be a whole number from 0 to ${MAX_INT32}, got ` +
        (typeof value === "number" ? String(value) : describeValue(value)),
    );
  }
}

/** The zigzag form of a signed 32-bit integer (0 → 0, -1 → 1, 1 → 2, …), as a uint32. */
function zigzag32(value: number): number {
  return ((value << 1) ^ (value >> 31)) >>> 0;
}

/**
 * Reads a zigzag varint of at most 5 bytes that fits 32 bits, as Confluent's Java serializer
 * reads the count and indexes (its JavaScript client reads longer ones, wrongly).
 */
function readZigzag32(
  bytes: Uint8Array,
  start: number,
  name: string,
): { value: number; end: number } {
  let raw = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes[start + i];
    if (byte === undefined) fail("truncated", pastEnd(name, start, "the frame"));
    raw += (byte & 0x7f) * 2 ** (7 * i);
    if (byte < 0x80) {
      if (raw > MAX_LENGTH) fail("malformed", over32(name, start));
      return { value: raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2, end: start + i + 1 };
    }
  }
  fail("malformed", tooLong(name, start, 5));
}

/**
 * The schema id of a Confluent frame or schema id header: bytes 1 to 4, big-endian and signed,
 * which the caller refuses when negative ({@link negativeSchemaId}). @internal
 */
export function schemaIdAt(bytes: Uint8Array): number {
  // `|` makes the top bit the sign.
  return (
    ((bytes[1] as number) << 24) |
    ((bytes[2] as number) << 16) |
    ((bytes[3] as number) << 8) |
    (bytes[4] as number)
  );
}

/** What is wrong with a negative schema id, for the error of its frame or header. @internal */
export function negativeSchemaId(schemaId: number): string {
  return `schema id at offset 1 is ${schemaId}, expected 0 to ${MAX_INT32}`;
}

/** `[1, 2]`; `[1, 2, … 3 more]` when only the first of `count` indexes were read. */
function formatIndexes(indexes: readonly number[], count: number): string {
  const more = count > indexes.length ? `, … ${count - indexes.length} more` : "";
  return `[${indexes.join(", ")}${more}]`;
}

function hex(byte: number): string {
  return `0x${byte.toString(16).padStart(2, "0")}`;
}
