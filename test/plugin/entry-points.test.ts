import { create, toBinary } from "@bufbuild/protobuf";
import { nestedTypes } from "@bufbuild/protobuf/reflect";
import { describe, expect, it } from "vitest";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import {
  file_kafka_grpc_kafka_grpc,
  VehicleDataSchema,
} from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../../src/index.js";
import { WriteProblem } from "../../src/runtime/index.js";

// The generated file exposes a few entry points keyed by type name (fromBinary, toBinary, create,
// toJson, fromJson), not one wrapper per message: each message of the file has its entry, and
// nothing else has one.

const messages = [...nestedTypes(file_kafka_grpc_kafka_grpc)].filter(
  (desc) => desc.kind === "message" && !desc.proto.options?.mapEntry,
);

describe("isMessageTypeName()", () => {
  it.each(messages.map((desc) => desc.typeName))("takes %s", (typeName) => {
    expect(fast.isMessageTypeName(typeName)).toBe(true);
  });

  it.each([
    "google.protobuf.Timestamp",
    "kafka_grpc.CarUpdateStatus.EcusEntry",
    "GRPC_AttendantPayload",
    "",
  ])("refuses %j", (typeName) => {
    expect(fast.isMessageTypeName(typeName)).toBe(false);
  });
});

describe("fromBinary(), toBinary(), toJson(), fromJson()", () => {
  const vehicle = create(VehicleDataSchema, { vin: "WVWZZZ1JZXW000001" });
  const binaryRead = { recursionLimit: 100, readUnknownFields: true, maxElements: 1000 };
  const binaryWrite = { writeUnknownFields: true, deterministic: true, recursionLimit: 100 };
  const jsonWrite = {
    useProtoFieldName: false,
    alwaysEmitImplicit: false,
    enumAsInteger: false,
    recursionLimit: 100,
  };

  it("take a type name and an options object", () => {
    const bytes = toBinary(VehicleDataSchema, vehicle);
    expect(fast.fromBinary("kafka_grpc.VehicleData", bytes, binaryRead)).toEqual(vehicle);
    expect(fast.toBinary("kafka_grpc.VehicleData", vehicle, binaryWrite)).toEqual(bytes);
    const json = fast.toJson("kafka_grpc.VehicleData", vehicle, jsonWrite);
    expect(json).toEqual({ vin: "WVWZZZ1JZXW000001" });
    const options = { ignoreUnknownFields: false, recursionLimit: 100 };
    expect(fast.fromJson("kafka_grpc.VehicleData", json, options)).toEqual(vehicle);
  });

  it("refuse a message of another type with the runtime's WriteProblem, whose path is empty", () => {
    const other = create(VehicleDataSchema, { vin: "x" });
    const problem = new WriteProblem("message", other, "kafka_grpc.Order");
    expect(thrownBy(() => fast.toBinary("kafka_grpc.Order", other, binaryWrite))).toStrictEqual(
      problem,
    );
    expect(thrownBy(() => fast.toJson("kafka_grpc.Order", other, jsonWrite))).toStrictEqual(
      problem,
    );
  });

  it("give undefined for what the JSON reader leaves to the slow path", () => {
    const options = { ignoreUnknownFields: false, recursionLimit: 100 };
    expect(() => fast.fromJson("kafka_grpc.VehicleData", { vin: 1 }, options)).toThrow(
      new CodecError(
        "invalid_json",
        "cannot decode field kafka_grpc.VehicleData.vin from JSON: expected a string, got 1",
      ),
    );
  });
});

/** What `fn` threw, or undefined. */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (thrown) {
    return thrown;
  }
  return undefined;
}
