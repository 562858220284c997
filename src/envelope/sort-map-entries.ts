import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { BinaryReader } from "@bufbuild/protobuf/wire";

// Deterministic encoding, as Google's runtimes do it: map entries ordered by key. protobuf-es
// writes a map in its object's key order, and a JavaScript object cannot hold "10" after "9",
// so the order is fixed in the encoded bytes instead. Sorting entries moves bytes around
// within their message without changing any length, so it happens in place, one map at a time,
// and only inside message types that can hold a map at all.

const canHoldMapCache = new WeakMap<DescMessage, boolean>();

/** Whether a message of this type, or any message inside it, has a map field. */
function canHoldMap(desc: DescMessage, seen = new Set<DescMessage>()): boolean {
  const cached = canHoldMapCache.get(desc);
  if (cached !== undefined) return cached;
  if (seen.has(desc)) return false;
  seen.add(desc);
  let result = false;
  for (const field of desc.fields) {
    if (field.fieldKind === "map") result = true;
    else if (
      field.fieldKind === "message" ||
      (field.fieldKind === "list" && field.listKind === "message")
    ) {
      result ||= canHoldMap(field.message, seen);
    }
  }
  seen.delete(desc);
  if (seen.size === 0) canHoldMapCache.set(desc, result);
  return result;
}

/**
 * Reorders, in place, the entries of every map in `bytes` (a `desc` message as protobuf-es
 * writes it) by key: strings byte-wise by their UTF-8, numbers by value, false before true.
 */
export function sortMapEntries(desc: DescMessage, bytes: Uint8Array): void {
  if (canHoldMap(desc)) sortWithin(desc, bytes, 0, bytes.length);
}

interface Entry {
  readonly start: number;
  readonly end: number;
  readonly key: Uint8Array | bigint;
}

function sortWithin(desc: DescMessage, bytes: Uint8Array, start: number, end: number): void {
  const reader = new BinaryReader(bytes.subarray(0, end));
  reader.pos = start;
  let run: Entry[] = [];
  let runField: DescField | undefined;
  const flush = () => {
    if (run.length > 1) reorder(bytes, run);
    run = [];
    runField = undefined;
  };
  while (reader.pos < end) {
    const tagStart = reader.pos;
    const [fieldNo, wireType] = reader.tag();
    const field = desc.fields.find((f) => f.number === fieldNo);
    if (field === undefined || wireType !== 2) {
      flush();
      reader.skip(wireType, fieldNo);
      continue;
    }
    const length = reader.uint32();
    const dataStart = reader.pos;
    const dataEnd = dataStart + length;
    reader.pos = dataEnd;
    if (field.fieldKind === "map") {
      if (runField !== field) flush();
      runField = field;
      run.push({ start: tagStart, end: dataEnd, key: entryKey(field, bytes, dataStart, dataEnd) });
    } else {
      flush();
      const child =
        field.fieldKind === "message" ||
        (field.fieldKind === "list" && field.listKind === "message")
          ? field.message
          : undefined;
      if (child !== undefined && canHoldMap(child)) sortWithin(child, bytes, dataStart, dataEnd);
    }
  }
  flush();
}

/** Reads an entry's key (field 1), sorting message values first if they can hold maps. */
function entryKey(
  field: DescField & { fieldKind: "map" },
  bytes: Uint8Array,
  start: number,
  end: number,
) {
  const reader = new BinaryReader(bytes.subarray(0, end));
  reader.pos = start;
  let key: Uint8Array | bigint = field.mapKey === ScalarType.STRING ? new Uint8Array(0) : 0n;
  while (reader.pos < end) {
    const [fieldNo, wireType] = reader.tag();
    if (fieldNo === 1) {
      key = readKey(reader, field.mapKey);
    } else if (fieldNo === 2 && field.mapKind === "message" && wireType === 2) {
      const length = reader.uint32();
      if (canHoldMap(field.message))
        sortWithin(field.message, bytes, reader.pos, reader.pos + length);
      reader.pos += length;
    } else {
      reader.skip(wireType, fieldNo);
    }
  }
  return key;
}

function readKey(reader: BinaryReader, type: ScalarType): Uint8Array | bigint {
  switch (type) {
    case ScalarType.STRING:
      return reader.bytes();
    case ScalarType.BOOL:
      return reader.bool() ? 1n : 0n;
    case ScalarType.INT32:
      return BigInt(reader.int32());
    case ScalarType.UINT32:
      return BigInt(reader.uint32());
    case ScalarType.SINT32:
      return BigInt(reader.sint32());
    case ScalarType.FIXED32:
      return BigInt(reader.fixed32());
    case ScalarType.SFIXED32:
      return BigInt(reader.sfixed32());
    case ScalarType.INT64:
      return BigInt(reader.int64());
    case ScalarType.UINT64:
      return BigInt(reader.uint64());
    case ScalarType.SINT64:
      return BigInt(reader.sint64());
    case ScalarType.FIXED64:
      return BigInt(reader.fixed64());
    default:
      return BigInt(reader.sfixed64());
  }
}

function compareKeys(a: Uint8Array | bigint, b: Uint8Array | bigint): number {
  if (typeof a === "bigint" || typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** Writes the entries of one run back in key order, over the region they occupy. */
function reorder(bytes: Uint8Array, run: Entry[]): void {
  const sorted = [...run].sort((x, y) => compareKeys(x.key, y.key));
  if (sorted.every((entry, i) => entry === run[i])) return;
  const regionStart = (run[0] as Entry).start;
  const copy = bytes.slice(regionStart, (run[run.length - 1] as Entry).end);
  let pos = regionStart;
  for (const entry of sorted) {
    bytes.set(copy.subarray(entry.start - regionStart, entry.end - regionStart), pos);
    pos += entry.end - entry.start;
  }
}
