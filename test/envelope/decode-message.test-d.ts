import { describe, expectTypeOf, it } from "vitest";
import {
  type CarUpdateProgress,
  CarUpdateProgressSchema,
  decodeMessage,
  encodeMessage,
  type MessageTypeName,
  type VehicleData,
  VehicleDataSchema,
} from "../../src/index.js";

declare const bytes: Uint8Array;
declare const vehicle: VehicleData;
declare const progress: CarUpdateProgress;

describe("decodeMessage() and encodeMessage() types", () => {
  it("type the message by type name, as by schema", () => {
    expectTypeOf(decodeMessage("kafka_grpc.VehicleData", bytes)).toEqualTypeOf<VehicleData>();
    expectTypeOf(decodeMessage(VehicleDataSchema, bytes)).toEqualTypeOf<VehicleData>();
    expectTypeOf(
      decodeMessage("kafka_grpc.CarUpdateProgress", bytes),
    ).toEqualTypeOf<CarUpdateProgress>();
    expectTypeOf(decodeMessage(CarUpdateProgressSchema, bytes)).toEqualTypeOf<CarUpdateProgress>();
  });

  it("take only the contract's type names", () => {
    expectTypeOf<"kafka_grpc.VehicleData">().toMatchTypeOf<MessageTypeName>();
    // @ts-expect-error not a message of the contract
    decodeMessage("kafka_grpc.Nope", bytes);
    // @ts-expect-error the enum is no message
    decodeMessage("kafka_grpc.EmumStatus", bytes);
  });

  it("take a message of the type named", () => {
    encodeMessage("kafka_grpc.VehicleData", vehicle);
    encodeMessage(VehicleDataSchema, vehicle);
    // @ts-expect-error a CarUpdateProgress is no VehicleData
    encodeMessage("kafka_grpc.VehicleData", progress);
    // @ts-expect-error a CarUpdateProgress is no VehicleData
    encodeMessage(VehicleDataSchema, progress);
  });
});
