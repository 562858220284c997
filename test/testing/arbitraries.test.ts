import { equals, isMessage, ScalarType } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CodecError,
  decodeEnvelope,
  decodeMessage,
  type EnvelopeKind,
  encodeEnvelope,
  encodeMessage,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeToJson,
  envelopeToJsonString,
  file_kafka_grpc_kafka_grpc,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import * as testing from "../../src/testing/index.js";
import {
  arbitraryEnvelope,
  arbitraryEnvelopeBytes,
  arbitraryEnvelopeOf,
  arbitraryMessage,
} from "../../src/testing/index.js";
import { fieldValues, nestedMessages } from "./field-values.js";

const numRuns = 200;
const same = (a: unknown, b: unknown) =>
  equals(GRPC_AttendantPayloadSchema, a as never, b as never);

// The loops below run over the descriptors, so a message or a kind added to the proto is
// covered without a change here.
const messages = file_kafka_grpc_kafka_grpc.messages;
const kinds = (GRPC_AttendantPayloadSchema.oneofs[0]?.fields ?? []).map(
  (field) => field.localName as EnvelopeKind,
);

describe('"./testing"', () => {
  it("exports generic arbitraries only, none per message", () => {
    expect(Object.keys(testing).sort()).toEqual([
      "arbitraryEnvelope",
      "arbitraryEnvelopeBytes",
      "arbitraryEnvelopeOf",
      "arbitraryMessage",
    ]);
  });
});

describe("arbitraryMessage() of each message", () => {
  it.each(messages.map((desc) => [desc.name, desc] as const))(
    "arbitraryMessage(%sSchema) yields valid messages that survive a binary round trip",
    (_name, schema) => {
      fc.assert(
        fc.property(arbitraryMessage(schema), (message) => {
          expect(isMessage(message, schema)).toBe(true);
          for (const nested of nestedMessages(schema, message)) {
            expect(isMessage(nested.value, nested.desc)).toBe(true);
          }
          const back = decodeMessage(schema, encodeMessage(schema, message));
          expect(equals(schema, back, message)).toBe(true);
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
  it.each(kinds)("yields envelopes of kind %s", (kind) => {
    fc.assert(
      fc.property(arbitraryEnvelopeOf(kind), (envelope) => envelope.Data.case === kind),
      { numRuns: 20 },
    );
  });

  it("rejects a kind that is not a member of Data", () => {
    const call = () => arbitraryEnvelopeOf("toString" as EnvelopeKind);
    expect(call).toThrow(CodecError);
    expect(call).toThrow(`[invalid_argument] cannot create kafka_grpc.GRPC_AttendantPayload`);
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
    expect(new Set(envelopes.map((envelope) => envelope.Data.case))).toEqual(new Set(kinds));
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
