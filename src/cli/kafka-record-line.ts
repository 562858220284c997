// The JSON line `kafka tail` prints for one record: where it came from, how its value was framed,
// and the envelope as proto3 JSON; or why the value could not be decoded.

import { isUtf8 } from "node:buffer";
import type { KafkaDecodeResult } from "../kafka/index.js";
import { recordError, recordFacts } from "./record-json.js";
import { envelopeToJson } from "./root.js";
import { escapeControls } from "./safe-text.js";

/** Bytes as JSON: text when they are UTF-8, else `{ "base64": "…" }`. */
export type JsonBytes = string | { readonly base64: string };

/** `bytes` as text when they are valid UTF-8, else base64. */
function jsonBytes(bytes: Uint8Array | string): JsonBytes {
  if (typeof bytes === "string") return bytes;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return isUtf8(buffer) ? buffer.toString("utf8") : { base64: buffer.toString("base64") };
}

/** A header's value as the client gives it: bytes, text, a list of those for a repeated header. */
type HeaderValue = Uint8Array | string | readonly (Uint8Array | string)[] | undefined;

function jsonHeaders(
  headers: Readonly<Record<string, HeaderValue>> | undefined,
): Record<string, JsonBytes | JsonBytes[] | null> {
  const json: Record<string, JsonBytes | JsonBytes[] | null> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) json[name] = null;
    else if (Array.isArray(value)) json[name] = value.map(jsonBytes);
    else json[name] = jsonBytes(value as Uint8Array | string);
  }
  return json;
}

/** A record timestamp in milliseconds (a decimal string, as kafkajs gives it) as ISO 8601, or null. */
function isoTimestamp(timestamp: string | undefined): string | null {
  const ms = Number(timestamp);
  if (timestamp === undefined || !Number.isSafeInteger(ms) || ms < 0) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * One record as a JSON object: `topic`, `partition`, `offset`, `key`, `timestamp` (ISO 8601),
 * `headers`, then for a decoded value the facts `inspect --json` gives of it ({@link recordFacts}:
 * `kind`, `handler`, `framing`, `schemaId`, `schemaGuid`, `messageIndexes`, `size`,
 * `unknownFields`) and the `envelope` as proto3 JSON; for a value that is not an envelope, its
 * `size` and the `error` with its `code` and `message` ({@link recordError}); for a null value,
 * `tombstone: true`.
 */
export function kafkaRecordJson(result: KafkaDecodeResult, size: number): Record<string, unknown> {
  const origin = {
    topic: result.topic,
    partition: result.partition,
    offset: result.offset,
    key: result.key === null || result.key === undefined ? null : jsonBytes(result.key),
    timestamp: isoTimestamp(result.timestamp),
    headers: jsonHeaders(result.headers as Readonly<Record<string, HeaderValue>> | undefined),
  };
  if (result.kind === "tombstone") return { ...origin, tombstone: true };
  if (result.kind === "error") return { ...origin, size, ...recordError(result.error) };
  return { ...origin, ...recordFacts(result, size), envelope: envelopeToJson(result.envelope) };
}

/** {@link kafkaRecordJson} on one line, control characters escaped, ending with a newline. */
export function kafkaRecordLine(result: KafkaDecodeResult, size: number): string {
  return `${escapeControls(JSON.stringify(kafkaRecordJson(result, size)))}\n`;
}
