// Where each field of an envelope lies in its bytes, for the inspector page's hex view: a walk of
// the wire format along the schema's descriptors that names every field by its path in the
// proto3 JSON form (`keys.eccKeys[0].ecu`), so that a node of the JSON tree and a run of bytes
// point at each other. It decides nothing about the bytes: decodeEnvelope does. Where the walk
// cannot go on, it says at which offset and in which field, so the page can mark the bytes that
// decodeEnvelope's error names.

import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import {
  EGROUP,
  fieldWireType,
  I32,
  I64,
  isPackable,
  LEN,
  SGROUP,
  VARINT,
} from "../runtime/wire-type.js";

/** One field of the walk: its tag, its length prefix if any, and its value. */
export interface WireField {
  /** The path of the field's value in the proto3 JSON form: `updateGet.ecus.BCM.version`. */
  readonly path: string;
  /** The field number. */
  readonly number: number;
  /** The wire type, 0 to 5. */
  readonly wireType: number;
  /** What the field holds: `string`, `kafka_grpc.ECCKey`, `unknown field`. */
  readonly type: string;
  /** The offset of its tag. */
  readonly start: number;
  /** The offset of its value (after the tag and the length prefix). */
  readonly valueStart: number;
  /** The offset just after it. */
  readonly end: number;
  /** Whether the schema does not know it (a field of a newer schema). */
  readonly unknown: boolean;
  /** How many messages it is nested in: 0 for the envelope's own fields. */
  readonly depth: number;
}

/** Where the walk stopped: what it was reading, and the bytes that hold it. */
export interface WireProblem {
  /** The path of the field being read, or of its message when the tag itself is bad. */
  readonly path: string;
  /** What was being read: `tag`, `varint`, `length prefix`, `string`. */
  readonly what: string;
  /** The offset of the tag of the field being read: where the bytes to mark begin. */
  readonly start: number;
  /** The offset of the value that could not be read: the one decodeEnvelope's error names. */
  readonly offset: number;
  /** The end of the bytes to mark: the end of the value, or of the input it runs past. */
  readonly end: number;
}

/** The fields of the bytes, in the order of the walk, and where it stopped, if it did. */
export interface WireMap {
  readonly fields: readonly WireField[];
  readonly problem: WireProblem | undefined;
}

/** Thrown inside the walk to stop it; never leaves mapWire(). */
class Stop {
  constructor(readonly problem: WireProblem) {}
}

/** A path segment joined as JavaScript writes an access: `.name`, `[0]`, `["a b"]`. */
export function joinPath(path: string, segment: string | number): string {
  if (typeof segment === "number") return `${path}[${segment}]`;
  if (/^[A-Za-z_$#][\w$]*$/.test(segment)) return path === "" ? segment : `${path}.${segment}`;
  return `${path}[${JSON.stringify(segment)}]`;
}

/**
 * Walks `bytes[start, end)` as a message of `schema` and returns where each field lies; offsets
 * count from the start of `bytes`. Never throws for any bytes: where they break the wire format,
 * the walk stops and `problem` says where.
 */
export function mapWire(
  bytes: Uint8Array,
  schema: DescMessage,
  start = 0,
  end = bytes.length,
): WireMap {
  const fields: WireField[] = [];
  const walk = new Walk(bytes, fields);
  try {
    walk.message(schema, start, end, "", 0);
  } catch (stop) {
    if (!(stop instanceof Stop)) throw stop;
    return { fields, problem: stop.problem };
  }
  return { fields, problem: undefined };
}

const strictUtf8 = /*@__PURE__*/ new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

class Walk {
  pos = 0;
  /** The offset of the tag read last: the start of the field being read. */
  tagStart = 0;

  constructor(
    readonly bytes: Uint8Array,
    readonly fields: WireField[],
  ) {}

  stop(path: string, what: string, offset: number, end: number): never {
    throw new Stop({ path, what, start: Math.min(this.tagStart, offset), offset, end });
  }

  /** Reads a varint of at most `max` bytes at `this.pos`, before `end`, as a bigint. */
  varint(end: number, path: string, what: string, max = 10): bigint {
    const start = this.pos;
    let value = 0n;
    for (let i = 0; ; i++) {
      if (this.pos >= end) this.stop(path, what, start, end);
      const b = this.bytes[this.pos++] as number;
      value |= BigInt(b & 0x7f) << BigInt(7 * i);
      if (b < 0x80) return value;
      if (i + 1 >= max) this.stop(path, what, start, this.pos);
    }
  }

  /** Reads a tag (a varint of at most 5 bytes) and notes where the field it starts begins. */
  tag(end: number, path: string): bigint {
    this.tagStart = this.pos;
    return this.varint(end, path, "tag", 5);
  }

  /** Reads a length prefix and returns the end of the data it announces. */
  length(end: number, path: string): number {
    const start = this.pos;
    const n = this.varint(end, path, "length prefix");
    if (n > 0xffffffffn || BigInt(this.pos) + n > BigInt(end)) {
      this.stop(path, "length prefix", start, end);
    }
    return this.pos + Number(n);
  }

  message(schema: DescMessage, start: number, end: number, path: string, depth: number): void {
    const counts = new Map<number, number>();
    this.pos = start;
    while (this.pos < end) {
      const tagStart = this.pos;
      const tag = this.tag(end, path);
      const number = Number(tag >> 3n);
      const wireType = Number(tag & 7n);
      if (tag > 0xffffffffn || number === 0 || wireType > I32 || wireType === EGROUP) {
        this.stop(path, "tag", tagStart, this.pos);
      }
      const field = schema.fields.find((f) => f.number === number);
      if (field === undefined) {
        this.unknown(tagStart, number, wireType, end, joinPath(path, `#${number}`), depth);
        continue;
      }
      const index = counts.get(number) ?? 0;
      counts.set(number, index + 1);
      const at = joinPath(path, field.jsonName);
      if (wireType !== fieldWireType(field)) {
        if (!(wireType === LEN && isPackable(field))) this.stop(at, "tag", tagStart, this.pos);
        this.packed(field, tagStart, end, at, depth, index);
        continue;
      }
      this.known(field, tagStart, wireType, end, at, depth, index);
    }
  }

  /** A field whose wire type is the one its declaration gives. */
  known(
    field: DescField,
    tagStart: number,
    wireType: number,
    end: number,
    at: string,
    depth: number,
    index: number,
  ): void {
    const add = (path: string, type: string, valueStart: number, fieldEnd: number) =>
      this.fields.push({
        path,
        number: field.number,
        wireType,
        type,
        start: tagStart,
        valueStart,
        end: fieldEnd,
        unknown: false,
        depth,
      });
    const path = field.fieldKind === "list" ? joinPath(at, index) : at;
    if (wireType !== LEN) {
      const valueStart = this.pos;
      this.scalar(wireType, end, path);
      add(path, typeOf(field), valueStart, this.pos);
      return;
    }
    const prefix = this.pos;
    const valueEnd = this.length(end, path);
    const valueStart = this.pos;
    if (field.fieldKind === "map") {
      const key = this.mapKey(field, valueStart, valueEnd, at);
      const entryPath = joinPath(at, key);
      add(entryPath, typeOf(field), valueStart, valueEnd);
      if (field.mapKind === "message") {
        this.entryValue(field.message, valueStart, valueEnd, entryPath, depth + 1);
      }
      this.pos = valueEnd;
      return;
    }
    const message =
      field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message")
        ? field.message
        : undefined;
    add(path, typeOf(field), valueStart, valueEnd);
    if (message !== undefined) {
      this.message(message, valueStart, valueEnd, path, depth + 1);
    } else if (scalarOf(field) === ScalarType.STRING) {
      try {
        strictUtf8.decode(this.bytes.subarray(valueStart, valueEnd));
      } catch {
        // A fatal TextDecoder throws for invalid UTF-8 and nothing else, for a subarray.
        this.stop(path, "string", prefix, valueEnd);
      }
    }
    this.pos = valueEnd;
  }

  /** The value of a map entry that is a message: field 2 of the entry, walked as a message. */
  entryValue(message: DescMessage, start: number, end: number, path: string, depth: number): void {
    this.pos = start;
    while (this.pos < end) {
      const tagStart = this.pos;
      const tag = this.tag(end, path);
      const wireType = Number(tag & 7n);
      if (tag >> 3n === 2n && wireType === LEN) {
        const valueEnd = this.length(end, path);
        this.message(message, this.pos, valueEnd, path, depth);
        this.pos = valueEnd;
      } else {
        this.skip(Number(tag >> 3n), wireType, tagStart, end, path);
      }
    }
  }

  /** The key of a map entry, as the JSON form writes it: read from field 1, or the zero key. */
  mapKey(field: DescField & { fieldKind: "map" }, start: number, end: number, at: string): string {
    this.pos = start;
    let key = "";
    while (this.pos < end) {
      const tagStart = this.pos;
      const tag = this.tag(end, at);
      const wireType = Number(tag & 7n);
      if (tag >> 3n !== 1n) {
        this.skip(Number(tag >> 3n), wireType, tagStart, end, at);
        continue;
      }
      if (wireType === LEN) {
        const keyEnd = this.length(end, at);
        key = new TextDecoder().decode(this.bytes.subarray(this.pos, keyEnd));
        this.pos = keyEnd;
      } else if (wireType === VARINT) {
        key = mapKeyText(field.mapKey, this.varint(end, at, "varint"));
      } else {
        this.skip(1, wireType, tagStart, end, at);
      }
    }
    if (key === "" && field.mapKey === ScalarType.BOOL) key = "false";
    if (key === "" && field.mapKey !== ScalarType.STRING) key = "0";
    return key;
  }

  /** A packed repeated field: one entry per element. */
  packed(
    field: DescField,
    tagStart: number,
    end: number,
    at: string,
    depth: number,
    first: number,
  ): void {
    const valueEnd = this.length(end, at);
    const wireType = fieldWireType(field);
    let index = first;
    while (this.pos < valueEnd) {
      const valueStart = this.pos;
      const path = joinPath(at, index++);
      this.scalar(wireType, valueEnd, path);
      this.fields.push({
        path,
        number: field.number,
        wireType: LEN,
        type: typeOf(field),
        start: tagStart,
        valueStart,
        end: this.pos,
        unknown: false,
        depth,
      });
    }
  }

  /** A value of wire type VARINT, I64 or I32. */
  scalar(wireType: number, end: number, path: string): void {
    if (wireType === VARINT) {
      this.varint(end, path, "varint");
      return;
    }
    const size = wireType === I64 ? 8 : 4;
    if (this.pos + size > end)
      this.stop(path, wireType === I64 ? "fixed64" : "fixed32", this.pos, end);
    this.pos += size;
  }

  unknown(
    tagStart: number,
    number: number,
    wireType: number,
    end: number,
    path: string,
    depth: number,
  ) {
    const valueStart = this.pos;
    this.skip(number, wireType, tagStart, end, path);
    this.fields.push({
      path,
      number,
      wireType,
      type: "unknown field",
      start: tagStart,
      valueStart,
      end: this.pos,
      unknown: true,
      depth,
    });
  }

  /** Skips the value of the field whose tag ends at `this.pos`. */
  skip(number: number, wireType: number, tagStart: number, end: number, path: string): void {
    switch (wireType) {
      case VARINT:
      case I64:
      case I32:
        this.scalar(wireType, end, path);
        return;
      case LEN:
        this.pos = this.length(end, path);
        return;
      case SGROUP:
        for (;;) {
          if (this.pos >= end) this.stop(path, "group", tagStart, end);
          const innerStart = this.pos;
          const tag = this.tag(end, path);
          const inner = Number(tag >> 3n);
          const type = Number(tag & 7n);
          if (type === EGROUP) {
            if (inner !== number) this.stop(path, "tag", innerStart, this.pos);
            return;
          }
          if (inner === 0 || type > I32) this.stop(path, "tag", innerStart, this.pos);
          this.skip(inner, type, innerStart, end, path);
        }
      default:
        this.stop(path, "tag", tagStart, this.pos);
    }
  }
}

/** A varint map key as the JSON form writes it. */
function mapKeyText(type: ScalarType, value: bigint): string {
  switch (type) {
    case ScalarType.BOOL:
      return String(value !== 0n);
    case ScalarType.INT32:
      return String(BigInt.asIntN(32, value));
    case ScalarType.INT64:
      return String(BigInt.asIntN(64, value));
    case ScalarType.SINT32:
    case ScalarType.SINT64:
      return String((value >> 1n) ^ -(value & 1n));
    case ScalarType.UINT32:
      return String(BigInt.asUintN(32, value));
    default:
      return String(value);
  }
}

/** The scalar type of a scalar field or of the elements of a scalar list, else undefined. */
function scalarOf(field: DescField): ScalarType | undefined {
  if (field.fieldKind === "scalar") return field.scalar;
  if (field.fieldKind === "list" && field.listKind === "scalar") return field.scalar;
  return undefined;
}

/** What a field holds, as the page shows it: a scalar's proto name or a type's full name. */
function typeOf(field: DescField): string {
  switch (field.fieldKind) {
    case "message":
      return field.message.typeName;
    case "enum":
      return field.enum.typeName;
    case "map":
      return `map entry`;
    case "list":
      if (field.listKind === "message") return field.message.typeName;
      if (field.listKind === "enum") return field.enum.typeName;
      return ScalarType[field.scalar].toLowerCase();
    default:
      return ScalarType[field.scalar].toLowerCase();
  }
}
