import { equals } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeEnvelope,
  type EnvelopeJsonWriteOptions,
  encodeEnvelope,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeToJson,
  envelopeToJsonString,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";

// The proto3 JSON identities: reading what was written gives the envelope back, in either name
// style and with every write option, and JSON and binary agree on what an envelope is.

const writeOptions: [string, Partial<EnvelopeJsonWriteOptions>][] = [
  ["the defaults (lowerCamelCase names)", {}],
  ["useProtoFieldName", { useProtoFieldName: true }],
  ["alwaysEmitImplicit", { alwaysEmitImplicit: true }],
  ["enumAsInteger", { enumAsInteger: true }],
  ["all three options", { useProtoFieldName: true, alwaysEmitImplicit: true, enumAsInteger: true }],
];

describe("envelopeFromJson() and envelopeToJson()", () => {
  it.each(writeOptions)("fromJson∘toJson is the identity with %s", (_, options) => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const back = envelopeFromJson(envelopeToJson(envelope, options));
        expect(equals(GRPC_AttendantPayloadSchema, back, envelope)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("reads both name styles to the same envelope", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const camel = envelopeFromJson(envelopeToJson(envelope));
        const proto = envelopeFromJson(envelopeToJson(envelope, { useProtoFieldName: true }));
        expect(equals(GRPC_AttendantPayloadSchema, camel, proto)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("round-trips through JSON text, indented or not", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), fc.integer({ min: 0, max: 10 }), (envelope, spaces) => {
        const text = envelopeToJsonString(envelope, { prettySpaces: spaces });
        const back = envelopeFromJsonString(text);
        expect(equals(GRPC_AttendantPayloadSchema, back, envelope)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe("JSON and binary", () => {
  it("agree: an envelope read back from its JSON encodes to the same bytes", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const fromJson = envelopeFromJson(envelopeToJson(envelope));
        expect(encodeEnvelope(fromJson)).toEqual(encodeEnvelope(envelope));
      }),
      { numRuns: 200 },
    );
  });

  it("agree: an envelope read back from its bytes writes the same JSON", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const fromBinary = decodeEnvelope(encodeEnvelope(envelope));
        expect(envelopeToJson(fromBinary)).toEqual(envelopeToJson(envelope));
      }),
      { numRuns: 200 },
    );
  });
});
