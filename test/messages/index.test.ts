import { describe, expect, it } from "vitest";
import * as generated from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import * as root from "../../src/index.js";
import * as messages from "../../src/messages/index.js";

describe("./messages and the root", () => {
  it("re-export every generated schema and enum", () => {
    const names = Object.keys(generated).sort();
    expect(Object.keys(messages).sort()).toEqual(names);
    const fromRoot = new Map(Object.entries(root));
    for (const [name, value] of Object.entries(generated)) {
      expect(fromRoot.get(name), name).toBe(value);
    }
  });

  it("keep the contract's names, odd spellings included", () => {
    expect(messages.BineryHexSchema.typeName).toBe("kafka_grpc.BineryHex");
    expect(messages.EmumStatus.DELIVERED).toBe(0);
    expect(messages.EmumStatus.FAILED).toBe(2);
    expect(messages.OrderSchema.field.VehicleSpecification?.number).toBe(4);
    expect(messages.ManifestFileType.bootloader).toBe(0);
  });

  it("keep GRPC_AttendantPayload the first message of its file (schema-registry index 0)", () => {
    expect(generated.file_kafka_grpc_kafka_grpc.messages[0]).toBe(
      messages.GRPC_AttendantPayloadSchema,
    );
  });
});
