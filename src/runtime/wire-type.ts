// The wire types of the protobuf binary format, and the wire type of each field, defined once
// for the runtime, the framing readers, the CLI, the inspector page, the test oracle and the
// plugin (plugin/). They are protobuf-es's `WireType` and `ScalarType`, written as literals so
// that a decoder's bundle does not pull protobuf-es in: the type annotations make the compiler
// hold each literal to protobuf-es's value.

import type { DescField, ScalarType } from "@bufbuild/protobuf";
import type { WireType } from "@bufbuild/protobuf/wire";

/** Wire type 0: a varint (int32, int64, uint32, uint64, sint32, sint64, bool, enum). */
export const VARINT: WireType.Varint = 0;
/** Wire type 1: 8 bytes, little-endian (fixed64, sfixed64, double). */
export const I64: WireType.Bit64 = 1;
/** Wire type 2: a length prefix, then that many bytes (string, bytes, messages, packed lists). */
export const LEN: WireType.LengthDelimited = 2;
/** Wire type 3: the start of a group (proto2; skipped as an unknown field). */
export const SGROUP: WireType.StartGroup = 3;
/** Wire type 4: the end of a group. */
export const EGROUP: WireType.EndGroup = 4;
/** Wire type 5: 4 bytes, little-endian (fixed32, sfixed32, float). */
export const I32: WireType.Bit32 = 5;

/** The names of the wire types in the protobuf documentation, by number, for error texts. */
const names = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32"] as const;

/** The documented name of wire type `wireType`, 0 to 5 (`"LEN"`); types 6 and 7 have none. */
export function wireTypeName(wireType: number): string {
  return names[wireType] as string;
}

const DOUBLE: ScalarType.DOUBLE = 1;
const FLOAT: ScalarType.FLOAT = 2;
const FIXED64: ScalarType.FIXED64 = 6;
const FIXED32: ScalarType.FIXED32 = 7;
const STRING: ScalarType.STRING = 9;
const BYTES: ScalarType.BYTES = 12;
const SFIXED32: ScalarType.SFIXED32 = 15;
const SFIXED64: ScalarType.SFIXED64 = 16;

/**
 * The wire type a value of scalar type `scalar` is written with: LEN for strings and bytes, I64
 * and I32 for the fixed-size numbers, VARINT for the others (integers, bool).
 */
export function scalarWireType(scalar: ScalarType): WireType {
  switch (scalar) {
    case STRING:
    case BYTES:
      return LEN;
    case DOUBLE:
    case FIXED64:
    case SFIXED64:
      return I64;
    case FLOAT:
    case FIXED32:
    case SFIXED32:
      return I32;
    default:
      return VARINT;
  }
}

/**
 * The wire type a value of `field` is written with, one element of a list unpacked: LEN for
 * messages, lists of messages and maps, VARINT for enums, else its scalar's.
 */
export function fieldWireType(field: DescField): WireType {
  switch (field.fieldKind) {
    case "scalar":
      return scalarWireType(field.scalar);
    case "enum":
      return VARINT;
    case "list":
      return field.listKind === "scalar"
        ? scalarWireType(field.scalar)
        : field.listKind === "enum"
          ? VARINT
          : LEN;
    default:
      return LEN;
  }
}

/**
 * Whether `field` is a list that may be packed (its elements in one LEN field): a list of
 * enums or of scalars other than strings and bytes.
 */
export function isPackable(field: DescField): boolean {
  return field.fieldKind === "list" && field.listKind !== "message" && fieldWireType(field) !== LEN;
}
