import { create, equals, fromBinary, toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  createEnvelope,
  decodeEnvelope,
  type EnvelopeKind,
  encodeEnvelope,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeMemberSchemas,
  envelopeToJson,
  envelopeToJsonString,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { type FillMode, fill } from "../helpers/fill.js";

function filledEnvelope(kind: EnvelopeKind, mode: FillMode = "typical") {
  const value = fill(envelopeMemberSchemas[kind], mode);
  return createEnvelope(kind, value as never, { handler: `handler-${kind}` });
}

describe("encodeEnvelope() and decodeEnvelope()", () => {
  it("lists the 11 Data members of the schema, in field-number order", () => {
    const oneof = GRPC_AttendantPayloadSchema.oneofs[0];
    expect(oneof?.name).toBe("Data");
    expect(oneof?.fields.map((f) => f.localName)).toEqual(envelopeKinds);
    expect(oneof?.fields.map((f) => f.number)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  describe.each(envelopeKinds)("%s with every field set", (kind) => {
    it.each<FillMode>(["typical", "max", "min"])(
      "round-trips through binary (%s values)",
      (mode) => {
        const envelope = filledEnvelope(kind, mode);
        const bytes = encodeEnvelope(envelope);
        expect(bytes).toEqual(toBinary(GRPC_AttendantPayloadSchema, envelope));
        const decoded = decodeEnvelope(bytes);
        expect(equals(GRPC_AttendantPayloadSchema, decoded, envelope)).toBe(true);
        expect(decoded).toStrictEqual(fromBinary(GRPC_AttendantPayloadSchema, bytes));
      },
    );

    it.each<FillMode>(["typical", "max", "min"])("round-trips through JSON (%s values)", (mode) => {
      const envelope = filledEnvelope(kind, mode);
      for (const useProtoFieldName of [false, true]) {
        const json = envelopeToJson(envelope, { useProtoFieldName });
        expect(equals(GRPC_AttendantPayloadSchema, envelopeFromJson(json), envelope)).toBe(true);
        const text = envelopeToJsonString(envelope, { useProtoFieldName, prettySpaces: 2 });
        expect(equals(GRPC_AttendantPayloadSchema, envelopeFromJsonString(text), envelope)).toBe(
          true,
        );
      }
    });
  });
});

describe("envelopeToJson()", () => {
  it("writes canonical proto3 JSON: int64 as strings, bytes as base64, enums by name", () => {
    const keys = createEnvelope(
      "keys",
      {
        eccKeys: [
          { ecu: "BCM", level1: { data: new Uint8Array([0xde, 0xad, 0xbe, 0xef]) }, created: -5n },
        ],
      },
      { handler: "keys" },
    );
    expect(envelopeToJson(keys)).toEqual({
      handler: "keys",
      keys: { eccKeys: [{ ecu: "BCM", level1: { data: "3q2+7w==" }, created: "-5" }] },
    });
    const status = createEnvelope("messageStatus", { messageId: "m-1", status: 2 });
    expect(envelopeToJson(status)).toEqual({
      messageStatus: { messageId: "m-1", status: "FAILED" },
    });
    expect(envelopeToJson(status, { enumAsInteger: true })).toEqual({
      messageStatus: { messageId: "m-1", status: 2 },
    });
  });

  it("uses lowerCamelCase names, or the proto names with useProtoFieldName", () => {
    const envelope = createEnvelope("carUpdateRequest", { carUpdateId: 7n });
    expect(envelopeToJson(envelope)).toEqual({ carUpdateRequest: { carUpdateId: "7" } });
    expect(envelopeToJson(envelope, { useProtoFieldName: true })).toEqual({
      carUpdateRequest: { car_update_id: "7" },
    });
  });

  it("keeps the contract's spelling of VehicleSpecification and fileIDs", () => {
    const order = createEnvelope("order", { VehicleSpecification: { modelYear: 2027n } });
    expect(envelopeToJson(order)).toEqual({
      order: { VehicleSpecification: { modelYear: "2027" } },
    });
    const req = createEnvelope("fileKeyReq", { fileIDs: ["f-1"] });
    expect(envelopeToJson(req)).toEqual({ fileKeyReq: { fileIDs: ["f-1"] } });
  });

  it("emits zero values with alwaysEmitImplicit", () => {
    const json = envelopeToJson(createEnvelope("updateApprove"), { alwaysEmitImplicit: true });
    expect(json).toEqual({ handler: "", updateApprove: { id: "0" } });
  });

  it("writes an empty member as an empty object, so the kind survives JSON", () => {
    const envelope = createEnvelope("updateGet");
    expect(envelopeToJsonString(envelope)).toBe('{"updateGet":{}}');
    expect(envelopeFromJsonString('{"updateGet":{}}').Data.case).toBe("updateGet");
  });
});

describe("envelopeFromJson()", () => {
  it("accepts both name styles, int64 as string or number, enums by name or number", () => {
    const a = envelopeFromJson({ carUpdateRequest: { car_update_id: "12" } });
    const b = envelopeFromJson({ carUpdateRequest: { carUpdateId: 12 } });
    expect(equals(GRPC_AttendantPayloadSchema, a, b)).toBe(true);
    const c = envelopeFromJson({ messageStatus: { status: "TIMEOUT" } });
    const d = envelopeFromJson({ messageStatus: { status: 1 } });
    expect(equals(GRPC_AttendantPayloadSchema, c, d)).toBe(true);
  });

  it("skips unknown properties with ignoreUnknownFields", () => {
    const envelope = envelopeFromJson(
      { handler: "h", updateGet: { vin: "V", color: "red" }, newMember: {} },
      { ignoreUnknownFields: true },
    );
    expect(envelope).toStrictEqual(
      create(GRPC_AttendantPayloadSchema, {
        handler: "h",
        Data: { case: "updateGet", value: { vin: "V" } },
      }),
    );
  });
});
