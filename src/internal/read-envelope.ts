import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError, isCodecError } from "../codec-error.js";
import { decodeEnvelope } from "../envelope/decode-envelope.js";
import type { BinaryReadOptions } from "../envelope/options.js";
import { readOptions } from "./check-options.js";
import { binaryReadDefaults, levelBounds } from "./option-defaults.js";

// The steps every framing decoder shares: reading the options, and decoding the envelope it
// found with an error text that says where in the frame or stream the envelope starts.

/** Checks the read options and returns `maxBytes`. Throws `invalid_argument`. */
export function readMaxBytes(options: Partial<BinaryReadOptions> | undefined): number {
  return readOptions(options, binaryReadDefaults, levelBounds).maxBytes;
}

/**
 * Decodes the envelope found at `offset` of a frame or stream. A decode error keeps its code
 * and gets `context` and the envelope's offset in front: its own offsets count from there.
 */
export function decodeEnvelopeAt(
  bytes: Uint8Array,
  offset: number,
  options: Partial<BinaryReadOptions> | undefined,
  context: string,
): GRPC_AttendantPayload {
  try {
    return decodeEnvelope(bytes, options);
  } catch (cause) {
    if (!isCodecError(cause) || cause.code === "invalid_argument") throw cause;
    throw new CodecError(
      cause.code,
      `${context}: envelope at offset ${offset}: ${cause.rawMessage}`,
      {
        cause,
      },
    );
  }
}
