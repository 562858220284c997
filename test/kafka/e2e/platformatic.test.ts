// @platformatic/kafka against the test broker: its producer with createPlatformaticSerializer, its
// consumer with createPlatformaticDeserializer, and its onDeserializationError seeing the CodecError
// of a value that is not an envelope. @platformatic/kafka needs Node.js >= 22.22 (or >= 24.6):
// below that the tests are skipped, and the skip names the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../../src/fixtures/index.js";
import {
  type CodecError,
  envelopeKinds,
  type GRPC_AttendantPayload,
  isCodecError,
} from "../../../src/index.js";
import {
  createPlatformaticDeserializer,
  createPlatformaticSerializer,
  encodeKafkaMessage,
} from "../../../src/kafka/index.js";
import { sameEnvelope } from "../../helpers/wire-fields.js";
import { TOPICS } from "../broker/topics.js";
import { freshGroupId, waitFor, within10s } from "./clients.js";

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const supported = (major === 22 && minor >= 22) || (major === 24 && minor >= 6) || major > 24;
const topic = TOPICS.platformatic;
if (!supported) {
  console.log(
    `@platformatic/kafka tests skipped: it needs Node.js >= 22.22 or >= 24.6, this is ${process.versions.node}`,
  );
}

interface Received {
  key: string;
  value: GRPC_AttendantPayload | Buffer | undefined;
  offset: bigint;
}

describe.skipIf(!supported)(
  `@platformatic/kafka (needs Node.js >= 22.22 or >= 24.6; this is ${process.versions.node})`,
  () => {
    const received: Received[] = [];
    const errors: { error: unknown; offset: bigint; payloadType: string }[] = [];
    const closers: (() => Promise<unknown>)[] = [];
    let corruptOffset = -1n;

    beforeAll(async () => {
      const kafka = await import("@platformatic/kafka");
      const bootstrapBrokers = [(await import("vitest")).inject("kafkaBootstrap")];
      const producer = new kafka.Producer({
        clientId: "platformatic-producer",
        bootstrapBrokers,
        serializers: {
          key: kafka.stringSerializer,
          value: createPlatformaticSerializer({ framing: "schema-registry", schemaId: 9 }),
        },
      });
      closers.push(() => producer.close());
      await producer.send({
        messages: [
          ...envelopeKinds.map((kind) => ({ topic, key: kind, value: sampleEnvelope(kind) })),
          { topic, key: "tombstone" }, // no value: a tombstone
        ],
      });
      // The header framing and a corrupt value: produced as bytes, with the headers they carry.
      const raw = new kafka.Producer({
        clientId: "platformatic-raw-producer",
        bootstrapBrokers,
        serializers: { key: kafka.stringSerializer, headerKey: kafka.stringSerializer },
      });
      closers.push(() => raw.close());
      const framed = encodeKafkaMessage(sampleEnvelope("keys"), {
        framing: "schema-registry-header",
        schemaId: 9,
      });
      const sent = await raw.send({
        messages: [
          { topic, key: "header", value: framed.value, headers: framed.headers },
          { topic, key: "corrupt", value: Buffer.from([0xff, 0x01]) },
        ],
      });
      corruptOffset = (sent.offsets?.[0]?.offset ?? -2n) + 1n;

      const consumer = new kafka.Consumer({
        groupId: freshGroupId("platformatic"),
        clientId: "platformatic-consumer",
        bootstrapBrokers,
        maxWaitTime: 100,
        deserializers: { key: kafka.stringDeserializer, value: createPlatformaticDeserializer() },
      });
      closers.unshift(() => consumer.close(true));
      const stream = await consumer.consume({
        topics: [topic],
        mode: "earliest",
        autocommit: false,
        onDeserializationError: ({ error, offset, payloadType }) => {
          errors.push({ error, offset, payloadType });
          return "skip";
        },
      });
      stream.on("data", (message) => {
        received.push({
          key: String(message.key),
          value: message.value as Received["value"],
          offset: message.offset,
        });
      });
      const expected = envelopeKinds.length + 2; // the kinds, the tombstone, the header framing
      await waitFor(
        "every record",
        () => received.length >= expected && errors.length >= 1,
        60_000,
        () => `(${received.length} of ${expected} records, ${errors.length} of 1 errors)`,
      );
    }, 90_000);

    afterAll(async () => {
      for (const close of closers) await within10s(close());
    });

    it("decodes every kind its producer serialized", () => {
      for (const kind of envelopeKinds) {
        const record = received.find((r) => r.key === kind);
        expect(
          sameEnvelope(record?.value as GRPC_AttendantPayload, sampleEnvelope(kind)),
          kind,
        ).toBe(true);
      }
    });

    it("reads the schema id header", () => {
      const record = received.find((r) => r.key === "header");
      expect(sameEnvelope(record?.value as GRPC_AttendantPayload, sampleEnvelope("keys"))).toBe(
        true,
      );
    });

    it("gives undefined for a tombstone", () => {
      const record = received.find((r) => r.key === "tombstone");
      expect(record).toBeDefined();
      expect(record?.value).toBeUndefined();
    });

    it("hands onDeserializationError the CodecError of a corrupt value", () => {
      expect(errors).toHaveLength(1);
      const [{ error, offset, payloadType }] = errors as [(typeof errors)[number]];
      expect(isCodecError(error)).toBe(true);
      expect((error as CodecError).code).toBe("malformed");
      expect(payloadType).toBe("value");
      expect(offset).toBe(corruptOffset);
      expect(received.some((r) => r.key === "corrupt")).toBe(false);
    });
  },
);
