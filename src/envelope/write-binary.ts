import type * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { CodecError } from "../codec-error.js";
import { describeValue } from "../internal/describe-value.js";
import { escapeText } from "../runtime/escape-text.js";
import { WriteProblem } from "../runtime/index.js";
import type { BinaryWriteOptions } from "./options.js";
import { writeFailure } from "./write-error.js";

/** The generated encoder of one message type: `fast.toBinary` with the type given. */
export type Encode = (
  message: unknown,
  o: Omit<BinaryWriteOptions, "requireData">,
) => Uint8Array<ArrayBuffer>;

/**
 * Encodes `message`, which must be a message of type `typeName` (its `$typeName`), with
 * `encode`, the generated encoder of the type, after `check` (the envelope's `Data` check), if
 * given. Throws `invalid_argument` for anything but a message of the type, and the CodecError
 * write-error.ts makes of anything else thrown: what the encoder refuses, what `check` throws,
 * what a getter or Proxy trap of the message throws.
 */
export function writeMessageBinary(
  typeName: fast.MessageTypeName,
  encode: Encode,
  message: unknown,
  o: Omit<BinaryWriteOptions, "requireData">,
  check?: (message: unknown) => void,
): Uint8Array<ArrayBuffer> {
  try {
    const named = typeof message === "object" && message !== null && "$typeName" in message;
    const name = named ? message.$typeName : undefined;
    if (name !== typeName) {
      const got = named ? escapeText(String(name)) : describeValue(message);
      throw new CodecError(
        "invalid_argument",
        `cannot encode ${typeName} to binary: expected a ${typeName} message, got ${got}`,
      );
    }
    check?.(message);
    return encode(message, o);
  } catch (thrown) {
    const first =
      thrown instanceof WriteProblem ? firstProblem(encode, message, o, thrown) : thrown;
    throw writeFailure(typeName, "binary", first, o.recursionLimit);
  }
}

/**
 * The problem the writer meets first when it takes map entries in the order of their object
 * (`problem`, found in key order, may be a later one): the first value refused is the first in
 * the message, however its maps are written. What that write throws is returned as it is.
 */
function firstProblem(
  encode: Encode,
  message: unknown,
  o: Omit<BinaryWriteOptions, "requireData">,
  problem: WriteProblem,
): unknown {
  if (!o.deterministic) return problem;
  try {
    encode(message, { ...o, deterministic: false });
  } catch (thrown) {
    return thrown;
  }
  return problem;
}
