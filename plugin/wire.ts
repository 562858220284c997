// Facts about fields that the generators share: the tag of a field, the fields the generators
// handle, and the identifiers of the generated functions. The wire types, their names and the
// wire type of each field are the runtime's (src/runtime/wire-type.ts).
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { isPackable } from "../src/runtime/wire-type.js";

export { fieldWireType, scalarWireType } from "../src/runtime/wire-type.js";

/** A tag as a number: field number and wire type. */
export function tagOf(fieldNo: number, wireType: number): number {
  return ((fieldNo << 3) | wireType) >>> 0;
}

/**
 * The identifier stem of a message's generated functions: its name within its package, nested
 * names joined by `_`, as protobuf-es names their types (`CarUpdateStatus`, `Outer_Inner`).
 */
export function stem(desc: DescMessage): string {
  const pkg = desc.file.proto.package;
  const local = pkg.length > 0 ? desc.typeName.slice(pkg.length + 1) : desc.typeName;
  return local.replace(/\./g, "_");
}

/** Throws for a field shape the generators do not handle, so that they never emit wrong code. */
export function unsupported(field: DescField, what: string): never {
  throw new Error(
    `protoc-gen-vuc: ${field.parent.typeName}.${field.name}: ${what} is not supported`,
  );
}

/**
 * Checks that the generators handle every field of `desc`: proto3-style fields (implicit or
 * explicit presence), open enums, no groups, no packed lists of scalars.
 */
export function checkSupported(desc: DescMessage): void {
  for (const field of desc.fields) {
    const scalar =
      field.fieldKind === "scalar" || field.fieldKind === "list" || field.fieldKind === "map"
        ? field.scalar
        : undefined;
    if (scalar !== undefined && !supportedScalars.includes(scalar)) {
      unsupported(field, `the scalar type ${ScalarType[scalar].toLowerCase()}`);
    }
    if (field.fieldKind === "map" && !supportedScalars.includes(field.mapKey)) {
      unsupported(field, `the map key type ${ScalarType[field.mapKey].toLowerCase()}`);
    }
    const delimited =
      field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message")
        ? field.delimitedEncoding
        : false;
    if (delimited) {
      unsupported(field, "the delimited (group) encoding");
    }
    const enumType = field.enum;
    if (enumType !== undefined && !enumType.open) unsupported(field, "a closed enum");
    if (isPackable(field)) unsupported(field, "a repeated numeric field (packed encoding)");
    if (
      (field.fieldKind === "scalar" || field.fieldKind === "enum") &&
      field.getDefaultValue() !== undefined
    ) {
      unsupported(field, "a default value");
    }
    if (field.fieldKind === "scalar" && field.longAsString)
      unsupported(field, "jstype = JS_STRING");
    if (field.message?.typeName.startsWith("google.protobuf.")) {
      unsupported(field, "a well-known type");
    }
  }
}

/** The scalar types the generators handle: those of the kafka_grpc contract. */
const supportedScalars: readonly ScalarType[] = [
  ScalarType.STRING,
  ScalarType.BYTES,
  ScalarType.BOOL,
  ScalarType.INT32,
  ScalarType.UINT32,
  ScalarType.INT64,
  ScalarType.UINT64,
];

/** Whether the field has explicit presence outside a oneof: proto3 `optional`, or a message. */
export function hasExplicitPresence(field: DescField): boolean {
  // FeatureSet.FieldPresence.IMPLICIT is 2.
  return (
    field.oneof === undefined &&
    field.presence !== 2 &&
    field.fieldKind !== "list" &&
    field.fieldKind !== "map"
  );
}

/** A JavaScript string literal. */
export function lit(value: string): string {
  return JSON.stringify(value);
}
