import {
  GRPC_AttendantPayload$DataCases,
  GRPC_AttendantPayload$DataNumbers,
} from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import {
  type DecodedEnvelope,
  type RecordFraming,
  type RecordValueReadOptions,
  VALUE_SCHEMA_ID_HEADER,
} from "../framing/index.js";
import {
  type BinaryReadOptions,
  type EnvelopeKind,
  type EnvelopeOf,
  envelopeKinds,
  isCodecError,
  isEnvelopeKind,
  type peekEnvelope, // named in the docs
} from "../index.js";
import { decodeSchemaIdHeader } from "../internal/decode-schema-id-header.js";
import { describeValue, showValue } from "../internal/describe-value.js";
import { lastPeek, lastPeekFrame, peekInto } from "../internal/peek-into.js";
import type { RecordFrame } from "../internal/record-frame.js";
import { readHeader } from "../internal/record-headers.js";
import { isUint8Array } from "../runtime/bytes-value.js";
import type { KafkaDecodeResult, KafkaRecordOrigin } from "./decode-kafka-message.js";
import type { KafkaMessage } from "./kafka-message.js";

/**
 * Options for {@link decodeKafkaBatch} and {@link decodeKafkaMessage}: those of
 * {@link decodeRecordValue}, and `kinds`.
 */
export interface KafkaDecodeOptions extends RecordValueReadOptions {
  /**
   * The kinds of envelope to decode, by name (`["carUpdateProgress"]`, or a `Set` of them).
   * A record of another kind, or of a kind newer than this schema, is not decoded: its result
   * has `kind: "skipped"`. Default: every record is decoded.
   */
  kinds: Iterable<EnvelopeKind>;
}

/**
 * A record left undecoded because its kind is not among the option `kinds`: its origin, what a
 * peek at the value told (see {@link peekEnvelope}), and the value untouched, to pass on.
 */
export interface KafkaSkipped<M extends KafkaMessage = KafkaMessage> extends KafkaRecordOrigin<M> {
  readonly kind: "skipped";
  /** The kind of the envelope's `Data` member; undefined for a kind newer than this schema. */
  readonly envelopeKind: EnvelopeKind | undefined;
  /**
   * The field number of the `Data` member (2 to 12 for the kinds this schema knows, another
   * number for a newer kind); undefined for an envelope without a member, which is skipped only
   * with `requireData: false`.
   */
  readonly fieldNumber: number | undefined;
  /** The envelope's `handler`. */
  readonly handler: string;
  /** The framing the value is in, as a decoded record's `framing` says it. */
  readonly framing: RecordFraming;
  /** The schema id of the Schema Registry framings, when the record has one. */
  readonly schemaId: number | undefined;
  /** The schema GUID of the `"schema-registry-header"` framing, when its header has one. */
  readonly schemaGuid: string | undefined;
  /** The record's value, untouched: to pass on, or to decode without `kinds`. */
  readonly value: NonNullable<M["value"]>;
}

/**
 * What {@link decodeKafkaMessage} and {@link decodeKafkaBatch} give for one record with options
 * of type `O`: a {@link KafkaDecodeResult}, and with the option `kinds` a {@link KafkaSkipped}
 * too, a decoded envelope then being of one of those kinds.
 */
export type KafkaDecodeResultOf<M extends KafkaMessage, O> = [
  // The kinds `O` gives, as a union of names: never when it gives none.
  O extends object
    ? "kinds" extends keyof O
      ? O["kinds"] extends Iterable<infer K> | undefined
        ? K & EnvelopeKind
        : never
      : never
    : never,
] extends [infer Kinds extends EnvelopeKind]
  ? [Kinds] extends [never]
    ? KafkaDecodeResult<M, DecodedEnvelope<O>>
    : KafkaDecodeResult<M, EnvelopeOf<Kinds>> | KafkaSkipped<M>
  : never;

/** The option `kinds`, checked: the field numbers to decode, and how to peek at a value. */
export interface KindSelection {
  /** Bit n set: decode the member of field number n (the members' numbers are below 32). */
  readonly mask: number;
  readonly peekOptions: Partial<Pick<BinaryReadOptions, "maxBytes" | "recursionLimit">> | undefined;
  readonly schemaIdHeader: string;
}

/**
 * The option `kinds` of checked read options, or undefined without one. Throws
 * `invalid_argument` for one that is not an iterable of envelope kinds. @internal
 */
export function selectKinds(
  options: Partial<KafkaDecodeOptions> | undefined,
  error: (detail: string) => Error,
): KindSelection | undefined {
  const kinds: unknown = options?.kinds;
  if (kinds === undefined) return undefined;
  if (
    typeof kinds !== "object" ||
    kinds === null ||
    typeof (kinds as Iterable<unknown>)[Symbol.iterator] !== "function"
  ) {
    throw error(
      `option kinds must be an array or a Set of envelope kinds, got ${describeValue(kinds)}`,
    );
  }
  let mask = 0;
  for (const kind of kinds as Iterable<unknown>) {
    if (!isEnvelopeKind(kind)) {
      throw error(
        `option kinds holds ${showValue(kind)}, which is not an envelope kind (${envelopeKinds.join(", ")})`,
      );
    }
    mask |= 1 << fieldNumberOf(kind);
  }
  const { maxBytes, recursionLimit, schemaIdHeader = VALUE_SCHEMA_ID_HEADER } = options ?? {};
  const peekOptions =
    maxBytes === undefined && recursionLimit === undefined
      ? undefined
      : {
          ...(maxBytes !== undefined && { maxBytes }),
          ...(recursionLimit !== undefined && { recursionLimit }),
        };
  return { mask, peekOptions, schemaIdHeader };
}

/**
 * A record peeked at as {@link peekEnvelope} peeks: its skipped result when its kind is not
 * selected; the {@link RecordFrame} of its value when it is, so that decoding starts at the
 * envelope (the framing read once); or undefined for what decoding is to tell from the start: a
 * tombstone, a value that is not bytes, an envelope without a member, and every value the peek or
 * the schema id header cannot read (decoding says why). @internal
 */
export function peekRecord<M extends KafkaMessage>(
  topic: string,
  partition: number,
  message: M,
  selection: KindSelection,
): KafkaSkipped<M> | RecordFrame | undefined {
  const { value, headers } = message;
  if (!isUint8Array(value)) return undefined;
  const header = readHeader(headers, selection.schemaIdHeader);
  let headerFrame: RecordFrame | undefined;
  if (header !== undefined && header !== null) {
    // With a schema id header the value is bare protobuf, which never starts with 0x00.
    if (!isUint8Array(header) || value[0] === 0x00) return undefined;
    try {
      headerFrame = decodeSchemaIdHeader(header, selection.schemaIdHeader);
    } catch (error) {
      if (!isCodecError(error)) throw error; // a bug, never a bad record
      return undefined;
    }
  }
  if (peekInto(value, selection.peekOptions) !== undefined) return undefined;
  const { envelopeKind, fieldNumber, handler, framing, schemaId } = lastPeek;
  if (fieldNumber === 0) return undefined;
  if (envelopeKind !== undefined && ((selection.mask >>> fieldNumber) & 1) === 1) {
    return headerFrame ?? lastPeekFrame();
  }
  // Typed as the record's type has them: undefined where it has none.
  const origin = message as Pick<KafkaRecordOrigin<M>, "key" | "headers" | "timestamp">;
  return {
    kind: "skipped",
    topic,
    partition,
    offset: message.offset,
    key: origin.key,
    headers: origin.headers,
    timestamp: origin.timestamp,
    envelopeKind,
    fieldNumber,
    handler,
    framing: headerFrame === undefined ? framing : "schema-registry-header",
    schemaId: headerFrame === undefined ? schemaId : headerFrame.schemaId,
    schemaGuid: headerFrame?.schemaGuid,
    value: value as NonNullable<M["value"]>,
  };
}

/**
 * A decoded record's result, or its skipped result when its envelope is of a kind not selected
 * (or has no member): for the values {@link peekRecord} leaves to decoding. @internal
 */
export function keepSelected<M extends KafkaMessage>(
  result: KafkaDecodeResult<M, DecodedEnvelope<{ requireData: false }>>,
  value: NonNullable<M["value"]>,
  selection: KindSelection,
): KafkaDecodeResult<M> | KafkaSkipped<M> {
  if (result.kind !== "ok") return result;
  const { envelope } = result;
  const envelopeKind = envelope.Data.case;
  const fieldNumber = envelopeKind === undefined ? undefined : fieldNumberOf(envelopeKind);
  if (fieldNumber !== undefined && ((selection.mask >>> fieldNumber) & 1) === 1) {
    return result as KafkaDecodeResult<M>;
  }
  const { topic, partition, offset, key, headers, timestamp, framing, schemaId, schemaGuid } =
    result;
  return {
    kind: "skipped",
    topic,
    partition,
    offset,
    key,
    headers,
    timestamp,
    envelopeKind,
    fieldNumber,
    handler: envelope.handler,
    framing,
    schemaId,
    schemaGuid,
    value,
  };
}

/** The field number of an envelope kind, from the generated tables (no descriptor). */
function fieldNumberOf(kind: EnvelopeKind): number {
  return GRPC_AttendantPayload$DataNumbers[GRPC_AttendantPayload$DataCases.indexOf(kind)] as number;
}
