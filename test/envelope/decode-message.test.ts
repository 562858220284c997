import type { DescMessage } from "@bufbuild/protobuf";
import { toBinary } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BineryHexSchema,
  CarECUSchema,
  CarUpdateStatusSchema,
  DTCEntrySchema,
  decodeMessage,
  ECCKeySchema,
  EmumStatusSchema,
  MessageStatusSchema,
  OrderSchema,
  UpdateManifestECUSchema,
  UpdateManifestFileSchema,
  UpdateManifestSchema,
  VehicleDataSchema,
} from "../../src/index.js";
import { arbitraryMessage } from "../../src/testing/index.js";

import { lenient, messageCases, unknownOf } from "../helpers/accepted-by-protobuf-es.js";
import { B } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { mutated } from "../helpers/mutated-bytes.js";
import { expectSameOutcome } from "../helpers/outcome.js";
import { unsafeCharacters } from "../helpers/unsafe-characters.js";
import { decodeByOracle } from "../oracle/check-wire.js";

describe("decodeMessage()", () => {
  it("names the message type it decodes", () => {
    const error = codecErrorOf(() => decodeMessage(VehicleDataSchema, B(0x0a, 0x05, 0x41)));
    expect(error.rawMessage).toBe(
      "cannot decode kafka_grpc.VehicleData from binary: length-delimited field of 5 bytes at offset 1 runs past the end of the input",
    );
  });
});

describe("decodeMessage(): the message type by name or by schema", () => {
  const bytes = B(0x0a, 0x01, 0x41);

  it("takes the type name as it takes the schema", () => {
    const byName = decodeMessage("kafka_grpc.VehicleData", bytes);
    expect(byName).toEqual(decodeMessage(VehicleDataSchema, bytes));
    expect(byName.vin).toBe("A");
  });

  it("reads only typeName of a schema", () => {
    const schema = { typeName: "kafka_grpc.VehicleData" };
    expect(decodeMessage(schema as typeof VehicleDataSchema, bytes).vin).toBe("A");
  });

  it.each([
    ["kafka_grpc.Nope", "kafka_grpc.Nope"],
    ["kafka_grpc.EmumStatus", "kafka_grpc.EmumStatus"],
    ["kafka_grpc.CarUpdateStatus.EcusEntry", "kafka_grpc.CarUpdateStatus.EcusEntry"],
    [EmumStatusSchema, "kafka_grpc.EmumStatus"],
  ])("refuses %s, which is no message of the contract", (type, name) => {
    expect(() => decodeMessage(type as never, bytes)).toThrowError(
      `[invalid_argument] cannot decode "${name}" from binary: not a message of the kafka_grpc contract (use the schemas this package exports)`,
    );
  });

  it.each([
    [
      "a name with control characters",
      "kafka_grpc.Nope\u001b[2J\n",
      '"kafka_grpc.Nope\\u001b[2J\\n"',
    ],
    ["a name with a lone surrogate", "kafka_grpc.\ud800", '"kafka_grpc.\\ud800"'],
    ["a long name", "x".repeat(100_000), `"${"x".repeat(200)}…"`],
    ["a schema of a hostile name", { typeName: "evil\u001b\n\u202e" }, '"evil\\u001b\\n\\u202e"'],
  ])("quotes %s escaped and cut", (_, type, quoted) => {
    const error = codecErrorOf(() => decodeMessage(type as never, bytes));
    expect(error.message).toBe(
      `[invalid_argument] cannot decode ${quoted} from binary: not a message of the kafka_grpc contract (use the schemas this package exports)`,
    );
    expect(unsafeCharacters(error.message)).toEqual([]);
    expect(error.message.length).toBeLessThan(400);
  });

  it("refuses a schema whose typeName getter throws, the error as the cause", () => {
    const thrown = new RangeError("boom");
    const schema = Object.defineProperty({}, "typeName", {
      get() {
        throw thrown;
      },
    });
    const error = codecErrorOf(() => decodeMessage(schema as never, bytes));
    expect(error.message).toBe(
      "[invalid_argument] cannot decode from binary: the schema's typeName could not be read",
    );
    expect(error.cause).toBe(thrown);
  });

  it.each([
    [5, "number"],
    [null, "null"],
    [{}, "object"],
    [{ typeName: 5 }, "object"],
  ])("refuses %j, which is neither", (type, described) => {
    expect(() => decodeMessage(type as never, bytes)).toThrowError(
      `[invalid_argument] cannot decode from binary: expected a message schema, got ${described}`,
    );
  });
});

describe("decodeMessage(): the generated decoders of every message type", () => {
  const cases: [DescMessage, fc.Arbitrary<object>][] = [
    [CarUpdateStatusSchema, arbitraryMessage(CarUpdateStatusSchema)],
    [CarECUSchema, arbitraryMessage(CarECUSchema)],
    [DTCEntrySchema, arbitraryMessage(DTCEntrySchema)],
    [ECCKeySchema, arbitraryMessage(ECCKeySchema)],
    [BineryHexSchema, arbitraryMessage(BineryHexSchema)],
    [MessageStatusSchema, arbitraryMessage(MessageStatusSchema)],
    [OrderSchema, arbitraryMessage(OrderSchema)],
    [UpdateManifestSchema, arbitraryMessage(UpdateManifestSchema)],
    [UpdateManifestECUSchema, arbitraryMessage(UpdateManifestECUSchema)],
    [UpdateManifestFileSchema, arbitraryMessage(UpdateManifestFileSchema)],
  ];
  it.each(cases)("agrees with the slow path on %s, valid and mutated", (schema, arbitrary) => {
    const bytes = arbitrary.map((message) => toBinary(schema, message as never));
    fc.assert(
      fc.property(fc.oneof(bytes, mutated(bytes)), (input) => {
        expectSameOutcome(
          () => decodeMessage(schema, input),
          () => decodeByOracle(schema, input),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a schema from outside the contract with invalid_argument", () => {
    expect(() => decodeMessage(TimestampSchema, B(0x08, 0x96, 0x01))).toThrowError(
      '[invalid_argument] cannot decode "google.protobuf.Timestamp" from binary: not a message of the kafka_grpc contract (use the schemas this package exports)',
    );
    expect(() => decodeMessage(undefined as never, B())).toThrowError(
      "[invalid_argument] cannot decode from binary: expected a message schema, got undefined",
    );
  });
});

describe("decodeMessage() on a message of the contract", () => {
  const table = Object.entries(messageCases);

  it.each(table)("protobuf-es reads %s without an error", (_, c) => {
    const { json, message } = lenient(c.schema, c.bytes);
    expect(json).toEqual(c.protobufEs);
    expect(unknownOf(c.unknownOn?.(message) ?? message)).toEqual(c.unknown ?? []);
  });

  it.each(table)("rejects %s as malformed", (_, c) => {
    const error = codecErrorOf(() => decodeMessage(c.schema, c.bytes));
    expect(error.code).toBe("malformed");
    expect(error.rawMessage).toBe(c.message);
  });
});
