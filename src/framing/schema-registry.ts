import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { encodeEnvelope } from "../envelope/encode-envelope.js";
import type { BinaryReadOptions, BinaryWriteOptions } from "../envelope/options.js";
import { decodeFramedValue } from "../internal/decode-framed-value.js";
import { describeValue } from "../internal/describe-value.js";
import { readMaxBytes } from "../internal/read-envelope.js";
import type { Fail } from "../internal/read-schema-ids.js";
import {
  failFrame,
  HEADER_BYTES,
  readSchemaRegistryHeader,
} from "../internal/read-schema-registry-header.js";
import { createWriter, finish, isUint8Array, writeRaw } from "../runtime/index.js";
import type { DecodedEnvelope, RecordValue } from "./record-value.js";
import {
  checkSchemaIds,
  ENVELOPE_MESSAGE_INDEXES,
  writeMessageIndexes,
} from "./schema-registry-ids.js";

// The Confluent Schema Registry wire format for protobuf, as @confluentinc/schemaregistry and
// Confluent's Java serializers write it: the magic byte 0x00, the schema id, the message indexes
// (see src/internal/read-schema-ids.ts), then the protobuf bytes of the message.

const encodeContext = "cannot encode schema registry frame";

/**
 * An envelope read from a Schema Registry frame: the {@link RecordValue} of framing
 * `"schema-registry"`, with its schema id and message indexes.
 */
export type SchemaRegistryFrame<E extends GRPC_AttendantPayload = DecodedEnvelope> = Extract<
  RecordValue<E>,
  { framing: "schema-registry" }
>;

/** Options for writing an envelope in the Schema Registry wire format. */
export interface SchemaRegistryFrameWriteOptions extends BinaryWriteOptions {
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
  checkSchemaIds({ schemaId, messageIndexes }, failEncode, true);
  return writeFrame(encodeEnvelope(envelope, options), schemaId, messageIndexes);
}

/** The frame of checked ids around an envelope's protobuf bytes. @internal */
export function writeFrame(
  payload: Uint8Array,
  schemaId: number,
  messageIndexes: readonly number[],
): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(HEADER_BYTES); // 0x00 magic byte, then the schema id
  new DataView(header.buffer).setInt32(1, schemaId); // big-endian
  const writer = createWriter(false, false, 0);
  writeRaw(writer, header);
  writeMessageIndexes(writer, messageIndexes);
  writeRaw(writer, payload);
  return finish(writer);
}

const failEncode: Fail = (code, detail) => {
  throw new CodecError(code, `${encodeContext}: ${detail}`);
};

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
export function decodeSchemaRegistryFrame<
  O extends Partial<BinaryReadOptions> | undefined = undefined,
>(bytes: Uint8Array, options?: O): SchemaRegistryFrame<DecodedEnvelope<O>> {
  const maxBytes = readMaxBytes(options);
  if (!isUint8Array(bytes)) {
    failFrame("invalid_argument", `expected a Uint8Array, got ${describeValue(bytes)}`);
  }
  if (bytes.length > maxBytes) {
    failFrame("too_large", `frame of ${bytes.length} bytes exceeds maxBytes ${maxBytes}`);
  }
  const frame = readSchemaRegistryHeader(bytes);
  return decodeFramedValue(bytes, frame, options) as SchemaRegistryFrame<DecodedEnvelope<O>>;
}
