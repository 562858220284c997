import {
  type EncodedRecordValue,
  encodeRecordValue,
  type RecordValueWriteOptions,
} from "../framing/index.js";
import type { GRPC_AttendantPayload } from "../index.js";
import type { KafkaBytes } from "./kafka-message.js";

/**
 * A record value to produce, and the headers that go with it, as kafkajs's `Message` takes them
 * (and Confluent's KafkaJS API): Buffers.
 */
export interface KafkaMessageToProduce {
  readonly value: KafkaBytes;
  /** Empty, but for the `"schema-registry-header"` framing: `__value_schema_id`. */
  readonly headers: { readonly [name: string]: KafkaBytes };
}

/** A Node.js Buffer over the same memory, as the clients want one. @internal */
export function toBuffer(bytes: Uint8Array): KafkaBytes {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as KafkaBytes;
}

/** The headers of an encoded record value, as Buffers. @internal */
export function headersToBuffers(encoded: EncodedRecordValue): KafkaMessageToProduce["headers"] {
  const headers: { [name: string]: KafkaBytes } = {};
  for (const [name, bytes] of Object.entries(encoded.headers)) headers[name] = toBuffer(bytes);
  return headers;
}

/**
 * Encodes an envelope as a Kafka record value as {@link encodeRecordValue} does, in the framing
 * asked for (default `"raw"`, the bare protobuf bytes) with the headers that framing needs, as
 * Buffers ready to spread into a kafkajs (or Confluent KafkaJS API) message. Node.js only: it
 * returns Buffers.
 *
 * Throws a {@link CodecError} as {@link encodeRecordValue} does.
 *
 * ```ts
 * await producer.send({
 *   topic: "updates",
 *   messages: [{ key: vin, ...encodeKafkaMessage(envelope, { framing: "schema-registry", schemaId: 42 }) }],
 * });
 * ```
 */
export function encodeKafkaMessage(
  envelope: GRPC_AttendantPayload,
  options?: Partial<RecordValueWriteOptions>,
): KafkaMessageToProduce {
  const encoded = encodeRecordValue(envelope, options);
  return { value: toBuffer(encoded.value), headers: headersToBuffers(encoded) };
}
