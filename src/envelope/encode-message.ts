import { type DescMessage, isMessage, type MessageShape, toBinary } from "@bufbuild/protobuf";
import { CodecError } from "../codec-error.js";
import { checkMessage } from "./check-message.js";
import {
  checkOptions,
  DEFAULT_DETERMINISTIC,
  describe,
  type MessageWriteOptions,
} from "./options.js";
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
  checkOptions(options);
  if (!isMessage(message, schema)) {
    const got =
      typeof message === "object" && message !== null && "$typeName" in message
        ? String(message.$typeName)
        : describe(message);
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
