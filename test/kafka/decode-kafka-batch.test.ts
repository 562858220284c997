import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import type { RecordFraming, RecordValueWriteOptions } from "../../src/framing/index.js";
import { encodeEnvelope, envelopeKinds, peekEnvelope } from "../../src/index.js";
import { decodeKafkaBatch, encodeKafkaMessage, type KafkaMessage } from "../../src/kafka/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { B } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { schemaIds } from "../helpers/framing-arbitraries.js";
import { mutated } from "../helpers/mutated-bytes.js";
import { sameEnvelope } from "../helpers/wire-fields.js";

const message = (value: Uint8Array | null, offset: number, headers = {}): KafkaMessage => ({
  value: value === null ? null : Buffer.from(value),
  key: null,
  offset: String(offset),
  headers,
});

const guids = fc
  .uint8Array({ minLength: 16, maxLength: 16 })
  .map((b) => Buffer.from(b).toString("hex"))
  .map(
    (h) =>
      `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`,
  );

/** Options for each framing, with the schema ids it carries. */
const framingOptions: fc.Arbitrary<Partial<RecordValueWriteOptions> & { framing: RecordFraming }> =
  fc.oneof(
    fc.constant({ framing: "raw" as const }),
    schemaIds.map((schemaId) => ({ framing: "schema-registry" as const, schemaId })),
    schemaIds.map((schemaId) => ({ framing: "schema-registry-header" as const, schemaId })),
    guids.map((schemaGuid) => ({ framing: "schema-registry-header" as const, schemaGuid })),
  );

// The property tests decode hundreds of generated batches: seconds of CPU, many times that on a
// loaded machine, where the default 30 s would fail a test that is only slow.
describe("decodeKafkaBatch()", { timeout: 180_000 }, () => {
  it("gives one result per record, at the record's index", () => {
    const good = encodeKafkaMessage(sampleEnvelope("keys"), {
      framing: "schema-registry",
      schemaId: 5,
    });
    const results = decodeKafkaBatch({
      topic: "updates",
      partition: 1,
      messages: [
        message(good.value, 10),
        message(null, 11),
        message(Buffer.from([0xff]), 12),
        message(good.value, 13),
      ],
    });
    expect(results.map((r) => [r.kind, r.offset, r.partition, r.topic])).toStrictEqual([
      ["ok", "10", 1, "updates"],
      ["tombstone", "11", 1, "updates"],
      ["error", "12", 1, "updates"],
      ["ok", "13", 1, "updates"],
    ]);
  });

  it("decodes an empty batch to no results", () => {
    expect(decodeKafkaBatch({ topic: "t", partition: 0, messages: [] })).toStrictEqual([]);
  });

  it("checks the options once, before any record", () => {
    const error = codecErrorOf(() =>
      decodeKafkaBatch({ topic: "t", partition: 0, messages: [] }, { maxBytes: 1.5 }),
    );
    expect(error.message).toBe(
      "[invalid_argument] option maxBytes must be a whole number of at least 0, got 1.5",
    );
  });

  it("reads options that set nothing but kinds once a batch, not again for each record it decodes", () => {
    const reads = (records: number) => {
      let count = 0;
      const options = { kinds: ["order"] as const };
      Object.defineProperty(options, "maxBytes", { get: () => void count++, enumerable: true });
      const value = encodeEnvelope(sampleEnvelope("order"));
      const messages = Array.from({ length: records }, (_, i) => message(value, i));
      const results = decodeKafkaBatch({ topic: "t", partition: 0, messages }, options);
      expect(results.map((r) => r.kind)).toStrictEqual(messages.map(() => "ok"));
      return count;
    };
    expect(reads(100)).toBe(reads(1));
  });

  it("applies options that set a record option to each record it decodes", () => {
    const value = encodeEnvelope(sampleEnvelope("order"));
    const messages = [message(value, 0), message(value, 1)];
    const results = decodeKafkaBatch(
      { topic: "t", partition: 0, messages },
      { kinds: ["order"], maxBytes: value.length - 1 },
    );
    expect(results.map((r) => r.kind === "error" && r.error.code)).toStrictEqual([
      "too_large",
      "too_large",
    ]);
  });

  it("throws invalid_argument for an option whose getter throws, on any of its reads", () => {
    for (const throwsFrom of [1, 2]) {
      let count = 0;
      const options = {};
      Object.defineProperty(options, "maxBytes", {
        get: () => {
          if (++count >= throwsFrom) throw new Error(`read ${count}`);
        },
        enumerable: true,
      });
      const error = codecErrorOf(() =>
        decodeKafkaBatch({ topic: "t", partition: 0, messages: [] }, options),
      );
      expect(error.message).toBe("[invalid_argument] option maxBytes could not be read");
      expect((error.cause as Error).message).toBe(`read ${throwsFrom}`);
    }
  });

  it.each([
    [undefined, "batch must be an object with topic and partition, got undefined"],
    [{ topic: 1, partition: 0, messages: [] }, "batch.topic must be a string, got 1"],
    [
      { topic: "t", partition: 0.5, messages: [] },
      "batch.partition must be a whole number of at least 0, got 0.5",
    ],
    [{ topic: "t", partition: 0, messages: {} }, "batch.messages must be an array, got object"],
    [
      { topic: "t", partition: 0, messages: [null] },
      "batch.messages[0] must be a Kafka message object, got null",
    ],
    [
      { topic: "t", partition: 0, messages: [{ value: null }] },
      "batch.messages[0].offset must be a string, got undefined",
    ],
  ])("throws invalid_argument for the batch %j", (batch, text) => {
    const error = codecErrorOf(() => decodeKafkaBatch(batch as never));
    expect(error.message).toBe(`[invalid_argument] cannot decode Kafka record: ${text}`);
  });

  it("decodes what encodeKafkaMessage wrote, in every framing: decode∘produce is the identity", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(arbitraryEnvelope(), framingOptions), { maxLength: 8 }),
        (records) => {
          const messages = records.map(([envelope, options], i) => {
            const { value, headers } = encodeKafkaMessage(envelope, options);
            return message(value, i, headers);
          });
          const results = decodeKafkaBatch({ topic: "t", partition: 0, messages });
          return records.every(([envelope, options], i) => {
            const result = results[i];
            if (result?.kind !== "ok") return false;
            const id =
              options.framing === "raw"
                ? !("schemaId" in result) &&
                  !("schemaGuid" in result) &&
                  !("messageIndexes" in result)
                : options.schemaGuid !== undefined
                  ? result.schemaGuid === options.schemaGuid
                  : result.schemaId === options.schemaId;
            return (
              result.framing === options.framing && id && sameEnvelope(result.envelope, envelope)
            );
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  describe("with kinds", () => {
    const kindSets = fc.subarray([...envelopeKinds]);
    /** Envelopes of every kind in every framing, their bytes mutated, tombstones, newer kinds. */
    const records = fc.array(
      fc.oneof(
        fc.tuple(arbitraryEnvelope(), framingOptions).map(([envelope, options]) => {
          const { value, headers } = encodeKafkaMessage(envelope, options);
          return { value: value as Uint8Array | null, headers };
        }),
        mutated(arbitraryEnvelope().map((envelope) => encodeEnvelope(envelope))).map((value) => ({
          value: value as Uint8Array | null,
          headers: {},
        })),
        fc.constant({ value: B(0x0a, 0x01, 0x68, 0x6a, 0x00), headers: {} }), // field 13: newer
        fc.constant({ value: null, headers: {} }),
      ),
      { maxLength: 8 },
    );

    it.each([
      ["a string", "text", "string"],
      [
        "a Proxy around a Uint8Array",
        new Proxy(encodeEnvelope(sampleEnvelope("order")), {}),
        "object",
      ],
      ["an object made from Uint8Array.prototype", Object.create(Uint8Array.prototype), "object"],
    ])("gives the error of a value that is not bytes (%s), as without kinds", (_, value, got) => {
      const record = { value: value as Uint8Array, key: null, offset: "0", headers: {} };
      const batch = { topic: "t", partition: 0, messages: [record] };
      for (const [result] of [
        decodeKafkaBatch(batch, { kinds: ["order"] }),
        decodeKafkaBatch(batch),
      ]) {
        expect(result?.kind).toBe("error");
        expect(result?.kind === "error" && result.error.message).toBe(
          `[invalid_argument] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: expected a Uint8Array, got ${got}`,
        );
      }
    });

    it("passes over a header name that only passes instanceof Uint8Array, with kinds and without", () => {
      const value = encodeEnvelope(sampleEnvelope("order"));
      const fake = new Proxy(Buffer.from("__value_schema_id"), {});
      const record = { value, key: null, offset: "0", headers: new Map([[fake, B(0x01)]]) };
      const batch = { topic: "t", partition: 0, messages: [record] };
      for (const [result] of [
        decodeKafkaBatch(batch, { kinds: ["order"] }),
        decodeKafkaBatch(batch),
      ]) {
        expect(result?.kind).toBe("ok");
      }
    });

    it("skips exactly the records of other kinds; the rest are as without kinds", () => {
      fc.assert(
        fc.property(records, kindSets, (given, kinds) => {
          const messages = given.map(({ value, headers }, i) => message(value, i, headers));
          const batch = { topic: "t", partition: 4, messages };
          const all = decodeKafkaBatch(batch);
          const some = decodeKafkaBatch(batch, { kinds });
          some.forEach((result, i) => {
            const full = all[i];
            const value = messages[i]?.value as Uint8Array;
            if (result.kind === "ok" && full?.kind === "ok") {
              // A map key such as "constructor" defeats toStrictEqual on two decodes.
              const { envelope, ...origin } = result;
              const { envelope: fullEnvelope, ...fullOrigin } = full;
              expect(origin).toStrictEqual(fullOrigin);
              expect(sameEnvelope(envelope, fullEnvelope)).toBe(true);
              expect(kinds).toContain(envelope.Data.case);
              return;
            }
            if (result.kind !== "skipped") {
              expect(result).toStrictEqual(full);
              return;
            }
            const peek = peekEnvelope(value);
            expect(peek.kind).toBe("ok");
            if (peek.kind !== "ok") return;
            const { envelopeKind, fieldNumber, handler } = peek;
            expect(result).toMatchObject({ envelopeKind, fieldNumber, handler, value });
            expect(kinds).not.toContain(envelopeKind);
            expect([result.topic, result.partition, result.offset]).toStrictEqual(["t", 4, `${i}`]);
            if (full?.kind === "ok") {
              expect(full.envelope.Data.case).toBe(envelopeKind);
              expect([result.framing, result.schemaId, result.schemaGuid]).toStrictEqual([
                full.framing,
                full.schemaId,
                full.schemaGuid,
              ]);
            }
          });
        }),
        { numRuns: 100 },
      );
    });
  });
});
