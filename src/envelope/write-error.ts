import { CodecError } from "../codec-error.js";
import { describeMessage, describeValue, expectedMessage } from "../internal/describe-value.js";
import { quoteText } from "../runtime/escape-text.js";
import type { PathStep, WriteProblem } from "../runtime/index.js";

// The texts of what the generated writers refuse (the runtime's WriteProblem), made here once for
// binary and JSON: `cannot encode kafka_grpc.Order to binary: kafka_grpc.Order.specId: …`.

/** A step of a path as the text shows it: `.vin`, `[2]`, `["key"]`. */
function stepText(step: PathStep): string {
  if (typeof step === "string") return `.${step}`;
  if (typeof step === "number") return `[${step}]`;
  return `[${quoteText(step.key, 64)}]`;
}

/** What is wrong with the value, after its path (a depth names the message, not its path). */
function problemText(problem: WriteProblem, recursionLimit: number): string {
  const { value, expected } = problem;
  switch (problem.kind) {
    case "type":
      return `expected ${expected}, got ${describeValue(value)}`;
    case "int64": {
      const shown =
        typeof value === "number"
          ? String(value)
          : typeof value === "string"
            ? quoteText(value, 40)
            : describeValue(value);
      return `expected ${expected} as bigint, got ${shown}`;
    }
    case "invalid":
      return `${value} is not a valid ${expected}`;
    case "range":
      return `${value} is out of range for ${expected}`;
    case "surrogate":
      return "string holds a lone surrogate";
    case "case":
      return `unknown case ${quoteText(String(value))}`;
    case "entries":
      return "expected { no, wireType, data } entries";
    case "message":
      return expectedMessage(expected, describeMessage(value));
    case "depth":
      return `${expected} at depth ${value} nests deeper than recursionLimit ${recursionLimit}`;
  }
}

/**
 * The CodecError for what a generated writer of `typeName` refused: `too_deep` for a message
 * nested past `recursionLimit`, else `invalid_message` naming the value by its path from the
 * message (`kafka_grpc.UpdateManifest.ecuUpdates[2].files[0].fileSize`).
 */
export function writeError(
  typeName: string,
  format: "binary" | "JSON",
  problem: WriteProblem,
  recursionLimit: number,
): CodecError {
  const doing = `cannot encode ${typeName} to ${format}`;
  const text = problemText(problem, recursionLimit);
  if (problem.kind === "depth") return new CodecError("too_deep", `${doing}: ${text}`);
  const path = typeName + problem.path.map(stepText).join("") + (problem.inKey ? " key" : "");
  return new CodecError("invalid_message", `${doing}: ${path}: ${text}`);
}
