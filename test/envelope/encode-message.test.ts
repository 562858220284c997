import { create, fromBinary } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { file_kafka_grpc_kafka_grpc } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import {
  CarECUSchema,
  CarUpdateStatusSchema,
  decodeMessage,
  encodeMessage,
  UpdateManifestECUSchema,
  VehicleDataSchema,
} from "../../src/index.js";
import { arbitraryMessage } from "../../src/testing/index.js";

import { codecErrorOf } from "../helpers/codec-error-of.js";
import { damaged, writerDamage } from "../helpers/hostile-messages.js";
import { expectSameEncoding } from "../helpers/outcome.js";
import { unsafeCharacters } from "../helpers/unsafe-characters.js";
import { encodeMessageByOracle } from "../oracle/encode-by-oracle.js";

describe("encodeMessage(): the generated encoders of every message type", () => {
  // Held to the oracle (test/oracle/: checkMessage, then protobuf-es's toBinary() with maps in key
  // order): the same bytes for what it takes, the same code and text for what it refuses, the
  // very exception of a getter that throws.
  const cases = file_kafka_grpc_kafka_grpc.messages.map(
    (schema) => [schema.typeName, schema] as const,
  );
  it.each(cases)("agrees with the oracle on %s, valid and damaged", (_, schema) => {
    fc.assert(
      fc.property(
        arbitraryMessage(schema),
        fc.option(writerDamage),
        fc.boolean(),
        (message, d, deterministic) => {
          const value = d === null ? message : damaged(message, d);
          expectSameEncoding(
            schema,
            () => encodeMessage(schema, value as never, { deterministic }),
            () => encodeMessageByOracle(schema, value as never, { deterministic }),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("takes the type name as it takes the schema", () => {
    const vehicle = decodeMessage("kafka_grpc.VehicleData", new Uint8Array([0x0a, 0x01, 0x41]));
    expect(encodeMessage("kafka_grpc.VehicleData", vehicle)).toEqual(
      encodeMessage(VehicleDataSchema, vehicle),
    );
    expect(() =>
      encodeMessage("kafka_grpc.Nope" as "kafka_grpc.VehicleData", vehicle),
    ).toThrowError(
      '[invalid_argument] cannot encode "kafka_grpc.Nope" to binary: not a message of the kafka_grpc contract (use the schemas this package exports)',
    );
  });

  it("quotes a type name it refuses escaped and cut", () => {
    const vehicle = decodeMessage("kafka_grpc.VehicleData", new Uint8Array([0x0a, 0x01, 0x41]));
    for (const [name, quoted] of [
      ["kafka_grpc.Nope\u001b[2J\n", '"kafka_grpc.Nope\\u001b[2J\\n"'],
      ["x".repeat(100_000), `"${"x".repeat(200)}…"`],
    ]) {
      const error = codecErrorOf(() => encodeMessage(name as "kafka_grpc.VehicleData", vehicle));
      expect(error.message).toBe(
        `[invalid_argument] cannot encode ${quoted} to binary: not a message of the kafka_grpc contract (use the schemas this package exports)`,
      );
      expect(unsafeCharacters(error.message)).toEqual([]);
    }
  });

  it("lets the exception of a getter pass as itself, never as a CodecError", () => {
    const message = create(CarECUSchema, { vin: "v" });
    Object.defineProperty(message, "ecu", {
      get() {
        throw new TypeError("a bug in a getter");
      },
    });
    expect(() => encodeMessage(CarECUSchema, message)).toThrow(
      expect.objectContaining({ name: "TypeError", message: "a bug in a getter" }),
    );
  });

  it.each([
    ["an int64 as a decimal string with leading zeros", { epochUsec: "007" }],
    ["an int64 as -0 and as a safe integer", { epochUsec: "-0", createdAt: 9007199254740991 }],
    ["an int64 at its bounds", { epochUsec: -(2n ** 63n), createdAt: "9223372036854775807" }],
    ["an inherited optional field (checked, not written)", {}],
  ])("writes %s as the oracle does", (_, init) => {
    const message = Object.assign(create(CarECUSchema, { vin: "v" }), init);
    if (Object.keys(init).length === 0) Object.setPrototypeOf(message, { createdAt: 5n });
    expect(encodeMessage(CarECUSchema, message)).toEqual(
      encodeMessageByOracle(CarECUSchema, message),
    );
  });

  it.each([
    [
      { epochUsec: 2n ** 63n },
      "kafka_grpc.CarECU.epochUsec: 9223372036854775808 is out of range for int64",
    ],
    [{ epochUsec: "0x10" }, 'kafka_grpc.CarECU.epochUsec: expected int64 as bigint, got "0x10"'],
    [
      { epochUsec: 2 ** 53 },
      "kafka_grpc.CarECU.epochUsec: expected int64 as bigint, got 9007199254740992",
    ],
    [{ vin: "a\udc00" }, "kafka_grpc.CarECU.vin: string holds a lone surrogate"],
    [{ vin: undefined }, "kafka_grpc.CarECU.vin: expected string, got undefined"],
    [{ createdAt: 1.5 }, "kafka_grpc.CarECU.createdAt: expected int64 as bigint, got 1.5"],
    [
      { $unknown: [{ no: 1 }] },
      "kafka_grpc.CarECU.$unknown: expected { no, wireType, data } entries",
    ],
  ])("refuses %o with the oracle's text", (init, text) => {
    const message = Object.assign(create(CarECUSchema), init);
    const expected = `[invalid_message] cannot encode kafka_grpc.CarECU to binary: ${text}`;
    expect(() => encodeMessageByOracle(CarECUSchema, message)).toThrowError(expected);
    expect(() => encodeMessage(CarECUSchema, message)).toThrowError(expected);
  });

  it("refuses a message that contains itself, or nests too deep, with too_deep at the limit", () => {
    const cycle = create(UpdateManifestECUSchema);
    cycle.rollback.push(cycle);
    let deep = create(UpdateManifestECUSchema);
    for (let i = 0; i < 600; i++) deep = create(UpdateManifestECUSchema, { rollback: [deep] });
    for (const [message, recursionLimit] of [
      [cycle, 100],
      [deep, 100],
      [deep, 500],
    ] as const) {
      const expected = `[too_deep] cannot encode kafka_grpc.UpdateManifestECU to binary: kafka_grpc.UpdateManifestECU at depth ${recursionLimit + 1} nests deeper than recursionLimit ${recursionLimit}`;
      expect(() =>
        encodeMessageByOracle(UpdateManifestECUSchema, message, { recursionLimit }),
      ).toThrowError(expected);
      expect(() =>
        encodeMessage(UpdateManifestECUSchema, message, { recursionLimit }),
      ).toThrowError(expected);
    }
  });

  it("names the first refused map value in the map's own order, whatever order it is written in", () => {
    const ecus = {
      b: create(CarECUSchema, { vin: 1 as never }),
      a: create(CarECUSchema, { ecu: 2 as never }),
    };
    const message = create(CarUpdateStatusSchema, { ecus });
    const expected =
      '[invalid_message] cannot encode kafka_grpc.CarUpdateStatus to binary: kafka_grpc.CarUpdateStatus.ecus["b"].vin: expected string, got number';
    expect(() => encodeMessageByOracle(CarUpdateStatusSchema, message)).toThrowError(expected);
    expect(() => encodeMessage(CarUpdateStatusSchema, message)).toThrowError(expected);
  });

  it("refuses a schema from outside the contract with invalid_argument", () => {
    const value = fromBinary(TimestampSchema, new Uint8Array([0x08, 0x96, 0x01]));
    expect(() => encodeMessage(TimestampSchema, value)).toThrowError(
      '[invalid_argument] cannot encode "google.protobuf.Timestamp" to binary: not a message of the kafka_grpc contract (use the schemas this package exports)',
    );
  });
});
