import { equals } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeDelimited,
  decodeDelimitedStream,
  decodeKafkaValue,
  decodeSchemaRegistryFrame,
  encodeDelimited,
  encodeSchemaRegistryFrame,
} from "../../src/framing/index.js";
import {
  encodeEnvelope,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { asyncSource, chunked, collect, concat } from "./helpers.js";

// The framing identities: a stream of size-delimited envelopes reads back whole however it is
// cut into chunks, a Schema Registry frame keeps its schema id, and decodeKafkaValue tells the
// two framings of a record value apart.

const same = (a: GRPC_AttendantPayload, b: GRPC_AttendantPayload) =>
  equals(GRPC_AttendantPayloadSchema, a, b);
const sameAll = (a: GRPC_AttendantPayload[], b: GRPC_AttendantPayload[]) =>
  a.length === b.length && a.every((x, i) => same(x, b[i] as GRPC_AttendantPayload));

/** Schema ids: the edges 0, 1, 2^31 - 1 and anything between. */
const schemaIds = fc.oneof(
  fc.constantFrom(0, 1, 255, 256, 2 ** 31 - 1),
  fc.integer({ min: 0, max: 2 ** 31 - 1 }),
);

const streams = fc.array(arbitraryEnvelope(), { maxLength: 6 }).chain((envelopes) => {
  const bytes = concat(...envelopes.map((envelope) => encodeDelimited(envelope)));
  return chunked(bytes).map((chunks) => ({ envelopes, bytes, chunks }));
});

describe("encodeDelimited() and decodeDelimitedStream()", () => {
  it("read back every envelope in order, however the stream is cut into chunks", async () => {
    await fc.assert(
      fc.asyncProperty(streams, async ({ envelopes, chunks }) => {
        expect(sameAll(await collect(decodeDelimitedStream(asyncSource(chunks))), envelopes)).toBe(
          true,
        );
      }),
      { numRuns: 150 },
    );
  });

  it("read the same from a sync iterable of chunks and from one buffer", async () => {
    await fc.assert(
      fc.asyncProperty(streams, async ({ envelopes, bytes, chunks }) => {
        expect(sameAll(await collect(decodeDelimitedStream(chunks)), envelopes)).toBe(true);
        expect(sameAll(decodeDelimited(bytes), envelopes)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("write the length, then exactly the bytes of encodeEnvelope", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const bytes = encodeEnvelope(envelope);
        const delimited = encodeDelimited(envelope);
        expect(delimited.subarray(delimited.length - bytes.length)).toEqual(bytes);
        expect(decodeDelimited(delimited)).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
  });
});

describe("encodeSchemaRegistryFrame() and decodeSchemaRegistryFrame()", () => {
  it("read back the envelope, the schema id and the indexes [0]", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), schemaIds, (envelope, schemaId) => {
        const frame = encodeSchemaRegistryFrame(envelope, { schemaId });
        expect(frame[0]).toBe(0x00); // magic byte
        expect(new DataView(frame.buffer, frame.byteOffset).getInt32(1)).toBe(schemaId);
        const decoded = decodeSchemaRegistryFrame(frame);
        expect(decoded.schemaId).toBe(schemaId);
        expect(decoded.messageIndexes).toEqual([0]);
        expect(same(decoded.envelope, envelope)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("read the long form of the indexes [0] (0x02 0x00) as the short form", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), schemaIds, (envelope, schemaId) => {
        const short = encodeSchemaRegistryFrame(envelope, { schemaId });
        const long = concat(
          short.subarray(0, 5), // magic byte and schema id
          new Uint8Array([0x02, 0x00]), // count 1 (zigzag 2), index 0
          short.subarray(6), // the envelope
        );
        const decoded = decodeSchemaRegistryFrame(long);
        expect(decoded.schemaId).toBe(schemaId);
        expect(same(decoded.envelope, envelope)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe("decodeKafkaValue()", () => {
  it("tells bare protobuf from a Schema Registry frame, and decodes both", () => {
    const values = fc.array(
      fc.tuple(arbitraryEnvelope(), fc.option(schemaIds, { nil: undefined })),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(values, (records) => {
        for (const [envelope, schemaId] of records) {
          const bytes =
            schemaId === undefined
              ? encodeEnvelope(envelope)
              : encodeSchemaRegistryFrame(envelope, { schemaId });
          const value = decodeKafkaValue(bytes);
          if (schemaId === undefined) {
            expect(value.framing).toBe("raw");
          } else {
            expect(value).toMatchObject({ framing: "schema-registry", schemaId });
          }
          expect(same(value.envelope, envelope)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});
