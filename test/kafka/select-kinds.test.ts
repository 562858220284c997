// How often the option `kinds` reads a record's framing: the readers of the schema id header and
// of the Schema Registry frame's header are wrapped to count their calls (every module that reads
// a framing imports them from src/internal/, so the count sees every read).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import type { RecordValueWriteOptions } from "../../src/framing/index.js";
import { type EnvelopeKind, envelopeKinds } from "../../src/index.js";
import type * as HeaderModule from "../../src/internal/decode-schema-id-header.js";
import type * as FrameModule from "../../src/internal/read-schema-registry-header.js";
import { decodeKafkaBatch, encodeKafkaMessage } from "../../src/kafka/index.js";

const { reads, counted } = vi.hoisted(() => {
  const reads = { header: 0, frame: 0 };
  /** `read`, counting its calls in `reads[name]`. */
  const counted =
    <A extends unknown[], R>(name: keyof typeof reads, read: (...args: A) => R) =>
    (...args: A): R => {
      reads[name]++;
      return read(...args);
    };
  return { reads, counted };
});

vi.mock("../../src/internal/decode-schema-id-header.js", async (importOriginal) => {
  const original = await importOriginal<typeof HeaderModule>();
  return { ...original, decodeSchemaIdHeader: counted("header", original.decodeSchemaIdHeader) };
});

vi.mock("../../src/internal/read-schema-registry-header.js", async (importOriginal) => {
  const original = await importOriginal<typeof FrameModule>();
  return {
    ...original,
    readSchemaRegistryHeader: counted("frame", original.readSchemaRegistryHeader),
  };
});

/** One record of each kind, in `framing`, through decodeKafkaBatch with `kinds`. */
function decodeEachKind(framing: Partial<RecordValueWriteOptions>, kinds?: EnvelopeKind[]) {
  const messages = envelopeKinds.map((kind, i) => {
    const { value, headers } = encodeKafkaMessage(sampleEnvelope(kind), framing);
    return { value: Buffer.from(value), headers, key: null, offset: String(i) };
  });
  return decodeKafkaBatch({ topic: "t", partition: 0, messages }, kinds && { kinds });
}

describe("the option kinds", () => {
  beforeEach(() => {
    reads.header = 0;
    reads.frame = 0;
  });

  it.each([
    ["schema-registry", { framing: "schema-registry", schemaId: 7 }, "frame"],
    ["schema-registry-header", { framing: "schema-registry-header", schemaId: 7 }, "header"],
  ] as const)(
    "reads the %s framing of each record once, decoded or skipped",
    (_, framing, read) => {
      const results = decodeEachKind(framing, ["carUpdateProgress", "keys"]);
      expect(results.map((r) => r.kind)).toEqual(
        envelopeKinds.map((kind) =>
          kind === "carUpdateProgress" || kind === "keys" ? "ok" : "skipped",
        ),
      );
      expect(reads).toEqual({ header: 0, frame: 0, [read]: envelopeKinds.length });
    },
  );

  it("reads the framing once without kinds too", () => {
    decodeEachKind({ framing: "schema-registry", schemaId: 7 });
    decodeEachKind({ framing: "schema-registry-header", schemaId: 7 });
    expect(reads).toEqual({ header: envelopeKinds.length, frame: envelopeKinds.length });
  });
});
