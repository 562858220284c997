import { create } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CodecError,
  createEnvelope,
  envelopeKinds,
  envelopeMemberSchemas,
  type GRPC_AttendantPayload,
  isCodecError,
  VehicleDataSchema,
} from "../../src/index.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { build, createArgument, ending, expectSameEnding } from "../helpers/init-arbitraries.js";

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

describe("createEnvelope(): the member as protobuf-es's create() makes it", () => {
  const envelopeName = "kafka_grpc.GRPC_AttendantPayload";
  const kinds = envelopeKinds.map((kind) => [kind, envelopeMemberSchemas[kind]] as const);

  it.each(kinds)("agrees with create() on any init of a %s member", (kind, schema) => {
    fc.assert(
      fc.property(
        createArgument(schema),
        fc.option(fc.string({ maxLength: 4 })),
        (plan, handler) => {
          const init = build(plan);
          const theirs = ending(() => create(schema, init.value as never));
          const typeRead = ending(() => (init.value as { $typeName?: unknown } | null)?.$typeName);
          const ours = ending(() =>
            createEnvelope(kind, init.value as never, handler === null ? undefined : { handler }),
          );
          if ("threw" in typeRead) {
            const error = codecErrorOf(() => createEnvelope(kind, init.value as never));
            expect(error.code).toBe("invalid_argument");
            expect(error.cause).toBe(typeRead.threw);
            return;
          }
          const initType = typeRead.returned;
          if (initType !== undefined && initType !== schema.typeName) {
            const error = codecErrorOf(() => createEnvelope(kind, init.value as never));
            expect(error.code).toBe("invalid_argument");
            expect(error.rawMessage).toMatch(
              `cannot create ${envelopeName}: a ${kind} member is a ${schema.typeName}, got `,
            );
            return;
          }
          if ("threw" in theirs) {
            expect(ours).toHaveProperty("threw");
            const error = (ours as { threw: CodecError }).threw;
            expect(isCodecError(error)).toBe(true);
            expect(error.code).toBe("invalid_argument");
            expect(error.rawMessage).toMatch(
              new RegExp(`^cannot create ${envelopeName}: \\w*Error: `),
            );
            expectSameEnding({ threw: error.cause }, theirs, init.made);
            return;
          }
          expect(ours).toHaveProperty("returned");
          const envelope = (ours as { returned: GRPC_AttendantPayload }).returned;
          expect(Object.keys(envelope)).toEqual(["$typeName", "handler", "Data"]);
          expect(envelope.$typeName).toBe(envelopeName);
          expect(envelope.handler).toBe(handler ?? "");
          expect(Object.keys(envelope.Data)).toEqual(["case", "value"]);
          expect(envelope.Data.case).toBe(kind);
          expectSameEnding({ returned: envelope.Data.value }, theirs, init.made);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("wraps what a getter of the init throws as invalid_argument, the error kept as the cause", () => {
    const thrown = new RangeError("no vin today");
    const init = Object.defineProperty({}, "vin", {
      get() {
        throw thrown;
      },
    });
    const error = codecErrorOf(() => createEnvelope("updateGet", init));
    expect(error.code).toBe("invalid_argument");
    expect(error.rawMessage).toBe(`cannot create ${envelopeName}: RangeError: no vin today`);
    expect(error.cause).toBe(thrown);
  });

  it("wraps what the init's $typeName getter throws the same way", () => {
    const thrown = new Error("no type");
    const init = Object.defineProperty({}, "$typeName", {
      get() {
        throw thrown;
      },
    });
    const error = codecErrorOf(() => createEnvelope("updateGet", init as never));
    expect(error.rawMessage).toBe(`cannot create ${envelopeName}: Error: no type`);
    expect(error.cause).toBe(thrown);
  });

  it("names a $typeName that is no string by its value", () => {
    const error = codecErrorOf(() => createEnvelope("updateGet", { $typeName: 5 } as never));
    expect(error.rawMessage).toBe(
      `cannot create ${envelopeName}: a updateGet member is a kafka_grpc.VehicleData, got 5`,
    );
  });

  it("takes a message of the member's type as it is", () => {
    const vehicle = create(VehicleDataSchema, { vin: "WVWZZZ1JZXW000001" });
    expect(createEnvelope("updateGet", vehicle).Data.value).toBe(vehicle);
  });
});
