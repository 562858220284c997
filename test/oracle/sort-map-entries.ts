import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { BinaryReader } from "@bufbuild/protobuf/wire";

// A test oracle: deterministic map order written apart from the runtime's (mapKeysInOrder in
// src/runtime/binary-writer.ts), for encodeByOracle(). Deterministic encoding, as Google's runtimes do it: map entries ordered by key. protobuf-es
// writes a map in its object's key order, so a map out of order is rebuilt in order before
// encoding (on a shallow copy: the caller's message is left alone). A JavaScript object cannot
// hold "10" before "9", nor order numeric keys as numbers, so such maps are sorted in the
// encoded bytes instead: entries move within their message without changing any length.

/** The fields of a message type through which a map can be reached. */
type MapPath = readonly DescField[];

const mapPathCache = new WeakMap<DescMessage, MapPath>();

/** The fields of `desc` that are maps or lead to a message type that can hold one. */
function mapPath(desc: DescMessage, visiting = new Set<DescMessage>()): MapPath {
  const cached = mapPathCache.get(desc);
  if (cached !== undefined) return cached;
  if (visiting.has(desc)) return []; // a cycle is re-examined from its entry point
  visiting.add(desc);
  const path: DescField[] = [];
  for (const field of desc.fields) {
    if (field.fieldKind === "map") {
      path.push(field);
    } else if (
      (field.fieldKind === "message" ||
        (field.fieldKind === "list" && field.listKind === "message")) &&
      mapPath(field.message, visiting).length > 0
    ) {
      path.push(field);
    }
  }
  visiting.delete(desc);
  if (visiting.size === 0) mapPathCache.set(desc, path);
  return path;
}

/** A key that a JavaScript object puts first, in numeric order, whatever the insertion order. */
const arrayIndex = /^(?:0|[1-9][0-9]{0,9})$/;

/** What {@link orderMaps} found: the message to write, and whether its bytes still need sorting. */
export interface OrderedMaps {
  readonly message: object;
  readonly byteSortNeeded: boolean;
}

/**
 * Returns `message`, or a shallow copy along the way to each map that was out of key order with
 * that map rebuilt in order, so that protobuf-es writes its entries sorted. Maps an object
 * cannot order (numeric keys, and string keys such as "10") are left for {@link sortMapEntries}
 * on the bytes. `message` itself is never changed.
 */
export function orderMaps(desc: DescMessage, message: object): OrderedMaps {
  const state = { byteSortNeeded: false };
  const ordered =
    mapPath(desc).length > 0
      ? orderWithin(desc, message as Record<string, unknown>, state)
      : undefined;
  return { message: ordered ?? message, byteSortNeeded: state.byteSortNeeded };
}

/** Returns a reordered copy of `message`, or undefined when nothing in it needed reordering. */
function orderWithin(
  desc: DescMessage,
  message: Record<string, unknown>,
  state: { byteSortNeeded: boolean },
): Record<string, unknown> | undefined {
  let copy: Record<string, unknown> | undefined;
  for (const field of mapPath(desc)) {
    const oneof =
      field.oneof === undefined
        ? undefined
        : (message[field.oneof.localName] as { case?: string; value?: unknown } | undefined);
    const value =
      oneof === undefined
        ? message[field.localName]
        : oneof.case === field.localName
          ? oneof.value
          : undefined;
    if (value === undefined || value === null) continue;
    let replaced: unknown;
    if (field.fieldKind === "map") {
      replaced = orderMap(field, value as Record<string, unknown>, state);
    } else if (field.fieldKind === "list") {
      const items = value as Record<string, unknown>[];
      let changed: unknown[] | undefined;
      items.forEach((item, i) => {
        const ordered = orderWithin(field.message as DescMessage, item, state);
        if (ordered !== undefined) {
          changed ??= [...items];
          changed[i] = ordered;
        }
      });
      replaced = changed;
    } else {
      replaced = orderWithin(field.message as DescMessage, value as Record<string, unknown>, state);
    }
    if (replaced === undefined) continue;
    // A copy that keeps the prototype: toBinary() reads inherited properties too.
    copy ??= Object.assign(Object.create(Object.getPrototypeOf(message)), message) as Record<
      string,
      unknown
    >;
    const target = copy;
    if (oneof === undefined) target[field.localName] = replaced;
    else
      target[(field.oneof as { localName: string }).localName] = {
        case: field.localName,
        value: replaced,
      };
  }
  return copy;
}

function orderMap(
  field: DescField & { fieldKind: "map" },
  map: Record<string, unknown>,
  state: { byteSortNeeded: boolean },
): Record<string, unknown> | undefined {
  const keys = Object.keys(map);
  let values: Record<string, unknown> | undefined;
  if (field.mapKind === "message" && mapPath(field.message).length > 0) {
    for (const key of keys) {
      const ordered = orderWithin(field.message, map[key] as Record<string, unknown>, state);
      if (ordered !== undefined) {
        values ??= { ...map };
        values[key] = ordered;
      }
    }
  }
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) {
    sorted = compareUtf8(keys[i - 1] as string, keys[i] as string) <= 0;
  }
  if (sorted && field.mapKey === ScalarType.STRING) {
    if (values === undefined) return undefined;
    return Object.assign(Object.create(null), values);
  }
  if (field.mapKey !== ScalarType.STRING || keys.some((key) => arrayIndex.test(key))) {
    if (keys.length > 1) state.byteSortNeeded = true;
    return values === undefined ? undefined : Object.assign(Object.create(null), values);
  }
  const source = values ?? map;
  const ordered: Record<string, unknown> = Object.create(null);
  for (const key of keys.sort(compareUtf8)) ordered[key] = source[key];
  return ordered;
}

/**
 * Reorders, in place, the entries of every map in `bytes` (the `desc` message `message` as
 * protobuf-es writes it) by key: strings byte-wise by their UTF-8, numbers by value, false before
 * true. `message` tells the entries toBinary() wrote from unknown fields with the same number.
 */
export function sortMapEntries(desc: DescMessage, message: object, bytes: Uint8Array): void {
  if (mapPath(desc).length > 0) sortWithin(desc, message, bytes, 0, bytes.length);
}

interface Entry {
  readonly start: number;
  readonly end: number;
  readonly key: Uint8Array | bigint;
}

type Fields = Record<string, unknown>;

/** The value toBinary() wrote for `field` of `message`, if any. */
function writtenValue(field: DescField, message: Fields): unknown {
  if (field.oneof === undefined) return message[field.localName];
  const oneof = message[field.oneof.localName] as { case?: unknown; value?: unknown } | undefined;
  return oneof?.case === field.localName ? oneof.value : undefined;
}

function sortWithin(
  desc: DescMessage,
  message: object,
  bytes: Uint8Array,
  start: number,
  end: number,
): void {
  const path = mapPath(desc);
  const reader = new BinaryReader(bytes.subarray(0, end));
  reader.pos = start;
  const seen = new Map<number, number>();
  let run: Entry[] = [];
  let runField: DescField | undefined;
  while (reader.pos < end) {
    const tagStart = reader.pos;
    let fieldNo: number;
    let wireType: number;
    try {
      [fieldNo, wireType] = reader.tag();
      if (wireType !== 2) {
        reader.skip(wireType, fieldNo);
        continue;
      }
    } catch {
      // A malformed unknown field (a `$unknown` entry's data is written as given). toBinary()
      // writes unknown fields last, so nothing known follows it: the scan ends here.
      break;
    }
    const field = path.find((f) => f.number === fieldNo);
    const value = field === undefined ? undefined : writtenValue(field, message as Fields);
    const index = seen.get(fieldNo) ?? 0;
    seen.set(fieldNo, index + 1);
    // Known fields come first; an occurrence past what the message holds is an unknown field.
    const known =
      field !== undefined &&
      value !== undefined &&
      (field.fieldKind === "map"
        ? index < Object.keys(value as object).length
        : field.fieldKind === "list"
          ? index < (value as unknown[]).length
          : index === 0);
    if (!known) {
      try {
        reader.skip(wireType, fieldNo);
      } catch {
        break; // a malformed unknown field, as above
      }
      continue;
    }
    const length = reader.uint32();
    const dataStart = reader.pos;
    reader.pos += length;
    if (field.fieldKind === "map") {
      if (runField !== field && run.length > 1) reorder(bytes, run);
      if (runField !== field) run = [];
      runField = field;
      run.push({
        start: tagStart,
        end: reader.pos,
        key: entryKey(field, value as Fields, bytes, dataStart, reader.pos),
      });
    } else {
      const child = field.fieldKind === "list" ? (value as object[])[index] : value;
      sortWithin(field.message as DescMessage, child as object, bytes, dataStart, reader.pos);
    }
  }
  if (run.length > 1) reorder(bytes, run);
}

/** Reads an entry's key (field 1), sorting a message value first if it can hold maps. */
function entryKey(
  field: DescField & { fieldKind: "map" },
  map: Fields,
  bytes: Uint8Array,
  start: number,
  end: number,
) {
  const reader = new BinaryReader(bytes.subarray(0, end));
  reader.pos = start;
  let key: Uint8Array | bigint = field.mapKey === ScalarType.STRING ? new Uint8Array(0) : 0n;
  let value: [number, number] | undefined;
  while (reader.pos < end) {
    const [fieldNo, wireType] = reader.tag();
    if (fieldNo === 1) {
      key = readKey(reader, field.mapKey);
    } else if (fieldNo === 2 && field.mapKind === "message" && wireType === 2) {
      const length = reader.uint32();
      value = [reader.pos, reader.pos + length];
      reader.pos += length;
    } else {
      reader.skip(wireType, fieldNo);
    }
  }
  if (value !== undefined && field.mapKind === "message" && mapPath(field.message).length > 0) {
    const name =
      typeof key === "bigint"
        ? field.mapKey === ScalarType.BOOL
          ? String(key === 1n)
          : String(key)
        : new TextDecoder().decode(key);
    sortWithin(field.message, map[name] as object, bytes, value[0], value[1]);
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

/** Compares two strings by their UTF-8 bytes, with Node's Buffer: independent of the runtime. */
export function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}
