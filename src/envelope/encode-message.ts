import { type DescMessage, isMessage, type MessageShape, toBinary } from "@bufbuild/protobuf";
import { encoders } from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { file_kafka_grpc_kafka_grpc } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { checkOptions } from "../internal/check-options.js";
import { describeValue } from "../internal/describe-value.js";
import { checkMessage } from "./check-message.js";
import { DEFAULT_DETERMINISTIC, type MessageWriteOptions } from "./options.js";
import { orderMaps, sortMapEntries } from "./sort-map-entries.js";

/**
 * Encodes one kafka_grpc message of type `schema` to protobuf binary. Fields kept in
 * `$unknown` are written back unless `writeUnknownFields` is false. Map entries are ordered by
 * key unless `deterministic` is false, so equal messages always give equal bytes.
 *
 * Throws a {@link CodecError}: `invalid_argument` when `message` is not a message of
 * `schema`'s type, `invalid_message` when a field holds a value its type cannot take (an
 * int32 of 2^31, an int64 that is not an integer, …).
 *
 * ```ts
 * const bytes = encodeMessage(VehicleDataSchema, create(VehicleDataSchema, { vin }));
 * ```
 */
export function encodeMessage<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Partial<MessageWriteOptions>,
): Uint8Array<ArrayBuffer> {
  const fast = schema.file === file_kafka_grpc_kafka_grpc ? encoders[schema.typeName] : undefined;
  if (
    fast !== undefined &&
    (options === undefined || (typeof options === "object" && options !== null))
  ) {
    // The generated encoder validates what checkMessage does and writes what toBinary writes;
    // it returns undefined for anything else, and the slow path below has the last word.
    const bytes = fast(
      message,
      Boolean(options?.writeUnknownFields ?? true),
      Boolean(options?.deterministic ?? DEFAULT_DETERMINISTIC),
    );
    if (bytes !== undefined) return bytes;
  }
  return encodeMessageSlow(schema, message, options);
}

/**
 * {@link encodeMessage} the slow way, for any schema: checkMessage, then protobuf-es's
 * toBinary() with maps put in order. The source of every error, and the reference the
 * generated encoders are held to (test/fast-path).
 */
export function encodeMessageSlow<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Partial<MessageWriteOptions>,
): Uint8Array<ArrayBuffer> {
  checkOptions(options);
  if (!isMessage(message, schema)) {
    const got =
      typeof message === "object" && message !== null && "$typeName" in message
        ? String(message.$typeName)
        : describeValue(message);
    throw new CodecError(
      "invalid_argument",
      `cannot encode ${schema.typeName} to binary: expected a ${schema.typeName} message, got ${got}`,
    );
  }
  checkMessage(schema, message, `encode ${schema.typeName} to binary`);
  const deterministic = options?.deterministic ?? DEFAULT_DETERMINISTIC;
  const ordered = deterministic ? orderMaps(schema, message) : undefined;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const toWrite = (ordered?.message ?? message) as MessageShape<Desc>;
    bytes = toBinary(schema, toWrite, { writeUnknownFields: options?.writeUnknownFields ?? true });
  } catch (cause) {
    const text = cause instanceof Error ? cause.message : String(cause);
    throw new CodecError("invalid_message", `cannot encode ${schema.typeName} to binary: ${text}`, {
      cause,
    });
  }
  if (ordered?.byteSortNeeded) sortMapEntries(schema, bytes);
  return bytes;
}
