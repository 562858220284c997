import { type DescField, type DescMessage, type JsonValue, ScalarType } from "@bufbuild/protobuf";
import { CodecError } from "../codec-error.js";

/**
 * Rejects a 64-bit integer field that holds a JSON number beyond ±(2^53 − 1). JSON.parse()
 * reads every number as a float, so `9007199254740993` arrives as `9007199254740992`:
 * protobuf-es's fromJson() takes the rounded value, and the data would silently change.
 * Canonical proto3 JSON writes 64-bit integers as strings, which stay exact.
 *
 * Runs after fromJson() has accepted `json`, so the members are known to fit `desc`; members
 * it does not know (read with `ignoreUnknownFields`) are skipped.
 */
export function checkJsonIntegers(desc: DescMessage, json: JsonValue): void {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return;
  for (const [key, value] of Object.entries(json)) {
    const field = fieldOf(desc, key);
    if (field === undefined || value === null) continue;
    switch (field.fieldKind) {
      case "scalar":
        checkNumber(field, field.scalar, value);
        break;
      case "message":
        checkJsonIntegers(field.message, value);
        break;
      case "list":
        if (!Array.isArray(value)) break;
        for (const item of value) {
          if (field.listKind === "scalar") checkNumber(field, field.scalar, item);
          else if (field.listKind === "message") checkJsonIntegers(field.message, item);
        }
        break;
      case "map":
        if (typeof value !== "object" || Array.isArray(value)) break;
        for (const item of Object.values(value)) {
          if (field.mapKind === "scalar") checkNumber(field, field.scalar, item);
          else if (field.mapKind === "message") checkJsonIntegers(field.message, item);
        }
        break;
    }
  }
}

const wide = new Set([
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.SINT64,
  ScalarType.FIXED64,
  ScalarType.SFIXED64,
]);

function checkNumber(field: DescField, scalar: ScalarType, value: JsonValue): void {
  if (typeof value === "number" && wide.has(scalar) && !Number.isSafeInteger(value)) {
    throw new CodecError(
      "invalid_json",
      `cannot decode field ${field.parent.typeName}.${field.name} from JSON: the number ${value} is beyond ±2^53, where JSON numbers lose digits; write a 64-bit integer this large as a string`,
    );
  }
}

/** The field a JSON member names, by JSON name or proto name. */
function fieldOf(desc: DescMessage, key: string): DescField | undefined {
  return desc.fields.find((f) => f.jsonName === key || f.name === key);
}
