import {
  type DescField,
  type DescMessage,
  fromBinary,
  type MessageShape,
  ScalarType,
} from "@bufbuild/protobuf";
import { CodecError, isCodecError } from "../../src/codec-error.js";
import type { BinaryReadOptions } from "../../src/envelope/options.js";
import { binaryReadDefaults } from "../../src/internal/option-defaults.js";
import { checkReadInput, readError } from "../../src/internal/read-binary.js";
import { scalarWireType } from "../../src/runtime/wire-type.js";

// A test oracle: an implementation of the binary format's checks written apart from the runtime
// (src/runtime/binary-reader.ts), so that each proves the other. decodeByOracle() runs it, then
// protobuf-es's fromBinary() on the checked bytes; test/runtime and test/envelope hold the
// generated decoders to it on every input, result and error.
//
// The wire type each scalar is written with is the one rule it shares with the runtime and the
// plugin (src/runtime/wire-type.ts); Google's conformance tests hold that rule.
//
// The wire check walks the bytes once, guided by the schema, before protobuf-es decodes them,
// and rejects with the offset:
// - a varint of more than 10 bytes, a tag over 5 bytes, field number 0, wire types 6 and 7;
// - a length prefix of 2^32 or more;
// - a length that runs past the end of the enclosing message;
// - a group closed outside the message that opened it, or closed with another field number;
// - a known field sent with a wire type its type cannot have;
// - invalid UTF-8 in a string field or map key;
// - nesting deeper than the recursion limit.

const VARINT = 0;
const I64 = 1;
const LEN = 2;
const SGROUP = 3;
const EGROUP = 4;
const I32 = 5;

const wireTypeNames = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32"];

/** What a field accepts on the wire: its wire type, and whether a packed list (LEN) is fine. */
interface FieldRule {
  readonly field: DescField;
  /** The name in error texts: the field's, or `key` / `value` inside a map entry. */
  readonly label: string;
  readonly wireType: number;
  readonly packed: boolean;
  readonly utf8: boolean;
  /** The message to descend into for message fields and map values. */
  readonly message: DescMessage | undefined;
  /** For map fields: the rules of the entry's key (1) and value (2). */
  readonly entry: ReadonlyMap<number, FieldRule> | undefined;
}

const rulesCache = /*@__PURE__*/ new WeakMap<DescMessage, ReadonlyMap<number, FieldRule>>();

function scalarRule(
  field: DescField,
  scalar: ScalarType,
  packable: boolean,
  label = field.name,
): FieldRule {
  const wireType = scalarWireType(scalar);
  return {
    field,
    label,
    wireType,
    packed: packable && wireType !== LEN,
    utf8: scalar === ScalarType.STRING,
    message: undefined,
    entry: undefined,
  };
}

function messageRule(
  field: DescField,
  message: DescMessage,
  delimited: boolean,
  label = field.name,
): FieldRule {
  const wireType = delimited ? SGROUP : LEN;
  return { field, label, wireType, packed: false, utf8: false, message, entry: undefined };
}

function rulesOf(desc: DescMessage): ReadonlyMap<number, FieldRule> {
  let rules = rulesCache.get(desc);
  if (rules === undefined) {
    const map = new Map<number, FieldRule>();
    for (const field of desc.fields) {
      map.set(field.number, ruleOf(field));
    }
    rules = map;
    rulesCache.set(desc, rules);
  }
  return rules;
}

function ruleOf(field: DescField): FieldRule {
  switch (field.fieldKind) {
    case "scalar":
      return scalarRule(field, field.scalar, false);
    case "enum":
      return scalarRule(field, ScalarType.INT32, false);
    case "message":
      return messageRule(field, field.message, field.delimitedEncoding);
    case "list":
      switch (field.listKind) {
        case "scalar":
          return scalarRule(field, field.scalar, true);
        case "enum":
          return scalarRule(field, ScalarType.INT32, true);
        case "message":
          return messageRule(field, field.message, field.delimitedEncoding);
      }
      break;
    case "map": {
      const entry = new Map<number, FieldRule>();
      entry.set(1, scalarRule(field, field.mapKey, false, "key"));
      switch (field.mapKind) {
        case "scalar":
          entry.set(2, scalarRule(field, field.scalar, false, "value"));
          break;
        case "enum":
          entry.set(2, scalarRule(field, ScalarType.INT32, false, "value"));
          break;
        case "message":
          entry.set(2, messageRule(field, field.message, false, "value"));
          break;
      }
      const label = field.name;
      return { field, label, wireType: LEN, packed: false, utf8: false, message: undefined, entry };
    }
  }
  throw new Error("unsupported field kind");
}

const strictUtf8 = /*@__PURE__*/ new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * One pass over `bytes` as a `desc`, throwing a CodecError at the first problem. Reads
 * nothing into objects: protobuf-es does that afterwards, on bytes known to be sound.
 */
export function checkWire(desc: DescMessage, bytes: Uint8Array, recursionLimit: number): void {
  const walker = new WireWalker(desc, bytes, recursionLimit);
  walker.message(rulesOf(desc), desc.typeName, bytes.length, 1);
}

class WireWalker {
  pos = 0;

  constructor(
    private readonly root: DescMessage,
    private readonly buf: Uint8Array,
    private readonly recursionLimit: number,
  ) {}

  fail(code: "truncated" | "malformed" | "invalid_utf8" | "too_deep", detail: string): never {
    throw new CodecError(code, `cannot decode ${this.root.typeName} from binary: ${detail}`);
  }

  /** Fails with `truncated` past the input's end, `malformed` past an enclosing message's end. */
  overrun(what: string, start: number, end: number, scope: string): never {
    if (end >= this.buf.length) {
      this.fail("truncated", `${what} at offset ${start} runs past the end of the input`);
    }
    this.fail(
      "malformed",
      `${what} at offset ${start} runs past the end of ${scope} at offset ${end}`,
    );
  }

  /** Reads a varint of at most 10 bytes; returns it as a float (exact below 2^53). */
  varint(end: number, scope: string): number {
    const start = this.pos;
    const buf = this.buf;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= end) this.overrun("varint", start, end, scope);
      const byte = buf[this.pos++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
    this.fail("malformed", `varint at offset ${start} is longer than 10 bytes`);
  }

  skip(n: number, what: string, end: number, scope: string): void {
    const start = this.pos;
    if (this.pos + n > end) this.overrun(what, start, end, scope);
    this.pos += n;
  }

  /** Reads a length prefix and returns the end of the data it announces. */
  length(end: number, scope: string): number {
    const start = this.pos;
    const len = this.varint(end, scope);
    if (len > 0xffffffff) {
      this.fail("malformed", `length prefix at offset ${start} is ${len}, 2^32 or more`);
    }
    if (this.pos + len > end)
      this.overrun(`length-delimited field of ${len} bytes`, start, end, scope);
    return this.pos + len;
  }

  /**
   * Walks the fields of one message up to `end`, or, with `group`, up to its END_GROUP tag.
   * `scope` names the message for error texts.
   */
  message(
    rules: ReadonlyMap<number, FieldRule>,
    scope: string,
    end: number,
    depth: number,
    group?: { fieldNo: number; start: number; parent: string },
  ): void {
    if (depth > this.recursionLimit) {
      this.fail(
        "too_deep",
        `${scope} at offset ${this.pos} nests deeper than recursionLimit ${this.recursionLimit}`,
      );
    }
    while (this.pos < end) {
      const tagStart = this.pos;
      const tag = this.varint(end, scope);
      if (this.pos - tagStart > 5 || tag > 0xffffffff) {
        this.fail("malformed", `tag at offset ${tagStart} does not fit 32 bits`);
      }
      const fieldNo = Math.floor(tag / 8);
      const wireType = tag % 8;
      if (fieldNo === 0) this.fail("malformed", `field number 0 at offset ${tagStart}`);
      if (wireType > 5) {
        this.fail("malformed", `invalid wire type ${wireType} at offset ${tagStart}`);
      }
      if (wireType === EGROUP) {
        if (group === undefined || group.fieldNo !== fieldNo) {
          this.fail("malformed", `unexpected END_GROUP for field ${fieldNo} at offset ${tagStart}`);
        }
        return;
      }
      const rule = rules.get(fieldNo);
      if (rule === undefined) {
        this.unknown(fieldNo, wireType, tagStart, end, scope, depth);
      } else {
        this.known(rule, wireType, tagStart, end, scope, depth);
      }
    }
    if (group !== undefined) {
      const what = `group ${group.fieldNo} at offset ${group.start} runs past the end of`;
      if (end >= this.buf.length) this.fail("truncated", `${what} the input`);
      this.fail("malformed", `${what} ${group.parent} at offset ${end}`);
    }
  }

  unknown(
    fieldNo: number,
    wireType: number,
    tagStart: number,
    end: number,
    scope: string,
    depth: number,
  ): void {
    if (wireType !== SGROUP) {
      this.scalar(wireType, end, scope);
      return;
    }
    this.message(emptyRules, `group ${fieldNo} in ${scope}`, end, depth + 1, {
      fieldNo,
      start: tagStart,
      parent: scope,
    });
  }

  known(
    rule: FieldRule,
    wireType: number,
    tagStart: number,
    end: number,
    scope: string,
    depth: number,
  ): void {
    const name = `${scope}.${rule.label}`;
    if (wireType === LEN && rule.packed) {
      const packedEnd = this.length(end, scope);
      while (this.pos < packedEnd) this.scalar(rule.wireType, packedEnd, name);
      return;
    }
    if (wireType !== rule.wireType) {
      this.fail(
        "malformed",
        `field ${name} at offset ${tagStart} has wire type ` +
          `${wireTypeNames[wireType]}, expected ${wireTypeNames[rule.wireType]}`,
      );
    }
    if (rule.entry !== undefined) {
      const entryEnd = this.length(end, scope);
      this.mapEntry(rule.entry, name, entryEnd, depth);
      return;
    }
    if (rule.message !== undefined) {
      const child = rulesOf(rule.message);
      if (wireType === SGROUP) {
        this.message(child, rule.message.typeName, end, depth + 1, {
          fieldNo: rule.field.number,
          start: tagStart,
          parent: scope,
        });
        return;
      }
      const childEnd = this.length(end, scope);
      this.message(child, rule.message.typeName, childEnd, depth + 1);
      return;
    }
    if (rule.utf8) {
      this.string(end, scope, name);
      return;
    }
    this.scalar(wireType, end, scope);
  }

  mapEntry(
    entry: ReadonlyMap<number, FieldRule>,
    name: string,
    entryEnd: number,
    depth: number,
  ): void {
    const scope = `${name}[entry]`;
    while (this.pos < entryEnd) {
      const tagStart = this.pos;
      const tag = this.varint(entryEnd, scope);
      const fieldNo = Math.floor(tag / 8);
      const wireType = tag % 8;
      if (
        fieldNo === 0 ||
        wireType > 5 ||
        wireType === EGROUP ||
        tag > 0xffffffff ||
        this.pos - tagStart > 5
      ) {
        this.fail("malformed", `invalid tag in ${scope} at offset ${tagStart}`);
      }
      const rule = entry.get(fieldNo);
      if (rule === undefined) {
        this.unknown(fieldNo, wireType, tagStart, entryEnd, scope, depth);
      } else {
        this.known(rule, wireType, tagStart, entryEnd, scope, depth);
      }
    }
  }

  scalar(wireType: number, end: number, scope: string): void {
    switch (wireType) {
      case VARINT:
        this.varint(end, scope);
        return;
      case I64:
        this.skip(8, "fixed64 value", end, scope);
        return;
      case I32:
        this.skip(4, "fixed32 value", end, scope);
        return;
      case LEN:
        this.pos = this.length(end, scope);
        return;
    }
  }

  string(end: number, scope: string, name: string): void {
    const start = this.pos;
    const stringEnd = this.length(end, scope);
    const buf = this.buf;
    for (let i = this.pos; i < stringEnd; i++) {
      if ((buf[i] as number) >= 0x80) {
        try {
          strictUtf8.decode(buf.subarray(this.pos, stringEnd));
        } catch (cause) {
          throw new CodecError(
            "invalid_utf8",
            `cannot decode ${this.root.typeName} from binary: invalid UTF-8 in ${name} at offset ${start}`,
            { cause },
          );
        }
        break;
      }
    }
    this.pos = stringEnd;
  }
}

const emptyRules: ReadonlyMap<number, FieldRule> = /*@__PURE__*/ new Map();

/**
 * Decodes `bytes` as a `schema` message the independent way: the public API's argument checks,
 * the wire check above, then protobuf-es's fromBinary(). What decodeMessage() did before the
 * generated decoders, and what they must still agree with.
 */
export function decodeByOracle<Desc extends DescMessage>(
  schema: Desc,
  bytes: Uint8Array,
  options?: Partial<BinaryReadOptions>,
): MessageShape<Desc> {
  const { recursionLimit, readUnknownFields } = checkReadInput(
    schema.typeName,
    bytes,
    options,
    binaryReadDefaults,
  );
  try {
    checkWire(schema, bytes, recursionLimit);
    return fromBinary(schema, bytes, { readUnknownFields, recursionLimit });
  } catch (cause) {
    throw isCodecError(cause) ? cause : readError(schema.typeName, cause);
  }
}
