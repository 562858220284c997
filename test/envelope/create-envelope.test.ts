import { describe, expect, it } from "vitest";
import { createEnvelope } from "../../src/index.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";

describe("createEnvelope()", () => {
  it("builds the member from a partial init", () => {
    const envelope = createEnvelope("carUpdateProgress", { fileCurrent: 3n });
    expect(envelope.Data.value.fileCurrent).toBe(3n);
    expect(envelope.Data.value.$typeName).toBe("kafka_grpc.CarUpdateProgress");
    expect(envelope.Data.value.ecu).toBe("");
  });

  it("rejects a member message of another type", () => {
    const dtc = createEnvelope("dtcEntry").Data.value;
    const error = codecErrorOf(() => createEnvelope("updateGet", dtc as never));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe(
      "cannot create kafka_grpc.GRPC_AttendantPayload: a updateGet member is a kafka_grpc.VehicleData, got kafka_grpc.DTCEntry",
    );
  });

  it("rejects an unknown kind", () => {
    const error = codecErrorOf(() => createEnvelope("nope" as never));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toMatch(
      /^cannot create kafka_grpc.GRPC_AttendantPayload: unknown kind "nope", expected one of carUpdateStatus, /,
    );
  });
});
