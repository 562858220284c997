// Before anything is timed: every codec must read and write the same messages. For each payload,
// protobuf-es's bytes are the reference; each codec decodes them and must encode exactly them
// again, and must decode every other codec's output to the same bytes. In JSON, each codec's text
// must mean the same message to protobuf-es, and each codec must read protobuf-es's JSON.
import {
  fromJsonString as esFromJsonString,
  toJsonString as esToJsonString,
  fromBinary,
  toBinary,
} from "@bufbuild/protobuf";
import { GRPC_AttendantPayloadSchema } from "../src/index.js";
import type { Codec } from "./codecs.js";
import type { KafkaBatch } from "./kafka-batch.js";
import type { Payload } from "./payloads.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** Throws if two codecs disagree on binary; prints where JSON texts differ but mean the same. */
export function checkAgreement(codecs: readonly Codec[], payloads: readonly Payload[]): void {
  const notes: string[] = [];
  for (const { name, envelope } of payloads) {
    const reference = toBinary(GRPC_AttendantPayloadSchema, envelope);
    const canonicalJson = esToJsonString(GRPC_AttendantPayloadSchema, envelope);
    const fail = (what: string) => {
      throw new Error(`codecs disagree on ${name}: ${what}`);
    };
    const outputs = codecs.map((codec) => {
      const bytes = codec.encode(codec.decode(reference));
      if (hex(bytes) !== hex(reference)) fail(`${codec.name} does not re-encode the same bytes`);
      return bytes;
    });
    for (const reader of codecs) {
      for (const [i, writer] of codecs.entries()) {
        const again = reader.encode(reader.decode(outputs[i] as Uint8Array));
        if (hex(again) !== hex(reference)) fail(`${reader.name} misreads ${writer.name}'s bytes`);
      }
      const fromCanonical = reader.encode(reader.fromJsonString(canonicalJson));
      if (hex(fromCanonical) !== hex(reference)) fail(`${reader.name} misreads canonical JSON`);
      const text = reader.toJsonString(reader.decode(reference));
      const meaning = toBinary(
        GRPC_AttendantPayloadSchema,
        esFromJsonString(GRPC_AttendantPayloadSchema, text),
      );
      if (hex(meaning) !== hex(reference)) fail(`${reader.name}'s JSON means another message`);
      const value = reader.toJson(reader.decode(reference));
      if (JSON.stringify(value) !== text) fail(`${reader.name}'s JSON value is not its JSON text`);
      const fromValue = reader.encode(reader.fromJson(JSON.parse(canonicalJson)));
      if (hex(fromValue) !== hex(reference)) fail(`${reader.name} misreads a canonical JSON value`);
      if (text !== canonicalJson)
        notes.push(`${name}: ${reader.name}'s JSON text differs from protobuf-es's (same message)`);
    }
    // The reference itself round-trips through protobuf-es.
    if (
      hex(
        toBinary(GRPC_AttendantPayloadSchema, fromBinary(GRPC_AttendantPayloadSchema, reference)),
      ) !== hex(reference)
    ) {
      fail("protobuf-es does not round-trip its own bytes");
    }
  }
  console.log(
    `agreement: ${codecs.length} codecs × ${payloads.length} payloads read and write the same bytes and the same JSON messages`,
  );
  for (const note of notes) console.log(`  note: ${note}`);
}

/**
 * Throws unless every codec reads every record of a batch and writes exactly its bytes again, and
 * reads every record's JSON text to the same message.
 */
export function checkBatchAgreement(codecs: readonly Codec[], batch: KafkaBatch): void {
  for (const codec of codecs) {
    for (const [i, record] of batch.records.entries()) {
      if (hex(codec.encode(codec.decode(record))) !== hex(record))
        throw new Error(
          `codecs disagree on Kafka batch record ${i}: ${codec.name} does not re-encode the same bytes`,
        );
      if (hex(codec.encode(codec.fromJsonString(batch.texts[i] as string))) !== hex(record))
        throw new Error(
          `codecs disagree on Kafka batch record ${i}: ${codec.name} reads its JSON text to another message`,
        );
    }
  }
  console.log(
    `agreement: ${codecs.length} codecs read and re-encode all ${batch.records.length} records of the Kafka batch, and read their JSON texts to the same messages`,
  );
}

/**
 * Throws unless, for every message of every payload's ring (int64-variants.ts), each codec's
 * JSON text and JSON value of its own decoding mean that message to protobuf-es: what the
 * serialize operations time on each call.
 */
export function checkRingAgreement(
  codecs: readonly Codec[],
  rings: readonly { payload: Payload; ring: readonly Uint8Array[] }[],
): void {
  let messages = 0;
  for (const { payload, ring } of rings) {
    for (const [i, reference] of ring.entries()) {
      for (const codec of codecs) {
        const message = codec.decode(reference);
        const text = codec.toJsonString(message);
        const meaning = toBinary(
          GRPC_AttendantPayloadSchema,
          esFromJsonString(GRPC_AttendantPayloadSchema, text),
        );
        if (hex(meaning) !== hex(reference) || JSON.stringify(codec.toJson(message)) !== text) {
          throw new Error(
            `codecs disagree on ${payload.name}, ring message ${i}: ${codec.name}'s JSON means another message`,
          );
        }
      }
      messages++;
    }
  }
  const sizes = rings.map(({ ring }) => ring.length);
  console.log(
    `agreement: ${codecs.length} codecs write the same JSON messages for all ${messages} messages of the rings (${Math.min(...sizes)} to ${Math.max(...sizes)} a payload)`,
  );
}
