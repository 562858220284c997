// The structural types of ./kafka accept what the clients really hand over: kafkajs's messages,
// batches and eachMessage payloads (Confluent's KafkaJS-compatible API declares the same shapes,
// but its types come only with @confluentinc/kafka-javascript, which is not installed here), and
// what ./kafka returns goes back into the clients: dead letters and encoded records into kafkajs's
// producer, the (de)serializers into @platformatic/kafka's options.
import type {
  ConsumerOptions,
  Deserializers,
  ProducerOptions,
  Serializers,
} from "@platformatic/kafka";
import type {
  Batch,
  EachBatchPayload,
  EachMessagePayload,
  IHeaders,
  KafkaMessage as KafkaJsMessage,
  Message,
} from "kafkajs";
import { describe, expectTypeOf, it } from "vitest";
import type { GRPC_AttendantPayload } from "../../src/index.js";
import {
  createEnvelopeDeserializer,
  createEnvelopeSerializer,
  deadLetterMessage,
  decodeKafkaBatch,
  decodeKafkaMessage,
  EnvelopeSerde,
  encodeKafkaMessage,
  type KafkaBatch,
  type KafkaDecodeResult,
  type KafkaMessage,
  type KafkaMessagePayload,
} from "../../src/kafka/index.js";

describe("kafkajs", () => {
  it("hands over messages, batches and payloads that ./kafka takes", () => {
    expectTypeOf<KafkaJsMessage>().toExtend<KafkaMessage>();
    expectTypeOf<Batch>().toExtend<KafkaBatch<KafkaJsMessage>>();
    expectTypeOf<EachBatchPayload["batch"]>().toExtend<KafkaBatch<KafkaJsMessage>>();
    expectTypeOf<EachMessagePayload>().toExtend<KafkaMessagePayload<KafkaJsMessage>>();
  });

  it("keeps the client's own types in the results", () => {
    const batch = {} as Batch;
    const results = decodeKafkaBatch(batch);
    expectTypeOf(results).toEqualTypeOf<(KafkaDecodeResult<KafkaJsMessage> | null)[]>();
    const result = decodeKafkaMessage({} as EachMessagePayload);
    if (result && !result.ok) {
      expectTypeOf(result.raw).toEqualTypeOf<Buffer>();
      expectTypeOf(result.key).toEqualTypeOf<Buffer | null>();
      expectTypeOf(result.headers).toEqualTypeOf<IHeaders | undefined>();
    }
    if (result?.ok) expectTypeOf(result.envelope).toEqualTypeOf<GRPC_AttendantPayload>();
  });

  it("takes dead letters and encoded records into its producer", () => {
    const result = decodeKafkaBatch({} as Batch)[0];
    if (result && !result.ok) expectTypeOf(deadLetterMessage(result)).toExtend<Message>();
    expectTypeOf({
      key: "vin",
      ...encodeKafkaMessage({} as GRPC_AttendantPayload),
    }).toExtend<Message>();
  });

  it("rejects a value that is not bytes", () => {
    // @ts-expect-error: a string value is not a consumed record's value
    decodeKafkaMessage({ topic: "t", partition: 0, message: { value: "x", offset: "0" } });
  });
});

describe("@platformatic/kafka", () => {
  it("takes the deserializer and the serializer in its options", () => {
    type Value = GRPC_AttendantPayload;
    expectTypeOf(createEnvelopeDeserializer()).toExtend<
      Deserializers<Buffer, Value, Buffer, Buffer>["value"]
    >();
    expectTypeOf(createEnvelopeSerializer()).toExtend<
      Serializers<Buffer, Value, Buffer, Buffer>["value"]
    >();
    expectTypeOf({
      groupId: "g",
      clientId: "c",
      bootstrapBrokers: ["localhost:9092"],
      deserializers: { value: createEnvelopeDeserializer() },
    }).toExtend<ConsumerOptions<Buffer, Value, Buffer, Buffer>>();
    expectTypeOf({
      clientId: "c",
      bootstrapBrokers: ["localhost:9092"],
      serializers: { value: createEnvelopeSerializer() },
    }).toExtend<ProducerOptions<Buffer, Value, Buffer, Buffer>>();
  });
});

describe("EnvelopeSerde", () => {
  it("has the serde signature of @confluentinc/schemaregistry", () => {
    const serde = new EnvelopeSerde();
    expectTypeOf(serde.serialize).toBeCallableWith(
      "t",
      {} as GRPC_AttendantPayload,
      {} as IHeaders,
    );
    expectTypeOf(serde.serialize).returns.toExtend<Promise<Buffer>>();
    expectTypeOf(serde.deserialize).toBeCallableWith("t", Buffer.alloc(0), {} as IHeaders);
    expectTypeOf(serde.deserialize).returns.toEqualTypeOf<Promise<GRPC_AttendantPayload>>();
  });
});
