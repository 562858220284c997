import {
  create,
  type DescField,
  type DescMessage,
  type MessageShape,
  ScalarType,
} from "@bufbuild/protobuf";

// Builds messages with every field set, by reflection over the schema, so that a round-trip
// test covers each field of the contract without listing them by hand.

/** Values chosen per scalar type: "typical" non-zero values, or the type's extremes. */
export type FillMode = "typical" | "max" | "min";

function scalarValue(scalar: ScalarType, mode: FillMode, seed: number): unknown {
  switch (scalar) {
    case ScalarType.STRING:
      return mode === "typical" ? `s${seed}-Ünïcödé-😀` : mode === "max" ? "𝄞".repeat(3) : "x";
    case ScalarType.BYTES:
      return new Uint8Array(mode === "max" ? [0xff, 0x00, 0x80] : [seed & 0xff, 1, 2]);
    case ScalarType.BOOL:
      return true;
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return mode === "max" ? 2147483647 : mode === "min" ? -2147483648 : 1000 + seed;
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return mode === "max" ? 4294967295 : mode === "min" ? 1 : 2000 + seed;
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return mode === "max"
        ? 9223372036854775807n
        : mode === "min"
          ? -9223372036854775808n
          : 9007199254740993n + BigInt(seed);
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return mode === "max"
        ? 18446744073709551615n
        : mode === "min"
          ? 1n
          : 9007199254740995n + BigInt(seed);
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return 1.5;
  }
}

function fieldValue(field: DescField, mode: FillMode, depth: number): unknown {
  const seed = field.number;
  switch (field.fieldKind) {
    case "scalar":
      return scalarValue(field.scalar, mode, seed);
    case "enum":
      return field.enum.values[field.enum.values.length - 1]?.number;
    case "message":
      return fill(field.message, mode, depth + 1);
    case "list":
      switch (field.listKind) {
        case "scalar":
          return [scalarValue(field.scalar, mode, seed), scalarValue(field.scalar, mode, seed + 1)];
        case "enum":
          return [field.enum.values[0]?.number];
        case "message":
          // A recursive list (UpdateManifestECU.rollback) stops after one level.
          return depth > 1 ? [] : [fill(field.message, mode, depth + 1)];
      }
      break;
    case "map":
      return { "key-a": mapValue(field, mode, depth), "10": mapValue(field, mode, depth) };
  }
  return undefined;
}

function mapValue(field: DescField & { fieldKind: "map" }, mode: FillMode, depth: number): unknown {
  switch (field.mapKind) {
    case "scalar":
      return scalarValue(field.scalar, mode, 1);
    case "enum":
      return field.enum.values[0]?.number;
    case "message":
      return fill(field.message, mode, depth + 1);
  }
}

/**
 * A message of `schema` with every field set: scalars non-zero, optional fields present,
 * lists and maps non-empty; for the envelope, pass the member to set with {@link fillEnvelope}.
 */
export function fill<Desc extends DescMessage>(
  schema: Desc,
  mode: FillMode = "typical",
  depth = 0,
): MessageShape<Desc> {
  const init: Record<string, unknown> = {};
  for (const field of schema.fields) {
    if (field.oneof) continue;
    init[field.localName] = fieldValue(field, mode, depth);
  }
  return create(schema, init as never);
}
