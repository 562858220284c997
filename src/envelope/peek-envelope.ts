import type { CodecError } from "../codec-error.js";
import { lastPeek, peekInto } from "../internal/peek-into.js";
import type { EnvelopeKind } from "./envelope-kind.js";
import type { BinaryReadOptions } from "./options.js";

/**
 * What every {@link EnvelopePeek} holds: the envelope's handler, and the framing it came in.
 */
export interface EnvelopePeekBase {
  readonly kind: "ok";
  /** The envelope's `handler` (the last one, when it is given more than once). */
  readonly handler: string;
  /**
   * `"schema-registry"` for a value that starts with the Confluent Schema Registry magic byte
   * `0x00`, else `"raw"` (the envelope's bare protobuf bytes), as `decodeRecordValue` of `vehicle-update-codec/framing` tells
   * them apart.
   */
  readonly framing: "raw" | "schema-registry";
  /** The schema id of a `"schema-registry"` frame; undefined for `"raw"`. */
  readonly schemaId: number | undefined;
}

/**
 * Where the bytes of the envelope's `Data` member lie in the peeked value: what an
 * {@link EnvelopePeekOfKind} and an {@link EnvelopePeekOfNewerKind} hold beside
 * {@link EnvelopePeekBase}.
 */
export interface EnvelopePeekMember {
  /** The member's field number in the envelope: 2 to 12 for the kinds this schema knows. */
  readonly fieldNumber: number;
  /** The offset of the member's first byte (after its tag and length) from the value's start. */
  readonly dataOffset: number;
  /** The member's length in bytes. */
  readonly dataLength: number;
  /**
   * True when the member is given more than once with no other member between: proto3 merges
   * those occurrences into one message, and the range holds only the last of them. Decode the
   * envelope to get the merged member.
   */
  readonly merged: boolean;
}

/**
 * A peek at an envelope whose `Data` member is one this schema knows: its {@link EnvelopeKind}
 * and where its bytes lie, to be decoded with {@link decodeMessage} and the kind's schema.
 */
export interface EnvelopePeekOfKind extends EnvelopePeekBase, EnvelopePeekMember {
  readonly envelopeKind: EnvelopeKind;
}

/**
 * A peek at an envelope without a `Data` member this schema knows but with a length-delimited
 * field it does not know: most likely a member newer than this schema, whose field number
 * `fieldNumber` gives (the last such field when there are several).
 */
export interface EnvelopePeekOfNewerKind extends EnvelopePeekBase, EnvelopePeekMember {
  readonly envelopeKind: undefined;
}

/** A peek at an envelope that holds no `Data` member, neither known nor newer. */
export interface EnvelopePeekWithoutData extends EnvelopePeekBase {
  readonly envelopeKind: undefined;
  readonly fieldNumber: undefined;
  readonly dataOffset: undefined;
  readonly dataLength: undefined;
  readonly merged: false;
}

/** What {@link peekEnvelope} tells of an envelope it could read. */
export type EnvelopePeek = EnvelopePeekOfKind | EnvelopePeekOfNewerKind | EnvelopePeekWithoutData;

/** A value {@link peekEnvelope} could not read: the {@link CodecError} that says why. */
export interface EnvelopePeekFailure {
  readonly kind: "error";
  readonly error: CodecError;
}

/** What {@link peekEnvelope} returns: `kind` says which. */
export type EnvelopePeekResult = EnvelopePeek | EnvelopePeekFailure;

/**
 * Reads a Kafka record value only as far as routing needs: the envelope's handler, the kind of
 * its `Data` member and where the member's bytes lie, without decoding the member. The value is
 * bare protobuf or a Confluent Schema Registry frame (see `framing`); offsets count from its
 * first byte. It never throws for bad bytes: it returns `{ kind: "error", error }` with the
 * {@link CodecError} {@link decodeEnvelope} gives for the envelope's own fields (`truncated`,
 * `malformed`, `invalid_utf8` of the handler, `too_deep` for nested unknown groups, `too_large`
 * over `maxBytes`, default 16 MiB) or its framing reader for the frame's header. The inside of
 * the member is not checked: decoding it may still fail.
 *
 * Proto3 decides what the envelope holds: the last `handler` and the last `Data` member win; a
 * member given again before another member is merged with the earlier one (`merged: true`). An
 * envelope without a member this schema knows has `envelopeKind: undefined`, and `fieldNumber`
 * is that of its last length-delimited unknown field, a member newer than this schema, or
 * undefined when it has none: no `missing_data` failure, so a router can pass such records on.
 *
 * Throws a {@link CodecError} with code `invalid_argument` only for a bad option or a `bytes`
 * that is not a Uint8Array.
 *
 * ```ts
 * const peek = peekEnvelope(record.value);
 * if (peek.kind === "ok" && peek.envelopeKind === "carUpdateProgress" && !peek.merged) {
 *   const end = peek.dataOffset + peek.dataLength;
 *   handle(decodeMessage(CarUpdateProgressSchema, record.value.subarray(peek.dataOffset, end)));
 * }
 * ```
 */
export function peekEnvelope(
  bytes: Uint8Array,
  options?: Partial<Pick<BinaryReadOptions, "maxBytes" | "recursionLimit">>,
): EnvelopePeekResult {
  const error = peekInto(bytes, options);
  return error === undefined ? peeked() : { kind: "error", error };
}

/** The result of the last peek, from {@link lastPeek}. */
function peeked(): EnvelopePeek {
  const { handler, framing, schemaId, fieldNumber, envelopeKind, from, to, merged } = lastPeek;
  if (fieldNumber === 0) {
    return {
      kind: "ok",
      handler,
      framing,
      schemaId,
      envelopeKind: undefined,
      fieldNumber: undefined,
      dataOffset: undefined,
      dataLength: undefined,
      merged: false,
    };
  }
  return {
    kind: "ok",
    handler,
    framing,
    schemaId,
    envelopeKind,
    fieldNumber,
    dataOffset: from,
    dataLength: to - from,
    merged,
  } as EnvelopePeek;
}
