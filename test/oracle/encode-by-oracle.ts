import { type DescMessage, isMessage, type MessageShape, toBinary } from "@bufbuild/protobuf";
import { missingDataError } from "../../src/envelope/missing-data.js";
import {
  type BinaryWriteOptions,
  CodecError,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { readOptions } from "../../src/internal/check-options.js";
import { describeValue } from "../../src/internal/describe-value.js";
import { binaryWriteDefaults, levelBounds } from "../../src/internal/option-defaults.js";
import { escapeText } from "../../src/runtime/escape-text.js";
import { checkMessage } from "./check-message.js";
import { orderMaps, sortMapEntries } from "./sort-map-entries.js";

// A test oracle for encoding: checkMessage(), then protobuf-es's toBinary() with maps put in key
// order by sort-map-entries.ts, written apart from the generated encoders and their runtime.

/** encodeMessage() the independent way. */
export function encodeMessageByOracle<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Partial<BinaryWriteOptions>,
): Uint8Array<ArrayBuffer> {
  // The arguments are checked as the public API checks them: the oracle is about the bytes.
  const o = readOptions(options, binaryWriteDefaults, levelBounds);
  if (!isMessage(message, schema)) {
    const name = (message as { $typeName?: unknown } | null | undefined)?.$typeName;
    const got = typeof name === "string" ? escapeText(name) : describeValue(message);
    throw new CodecError(
      "invalid_argument",
      `cannot encode ${schema.typeName} to binary: expected a ${schema.typeName} message, got ${got}`,
    );
  }
  checkMessage(schema, message, `encode ${schema.typeName} to binary`, o.recursionLimit);
  const ordered = o.deterministic ? orderMaps(schema, message) : undefined;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const toWrite = (ordered?.message ?? message) as MessageShape<Desc>;
    bytes = toBinary(schema, toWrite, { writeUnknownFields: o.writeUnknownFields });
  } catch (cause) {
    // protobuf-es's own text: the oracle says only that the message is refused.
    const text = cause instanceof Error ? cause.message : String(cause);
    throw new CodecError(
      "invalid_message",
      `cannot encode ${schema.typeName} to binary: (protobuf-es) ${text}`,
      {
        cause,
      },
    );
  }
  if (ordered?.byteSortNeeded) sortMapEntries(schema, ordered.message, bytes);
  return bytes;
}

/** encodeEnvelope() the independent way: the `Data` check, then {@link encodeMessageByOracle}. */
export function encodeEnvelopeByOracle(
  envelope: GRPC_AttendantPayload,
  options?: Partial<BinaryWriteOptions>,
): Uint8Array<ArrayBuffer> {
  const o = readOptions(options, binaryWriteDefaults, levelBounds);
  if (o.requireData && isMessage(envelope, GRPC_AttendantPayloadSchema) && !envelope.Data?.case) {
    throw missingDataError(envelope, "encode");
  }
  return encodeMessageByOracle(GRPC_AttendantPayloadSchema, envelope, o);
}
