import { type DescMessage, equals, fromBinary, toBinary } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeEnvelope,
  decodeMessage,
  type EnvelopeKind,
  encodeEnvelope,
  encodeMessage,
  envelopeKinds,
  envelopeMemberSchemas,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { arbitraryEnvelope, arbitraryEnvelopeOf } from "../../src/testing/index.js";
import {
  concat,
  lenField,
  padLength,
  payloadOf,
  sameEnvelope,
  topLevelFields,
  unknownFields,
} from "./helpers.js";

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

describe("decodeEnvelope() and encodeEnvelope()", () => {
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
