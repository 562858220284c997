// Where one envelope ends in bytes that may hold several: what the CLI needs to cut values that
// a separator parts (kcat -D) and to say where values written back to back meet. It steps over
// the envelope's top-level fields only; decoding, with its checks and errors, is the library's.

import { createEnvelope, encodeEnvelope, envelopeKinds, peekEnvelope } from "./root.js";

/** The field number of each `Data` member, and its name: as peekEnvelope reads an envelope of it. */
const members: ReadonlyMap<number, string> = new Map(
  envelopeKinds.map((kind) => {
    const peek = peekEnvelope(encodeEnvelope(createEnvelope(kind)));
    if (peek.kind !== "ok" || peek.fieldNumber === undefined) throw new Error(`no member ${kind}`);
    return [peek.fieldNumber, kind];
  }),
);

const HANDLER_FIELD = 1;

/** How far {@link scanEnvelope} got: a field boundary, and whether a `Data` member came before. */
export interface EnvelopeScan {
  /** The offset of the next field to read: every field before it has been stepped over. */
  pos: number;
  /** The `Data` member seen last, or undefined before any. */
  member: string | undefined;
}

/** What follows a complete envelope (one with its `Data` member) where {@link scanEnvelope} stops. */
export type EnvelopeFollower = "separator" | "handler" | "member" | "no field";

/** What {@link scanEnvelope} found. */
export type EnvelopeScanResult =
  /** A complete envelope ends at `end`, and `next` follows it. */
  | { readonly kind: "end"; readonly end: number; readonly next: EnvelopeFollower }
  /** The bytes end, within a field or after the last one: more may come. */
  | { readonly kind: "more" }
  /** A field that cannot start an envelope's field comes before any `Data` member. */
  | { readonly kind: "unreadable" };

/** A scan from the first byte of a value: after the Schema Registry frame's header, if any. */
export function startScan(bytes: Uint8Array, from: number): EnvelopeScan | undefined {
  if (bytes[from] !== 0x00) return { pos: from, member: undefined };
  // 0x00 magic byte, a 4-byte schema id, then the message indexes: a count and that many varints
  let pos = from + 5;
  const count = readVarint(bytes, pos);
  if (count === undefined) return undefined;
  pos = count.next;
  for (let i = 0; i < count.value; i++) {
    const index = readVarint(bytes, pos);
    if (index === undefined) return undefined;
    pos = index.next;
  }
  return { pos, member: undefined };
}

/**
 * A varint at `pos` of `bytes` (tags and lengths: at most 5 bytes, a longer one read as
 * infinite), or undefined if cut short.
 */
export function readVarint(
  bytes: Uint8Array,
  pos: number,
): { value: number; next: number } | undefined {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes[pos + i];
    if (byte === undefined) return undefined;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if (byte < 0x80) return { value, next: pos + i + 1 };
  }
  return { value: Number.POSITIVE_INFINITY, next: pos + 5 };
}

function startsWith(bytes: Uint8Array, pos: number, prefix: Uint8Array): boolean | undefined {
  for (let i = 0; i < prefix.length; i++) {
    const byte = bytes[pos + i];
    if (byte === undefined) return undefined;
    if (byte !== prefix[i]) return false;
  }
  return true;
}

/**
 * Steps over the fields of the envelope that `scan` is in, from `scan.pos`, and stops where a
 * complete envelope ends: after its `Data` member, at `separator`, a second handler, a second
 * `Data` member, or bytes that are no field (field number 0, a group, wire type 6 or 7). A value
 * that a producer wrote never holds these after its member (the handler is field 1, written
 * first), so they start the next value. Advances `scan` as it goes, so that a scan can resume
 * when more bytes arrive.
 */
export function scanEnvelope(
  bytes: Uint8Array,
  scan: EnvelopeScan,
  separator?: Uint8Array,
): EnvelopeScanResult {
  for (;;) {
    const at = scan.pos;
    if (scan.member !== undefined && separator !== undefined) {
      const sep = startsWith(bytes, at, separator);
      if (sep === undefined) return { kind: "more" };
      if (sep) return { kind: "end", end: at, next: "separator" };
    }
    const tag = readVarint(bytes, at);
    if (tag === undefined) return { kind: "more" };
    const no = Math.floor(tag.value / 8);
    const wireType = tag.value % 8;
    const complete = scan.member !== undefined;
    if (no === 0 || wireType === 3 || wireType === 4 || wireType > 5) {
      return complete ? { kind: "end", end: at, next: "no field" } : { kind: "unreadable" };
    }
    if (complete && no === HANDLER_FIELD) return { kind: "end", end: at, next: "handler" };
    if (complete && wireType === 2 && members.has(no)) {
      return { kind: "end", end: at, next: "member" };
    }
    let next: number;
    if (wireType === 0) {
      let p = tag.next;
      while (bytes[p] !== undefined && (bytes[p] as number) >= 0x80) p++;
      if (bytes[p] === undefined) return { kind: "more" };
      next = p + 1;
    } else if (wireType === 2) {
      const length = readVarint(bytes, tag.next);
      if (length === undefined) return { kind: "more" };
      next = length.next + length.value;
    } else {
      next = tag.next + (wireType === 1 ? 8 : 4);
    }
    if (next > bytes.length) return { kind: "more" };
    if (wireType === 2 && members.has(no)) scan.member = members.get(no);
    scan.pos = next;
  }
}

/**
 * Where the first envelope of `bytes` ends when something other than its own fields follows
 * it, or undefined when the bytes hold one envelope at most (or cannot be stepped through).
 */
export function firstEnvelopeEnd(
  bytes: Uint8Array,
): { readonly end: number; readonly next: EnvelopeFollower; readonly member: string } | undefined {
  const scan = startScan(bytes, 0);
  if (scan === undefined) return undefined;
  const result = scanEnvelope(bytes, scan);
  if (result.kind !== "end" || scan.member === undefined) return undefined;
  return { end: result.end, next: result.next, member: scan.member };
}
