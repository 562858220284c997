import { CodecError } from "../codec-error.js";
import { describeMessage, expectedMessage } from "./describe-value.js";

/**
 * The `invalid_argument` error of `doing` (`encode kafka_grpc.VehicleData to binary`) for
 * `value`, which is not a message of type `typeName`: `got` says what it is, by default
 * {@link describeMessage}.
 */
export function notAMessage(
  doing: string,
  typeName: string,
  value: unknown,
  got = describeMessage(value),
): CodecError {
  return new CodecError("invalid_argument", `cannot ${doing}: ${expectedMessage(typeName, got)}`);
}
