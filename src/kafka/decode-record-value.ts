import { decodeKafkaValue, type KafkaValueReadOptions } from "../framing/index.js";
import type { GRPC_AttendantPayload } from "../index.js";
import { CodecError, decodeEnvelope } from "../index.js";
import { readHeader } from "./kafka-headers.js";
import { decodeSchemaIdHeader } from "./schema-id-header.js";

/**
 * How a record value holds its envelope: `"raw"`, the bare protobuf bytes; `"schema-registry"`,
 * the Confluent Schema Registry wire format (0x00, the schema id, the message indexes, then the
 * bytes); `"schema-registry-header"`, the bare bytes with the schema id in the
 * `__value_schema_id` (or `__key_schema_id`) header.
 */
export type KafkaFraming = "raw" | "schema-registry" | "schema-registry-header";

/** An envelope read from a record value, with the framing and the schema id it came with. */
export interface KafkaRecordValue {
  envelope: GRPC_AttendantPayload;
  framing: KafkaFraming;
  /** The schema id of a `"schema-registry"` frame, or of a header that holds an id. */
  schemaId?: number;
  /** The schema GUID of a `"schema-registry-header"` header that holds one. */
  schemaGuid?: string;
}

/**
 * Decodes a record value in any of the three framings: the schema id header, when the record
 * has one, decides (as in Confluent's DualSchemaIdDeserializer), else the value's first byte.
 * @internal
 */
export function decodeRecordValue(
  value: Uint8Array,
  headers: unknown,
  headerName: string,
  options: Partial<KafkaValueReadOptions> | undefined,
): KafkaRecordValue {
  const header = readHeader(headers, headerName);
  if (header === undefined || header === null) {
    const decoded = decodeKafkaValue(value, options);
    return decoded.framing === "raw"
      ? { envelope: decoded.envelope, framing: "raw" }
      : { envelope: decoded.envelope, framing: "schema-registry", schemaId: decoded.schemaId };
  }
  if (!(header instanceof Uint8Array)) {
    throw new CodecError(
      "malformed",
      `cannot decode schema id header ${headerName}: expected bytes or a string, got ${typeof header}`,
    );
  }
  const id = decodeSchemaIdHeader(header, headerName);
  const envelope = decodeEnvelope(value, options);
  if (id.schemaGuid !== undefined) {
    return { envelope, framing: "schema-registry-header", schemaGuid: id.schemaGuid };
  }
  return id.schemaId !== undefined
    ? { envelope, framing: "schema-registry-header", schemaId: id.schemaId }
    : { envelope, framing: "schema-registry-header" };
}
