import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { CodecError } from "../../src/codec-error.js";
import { describeValue } from "../../src/internal/describe-value.js";
import { escapeText, quoteText } from "../../src/runtime/escape-text.js";
import { MAX_DECIMAL_CHARS } from "../../src/runtime/index.js";

// A test oracle of the texts the generated writers refuse messages with: a walk of the
// protobuf-es descriptors, written apart from the generated code and its runtime. protobuf-es
// writes what it is given (a number in a string field becomes "5", a lone surrogate U+FFFD), so
// the oracle checks every value before protobuf-es writes it (encode-by-oracle.ts), and names the
// first it refuses. Lossless forms are accepted: a safe-integer number or a decimal string for
// int64.

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** How deep the check is, and how deep it may go. */
interface Depth {
  readonly doing: string;
  readonly limit: number;
  readonly depth: number;
}

/**
 * Throws `invalid_message` for the first field of `message` that `desc` cannot encode, or
 * `too_deep` for a message nested deeper than `recursionLimit` (the outermost is at depth 1), a
 * message that contains itself included.
 */
export function checkMessage(
  desc: DescMessage,
  message: unknown,
  doing: string,
  recursionLimit: number,
): void {
  const problem = messageProblem(desc, message, desc.typeName, {
    doing,
    limit: recursionLimit,
    depth: 1,
  });
  if (problem !== undefined) {
    throw new CodecError("invalid_message", `cannot ${doing}: ${problem}`);
  }
}

function messageProblem(
  desc: DescMessage,
  message: unknown,
  path: string,
  at: Depth,
): string | undefined {
  if (at.depth > at.limit) {
    throw new CodecError(
      "too_deep",
      `cannot ${at.doing}: ${desc.typeName} at depth ${at.depth} nests deeper than recursionLimit ${at.limit}`,
    );
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) {
    return `${path}: expected a ${desc.typeName} message, got ${describeValue(message)}`;
  }
  const record = message as Record<string, unknown>;
  const typeName = record.$typeName;
  if (typeName !== desc.typeName) {
    const got = typeof typeName === "string" ? escapeText(typeName) : describeValue(message);
    return `${path}: expected a ${desc.typeName} message, got ${got}`;
  }
  for (const member of desc.members) {
    const value = record[member.localName];
    // Absent: a field with presence. Any other member must hold a value of its type.
    if (value === undefined && member.kind === "field" && hasPresence(member)) continue;
    if (member.kind === "oneof") {
      const oneof = value as { case?: unknown; value?: unknown };
      if (typeof oneof !== "object" || oneof === null) {
        return `${path}.${member.localName}: expected { case, value }, got ${describeValue(value)}`;
      }
      if (oneof.case === undefined) continue;
      const field = member.fields.find((f) => f.localName === oneof.case);
      if (field === undefined) {
        return `${path}.${member.localName}: unknown case ${quoteText(String(oneof.case))}`;
      }
      const problem = fieldProblem(field, oneof.value, `${path}.${field.localName}`, at);
      if (problem !== undefined) return problem;
      continue;
    }
    const problem = fieldProblem(member, value, `${path}.${member.localName}`, at);
    if (problem !== undefined) return problem;
  }
  return unknownFieldsProblem(record.$unknown, path);
}

/** Whether `field` has presence: a message field, or a scalar declared `optional`. */
function hasPresence(field: DescField): boolean {
  return (
    field.fieldKind === "message" ||
    (field.fieldKind !== "list" && field.fieldKind !== "map" && field.presence !== 2)
  );
}

function fieldProblem(
  field: DescField,
  value: unknown,
  path: string,
  at: Depth,
): string | undefined {
  const deeper = { ...at, depth: at.depth + 1 };
  switch (field.fieldKind) {
    case "scalar":
      return scalarProblem(field.scalar, value, path);
    case "enum":
      return scalarProblem(ScalarType.INT32, value, path);
    case "message":
      return messageProblem(field.message, value, path, deeper);
    case "list": {
      if (!Array.isArray(value)) return `${path}: expected an array, got ${describeValue(value)}`;
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        const itemPath = `${path}[${i}]`;
        const problem =
          field.listKind === "message"
            ? messageProblem(field.message, item, itemPath, deeper)
            : scalarProblem(
                field.listKind === "enum" ? ScalarType.INT32 : field.scalar,
                item,
                itemPath,
              );
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    case "map": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        return `${path}: expected an object, got ${describeValue(value)}`;
      }
      for (const [key, item] of Object.entries(value)) {
        const itemPath = `${path}[${quoteText(key, 64)}]`;
        const keyProblem =
          field.mapKey === ScalarType.STRING ? stringProblem(key, `${itemPath} key`) : undefined;
        if (keyProblem !== undefined) return keyProblem;
        const problem =
          field.mapKind === "message"
            ? messageProblem(field.message, item, itemPath, deeper)
            : scalarProblem(
                field.mapKind === "enum" ? ScalarType.INT32 : field.scalar,
                item,
                itemPath,
              );
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
  }
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function stringProblem(value: string, path: string): string | undefined {
  // String.prototype.isWellFormed is fast but missing in browsers before 2023.
  const wellFormed =
    typeof value.isWellFormed === "function" ? value.isWellFormed() : !loneSurrogate.test(value);
  return wellFormed ? undefined : `${path}: string holds a lone surrogate`;
}

function scalarProblem(scalar: ScalarType, value: unknown, path: string): string | undefined {
  switch (scalar) {
    case ScalarType.STRING:
      if (typeof value !== "string") return `${path}: expected string, got ${describeValue(value)}`;
      return stringProblem(value, path);
    case ScalarType.BYTES:
      return value instanceof Uint8Array
        ? undefined
        : `${path}: expected Uint8Array, got ${describeValue(value)}`;
    case ScalarType.BOOL:
      return typeof value === "boolean"
        ? undefined
        : `${path}: expected boolean, got ${describeValue(value)}`;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return typeof value === "number"
        ? undefined
        : `${path}: expected number, got ${describeValue(value)}`;
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return intProblem(value, -(2 ** 31), 2 ** 31 - 1, "int32", path);
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return intProblem(value, 0, 2 ** 32 - 1, "uint32", path);
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return longProblem(value, INT64_MIN, INT64_MAX, "int64", path);
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return longProblem(value, 0n, UINT64_MAX, "uint64", path);
  }
}

function intProblem(value: unknown, min: number, max: number, type: string, path: string) {
  if (typeof value !== "number")
    return `${path}: expected ${type} as number, got ${describeValue(value)}`;
  if (!Number.isInteger(value) || value < min || value > max) {
    return `${path}: ${value} is not a valid ${type}`;
  }
  return undefined;
}

function longProblem(value: unknown, min: bigint, max: bigint, type: string, path: string) {
  let big: bigint;
  if (typeof value === "bigint") {
    big = value;
  } else if (typeof value === "number" && Number.isSafeInteger(value)) {
    big = BigInt(value);
  } else if (
    typeof value === "string" &&
    value.length <= MAX_DECIMAL_CHARS &&
    /^-?[0-9]+$/.test(value)
  ) {
    big = BigInt(value);
  } else {
    const shown =
      typeof value === "number"
        ? String(value)
        : typeof value === "string"
          ? quoteText(value, 40)
          : describeValue(value);
    return `${path}: expected ${type} as bigint, got ${shown}`;
  }
  return big < min || big > max ? `${path}: ${big} is out of range for ${type}` : undefined;
}

function unknownFieldsProblem(unknown: unknown, path: string): string | undefined {
  if (unknown === undefined) return undefined;
  if (!Array.isArray(unknown))
    return `${path}.$unknown: expected an array, got ${describeValue(unknown)}`;
  for (const field of unknown as { no?: unknown; wireType?: unknown; data?: unknown }[]) {
    if (
      typeof field?.no !== "number" ||
      typeof field.wireType !== "number" ||
      !(field.data instanceof Uint8Array)
    ) {
      return `${path}.$unknown: expected { no, wireType, data } entries`;
    }
  }
  return undefined;
}
