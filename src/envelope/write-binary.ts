import type * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { notAMessage } from "../internal/not-a-message.js";
import { WriteProblem } from "../runtime/index.js";
import type { BinaryWriteOptions } from "./options.js";
import { writeError } from "./write-error.js";

/** The generated encoder of one message type: `fast.toBinary` with the type given. */
export type Encode = (
  message: unknown,
  o: Omit<BinaryWriteOptions, "requireData">,
) => Uint8Array<ArrayBuffer>;

/**
 * Encodes `message`, which must be a message of type `typeName` (its `$typeName`), with
 * `encode`, the generated encoder of the type. Throws `invalid_argument` for anything else, and
 * the CodecError of what the encoder refuses (write-error.ts).
 */
export function writeMessageBinary(
  typeName: fast.MessageTypeName,
  encode: Encode,
  message: unknown,
  o: Omit<BinaryWriteOptions, "requireData">,
): Uint8Array<ArrayBuffer> {
  if ((message as { $typeName?: unknown } | null | undefined)?.$typeName !== typeName) {
    throw notAMessage(`encode ${typeName} to binary`, typeName, message);
  }
  try {
    return encode(message, o);
  } catch (thrown) {
    if (!(thrown instanceof WriteProblem)) throw thrown;
    throw writeError(
      typeName,
      "binary",
      firstProblem(encode, message, o, thrown),
      o.recursionLimit,
    );
  }
}

/**
 * The problem the writer meets first when it takes map entries in the order of their object
 * (`problem`, found in key order, may be a later one): the first value refused is the first in
 * the message, however its maps are written.
 */
function firstProblem(
  encode: Encode,
  message: unknown,
  o: Omit<BinaryWriteOptions, "requireData">,
  problem: WriteProblem,
): WriteProblem {
  if (!o.deterministic) return problem;
  try {
    encode(message, { ...o, deterministic: false });
  } catch (thrown) {
    if (!(thrown instanceof WriteProblem)) throw thrown;
    return thrown;
  }
  return problem;
}
