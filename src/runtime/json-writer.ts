// Mapping message values to proto3 JSON values, for the generated JSON writers. A value a field
// cannot take is refused with a WriteProblem (write-problem.ts).

import { isUint8Array } from "./bytes-value.js";
import { inInt64Range } from "./int64.js";
import { splitName } from "./json-fields.js";
import { int64Of, isZeroInt64, refuseInt32, refuseUint32 } from "./message-value.js";
import { nodeBuffer } from "./node-buffer.js";
import { wellFormed } from "./unicode.js";
import { refuse } from "./write-problem.js";

/** A JSON object, as the generated mappers build and read them. */
export type JsonObject = { [key: string]: unknown };

/** The options of a JSON write, as booleans. */
export interface JsonWriter {
  /** JSON keys are the fields' proto names rather than their JSON names. */
  readonly useProtoFieldName: boolean;
  /** Fields at their zero value are written too. */
  readonly alwaysEmitImplicit: boolean;
  /** Enum values are written as numbers rather than names. */
  readonly enumAsInteger: boolean;
  /** How deep messages may nest; the outermost is at depth 1. */
  readonly recursionLimit: number;
  /**
   * Written for JSON.stringify(), whose text the caller has: strings (values and map keys) are
   * not checked for lone surrogates here, the caller checks the text instead (see
   * {@link wellFormedOutput}); large maps are copied to fast objects.
   */
  readonly forText: boolean;
  /** The nesting depth of the message being mapped: 0 before the outermost, which is at 1. */
  depth: number;
}

/**
 * A string for JSON: refuses anything but a string, and a string with a lone surrogate unless
 * `knownWellFormed` (known to be well-formed, or checked elsewhere).
 */
export function stringToJson(value: unknown, knownWellFormed: boolean): string {
  if (typeof value !== "string") refuse("type", value, "string");
  if (!knownWellFormed && !wellFormed(value)) refuse("surrogate", value, "");
  return value;
}

/** Refuses a map key with a lone surrogate unless `knownWellFormed` (see stringToJson()). */
export function checkMapKey(key: string, knownWellFormed: boolean): void {
  if (!knownWellFormed && !wellFormed(key)) refuse("surrogate", key, "", true);
}

/** An int32 for JSON. */
export function int32ToJson(value: unknown): number {
  if (typeof value !== "number" || (value | 0) !== value) refuseInt32(value);
  return value;
}

/** A uint32 for JSON. */
export function uint32ToJson(value: unknown): number {
  if (typeof value !== "number" || value >>> 0 !== value) refuseUint32(value);
  return value;
}

/** A bool for JSON. */
export function boolToJson(value: unknown): boolean {
  if (typeof value !== "boolean") refuse("type", value, "boolean");
  return value;
}

/**
 * A 64-bit integer for JSON: its decimal string (a decimal string as it is, as protobuf-es
 * writes it). A bigint prints itself, whatever its size: a float prints fast only a number
 * printed just before (the engine's small cache of recent numbers, which new values in every
 * message miss), and JSON.stringify() takes longer over the strings a float prints than over a
 * bigint's.
 */
export function int64ToJson(value: unknown, signed: boolean): string {
  if (typeof value === "bigint" && inInt64Range(value, signed)) return value.toString();
  if (typeof value === "number" && Number.isSafeInteger(value) && (signed || value >= 0))
    return `${value}`;
  int64Of(value, signed); // refuses all but a decimal string
  return value as string;
}

/**
 * A 64-bit field without presence for JSON: {@link int64ToJson}, or undefined for a zero that
 * protobuf-es leaves out (unless `alwaysEmitImplicit`). One call for what the writer asks of every
 * such field.
 */
export function int64FieldToJson(
  value: unknown,
  signed: boolean,
  alwaysEmitImplicit: boolean,
): string | undefined {
  if (typeof value === "bigint") {
    if (value === 0n) return alwaysEmitImplicit ? "0" : undefined;
    if (inInt64Range(value, signed)) return value.toString();
  }
  return isZeroInt64(value, signed) && !alwaysEmitImplicit ? undefined : int64ToJson(value, signed);
}

/** An enum value for JSON: its name, or its number if unknown or with `enumAsInteger`. */
export function enumToJson(
  value: unknown,
  names: readonly string[],
  writer: JsonWriter,
): number | string {
  const n = int32ToJson(value);
  return writer.enumAsInteger ? n : (names[n] ?? n);
}

/**
 * Node's native base64 of a range, `Buffer.prototype.base64Slice`, called on a plain Uint8Array:
 * no Buffer made per call, so cheaper than `Buffer.from(…).toString("base64")` (and than
 * `Uint8Array.prototype.toBase64` where there is one).
 */
const nodeBase64 = nodeBuffer?.base64Slice;

/**
 * `bytes` for JSON: standard base64 with padding, as protobuf-es writes it. Where Node's Buffer
 * is there, natively ({@link nodeBase64}), for more than 16 bytes: Node 20's btoa() is written
 * in JavaScript. Elsewhere btoa(), which the browsers implement natively.
 */
export function bytesToJson(value: unknown): string {
  if (!isUint8Array(value)) refuse("type", value, "Uint8Array");
  if (nodeBase64 !== undefined && value.length > 16) return nodeBase64.call(value, 0, value.length);
  let latin1 = "";
  for (let i = 0; i < value.length; i += 0x2000) {
    latin1 += String.fromCharCode.apply(null, value.subarray(i, i + 0x2000) as unknown as number[]);
  }
  return btoa(latin1);
}

/**
 * `json`, a message's JSON object with its fields' JSON names as keys, with the keys of the
 * fields that `steps` (a generated writer's `X$steps`, see within()) gives as
 * `jsonName:proto_name` renamed to their proto names, in the same order. For
 * `useProtoFieldName`: the writers write the JSON names and call this at the end.
 */
export function withProtoNames(json: JsonObject, steps: string): JsonObject {
  let protoNames = protoNamesBySteps.get(steps);
  if (protoNames === undefined) {
    protoNames = new Map();
    for (const step of steps.split(" ")) {
      const [json, proto] = splitName(step);
      if (proto !== json) protoNames.set(json, proto);
    }
    protoNamesBySteps.set(steps, protoNames);
  }
  const out: JsonObject = {};
  for (const key of Object.keys(json)) out[protoNames.get(key) ?? key] = json[key];
  return out;
}

/** The proto names by JSON name that withProtoNames() found in each `steps`, a generated constant. */
const protoNamesBySteps = /*@__PURE__*/ new Map<string, Map<string, string>>();

/** The options of a JSON write: those of envelopeToJson() that the writer takes. */
export interface JsonWriteOptions {
  readonly useProtoFieldName: boolean;
  readonly alwaysEmitImplicit: boolean;
  readonly enumAsInteger: boolean;
  /** Messages may nest this deep; the outermost is at depth 1. */
  readonly recursionLimit: number;
}

/**
 * The generated JSON writer of one message type: it steps one message deeper and checks the
 * depth and the message's type first.
 */
export type WriteJson<T> = (message: T, writer: JsonWriter) => JsonObject;

/**
 * Maps `message` to a proto3 JSON object with the generated writer of its type, `write`, key for
 * key as protobuf-es's toJson() would. Throws a WriteProblem for a value of another type or a
 * value the message cannot hold. `forText`: see {@link JsonWriter.forText}.
 */
export function writeJsonValue<T>(
  write: WriteJson<T>,
  message: unknown,
  options: JsonWriteOptions,
  forText: boolean,
): JsonObject {
  const writer: JsonWriter = {
    useProtoFieldName: options.useProtoFieldName,
    alwaysEmitImplicit: options.alwaysEmitImplicit,
    enumAsInteger: options.enumAsInteger,
    recursionLimit: options.recursionLimit,
    forText,
    depth: 0,
  };
  return write(message as T, writer);
}
