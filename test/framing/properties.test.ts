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
  isCodecError,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { collect, concat, cut } from "./helpers.js";

const sameAll = (a: GRPC_AttendantPayload[], b: GRPC_AttendantPayload[]) =>
  a.length === b.length && a.every((x, i) => equals(GRPC_AttendantPayloadSchema, x, b[i] as never));

/** A byte string with offsets to cut it at, sorted, repeats allowed (empty chunks). */
const chunked = (bytes: fc.Arbitrary<Uint8Array>) =>
  bytes.chain((b) =>
    fc.array(fc.nat({ max: b.length }), { maxLength: 12 }).map((at) => ({
      bytes: b,
      chunks: cut(
        b,
        at.sort((x, y) => x - y),
      ),
    })),
  );

/** Returns what decoding gives, or the CodecError text; anything else fails the property. */
async function outcome(run: () => Promise<unknown> | unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    if (!isCodecError(error)) throw error;
    return error.message;
  }
}

describe("size-delimited framing properties", () => {
  it("decodes what encodeDelimited wrote, however the stream is chunked", async () => {
    const streams = fc.array(arbitraryEnvelope(), { maxLength: 5 }).chain((envelopes) =>
      chunked(fc.constant(concat(...envelopes.map((e) => encodeDelimited(e))))).map((s) => ({
        envelopes,
        ...s,
      })),
    );
    await fc.assert(
      fc.asyncProperty(streams, async ({ envelopes, bytes, chunks }) => {
        expect(sameAll(decodeDelimited(bytes), envelopes)).toBe(true);
        expect(sameAll(await collect(decodeDelimitedStream(chunks)), envelopes)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("fails on any bytes with a CodecError, the same whether streamed in chunks or not", async () => {
    const noise = fc.uint8Array({ maxLength: 64 }).map((b) => new Uint8Array(b));
    const mixed = fc
      .tuple(fc.array(arbitraryEnvelope(), { maxLength: 2 }), noise)
      .map(([envelopes, tail]) => concat(...envelopes.map((e) => encodeDelimited(e)), tail));
    await fc.assert(
      fc.asyncProperty(chunked(fc.oneof(noise, mixed)), async ({ bytes, chunks }) => {
        const options = { requireData: false, maxBytes: 1024 };
        const sync = await outcome(() => decodeDelimited(bytes, options));
        const streamed = await outcome(() => collect(decodeDelimitedStream(chunks, options)));
        if (typeof sync === "string") expect(streamed).toBe(sync);
        else expect(sameAll(streamed as never, sync as never)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("Schema Registry framing properties", () => {
  const schemaIds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

  it("decodes what encodeSchemaRegistryFrame wrote, with its schema id and [0]", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), schemaIds, (envelope, schemaId) => {
        const frame = encodeSchemaRegistryFrame(envelope, { schemaId });
        const decoded = decodeSchemaRegistryFrame(frame);
        expect(decoded.schemaId).toBe(schemaId);
        expect(decoded.messageIndexes).toEqual([0]);
        expect(equals(GRPC_AttendantPayloadSchema, decoded.envelope, envelope)).toBe(true);
        const value = decodeKafkaValue(frame);
        expect(value.framing === "schema-registry" && value.schemaId).toBe(schemaId);
      }),
      { numRuns: 200 },
    );
  });

  it("tells bare protobuf from a frame", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const value = decodeKafkaValue(encodeEnvelope(envelope));
        expect(value.framing).toBe("raw");
        expect(equals(GRPC_AttendantPayloadSchema, value.envelope, envelope)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("fails on any bytes with a CodecError only", () => {
    const frames = fc.oneof(
      fc.uint8Array({ maxLength: 40 }).map((b) => concat(new Uint8Array([0]), b)),
      fc
        .tuple(arbitraryEnvelope(), schemaIds, fc.nat({ max: 40 }), fc.uint8Array({ maxLength: 4 }))
        .map(([envelope, schemaId, at, junk]) => {
          const frame = encodeSchemaRegistryFrame(envelope, { schemaId });
          const i = Math.min(at, frame.length);
          return concat(frame.subarray(0, i), junk, frame.subarray(i));
        }),
    );
    fc.assert(
      fc.property(frames, (frame) => {
        try {
          decodeKafkaValue(frame, { requireData: false });
        } catch (error) {
          if (!isCodecError(error)) throw error;
        }
      }),
      { numRuns: 1000 },
    );
  });
});
