import { describe, expect, it } from "vitest";
import * as generated from "../gen/kafka_grpc/kafka_grpc_pb.js";
import * as root from "../src/index.js";

describe("the root", () => {
  it("re-exports every generated schema and enum", () => {
    const fromRoot = new Map(Object.entries(root));
    for (const [name, value] of Object.entries(generated)) {
      expect(fromRoot.get(name), name).toBe(value);
    }
  });

  it("keeps the contract's names, odd spellings included", () => {
    expect(root.BineryHexSchema.typeName).toBe("kafka_grpc.BineryHex");
    expect(root.EmumStatus.DELIVERED).toBe(0);
    expect(root.EmumStatus.FAILED).toBe(2);
    expect(root.OrderSchema.field.VehicleSpecification?.number).toBe(4);
    expect(root.ManifestFileType.bootloader).toBe(0);
  });

  it("keeps GRPC_AttendantPayload the first message of its file (schema-registry index 0)", () => {
    expect(generated.file_kafka_grpc_kafka_grpc.messages[0]).toBe(root.GRPC_AttendantPayloadSchema);
  });
});
