import {
  type DescMessage,
  fromBinary,
  type JsonValue,
  type MessageShape,
  toJson,
} from "@bufbuild/protobuf";
import {
  CarUpdateStatusSchema,
  MessageStatusSchema,
  type UpdateManifest,
  UpdateManifestSchema,
  VehicleDataSchema,
} from "../../src/index.js";
import { hex, wire } from "./bytes.js";

// @bufbuild/protobuf 2.17 reads some malformed inputs without complaint: it takes a length
// prefix modulo 2^32, lets a nested message read past its parent's end, keeps a varint of
// 11 bytes as an unknown field, lets an unknown group swallow its parent's bytes, and reads a
// known field in whatever wire type it comes. Each case below shows what plain `fromBinary`
// makes of the bytes, and that the codec rejects them with `malformed` and an exact message.
//
// protobuf-es throws on some bytes of the same kinds, but only by accident of what follows: in
// test/envelope/decode-envelope.test.ts the length of 2^32 is followed by 0x0a, which protobuf-es, having
// read the length as 0, takes for a tag and then throws "premature EOF"; an 11-byte varint inside
// a map entry makes it throw "illegal tag" (it reads map entries with a loop of its own). The
// bytes here are chosen so that it returns a message, which is the point: it accepts them.

export const envelopeText = "cannot decode kafka_grpc.GRPC_AttendantPayload from binary: ";

/** The unknown fields protobuf-es kept on a message, as [field number, wire type, hex]. */
export function unknownOf(message: object) {
  const unknown = (message as { $unknown?: { no: number; wireType: number; data: Uint8Array }[] })
    .$unknown;
  return (unknown ?? []).map((field) => [field.no, field.wireType, hex(field.data)]);
}

/** What plain protobuf-es makes of `bytes`: it must not throw. */
export function lenient<Desc extends DescMessage>(schema: Desc, bytes: Uint8Array) {
  const message: MessageShape<Desc> = fromBinary(schema, bytes);
  return { json: toJson(schema, message), message };
}

export interface EnvelopeCase {
  readonly bytes: Uint8Array;
  /** What protobuf-es `fromBinary` returns, as proto3 JSON. */
  readonly protobufEs: JsonValue;
  /** The unknown fields protobuf-es keeps on the envelope's member, if any. */
  readonly memberUnknown?: unknown[];
  /** The unknown fields protobuf-es keeps on the envelope itself, if any. */
  readonly envelopeUnknown?: unknown[];
  readonly message: string;
}

/** Malformed envelopes that protobuf-es reads (wrongly), and the codec rejects. */
export const envelopeCases: Record<string, EnvelopeCase> = {
  "a length prefix of 2^32": {
    // protobuf-es reads the length as 0: an empty updateGet, then a handler that was never there.
    bytes: wire(
      "3a", // field 7 (updateGet), LEN
      "80 80 80 80 10", // length 2^32 (protobuf-es keeps the low 32 bits: 0)
      "0a 01 68", // field 1 (handler), LEN 1, "h"
    ),
    protobufEs: { handler: "h", updateGet: {} },
    message: `${envelopeText}length prefix at offset 1 is 4294967296, 2^32 or more`,
  },
  "a length prefix of 2^32 + 3": {
    // protobuf-es reads the length as 3 and takes "ABC" for the handler.
    bytes: wire(
      "0a", // field 1 (handler), LEN
      "83 80 80 80 10", // length 2^32 + 3
      "41 42 43", // "ABC"
      "3a 00", // field 7 (updateGet), LEN 0
    ),
    protobufEs: { handler: "ABC", updateGet: {} },
    message: `${envelopeText}length prefix at offset 1 is 4294967299, 2^32 or more`,
  },
  "a nested message whose field runs past the message's end": {
    // updateGet is 2 bytes long, but its vin announces 3: protobuf-es reads "ABC" out of the
    // envelope's bytes, then goes on reading the envelope after it.
    bytes: wire(
      "3a 02", // field 7 (updateGet), LEN 2
      "0a 03", // VehicleData field 1 (vin), LEN 3: one byte past the end of updateGet
      "41 42 43", // "ABC"
      "0a 01 68", // field 1 (handler), LEN 1, "h"
    ),
    protobufEs: { handler: "h", updateGet: { vin: "ABC" } },
    message: `${envelopeText}length-delimited field of 3 bytes at offset 3 runs past the end of kafka_grpc.VehicleData at offset 4`,
  },
  "a map value that runs past its entry's end": {
    // The entry is 4 bytes long, its value announces 4 more: protobuf-es reads the value anyway.
    bytes: wire(
      "12 08", // field 2 (carUpdateStatus), LEN 8
      "0a 04", // CarUpdateStatus field 1 (ecus), one map entry, LEN 4
      "12 04", // entry field 2 (value), LEN 4: two bytes past the end of the entry
      "0a 02 41 42", // CarECU field 1 (vin), LEN 2, "AB"
    ),
    protobufEs: { carUpdateStatus: { ecus: { "": { vin: "AB" } } } },
    message: `${envelopeText}length-delimited field of 4 bytes at offset 5 runs past the end of kafka_grpc.CarUpdateStatus.ecus[entry] at offset 8`,
  },
  "a varint of 11 bytes in an unknown field": {
    // protobuf-es keeps all 11 bytes as unknown field 13 and would write them back.
    bytes: wire(
      "3a 00", // field 7 (updateGet), LEN 0
      "68", // field 13 (unknown), VARINT
      "ff ff ff ff ff ff ff ff ff ff", // 10 bytes with the high bit set
      "01", // an 11th byte: no varint is that long
    ),
    protobufEs: { updateGet: {} },
    envelopeUnknown: [[13, 0, "ffffffffffffffffffff01"]],
    message: `${envelopeText}varint at offset 3 is longer than 10 bytes`,
  },
  "an unknown group closed outside the message that opened it": {
    // The group opens inside the 1-byte updateGet and closes in the envelope: protobuf-es lets
    // it swallow the envelope's handler field, so the handler is lost.
    bytes: wire(
      "3a 01", // field 7 (updateGet), LEN 1
      "6b", // VehicleData field 13 (unknown), START_GROUP: the only byte of updateGet
      "0a 01 68", // field 1 (handler), LEN 1, "h": in the envelope, not the group
      "6c", // field 13, END_GROUP: outside updateGet
    ),
    protobufEs: { updateGet: {} },
    memberUnknown: [[13, 3, "0a01686c"]],
    message: `${envelopeText}group 13 at offset 2 runs past the end of kafka_grpc.VehicleData at offset 3`,
  },
  "a known field with the wrong wire type": {
    // handler is a string, sent as a VARINT: protobuf-es reads the varint 2 as a length and takes
    // the updateGet member for the handler's text, so the envelope loses its Data.
    bytes: wire(
      "08 02", // field 1 (handler), VARINT 2
      "3a 00", // field 7 (updateGet), LEN 0
    ),
    protobufEs: { handler: ":\u0000" },
    message: `${envelopeText}field kafka_grpc.GRPC_AttendantPayload.handler at offset 0 has wire type VARINT, expected LEN`,
  },
};

export const envelopeTable = Object.entries(envelopeCases);

export interface MessageCase {
  readonly schema: DescMessage;
  readonly bytes: Uint8Array;
  readonly protobufEs: JsonValue;
  /** The unknown fields protobuf-es keeps, on the message or on `unknownOn(message)`. */
  readonly unknown?: unknown[];
  readonly unknownOn?: (message: object) => object;
  readonly message: string;
}

/** The same flaws in messages of the contract decoded on their own with decodeMessage(). */
export const messageCases: Record<string, MessageCase> = {
  "a VehicleData with a length prefix of 2^32 + 1": {
    schema: VehicleDataSchema,
    bytes: wire(
      "0a", // field 1 (vin), LEN
      "81 80 80 80 10", // length 2^32 + 1 (protobuf-es: 1)
      "41", // "A"
    ),
    protobufEs: { vin: "A" },
    message:
      "cannot decode kafka_grpc.VehicleData from binary: length prefix at offset 1 is 4294967297, 2^32 or more",
  },
  "a CarUpdateStatus whose map value runs past its entry": {
    schema: CarUpdateStatusSchema,
    bytes: wire(
      "0a 04", // field 1 (ecus), one map entry, LEN 4
      "12 04", // entry field 2 (value), LEN 4: two bytes past the end of the entry
      "0a 02 41 42", // CarECU field 1 (vin), LEN 2, "AB"
    ),
    protobufEs: { ecus: { "": { vin: "AB" } } },
    message:
      "cannot decode kafka_grpc.CarUpdateStatus from binary: length-delimited field of 4 bytes at offset 3 runs past the end of kafka_grpc.CarUpdateStatus.ecus[entry] at offset 6",
  },
  "an UpdateManifest with an 11-byte varint in an ECU's unknown field": {
    schema: UpdateManifestSchema,
    bytes: wire(
      "3a 0d", // field 7 (ecu_updates), LEN 13
      "a0 01", // UpdateManifestECU field 20 (unknown), VARINT
      "ff ff ff ff ff ff ff ff ff ff 01", // 11 bytes
    ),
    protobufEs: { ecuUpdates: [{}] },
    message:
      "cannot decode kafka_grpc.UpdateManifest from binary: varint at offset 4 is longer than 10 bytes",
  },
  "an UpdateManifest whose ECU's unknown group is closed in the manifest": {
    // The group swallows the manifest's name: protobuf-es keeps it in the ECU's unknown fields.
    schema: UpdateManifestSchema,
    bytes: wire(
      "3a 02", // field 7 (ecu_updates), LEN 2
      "93 01", // UpdateManifestECU field 18 (unknown), START_GROUP: all of the ECU
      "12 01 41", // field 2 (name), LEN 1, "A": in the manifest, not the group
      "94 01", // field 18, END_GROUP: outside the ECU
    ),
    protobufEs: { ecuUpdates: [{}] },
    unknownOn: (manifest) => (manifest as UpdateManifest).ecuUpdates[0] ?? {},
    unknown: [[18, 3, "1201419401"]],
    message:
      "cannot decode kafka_grpc.UpdateManifest from binary: group 18 at offset 2 runs past the end of kafka_grpc.UpdateManifestECU at offset 4",
  },
  "a MessageStatus whose enum is sent as LEN": {
    // protobuf-es reads the length 2 as the status (FAILED), then the 2 bytes as field 5.
    schema: MessageStatusSchema,
    bytes: wire(
      "12 02", // field 2 (status, an enum), LEN 2
      "2a 00", // field 5 (unknown), LEN 0
    ),
    protobufEs: { status: "FAILED" },
    unknown: [[5, 2, "00"]], // protobuf-es keeps the length prefix with the data
    message:
      "cannot decode kafka_grpc.MessageStatus from binary: field kafka_grpc.MessageStatus.status at offset 0 has wire type LEN, expected VARINT",
  },
};
