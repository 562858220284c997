import { type DescMessage, fromBinary } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BineryHexSchema,
  CarECUSchema,
  CarUpdateStatusSchema,
  decodeMessage,
  ECCKeySchema,
  encodeMessage,
  UpdateManifestECUSchema,
  UpdateManifestFileSchema,
  UpdateManifestSchema,
  VehicleDataSchema,
} from "../../src/index.js";
import { arbitraryMessage } from "../../src/testing/index.js";

import { damage, damaged } from "../helpers/hostile-messages.js";
import { expectSameEncoding } from "../helpers/outcome.js";
import { encodeMessageByOracle } from "../oracle/encode-by-oracle.js";

describe("encodeMessage(): the generated encoders of every message type", () => {
  const cases: [DescMessage, fc.Arbitrary<object>][] = [
    [CarUpdateStatusSchema, arbitraryMessage(CarUpdateStatusSchema)],
    [CarECUSchema, arbitraryMessage(CarECUSchema)],
    [ECCKeySchema, arbitraryMessage(ECCKeySchema)],
    [BineryHexSchema, arbitraryMessage(BineryHexSchema)],
    [UpdateManifestSchema, arbitraryMessage(UpdateManifestSchema)],
    [UpdateManifestECUSchema, arbitraryMessage(UpdateManifestECUSchema)],
    [UpdateManifestFileSchema, arbitraryMessage(UpdateManifestFileSchema)],
  ];
  it.each(cases)("agrees with the slow path on %s, valid and damaged", (schema, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, fc.option(damage), (message, d) => {
        const value = d === null ? message : damaged(message, d);
        expectSameEncoding(
          schema,
          () => encodeMessage(schema, value as never),
          () => encodeMessageByOracle(schema, value as never),
        );
      }),
      { numRuns: 300 },
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
      "[invalid_argument] cannot encode kafka_grpc.Nope to binary: not a message of the kafka_grpc contract (use the schemas this package exports)",
    );
  });

  it("refuses a schema from outside the contract with invalid_argument", () => {
    const value = fromBinary(TimestampSchema, new Uint8Array([0x08, 0x96, 0x01]));
    expect(() => encodeMessage(TimestampSchema, value)).toThrowError(
      "[invalid_argument] cannot encode google.protobuf.Timestamp to binary: not a message of the kafka_grpc contract (use the schemas this package exports)",
    );
  });
});
