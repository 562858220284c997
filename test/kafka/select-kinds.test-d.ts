// The option `kinds` of decodeKafkaBatch and decodeKafkaMessage narrows what they give: a decoded
// envelope is of one of the kinds asked for, and a result may be "skipped"; without the option
// the results are as before, with no "skipped" to handle.
import type { EachMessagePayload as KafkaJsEachMessagePayload, KafkaMessage } from "kafkajs";
import { describe, expectTypeOf, it } from "vitest";
import {
  type CarUpdateProgress,
  type EnvelopeKind,
  type EnvelopeOf,
  envelopeKind,
  envelopeKinds,
} from "../../src/index.js";
import {
  decodeKafkaBatch,
  decodeKafkaMessage,
  type KafkaDecodeOptions,
  type KafkaDecodeResult,
  type KafkaSkipped,
} from "../../src/kafka/index.js";

const payload = {} as KafkaJsEachMessagePayload;

describe("the option kinds", () => {
  it("narrows a decoded envelope to the kinds of an array literal", () => {
    const result = decodeKafkaMessage(payload, { kinds: ["carUpdateProgress"] });
    expectTypeOf(result.kind).toEqualTypeOf<"ok" | "error" | "tombstone" | "skipped">();
    if (result.kind === "ok") {
      expectTypeOf(result.envelope).toEqualTypeOf<EnvelopeOf<"carUpdateProgress">>();
      expectTypeOf(result.envelope.Data.value).toEqualTypeOf<CarUpdateProgress>();
    }
    if (result.kind === "skipped") {
      expectTypeOf(result).toEqualTypeOf<KafkaSkipped<KafkaMessage>>();
      expectTypeOf(result.envelopeKind).toEqualTypeOf<EnvelopeKind | undefined>();
      expectTypeOf(result.value).toEqualTypeOf<Buffer>();
    }
  });

  it("narrows to a union for several kinds, in a Set or a const array, with other options", () => {
    const kinds = new Set(["keys", "order"] as const);
    for (const result of decodeKafkaBatch({ topic: "t", partition: 0, messages: [] }, { kinds })) {
      if (result.kind === "ok")
        expectTypeOf(envelopeKind(result.envelope)).toEqualTypeOf<"keys" | "order">();
    }
    const lenient = decodeKafkaMessage(payload, {
      kinds: ["dtcEntry"] as const,
      requireData: false,
    });
    if (lenient.kind === "ok")
      expectTypeOf(lenient.envelope).toEqualTypeOf<EnvelopeOf<"dtcEntry">>();
  });

  it("gives every kind for kinds typed as EnvelopeKind, or options that may hold kinds", () => {
    const result = decodeKafkaMessage(payload, { kinds: envelopeKinds });
    if (result.kind === "ok")
      expectTypeOf(envelopeKind(result.envelope)).toEqualTypeOf<EnvelopeKind>();
    const options = {} as Partial<KafkaDecodeOptions>;
    expectTypeOf(decodeKafkaMessage(payload, options).kind).toEqualTypeOf<
      "ok" | "error" | "tombstone" | "skipped"
    >();
  });

  it("gives no skipped result without kinds", () => {
    expectTypeOf(decodeKafkaMessage(payload, { maxBytes: 1024 })).toEqualTypeOf<
      KafkaDecodeResult<KafkaMessage>
    >();
  });

  it("rejects a name that is not a kind", () => {
    // @ts-expect-error: "CarUpdateProgress" is not an envelope kind
    decodeKafkaMessage(payload, { kinds: ["CarUpdateProgress"] });
    // @ts-expect-error: a string is not a set of kinds
    decodeKafkaMessage(payload, { kinds: "keys" });
  });
});
