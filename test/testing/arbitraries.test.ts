import { type DescMessage, equals, isMessage, ScalarType } from "@bufbuild/protobuf";
import fc, { type Arbitrary } from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BineryHexSchema,
  CarECUSchema,
  CarUpdateProgressSchema,
  CarUpdateRequestSchema,
  CarUpdateStatusSchema,
  DTCEntrySchema,
  decodeEnvelope,
  decodeMessage,
  ECCKeySchema,
  ECCKeysSchema,
  encodeEnvelope,
  encodeMessage,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeToJson,
  envelopeToJsonString,
  FeatureCodesSchema,
  FileKeyResponseSchema,
  FileKeysRequestSchema,
  file_kafka_grpc_kafka_grpc,
  GRPC_AttendantPayloadSchema,
  MemoryRegionSchema,
  MessageStatusSchema,
  OrderSchema,
  UpdateDataSchema,
  UpdateManifestECUSchema,
  UpdateManifestFileSchema,
  UpdateManifestSchema,
  VehicleDataSchema,
  VehicleSpecificationSchema,
} from "../../src/index.js";
import {
  arbitraryBineryHex,
  arbitraryCarECU,
  arbitraryCarUpdateProgress,
  arbitraryCarUpdateRequest,
  arbitraryCarUpdateStatus,
  arbitraryDTCEntry,
  arbitraryECCKey,
  arbitraryECCKeys,
  arbitraryEnvelope,
  arbitraryEnvelopeBytes,
  arbitraryEnvelopeOf,
  arbitraryFeatureCodes,
  arbitraryFileKeyResponse,
  arbitraryFileKeysRequest,
  arbitraryMemoryRegion,
  arbitraryMessageStatus,
  arbitraryOrder,
  arbitraryUpdateData,
  arbitraryUpdateManifest,
  arbitraryUpdateManifestECU,
  arbitraryUpdateManifestFile,
  arbitraryVehicleData,
  arbitraryVehicleSpecification,
} from "../../src/testing/index.js";
import { fieldValues, nestedMessages } from "./field-values.js";

const numRuns = 200;
const same = (a: unknown, b: unknown) =>
  equals(GRPC_AttendantPayloadSchema, a as never, b as never);

const messageArbitraries: [string, DescMessage, () => Arbitrary<object>][] = [
  ["arbitraryBineryHex", BineryHexSchema, arbitraryBineryHex],
  ["arbitraryCarECU", CarECUSchema, arbitraryCarECU],
  ["arbitraryCarUpdateProgress", CarUpdateProgressSchema, arbitraryCarUpdateProgress],
  ["arbitraryCarUpdateRequest", CarUpdateRequestSchema, arbitraryCarUpdateRequest],
  ["arbitraryCarUpdateStatus", CarUpdateStatusSchema, arbitraryCarUpdateStatus],
  ["arbitraryDTCEntry", DTCEntrySchema, arbitraryDTCEntry],
  ["arbitraryECCKey", ECCKeySchema, arbitraryECCKey],
  ["arbitraryECCKeys", ECCKeysSchema, arbitraryECCKeys],
  ["arbitraryFeatureCodes", FeatureCodesSchema, arbitraryFeatureCodes],
  ["arbitraryFileKeyResponse", FileKeyResponseSchema, arbitraryFileKeyResponse],
  ["arbitraryFileKeysRequest", FileKeysRequestSchema, arbitraryFileKeysRequest],
  ["arbitraryMemoryRegion", MemoryRegionSchema, arbitraryMemoryRegion],
  ["arbitraryMessageStatus", MessageStatusSchema, arbitraryMessageStatus],
  ["arbitraryOrder", OrderSchema, arbitraryOrder],
  ["arbitraryUpdateData", UpdateDataSchema, arbitraryUpdateData],
  ["arbitraryUpdateManifest", UpdateManifestSchema, arbitraryUpdateManifest],
  ["arbitraryUpdateManifestECU", UpdateManifestECUSchema, arbitraryUpdateManifestECU],
  ["arbitraryUpdateManifestFile", UpdateManifestFileSchema, arbitraryUpdateManifestFile],
  ["arbitraryVehicleData", VehicleDataSchema, arbitraryVehicleData],
  ["arbitraryVehicleSpecification", VehicleSpecificationSchema, arbitraryVehicleSpecification],
];

describe("message arbitraries", () => {
  it("cover every message of the contract except the envelope", () => {
    const covered = messageArbitraries.map(([, schema]) => schema.typeName).sort();
    const all = file_kafka_grpc_kafka_grpc.messages
      .map((message) => message.typeName)
      .filter((name) => name !== GRPC_AttendantPayloadSchema.typeName)
      .sort();
    expect(covered).toEqual(all);
  });

  it.each(messageArbitraries)(
    "%s() yields valid messages that survive a binary round trip",
    (_name, schema, arbitrary) => {
      fc.assert(
        fc.property(arbitrary(), (message) => {
          expect(isMessage(message, schema)).toBe(true);
          for (const nested of nestedMessages(schema, message)) {
            expect(isMessage(nested.value, nested.desc)).toBe(true);
          }
          const back = decodeMessage(schema, encodeMessage(schema, message as never));
          expect(equals(schema, back, message as never)).toBe(true);
        }),
        { numRuns: 50 },
      );
    },
  );
});

describe("arbitraryEnvelope()", () => {
  it("survives decodeEnvelope(encodeEnvelope(x))", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        expect(same(decodeEnvelope(encodeEnvelope(envelope)), envelope)).toBe(true);
      }),
      { numRuns },
    );
  });

  it("survives envelopeFromJson(envelopeToJson(x))", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        expect(same(envelopeFromJson(envelopeToJson(envelope)), envelope)).toBe(true);
      }),
      { numRuns },
    );
  });

  it("survives the JSON round trip with proto field names", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const json = envelopeToJson(envelope, { useProtoFieldName: true });
        expect(same(envelopeFromJson(json), envelope)).toBe(true);
      }),
      { numRuns },
    );
  });

  it("survives the JSON text round trip", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        expect(same(envelopeFromJsonString(envelopeToJsonString(envelope)), envelope)).toBe(true);
      }),
      { numRuns },
    );
  });

  it("always sets Data", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => envelope.Data.case !== undefined),
      { numRuns },
    );
  });
});

describe("arbitraryEnvelopeOf()", () => {
  it.each(envelopeKinds)("yields envelopes of kind %s", (kind) => {
    fc.assert(
      fc.property(arbitraryEnvelopeOf(kind), (envelope) => envelope.Data.case === kind),
      { numRuns: 20 },
    );
  });
});

describe("arbitraryEnvelopeBytes()", () => {
  it("yields bytes that decode and encode back to the same bytes", () => {
    fc.assert(
      fc.property(arbitraryEnvelopeBytes(), (bytes) => {
        expect(encodeEnvelope(decodeEnvelope(bytes))).toEqual(bytes);
      }),
      { numRuns },
    );
  });
});

describe("edge values", () => {
  // A fixed seed keeps this test deterministic; the property tests above use fresh seeds.
  const envelopes = fc.sample(arbitraryEnvelope(), { numRuns: 2000, seed: 20260314 });
  const values = envelopes.flatMap((envelope) =>
    fieldValues(GRPC_AttendantPayloadSchema, envelope),
  );
  const scalars = (...types: ScalarType[]) =>
    values
      .filter(({ field }) => field.scalar !== undefined && types.includes(field.scalar))
      .map(({ value }) => value)
      .filter((value) => !Array.isArray(value));
  const maps = values
    .filter(({ field }) => field.fieldKind === "map")
    .map(({ value }) => value as object);
  const lists = values
    .filter(({ field }) => field.fieldKind === "list")
    .map(({ value }) => value as unknown[]);

  it("reach every kind", () => {
    expect(new Set(envelopes.map((envelope) => envelope.Data.case)).size).toBe(11);
  });

  it("reach the int64 extremes, 0 and -1", () => {
    const int64 = scalars(ScalarType.INT64);
    for (const edge of [-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n]) expect(int64).toContain(edge);
  });

  it("reach the uint64 extremes", () => {
    const uint64 = scalars(ScalarType.UINT64);
    for (const edge of [0n, 2n ** 64n - 1n]) expect(uint64).toContain(edge);
  });

  it("reach the int32 and uint32 extremes", () => {
    const int32 = scalars(ScalarType.INT32);
    for (const edge of [-(2 ** 31), 2 ** 31 - 1, 0, -1]) expect(int32).toContain(edge);
    const uint32 = scalars(ScalarType.UINT32);
    for (const edge of [0, 2 ** 32 - 1]) expect(uint32).toContain(edge);
  });

  it("reach empty strings and strings with non-BMP characters, all well-formed", () => {
    const strings = scalars(ScalarType.STRING).filter((s) => typeof s === "string");
    expect(strings).toContain("");
    expect(strings.some((s) => /[\u{10000}-\u{10FFFF}]/u.test(s))).toBe(true);
    // With the u flag, a surrogate pair is one code point: only a lone surrogate matches.
    expect(strings.filter((s) => /[\uD800-\uDFFF]/u.test(s))).toEqual([]);
  });

  it("reach empty and non-empty bytes", () => {
    const bytes = scalars(ScalarType.BYTES) as Uint8Array[];
    expect(bytes.some((b) => b.length === 0)).toBe(true);
    expect(bytes.some((b) => b.length > 8)).toBe(true);
  });

  it("reach empty maps, maps of 10+ entries and the awkward keys", () => {
    expect(maps.some((map) => Object.keys(map).length === 0)).toBe(true);
    expect(maps.some((map) => Object.keys(map).length >= 10)).toBe(true);
    const keys = new Set(maps.flatMap((map) => Object.keys(map)));
    for (const key of ["__proto__", "constructor", "10", "9", ""]) expect(keys).toContain(key);
  });

  it("reach unknown EmumStatus numbers", () => {
    const statuses = values
      .filter(({ field }) => field.fieldKind === "enum")
      .map(({ value }) => value);
    for (const known of [0, 1, 2]) expect(statuses).toContain(known);
    for (const unknown of [3, 99, -1, 2 ** 31 - 1]) expect(statuses).toContain(unknown);
  });

  it("reach optional fields present and absent", () => {
    const optional = values.filter(({ field }) => field.proto.proto3Optional);
    expect(optional.some(({ value }) => value === undefined)).toBe(true);
    expect(optional.some(({ value }) => value !== undefined)).toBe(true);
  });

  it("reach empty and long lists", () => {
    expect(lists.some((list) => list.length === 0)).toBe(true);
    expect(lists.some((list) => list.length >= 16)).toBe(true);
  });

  it("reach rollback ECUs nested inside rollback ECUs", () => {
    expect(values.some(({ rollbackDepth }) => rollbackDepth >= 2)).toBe(true);
  });
});
