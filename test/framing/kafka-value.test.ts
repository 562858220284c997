import { equals } from "@bufbuild/protobuf";
import { MockClient, ProtobufSerializer, SerdeType } from "@confluentinc/schemaregistry";
import { describe, expect, it } from "vitest";
import { decodeKafkaValue, encodeSchemaRegistryFrame } from "../../src/framing/index.js";
import {
  createEnvelope,
  encodeEnvelope,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { B, codecErrorOf, concat } from "./helpers.js";

const bin = "cannot decode kafka_grpc.GRPC_AttendantPayload from binary";
const envelope = createEnvelope("messageStatus", { messageId: "m-1", status: 2 }, { handler: "s" });
const same = (a: GRPC_AttendantPayload, b: GRPC_AttendantPayload) =>
  equals(GRPC_AttendantPayloadSchema, a, b);

describe("decodeKafkaValue()", () => {
  it("decodes bare protobuf and says so", () => {
    const value = decodeKafkaValue(encodeEnvelope(envelope));
    expect(value.framing).toBe("raw");
    expect(Object.keys(value)).toEqual(["framing", "envelope"]);
    expect(same(value.envelope, envelope)).toBe(true);
  });

  it("decodes a Schema Registry frame and returns its schema id and indexes", () => {
    const value = decodeKafkaValue(encodeSchemaRegistryFrame(envelope, { schemaId: 77 }));
    expect(value).toMatchObject({ framing: "schema-registry", schemaId: 77, messageIndexes: [0] });
    expect(same(value.envelope, envelope)).toBe(true);
  });

  it("decodes what Confluent's ProtobufSerializer writes", async () => {
    const serializer = new ProtobufSerializer(new MockClient(), SerdeType.VALUE, {
      autoRegisterSchemas: true,
    });
    serializer.registry.add(GRPC_AttendantPayloadSchema);
    const value = decodeKafkaValue(await serializer.serialize("topic", envelope));
    expect(value.framing === "schema-registry" && value.schemaId).toBe(1);
    expect(same(value.envelope, envelope)).toBe(true);
  });

  it("takes empty bytes for bare protobuf: an empty envelope", () => {
    expect(codecErrorOf(() => decodeKafkaValue(B())).message).toBe(
      "[missing_data] cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    );
    const value = decodeKafkaValue(B(), { requireData: false });
    expect(value.framing).toBe("raw");
    expect(value.envelope.Data.case).toBeUndefined();
  });

  it.each<[string, Uint8Array, object, string, string]>([
    [
      "a bad frame",
      B(0x00, 0x00, 0x00),
      {},
      "truncated",
      "cannot decode schema registry frame: frame of 3 bytes is shorter than its 5-byte header (magic byte and schema id)",
    ],
    [
      "a frame over maxBytes",
      encodeSchemaRegistryFrame(envelope, { schemaId: 1 }),
      { maxBytes: 10 },
      "too_large",
      "cannot decode schema registry frame: frame of 18 bytes exceeds maxBytes 10",
    ],
    [
      "bare protobuf over maxBytes",
      encodeEnvelope(envelope),
      { maxBytes: 10 },
      "too_large",
      `${bin}: message of 12 bytes exceeds maxBytes 10`,
    ],
    [
      "bare protobuf starting with field number 0 (the GUID framing 0x01)",
      concat(B(0x01), new Uint8Array(16), B(0x00), encodeEnvelope(envelope)),
      {},
      "malformed",
      `${bin}: field number 0 at offset 0`,
    ],
    [
      "bare protobuf cut off",
      encodeEnvelope(envelope).subarray(0, 5),
      {},
      "truncated",
      `${bin}: length-delimited field of 7 bytes at offset 4 runs past the end of the input`,
    ],
    [
      "null, a tombstone",
      null as never,
      {},
      "invalid_argument",
      `${bin}: expected a Uint8Array, got null`,
    ],
  ])("rejects %s", (_, bytes, options, code, message) => {
    const error = codecErrorOf(() => decodeKafkaValue(bytes, options));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`[${code}] ${message}`);
  });
});
