import { equals } from "@bufbuild/protobuf";
import { BinaryReader, BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import fc from "fast-check";
import {
  encodeEnvelope,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { concat } from "./bytes.js";

// The wire, field by field: a strict equality for envelopes, builders of valid but unusual
// encodings (unknown fields, reordered fields, padded lengths), and readers of what bytes hold.

/**
 * Equal as protobuf-es `equals` sees them, and equal unknown fields too: `equals` ignores
 * those, so the canonical bytes (which write them back) are compared as well.
 */
export function sameEnvelope(a: GRPC_AttendantPayload, b: GRPC_AttendantPayload): boolean {
  if (!equals(GRPC_AttendantPayloadSchema, a, b)) return false;
  const x = encodeEnvelope(a, { requireData: false });
  const y = encodeEnvelope(b, { requireData: false });
  return Buffer.compare(x, y) === 0;
}

/** One top-level field of a message as it sits on the wire: its tag, and the whole field. */
export interface WireField {
  readonly fieldNo: number;
  readonly wireType: WireType;
  readonly bytes: Uint8Array;
}

/** Splits valid protobuf bytes into their top-level fields, in order. */
export function topLevelFields(bytes: Uint8Array): WireField[] {
  const reader = new BinaryReader(bytes);
  const fields: WireField[] = [];
  while (reader.pos < reader.len) {
    const start = reader.pos;
    const [fieldNo, wireType] = reader.tag();
    reader.skip(wireType, fieldNo);
    fields.push({ fieldNo, wireType, bytes: bytes.subarray(start, reader.pos) });
  }
  return fields;
}

/**
 * Rewrites a LEN field with its length padded to `width` bytes (2 to 10), a valid if unusual
 * varint (`0x85 0x80 0x00` is 5): the wire format does not require the shortest form.
 */
export function padLength(field: WireField, width: number): Uint8Array {
  if (field.wireType !== WireType.LengthDelimited) return field.bytes;
  const data = payloadOf(field);
  const tagEnd = field.bytes.length - data.length - varintLength(data.length);
  const varint: number[] = [];
  let rest = data.length;
  for (let i = 0; i < width - 1; i++) {
    varint.push((rest & 0x7f) | 0x80); // the high bit: more bytes follow
    rest = Math.floor(rest / 128);
  }
  if (rest > 0x7f) return field.bytes; // does not fit: keep the shortest form
  varint.push(rest);
  return concat(field.bytes.subarray(0, tagEnd), new Uint8Array(varint), data);
}

/** The data of a LEN field: what follows its tag and length. */
export function payloadOf(field: WireField): Uint8Array {
  const reader = new BinaryReader(field.bytes);
  reader.tag();
  return reader.bytes();
}

function varintLength(value: number): number {
  let n = 1;
  while (value > 0x7f) {
    value = Math.floor(value / 128);
    n++;
  }
  return n;
}

/** Wraps `payload` as the LEN field `fieldNo`. */
export function lenField(fieldNo: number, payload: Uint8Array): Uint8Array {
  return new BinaryWriter().tag(fieldNo, WireType.LengthDelimited).bytes(payload).finish();
}

/**
 * Valid unknown fields: field numbers the given message does not use (from `firstFree` up to
 * 2^29 - 1, the largest field number), in every wire type, groups nesting further fields.
 */
export function unknownFields(firstFree: number): fc.Arbitrary<Uint8Array> {
  const fieldNo = fc.oneof(
    fc.integer({ min: firstFree, max: firstFree + 20 }),
    fc.constantFrom(2 ** 29 - 1, 19_000, 2047, 2048),
    fc.integer({ min: firstFree, max: 2 ** 29 - 1 }),
  );
  const { field } = fc.letrec<{ field: Uint8Array }>((tie) => ({
    field: fc.oneof(
      { depthSize: "small", maxDepth: 3, withCrossShrink: true },
      fc
        .tuple(fieldNo, fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }))
        .map(([no, v]) => new BinaryWriter().tag(no, WireType.Varint).uint64(v).finish()),
      fc
        .tuple(fieldNo, fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }))
        .map(([no, v]) => new BinaryWriter().tag(no, WireType.Bit64).fixed64(v).finish()),
      fc
        .tuple(fieldNo, fc.nat({ max: 2 ** 32 - 1 }))
        .map(([no, v]) => new BinaryWriter().tag(no, WireType.Bit32).fixed32(v).finish()),
      fc
        .tuple(fieldNo, fc.uint8Array({ maxLength: 40 }))
        .map(([no, v]) => new BinaryWriter().tag(no, WireType.LengthDelimited).bytes(v).finish()),
      fc
        .tuple(fieldNo, fc.array(tie("field"), { maxLength: 3 }))
        .map(([no, inner]) =>
          concat(
            new BinaryWriter().tag(no, WireType.StartGroup).finish(),
            ...inner,
            new BinaryWriter().tag(no, WireType.EndGroup).finish(),
          ),
        ),
    ),
  }));
  return field;
}

/** The map keys of a carUpdateStatus envelope, in the order its bytes hold them. */
export function keysOnTheWire(bytes: Uint8Array): string[] {
  const keys: string[] = [];
  for (const field of topLevelFields(bytes)) {
    if (field.fieldNo !== 2) continue;
    const member = new BinaryReader(field.bytes);
    member.tag();
    const status = new BinaryReader(member.bytes());
    while (status.pos < status.len) {
      status.tag(); // field 1: one map entry
      const entry = new BinaryReader(status.bytes());
      entry.tag(); // field 1 of the entry: the key
      keys.push(entry.string());
    }
  }
  return keys;
}
