// The wire types of the protobuf binary format, defined once for the runtime, the framing
// readers, the CLI and the plugin (plugin/). They are protobuf-es's `WireType`, written as
// literals so that a decoder's bundle does not pull protobuf-es's binary module in: the type
// annotations make the compiler hold each literal to protobuf-es's value.

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
