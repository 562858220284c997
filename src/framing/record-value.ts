import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { encodeEnvelope } from "../envelope/encode-envelope.js";
import type { EnvelopeKind, EnvelopeOf } from "../envelope/envelope-kind.js";
import type { BinaryReadOptions, BinaryWriteOptions } from "../envelope/options.js";
import { unreadableOption } from "../internal/check-options.js";
import { decodeFramedValue, recordContext } from "../internal/decode-framed-value.js";
import { decodeSchemaIdHeader } from "../internal/decode-schema-id-header.js";
import { describeValue } from "../internal/describe-value.js";
import { type Fail, hex } from "../internal/read-schema-ids.js";
import { rawFrame } from "../internal/record-frame.js";
import { readHeader } from "../internal/record-headers.js";
import { isUint8Array } from "../runtime/bytes-value.js";
import {
  encodeSchemaIdHeader,
  KEY_SCHEMA_ID_HEADER,
  VALUE_SCHEMA_ID_HEADER,
} from "./schema-id-header.js";
import {
  decodeSchemaRegistryFrame,
  type SchemaRegistryFrameWriteOptions,
  writeFrame,
} from "./schema-registry.js";
import { checkSchemaIds, ENVELOPE_MESSAGE_INDEXES, shown } from "./schema-registry-ids.js";

/**
 * How a Kafka record value holds its envelope, in the order of {@link RecordFraming}:
 * `"raw"`, the bare protobuf bytes; `"schema-registry"`, the Confluent Schema Registry wire
 * format (`0x00`, the schema id, the message indexes, then the bytes); `"schema-registry-header"`,
 * the bare bytes with the schema id in the `__value_schema_id` (or `__key_schema_id`) header,
 * as Confluent's `HeaderSchemaIdSerializer` writes it.
 */
export const recordFramings = ["raw", "schema-registry", "schema-registry-header"] as const;

/** A framing of {@link recordFramings}. */
export type RecordFraming = (typeof recordFramings)[number];

/**
 * The envelope a read with options `O` gives: an envelope with a `Data` member (so
 * `envelopeKind()` gives an `EnvelopeKind`, never undefined) under the default `requireData`
 * (true), else any envelope.
 */
export type DecodedEnvelope<O = undefined> = false extends (
  O extends { readonly requireData?: infer R }
    ? R
    : never
)
  ? GRPC_AttendantPayload
  : EnvelopeOf<EnvelopeKind>;

/**
 * An envelope read from a Kafka record value, with the framing it was found in and, for the
 * Schema Registry framings, the schema id or GUID and the message indexes (always `[0]`). A
 * field a framing does not have is absent, so it reads as undefined without narrowing, and
 * checking `framing` narrows the others.
 */
export type RecordValue<E extends GRPC_AttendantPayload = DecodedEnvelope> =
  | {
      readonly framing: "raw";
      readonly envelope: E;
      readonly schemaId?: undefined;
      readonly schemaGuid?: undefined;
      readonly messageIndexes?: undefined;
    }
  | {
      readonly framing: "schema-registry";
      readonly envelope: E;
      /** The id the registry gave the writer's schema: 0 to 2^31 - 1, not looked up. */
      readonly schemaId: number;
      readonly schemaGuid?: undefined;
      /** The path of the message in the schema's file: `[0]`, the only one accepted. */
      readonly messageIndexes: readonly number[];
    }
  | {
      readonly framing: "schema-registry-header";
      readonly envelope: E;
      /** The schema id of a header that holds one (magic byte 0). */
      readonly schemaId: number;
      readonly schemaGuid?: undefined;
      readonly messageIndexes: readonly number[];
    }
  | {
      readonly framing: "schema-registry-header";
      readonly envelope: E;
      readonly schemaId?: undefined;
      /** The schema GUID of a header that holds one (magic byte 1, what Confluent writes). */
      readonly schemaGuid: string;
      readonly messageIndexes: readonly number[];
    };

/**
 * The headers of a Kafka record as the clients hand them over: an object of Buffers, strings or
 * arrays (a header repeated: the last value counts, as in Confluent's deserializers), as kafkajs
 * and Confluent give them, or a `Map` whose keys are strings or Buffers, as @platformatic/kafka
 * gives them.
 */
export type RecordHeaders =
  | { readonly [name: string]: RecordHeaderValue }
  | ReadonlyMap<unknown, unknown>;

/** The value of one header of {@link RecordHeaders}. */
export type RecordHeaderValue = Uint8Array | string | readonly (Uint8Array | string)[] | undefined;

/** Options for reading a Kafka record value. */
export interface RecordValueReadOptions extends BinaryReadOptions {
  /**
   * The header that carries the schema id: `__value_schema_id` ({@link VALUE_SCHEMA_ID_HEADER}),
   * the default, or `__key_schema_id` ({@link KEY_SCHEMA_ID_HEADER}) for a record key.
   */
  schemaIdHeader: string;
}

/** Options for writing an envelope as a Kafka record value. */
export interface RecordValueWriteOptions extends SchemaRegistryFrameWriteOptions {
  /**
   * How the value holds the envelope (see {@link recordFramings}). Default `"raw"`, the bare
   * protobuf bytes: the only framing that needs no schema id, which is a fact of a deployment's
   * registry, not of the contract; every reader here reads all three.
   */
  framing: RecordFraming;
  /**
   * The schema id the registry gave the schema, 0 to 2^31 - 1: required for `"schema-registry"`;
   * for `"schema-registry-header"`, give it or `schemaGuid`.
   */
  schemaId: number;
  /**
   * The schema's GUID (`"8-4-4-4-12"` hex digits), for `"schema-registry-header"`: what
   * Confluent's `HeaderSchemaIdSerializer` writes.
   */
  schemaGuid: string;
  /**
   * The header the `"schema-registry-header"` framing writes: `__value_schema_id`
   * ({@link VALUE_SCHEMA_ID_HEADER}), the default, or `__key_schema_id`.
   */
  schemaIdHeader: string;
}

/** A record value to produce, and the headers its framing needs. */
export interface EncodedRecordValue {
  readonly value: Uint8Array<ArrayBuffer>;
  /** Empty, but for the `"schema-registry-header"` framing: its schema id header. */
  readonly headers: { readonly [name: string]: Uint8Array<ArrayBuffer> };
}

/**
 * Decodes a Kafka record value in any of the three framings ({@link recordFramings}) and says
 * which it found: the schema id header, when `headers` has one, decides (as Confluent's
 * `DualSchemaIdDeserializer` does); else a value starting with `0x00` is a Schema Registry frame
 * (bare protobuf never starts with `0x00`, as field number 0 is invalid), anything else bare
 * protobuf. Empty bytes are bare protobuf (an empty envelope: `missing_data` unless
 * `requireData` is false); a tombstone (`null`) is the caller's to handle. `maxBytes` bounds the
 * whole value; the other options are passed to {@link decodeEnvelope}. Schema ids and GUIDs are
 * returned, never looked up.
 *
 * Throws a {@link CodecError} as {@link decodeSchemaRegistryFrame} or {@link decodeEnvelope}
 * does; `malformed` or `truncated` for a bad schema id header; `malformed` naming the byte for a
 * value starting with `0x01` to `0x07` (field number 0 again: a frame with another magic byte),
 * and saying so for JSON text (a value that starts with `{` or `[`, fails to decode as protobuf
 * and parses as JSON); `invalid_argument` for a bad argument or option.
 *
 * ```ts
 * const value = decodeRecordValue(message.value, message.headers);
 * if (value.framing !== "raw") console.log(value.schemaId ?? value.schemaGuid);
 * handle(value.envelope);
 * ```
 */
export function decodeRecordValue<
  O extends Partial<RecordValueReadOptions> | undefined = undefined,
>(value: Uint8Array, headers?: RecordHeaders | null, options?: O): RecordValue<DecodedEnvelope<O>> {
  const name = schemaIdHeaderOption(options, recordContext);
  const header = readHeader(headers, name);
  if (header !== undefined && header !== null) {
    if (!isUint8Array(header)) {
      throw new CodecError(
        "malformed",
        `cannot decode schema id header ${name}: expected bytes or a string, got ${describeValue(header)}`,
      );
    }
    const frame = decodeSchemaIdHeader(header, name);
    return decodeFramedValue(value, frame, options) as RecordValue<DecodedEnvelope<O>>;
  }
  const first = isUint8Array(value) ? value[0] : undefined;
  if (first === 0x00) return decodeSchemaRegistryFrame(value, options);
  if (first !== undefined && first < 0x08) {
    throw new CodecError(
      "malformed",
      `${recordContext}: first byte ${hex(first)} is neither the Schema Registry magic byte 0x00 nor the start of a protobuf envelope (field number 0): a frame with another magic byte?`,
    );
  }
  return decodeFramedValue(value, rawFrame, options) as RecordValue<DecodedEnvelope<O>>;
}

/**
 * The option `schemaIdHeader`, default `__value_schema_id`. Throws `invalid_argument` for one
 * that is not a header name. @internal
 */
export function schemaIdHeaderOption(options: unknown, context: string): string {
  let name: unknown;
  try {
    name =
      typeof options === "object" && options !== null
        ? (options as { schemaIdHeader?: unknown }).schemaIdHeader
        : undefined;
  } catch (cause) {
    throw unreadableOption("schemaIdHeader", cause);
  }
  if (name === undefined) return VALUE_SCHEMA_ID_HEADER;
  if (typeof name !== "string" || name === "") {
    throw new CodecError(
      "invalid_argument",
      `${context}: option schemaIdHeader must be a header name such as "${VALUE_SCHEMA_ID_HEADER}" or "${KEY_SCHEMA_ID_HEADER}", got ${shown(name)}`,
    );
  }
  return name;
}

/** The write options of a framing, checked by {@link checkRecordValueWriteOptions}. @internal */
export interface RecordValueWriter {
  readonly framing: RecordFraming;
  readonly schemaId: number | undefined;
  readonly schemaGuid: string | undefined;
  readonly messageIndexes: readonly number[];
  readonly schemaIdHeader: string;
}

/**
 * Checks the framing options of a writer: `framing`, `schemaId`, `schemaGuid`,
 * `messageIndexes`, `schemaIdHeader`, with `"raw"` for a framing not given. Throws
 * `invalid_argument` with `context` in front. @internal
 */
export function checkRecordValueWriteOptions(options: unknown, context: string): RecordValueWriter {
  const fail: Fail = (code, detail) => {
    throw new CodecError(code, `${context}: ${detail}`);
  };
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    fail("invalid_argument", `options must be an object, got ${describeValue(options)}`);
  }
  const given = (options ?? {}) as Partial<Record<keyof RecordValueWriteOptions, unknown>>;
  const { framing = "raw", schemaId, schemaGuid } = given;
  if (!(recordFramings as readonly unknown[]).includes(framing)) {
    fail(
      "invalid_argument",
      `option framing must be "raw", "schema-registry" or "schema-registry-header", got ${shown(framing)}`,
    );
  }
  const needs = (detail: string) => fail("invalid_argument", detail);
  if (framing === "raw" && (schemaId !== undefined || schemaGuid !== undefined)) {
    needs(
      `option ${schemaId !== undefined ? "schemaId" : "schemaGuid"} needs a schema-registry ` +
        `framing, got framing "raw"${given.framing === undefined ? " (the default)" : ""}`,
    );
  }
  if (framing === "schema-registry") {
    if (schemaGuid !== undefined) {
      needs(
        'option schemaGuid needs framing "schema-registry-header": the frame holds a schema id',
      );
    }
    if (schemaId === undefined) needs('option schemaId is required for framing "schema-registry"');
  }
  if (
    framing === "schema-registry-header" &&
    (schemaId === undefined) === (schemaGuid === undefined)
  ) {
    needs(
      'framing "schema-registry-header" needs exactly one of the options schemaId and schemaGuid',
    );
  }
  const { messageIndexes = ENVELOPE_MESSAGE_INDEXES } = given;
  checkSchemaIds({ schemaId, schemaGuid, messageIndexes }, fail);
  return {
    framing: framing as RecordFraming,
    schemaId: schemaId as number | undefined,
    schemaGuid: schemaGuid as string | undefined,
    messageIndexes: messageIndexes as readonly number[],
    schemaIdHeader: schemaIdHeaderOption(options, context),
  };
}

/**
 * Encodes an envelope with checked framing options; `options` gives {@link encodeEnvelope} its
 * own. Throws a {@link CodecError} as {@link encodeEnvelope} does. @internal
 */
export function writeRecordValue(
  envelope: GRPC_AttendantPayload,
  writer: RecordValueWriter,
  options: Partial<BinaryWriteOptions> | undefined,
): EncodedRecordValue {
  const { framing, schemaId, schemaGuid, messageIndexes } = writer;
  const payload = encodeEnvelope(envelope, options);
  switch (framing) {
    case "raw":
      return { value: payload, headers: {} };
    case "schema-registry":
      return { value: writeFrame(payload, schemaId as number, messageIndexes), headers: {} };
    case "schema-registry-header":
      return {
        value: payload,
        headers: {
          [writer.schemaIdHeader]: encodeSchemaIdHeader({ schemaId, schemaGuid }, messageIndexes),
        },
      };
  }
}

/**
 * Encodes an envelope as a Kafka record value in the framing asked for, with the headers that
 * framing needs: `"raw"` (the default) writes the bare protobuf bytes; `"schema-registry"` the
 * Confluent Schema Registry wire format with `schemaId` (and `messageIndexes`, default `[0]`);
 * `"schema-registry-header"` the bare bytes, with the schema GUID (or id) and the message
 * indexes in the `__value_schema_id` header (or `schemaIdHeader`). The other options are those
 * of {@link encodeEnvelope}. {@link decodeRecordValue} reads what it writes.
 *
 * Throws a {@link CodecError}: `invalid_argument` for a bad option (a framing not listed, a
 * missing or out-of-range schema id, a GUID not in 8-4-4-4-12 form, an option the framing does
 * not use), and as {@link encodeEnvelope}.
 *
 * ```ts
 * const { value, headers } = encodeRecordValue(envelope, { framing: "schema-registry", schemaId: 42 });
 * ```
 */
export function encodeRecordValue(
  envelope: GRPC_AttendantPayload,
  options?: Partial<RecordValueWriteOptions>,
): EncodedRecordValue {
  const writer = checkRecordValueWriteOptions(options, "cannot encode a record value");
  return writeRecordValue(envelope, writer, options);
}
