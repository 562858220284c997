import { fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  createEnvelope,
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  encodeMessage,
  envelopeFromJson,
  envelopeToJson,
  GRPC_AttendantPayloadSchema,
  MessageStatusSchema,
} from "../../src/index.js";
import { B } from "../helpers/bytes.js";

/** The bytes of `envelope` followed by extra fields in the nested `dtcEntry` and the envelope. */
function withUnknownFields(): Uint8Array {
  const known = encodeEnvelope(createEnvelope("updateGet", { vin: "WVWZZZ1JZXW000001" }));
  // field 20 varint 150, field 21 fixed32, field 22 LEN "hi", field 23 group { field 1 varint 1 }
  const extra = [
    0xa0, 0x01, 0x96, 0x01, 0xad, 0x01, 1, 2, 3, 4, 0xb2, 0x01, 2, 0x68, 0x69, 0xbb, 0x01, 0x08,
    0x01, 0xbc, 0x01,
  ];
  return new Uint8Array([...known, ...extra]);
}

describe("unknown fields", () => {
  it("survive decode → encode byte for byte, in the envelope and in nested messages", () => {
    const bytes = withUnknownFields();
    const envelope = decodeEnvelope(bytes);
    expect(envelope.$unknown?.map((f) => [f.no, f.wireType])).toEqual([
      [20, 0],
      [21, 5],
      [22, 2],
      [23, 3],
    ]);
    expect(encodeEnvelope(envelope)).toEqual(bytes);

    // VehicleData { vin = "V", field 9 varint 7 } inside the envelope.
    const nested = new Uint8Array([0x3a, 0x05, 0x0a, 0x01, 0x56, 0x48, 0x07]);
    const decoded = decodeEnvelope(nested);
    expect(decoded.Data.value?.$unknown).toHaveLength(1);
    expect(encodeEnvelope(decoded)).toEqual(nested);
  });

  it("are kept per message, after its fields, as protobuf-es keeps them", () => {
    // field 30 = 1, updateGet { field 9 = 7, vin = "V" }, field 31 = 2
    const bytes = B(0xf0, 0x01, 0x01, 0x3a, 0x05, 0x48, 0x07, 0x0a, 0x01, 0x56, 0xf8, 0x01, 0x02);
    const ours = decodeEnvelope(bytes);
    const theirs = fromBinary(GRPC_AttendantPayloadSchema, bytes);
    expect(ours).toStrictEqual(theirs);
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    expect(Object.keys(ours.Data.value ?? {})).toEqual(Object.keys(theirs.Data.value ?? {}));
    expect(ours.$unknown?.map((f) => f.no)).toEqual([30, 31]);
    expect(ours.Data.value?.$unknown?.map((f) => f.no)).toEqual([9]);
  });

  it("of a message read twice are appended to those it had, as protobuf-es merges them", () => {
    // updateGet { field 9 = 7 }, updateGet { field 10 = 8 }
    const bytes = B(0x3a, 0x02, 0x48, 0x07, 0x3a, 0x02, 0x50, 0x08);
    const ours = decodeEnvelope(bytes);
    expect(ours).toStrictEqual(fromBinary(GRPC_AttendantPayloadSchema, bytes));
    expect(ours.Data.value?.$unknown?.map((f) => f.no)).toEqual([9, 10]);
    expect(ours.$unknown).toBeUndefined();
  });

  it("are dropped with readUnknownFields: false or writeUnknownFields: false", () => {
    const bytes = withUnknownFields();
    const known = encodeEnvelope(createEnvelope("updateGet", { vin: "WVWZZZ1JZXW000001" }));
    expect(decodeEnvelope(bytes, { readUnknownFields: false }).$unknown).toBeUndefined();
    expect(encodeEnvelope(decodeEnvelope(bytes), { writeUnknownFields: false })).toEqual(known);
  });

  it("keep an envelope with an unknown member readable when requireData is false", () => {
    // field 13 (a member newer than this schema) holding { field 1 = "x" }
    const bytes = new Uint8Array([0x0a, 0x01, 0x68, 0x6a, 0x03, 0x0a, 0x01, 0x78]);
    const envelope = decodeEnvelope(bytes, { requireData: false });
    expect(envelope.handler).toBe("h");
    expect(envelope.Data.case).toBeUndefined();
    expect(encodeEnvelope(envelope, { requireData: false })).toEqual(bytes);
  });
});

describe("unknown enum values", () => {
  it.each([3, 99, -1, 2147483647])("keep EmumStatus %i through binary and JSON", (status) => {
    const envelope = createEnvelope("messageStatus", { messageId: "m", status });
    const bytes = encodeEnvelope(envelope);
    const decoded = decodeEnvelope(bytes);
    expect(decoded.Data.value).toMatchObject({ status });
    expect(encodeEnvelope(decoded)).toEqual(bytes);
    const json = envelopeToJson(decoded);
    expect(json).toEqual({ messageStatus: { messageId: "m", status } });
    expect(envelopeFromJson(json).Data.value).toMatchObject({ status });
  });

  it("keep an unknown value in MessageStatus decoded on its own", () => {
    const bytes = new Uint8Array([0x10, 0x07]);
    const status = decodeMessage(MessageStatusSchema, bytes);
    expect(status.status).toBe(7);
    expect(encodeMessage(MessageStatusSchema, status)).toEqual(bytes);
  });
});
