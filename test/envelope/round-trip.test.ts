import { type DescMessage, equals, fromBinary, toBinary } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createEnvelope,
  decodeEnvelope,
  decodeMessage,
  type EnvelopeKind,
  encodeEnvelope,
  encodeMessage,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeMemberSchemas,
  envelopeToJson,
  envelopeToJsonString,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { arbitraryEnvelope, arbitraryEnvelopeOf } from "../../src/testing/index.js";
import { concat } from "../helpers/bytes.js";
import { type FillMode, fill } from "../helpers/fill.js";
import {
  lenField,
  padLength,
  payloadOf,
  sameEnvelope,
  topLevelFields,
  unknownFields,
} from "../helpers/wire-fields.js";

function filledEnvelope(kind: EnvelopeKind, mode: FillMode = "typical") {
  const value = fill(envelopeMemberSchemas[kind], mode);
  return createEnvelope(kind, value as never, { handler: `handler-${kind}` });
}

describe("encodeEnvelope() and decodeEnvelope()", () => {
  it("lists the 11 Data members of the schema, in field-number order", () => {
    const oneof = GRPC_AttendantPayloadSchema.oneofs[0];
    expect(oneof?.name).toBe("Data");
    expect(oneof?.fields.map((f) => f.localName)).toEqual(envelopeKinds);
    expect(oneof?.fields.map((f) => f.number)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  describe.each(envelopeKinds)("%s with every field set", (kind) => {
    it.each<FillMode>(["typical", "max", "min"])(
      "round-trips through binary (%s values)",
      (mode) => {
        const envelope = filledEnvelope(kind, mode);
        const bytes = encodeEnvelope(envelope);
        expect(bytes).toEqual(toBinary(GRPC_AttendantPayloadSchema, envelope));
        const decoded = decodeEnvelope(bytes);
        expect(equals(GRPC_AttendantPayloadSchema, decoded, envelope)).toBe(true);
        expect(decoded).toStrictEqual(fromBinary(GRPC_AttendantPayloadSchema, bytes));
      },
    );

    it.each<FillMode>(["typical", "max", "min"])("round-trips through JSON (%s values)", (mode) => {
      const envelope = filledEnvelope(kind, mode);
      for (const useProtoFieldName of [false, true]) {
        const json = envelopeToJson(envelope, { useProtoFieldName });
        expect(equals(GRPC_AttendantPayloadSchema, envelopeFromJson(json), envelope)).toBe(true);
        const text = envelopeToJsonString(envelope, { useProtoFieldName, prettySpaces: 2 });
        expect(equals(GRPC_AttendantPayloadSchema, envelopeFromJsonString(text), envelope)).toBe(
          true,
        );
      }
    });
  });
});

// The binary identities, checked on the envelopes of vehicle-update-codec/testing, which reach
// the edges of every type (int64 extremes, non-BMP strings, empty and 10+ entry maps, unknown
// enum numbers, nested rollback ECUs).

/** The first field number GRPC_AttendantPayload leaves free. */
const FIRST_FREE_ENVELOPE_FIELD = 13;

/**
 * Valid encodings of an envelope that no encoder here writes: unknown fields in the envelope
 * and in its member, fields in another order, LEN lengths in a padded (non-shortest) varint,
 * and the concatenation of two encodings, which protobuf merges.
 */
const unusualEncodings = fc
  .record({
    envelope: arbitraryEnvelope(),
    other: fc.option(arbitraryEnvelope(), { freq: 4, nil: undefined }),
    outerUnknown: fc.array(unknownFields(FIRST_FREE_ENVELOPE_FIELD), { maxLength: 3 }),
    memberUnknown: fc.array(unknownFields(30), { maxLength: 2 }),
    order: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
    padWidth: fc.integer({ min: 1, max: 5 }),
    viaToBinary: fc.boolean(),
  })
  .map((r) => {
    const bytes = r.viaToBinary
      ? toBinary(GRPC_AttendantPayloadSchema, r.envelope)
      : encodeEnvelope(r.envelope);
    const fields = topLevelFields(bytes).map((field) => {
      const isMember = field.fieldNo !== 1 && r.memberUnknown.length > 0;
      const bytes = isMember
        ? lenField(field.fieldNo, concat(payloadOf(field), ...r.memberUnknown))
        : field.bytes;
      return padLength({ ...field, bytes }, r.padWidth);
    });
    const parts = [...fields, ...r.outerUnknown];
    // A permutation of the parts, by sorting on the random keys.
    const shuffled = parts
      .map((part, i) => ({ part, key: r.order[i % r.order.length] ?? 0 }))
      .sort((a, b) => a.key - b.key)
      .map(({ part }) => part);
    const first = concat(...shuffled);
    return r.other === undefined ? first : concat(first, encodeEnvelope(r.other));
  });

describe("decodeEnvelope() and encodeEnvelope() on any envelope", () => {
  it("decode∘encode is the identity", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const back = decodeEnvelope(encodeEnvelope(envelope));
        expect(equals(GRPC_AttendantPayloadSchema, back, envelope)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("encodes what it decoded to the same bytes: encoded bytes are a fixed point", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const bytes = encodeEnvelope(envelope);
        expect(encodeEnvelope(decodeEnvelope(bytes))).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it("writes what protobuf-es toBinary writes, up to the order of map entries", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const ours = encodeEnvelope(envelope);
        const theirs = toBinary(GRPC_AttendantPayloadSchema, envelope);
        expect(ours.length).toBe(theirs.length);
        expect(
          equals(
            GRPC_AttendantPayloadSchema,
            fromBinary(GRPC_AttendantPayloadSchema, ours),
            fromBinary(GRPC_AttendantPayloadSchema, theirs),
          ),
        ).toBe(true);
        const mapEntries =
          envelope.Data.case === "carUpdateStatus" ? Object.keys(envelope.Data.value.ecus) : [];
        if (mapEntries.length < 2) expect(ours).toEqual(theirs);
      }),
      { numRuns: 200 },
    );
  });

  it("agrees with protobuf-es fromBinary on every valid encoding", () => {
    fc.assert(
      fc.property(unusualEncodings, (bytes) => {
        const ours = decodeEnvelope(bytes);
        const theirs = fromBinary(GRPC_AttendantPayloadSchema, bytes);
        expect(sameEnvelope(ours, theirs)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps unknown fields byte for byte through decode and encode", () => {
    const withUnknown = fc
      .tuple(
        arbitraryEnvelope(),
        fc.array(unknownFields(FIRST_FREE_ENVELOPE_FIELD), { minLength: 1, maxLength: 4 }),
      )
      .map(([envelope, unknown]) => concat(encodeEnvelope(envelope), ...unknown));
    fc.assert(
      fc.property(withUnknown, (bytes) => {
        expect(encodeEnvelope(decodeEnvelope(bytes))).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });
});

describe("decodeMessage() and encodeMessage()", () => {
  it.each(envelopeKinds)("round-trip a %s member on its own", (kind: EnvelopeKind) => {
    const schema: DescMessage = envelopeMemberSchemas[kind];
    fc.assert(
      fc.property(arbitraryEnvelopeOf(kind), (envelope) => {
        const member = envelope.Data.value as never;
        const back = decodeMessage(schema, encodeMessage(schema, member));
        expect(equals(schema, back, member)).toBe(true);
        expect(equals(schema, back, fromBinary(schema, encodeMessage(schema, member)))).toBe(true);
      }),
      { numRuns: 40 },
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
