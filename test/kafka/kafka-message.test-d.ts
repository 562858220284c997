// The structural types of ./kafka accept what the clients really hand over: kafkajs's messages,
// batches and eachMessage payloads (Confluent's KafkaJS-compatible API declares the same shapes,
// but its types come only with @confluentinc/kafka-javascript, which is not installed here), and
// what ./kafka returns goes back into the clients: dead letters and encoded records into kafkajs's
// producer, the (de)serializers into @platformatic/kafka's options, Confluent's SerdeType both ways.
// The results' types let a strict consumer loop compile (noUncheckedIndexedAccess included).

import { SerdeType as ConfluentSerdeType } from "@confluentinc/schemaregistry";
import type {
  ConsumerOptions,
  DeserializationErrorContext,
  DeserializationErrorHandler,
  Deserializers,
  MessageToProduce,
  Message as PlatformaticMessage,
  ProducerOptions,
  Serializers,
} from "@platformatic/kafka";
import type {
  EachBatchPayload,
  IHeaders,
  Batch as KafkaJsBatch,
  EachMessagePayload as KafkaJsEachMessagePayload,
  KafkaMessage as KafkaJsMessage,
  Message,
} from "kafkajs";
import { describe, expectTypeOf, it } from "vitest";
import type { DecodedEnvelope, RecordFraming, RecordValue } from "../../src/framing/index.js";
import { type EnvelopeKind, envelopeKind, type GRPC_AttendantPayload } from "../../src/index.js";
import {
  type Batch,
  createConfluentDeserializer,
  createConfluentSerializer,
  createPlatformaticDeserializer,
  createPlatformaticSerializer,
  deadLetterMessage,
  decodeKafkaBatch,
  decodeKafkaMessage,
  type EachMessagePayload,
  encodeKafkaMessage,
  type KafkaDecodeResult,
  type KafkaMessage,
  type PlatformaticDeserializationErrorContext,
  platformaticDeadLetter,
  type SerdeType,
} from "../../src/kafka/index.js";

describe("kafkajs", () => {
  it("hands over messages, batches and payloads that ./kafka takes", () => {
    expectTypeOf<KafkaJsMessage>().toExtend<KafkaMessage>();
    expectTypeOf<KafkaJsBatch>().toExtend<Batch<KafkaJsMessage>>();
    expectTypeOf<EachBatchPayload["batch"]>().toExtend<Batch<KafkaJsMessage>>();
    expectTypeOf<KafkaJsEachMessagePayload>().toExtend<EachMessagePayload<KafkaJsMessage>>();
  });

  it("keeps the client's own types in the results, tombstones included", () => {
    const results = decodeKafkaBatch({} as KafkaJsBatch);
    expectTypeOf(results).toEqualTypeOf<KafkaDecodeResult<KafkaJsMessage>[]>();
    const result = decodeKafkaMessage({} as KafkaJsEachMessagePayload);
    expectTypeOf(result.kind).toEqualTypeOf<"ok" | "error" | "tombstone">();
    expectTypeOf(result.offset).toEqualTypeOf<string>();
    expectTypeOf(result.key).toEqualTypeOf<Buffer | null>();
    expectTypeOf(result.headers).toEqualTypeOf<IHeaders | undefined>();
    if (result.kind === "error") expectTypeOf(result.value).toEqualTypeOf<Buffer>();
    if (result.kind === "ok") {
      expectTypeOf(result.framing).toEqualTypeOf<RecordFraming>();
      expectTypeOf(result.schemaId).toEqualTypeOf<number | undefined>();
      if (result.framing === "schema-registry")
        expectTypeOf(result.schemaId).toEqualTypeOf<number>();
    }
  });

  it("types a decoded envelope as one with a Data member under the default options", () => {
    for (const result of decodeKafkaBatch({} as KafkaJsBatch, { maxBytes: 1024 })) {
      if (result.kind === "ok") {
        expectTypeOf(envelopeKind(result.envelope)).toEqualTypeOf<EnvelopeKind>();
      }
    }
    const lenient = decodeKafkaMessage({} as KafkaJsEachMessagePayload, { requireData: false });
    if (lenient.kind === "ok") {
      expectTypeOf(envelopeKind(lenient.envelope)).toEqualTypeOf<EnvelopeKind | undefined>();
    }
  });

  it("takes dead letters and encoded records into its producer", () => {
    for (const result of decodeKafkaBatch({} as KafkaJsBatch)) {
      if (result.kind === "error") expectTypeOf(deadLetterMessage(result)).toExtend<Message>();
    }
    expectTypeOf({
      key: "vin",
      ...encodeKafkaMessage({} as GRPC_AttendantPayload),
    }).toExtend<Message>();
  });

  it("rejects a value that is not bytes, and a dead letter of a result that is no failure", () => {
    // @ts-expect-error: a string value is not a consumed record's value
    decodeKafkaMessage({ topic: "t", partition: 0, message: { value: "x", offset: "0" } });
    const result = decodeKafkaMessage({} as KafkaJsEachMessagePayload);
    // @ts-expect-error: only a result of kind "error" is dead-lettered
    deadLetterMessage(result);
  });
});

describe("a record's origin", () => {
  it("keeps the type of each field kafkajs's message gives", () => {
    const result = decodeKafkaMessage({} as KafkaJsEachMessagePayload);
    expectTypeOf(result.timestamp).toEqualTypeOf<string>();
    expectTypeOf(result.key).toEqualTypeOf<Buffer | null>();
    expectTypeOf(result.headers).toEqualTypeOf<IHeaders | undefined>();
  });

  it("keeps the optional fields of this subpath's own KafkaMessage", () => {
    const result = decodeKafkaMessage({} as EachMessagePayload);
    expectTypeOf(result.timestamp).toEqualTypeOf<string | undefined>();
    expectTypeOf(result.key).toEqualTypeOf<Uint8Array | string | null | undefined>();
  });

  it("types a field that a literal leaves out as undefined", () => {
    const message = { value: Buffer.alloc(0), offset: "0" };
    const result = decodeKafkaMessage({ topic: "t", partition: 0, message });
    expectTypeOf(result.timestamp).toEqualTypeOf<undefined>();
    expectTypeOf(result.key).toEqualTypeOf<undefined>();
    expectTypeOf(result.headers).toEqualTypeOf<undefined>();
    for (const one of decodeKafkaBatch({ topic: "t", partition: 0, messages: [message] })) {
      expectTypeOf(one.timestamp).toEqualTypeOf<undefined>();
      if (one.kind === "error") expectTypeOf(deadLetterMessage(one).key).toEqualTypeOf<undefined>();
    }
    const stamped = decodeKafkaMessage({
      topic: "t",
      partition: 0,
      message: { value: null, offset: "0", timestamp: "1700000000000", key: "vin" },
    });
    expectTypeOf(stamped.timestamp).toEqualTypeOf<string>();
    expectTypeOf(stamped.key).toEqualTypeOf<string>();
  });

  it("is not made from @platformatic/kafka's Message, whose records its deserializer reads", () => {
    // @ts-expect-error: its offset is a bigint and its headers a Map of Buffers
    decodeKafkaMessage({ topic: "t", partition: 0, message: {} as PlatformaticMessage });
  });
});

describe("@platformatic/kafka", () => {
  it("takes the deserializer and the serializer in its options", () => {
    type Value = GRPC_AttendantPayload;
    expectTypeOf(createPlatformaticDeserializer()).toExtend<
      Deserializers<Buffer, Value, Buffer, Buffer>["value"]
    >();
    expectTypeOf(createPlatformaticSerializer()).toExtend<
      Serializers<Buffer, Value, Buffer, Buffer>["value"]
    >();
    expectTypeOf({
      groupId: "g",
      clientId: "c",
      bootstrapBrokers: ["localhost:9092"],
      deserializers: { value: createPlatformaticDeserializer() },
    }).toExtend<ConsumerOptions<Buffer, Value, Buffer, Buffer>>();
    expectTypeOf({
      clientId: "c",
      bootstrapBrokers: ["localhost:9092"],
      serializers: { value: createPlatformaticSerializer() },
    }).toExtend<ProducerOptions<Buffer, Value, Buffer, Buffer>>();
  });

  it("gives the record value, framing and schema id, with recordValue", () => {
    const deserialize = createPlatformaticDeserializer({ recordValue: true });
    const value = deserialize(Buffer.alloc(0));
    expectTypeOf(value).toEqualTypeOf<RecordValue | undefined>();
    if (value !== undefined) {
      expectTypeOf(value.framing).toEqualTypeOf<RecordFraming>();
      expectTypeOf(envelopeKind(value.envelope)).toEqualTypeOf<EnvelopeKind>();
      if (value.framing === "schema-registry") expectTypeOf(value.schemaId).toEqualTypeOf<number>();
    }
    const envelope = Buffer.alloc(0);
    expectTypeOf(createPlatformaticDeserializer()(envelope)).toEqualTypeOf<
      DecodedEnvelope | undefined
    >();
    expectTypeOf(createPlatformaticDeserializer({ recordValue: false })(envelope)).toEqualTypeOf<
      DecodedEnvelope | undefined
    >();
    expectTypeOf(
      createPlatformaticDeserializer({ recordValue: Math.random() > 0.5 })(envelope),
    ).toEqualTypeOf<DecodedEnvelope | RecordValue | undefined>();
    expectTypeOf(deserialize).toExtend<
      Deserializers<Buffer, RecordValue, Buffer, Buffer>["value"]
    >();
  });

  it("takes onDeserializationError's context and gives a record its producer sends", () => {
    expectTypeOf<DeserializationErrorContext>().toExtend<PlatformaticDeserializationErrorContext>();
    const handler: DeserializationErrorHandler = (context) => {
      expectTypeOf(platformaticDeadLetter(context, "dlq")).toExtend<
        MessageToProduce<Buffer, Buffer, Buffer, Buffer>
      >();
      return "skip";
    };
    expectTypeOf(handler).toBeFunction();
  });
});

describe("Confluent's serde interface", () => {
  it("has the serialize and deserialize signatures of @confluentinc/schemaregistry", async () => {
    const serializer = createConfluentSerializer();
    expectTypeOf(serializer.serialize).toBeCallableWith(
      "t",
      {} as GRPC_AttendantPayload,
      {} as IHeaders,
    );
    expectTypeOf(serializer.serialize).returns.toExtend<Promise<Buffer>>();
    const deserializer = createConfluentDeserializer();
    expectTypeOf(deserializer.deserialize).toBeCallableWith("t", Buffer.alloc(0), {} as IHeaders);
    expectTypeOf(
      envelopeKind(await deserializer.deserialize("t", Buffer.alloc(0))),
    ).toEqualTypeOf<EnvelopeKind>();
  });

  it("accepts Confluent's SerdeType and returns one that assigns to it", () => {
    const serializer = createConfluentSerializer({ serdeType: ConfluentSerdeType.KEY });
    const theirs: ConfluentSerdeType = serializer.serdeType;
    const ours: SerdeType = ConfluentSerdeType.VALUE;
    const deserializer = createConfluentDeserializer({ serdeType: ConfluentSerdeType.VALUE });
    const back: ConfluentSerdeType = deserializer.serdeType;
    expectTypeOf([theirs, ours, back]).toExtend<ConfluentSerdeType[]>();
    // @ts-expect-error: a serdeType is VALUE or KEY
    createConfluentSerializer({ serdeType: "BOTH" });
  });
});
