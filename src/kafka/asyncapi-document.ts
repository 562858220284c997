import {
  KEY_SCHEMA_ID_HEADER,
  type RecordFraming,
  VALUE_SCHEMA_ID_HEADER,
} from "../framing/index.js";
import {
  codecErrorCodes,
  type EnvelopeKind,
  envelopeKinds,
  GRPC_AttendantPayloadSchema,
} from "../index.js";
import {
  DEAD_LETTER_HEADERS,
  DEAD_LETTER_MESSAGE_MAX_LENGTH,
  deadLetterMessage,
} from "./dead-letter-message.js";
import { decodeKafkaMessage } from "./decode-kafka-message.js";

// The AsyncAPI 3.0 document of the Kafka side, written to asyncapi.json by
// scripts/write-asyncapi.ts and shipped as vehicle-update-codec/asyncapi.json. Every list in it
// comes from the module that owns it: the kinds from the generated envelope, the header names
// from framing/schema-id-header.ts and dead-letter-message.ts, the dead-letter header values from
// deadLetterMessage() itself.

/** A JSON value, as the document holds them. */
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** An AsyncAPI document as plain JSON: `asyncapi`, `info`, `servers`, `channels`, … */
export type AsyncApiDocument = { readonly asyncapi: "3.0.0" } & { readonly [key: string]: Json };

/** The version of the AsyncAPI Kafka bindings the document uses. */
const KAFKA_BINDING_VERSION = "0.5.0";

/** The schema format of kafka_grpc.proto in AsyncAPI 3.0's Multi Format Schema Object. */
const PROTOBUF_SCHEMA_FORMAT = "application/vnd.google.protobuf;version=3";

const ENVELOPE_TYPE = GRPC_AttendantPayloadSchema.name; // GRPC_AttendantPayload

/** What each framing is, for the description of its message trait. */
const framings: Readonly<Record<RecordFraming, { title: string; description: string }>> = {
  raw: {
    title: "bare protobuf",
    description:
      "The value is the envelope's protobuf bytes and nothing else (no schema id). A reader takes a value as bare protobuf when the record has no `" +
      VALUE_SCHEMA_ID_HEADER +
      "` header and the value does not start with 0x00.",
  },
  "schema-registry": {
    title: "Confluent Schema Registry wire format",
    description:
      "The value is 0x00 (magic byte), the schema id (4 bytes, big-endian signed 32-bit), the message indexes (zigzag varints: their count, then each index; the single byte 0x00 is the short form of [0], the envelope being the first message of kafka_grpc.proto), then the envelope's protobuf bytes, as Confluent's ProtobufSerializer writes it. The schema id is returned, never looked up in a registry.",
  },
  "schema-registry-header": {
    title: "schema id in a record header",
    description:
      "The value is the envelope's protobuf bytes; the schema id is in the `" +
      VALUE_SCHEMA_ID_HEADER +
      "` header, as Confluent's serializer writes it with HeaderSchemaIdSerializer and its DualSchemaIdDeserializer reads it. When a record has that header, the header decides the framing.",
  },
};

/** The value of a schema id header, for its schema's description. */
const SCHEMA_ID_HEADER_VALUE =
  "0x01 and the schema GUID (16 bytes), as Confluent writes it, or 0x00 and the schema id (4 bytes, big-endian signed 32-bit); then the message indexes (0x00, the short form of [0]).";

/**
 * Envelope members with a field that ties the record to others: the member's field (its proto
 * name) and what it names.
 */
const correlations: { readonly [K in EnvelopeKind]?: { field: string; description: string } } = {
  carUpdateProgress: { field: "carUpdateID", description: "The car update this progress is of." },
  updateManifest: { field: "car_update_id", description: "The car update of this manifest." },
  messageStatus: { field: "messageId", description: "The message whose delivery status this is." },
  carUpdateRequest: { field: "car_update_id", description: "The car update requested." },
};

/** What each dead-letter header holds, by its key in {@link DEAD_LETTER_HEADERS}. */
const deadLetterHeaderMeanings: Readonly<Record<keyof typeof DEAD_LETTER_HEADERS, string>> = {
  topic: "The topic the record was consumed from.",
  partition: "Its partition, in decimal.",
  offset: "Its offset, in decimal.",
  stage: "Where it failed, in Kafka Connect's terms: the value could not be read.",
  className: "What failed to read it.",
  exceptionClassName: "The error's class.",
  exceptionMessage:
    "The error's message (`[code] text`): printable ASCII, anything else written as \\uXXXX and a backslash doubled, cut with `...` at the maximum length.",
  code: "The CodecError's code, for routing; Kafka Connect has no such header.",
};

/**
 * Returns the AsyncAPI 3.0 document of the Kafka records this package reads and writes, from
 * `protoSchema`, the text of kafka_grpc.proto: the envelope topic (a channel whose address is the
 * parameter `{topic}`, since the contract names no topic) with one message per envelope kind and
 * framing, each payload `kafka_grpc.proto` in the Protobuf schema format, each framing a message
 * trait with its headers and Kafka bindings (key, schema id location); and the dead-letter topic
 * with Kafka Connect's `__connect.errors.*` headers. A new object each call.
 *
 * The package ships it as `vehicle-update-codec/asyncapi.json`. @internal
 */
export function asyncApiDocument(protoSchema: string): AsyncApiDocument {
  const traitRef = (framing: RecordFraming) => ({ $ref: `#/components/messageTraits/${framing}` });
  const messages: Record<string, Json> = {};
  for (const kind of envelopeKinds) {
    const member = GRPC_AttendantPayloadSchema.field[kind];
    const type = member?.message?.typeName;
    if (member === undefined || type === undefined) {
      throw new Error(`${ENVELOPE_TYPE} has no message member ${kind}`);
    }
    for (const framing of Object.keys(framings) as RecordFraming[]) {
      const message: Record<string, Json> = {
        name: `${ENVELOPE_TYPE}.${kind}`,
        title: `${kind}, ${framings[framing].title}`,
        summary: `An envelope (${GRPC_AttendantPayloadSchema.typeName}) whose Data member is ${kind} (${type}, field ${member.number}).`,
        payload: { $ref: `#/components/schemas/${ENVELOPE_TYPE}` },
        traits: [traitRef(framing)],
      };
      const correlation = correlations[kind];
      if (correlation !== undefined) {
        const field = member.message?.fields.find((f) => f.name === correlation.field);
        if (field === undefined) throw new Error(`${type} has no field ${correlation.field}`);
        message.correlationId = {
          description: `${correlation.description} ${type}.${field.name} (field ${field.number}), at its proto3 JSON name.`,
          location: `$message.payload#/${member.jsonName}/${field.jsonName}`,
        };
      }
      messages[`${kind}.${framing}`] = message;
    }
  }
  const messageRefs = (channel: string, names: string[]) =>
    names.map((name) => ({ $ref: `#/channels/${channel}/messages/${name}` }));
  const envelopeMessages = Object.keys(messages);

  return {
    asyncapi: "3.0.0",
    info: {
      title: "Vehicle update service: Kafka records",
      version: "1.0.0",
      description: `The Kafka records of the vehicle OTA update service as vehicle-update-codec/kafka reads and writes them: each value is one ${GRPC_AttendantPayloadSchema.typeName} envelope, whose \`handler\` names the handler and whose one \`Data\` member carries the content, in one of three framings. The contract names no topic, key or broker: the topics are the parameters \`{topic}\` and \`{deadLetterTopic}\`.`,
      license: { name: "MIT" },
    },
    defaultContentType: "application/x-protobuf",
    servers: {
      broker: {
        host: "{bootstrap}",
        protocol: "kafka",
        description: "A Kafka broker: the contract names none.",
        variables: {
          bootstrap: { default: "localhost:9092", description: "host:port of a broker." },
        },
        bindings: {
          kafka: { schemaRegistryVendor: "confluent", bindingVersion: KAFKA_BINDING_VERSION },
        },
      },
    },
    channels: {
      envelopes: {
        address: "{topic}",
        title: "Envelope topic",
        description:
          "The topic of the envelopes: one message per `Data` member and framing. A tombstone (a record without a value) is passed over by every reader.",
        parameters: {
          topic: {
            description: "The topic's name: the contract names none.",
            examples: ["vehicle-updates"],
          },
        },
        messages: Object.fromEntries(
          envelopeMessages.map((name) => [name, { $ref: `#/components/messages/${name}` }]),
        ),
      },
      deadLetters: {
        address: "{deadLetterTopic}",
        title: "Dead-letter topic",
        description:
          "Where the records that could not be decoded go, with Kafka Connect's dead-letter headers.",
        parameters: {
          deadLetterTopic: {
            description: "The dead-letter topic's name: the contract names none.",
            examples: ["vehicle-updates.dlq"],
          },
        },
        messages: { deadLetter: { $ref: "#/components/messages/deadLetter" } },
      },
    },
    operations: {
      receiveEnvelopes: {
        action: "receive",
        channel: { $ref: "#/channels/envelopes" },
        title: "Read envelopes",
        description:
          "decodeKafkaBatch and decodeKafkaMessage (kafkajs, Confluent's KafkaJS API), createPlatformaticDeserializer (@platformatic/kafka) and createConfluentDeserializer read every framing and say which they found.",
        messages: messageRefs("envelopes", envelopeMessages),
      },
      sendEnvelopes: {
        action: "send",
        channel: { $ref: "#/channels/envelopes" },
        title: "Write envelopes",
        description:
          "encodeKafkaMessage writes each framing with the headers it needs; createPlatformaticSerializer and createConfluentSerializer write the framing they are given (bare protobuf by default).",
        messages: messageRefs("envelopes", envelopeMessages),
      },
      sendDeadLetters: {
        action: "send",
        channel: { $ref: "#/channels/deadLetters" },
        title: "Dead-letter a record",
        description:
          "deadLetterMessage turns a failed result of decodeKafkaBatch or decodeKafkaMessage into the record to produce here.",
        messages: messageRefs("deadLetters", ["deadLetter"]),
      },
    },
    components: {
      schemas: {
        [ENVELOPE_TYPE]: { schemaFormat: PROTOBUF_SCHEMA_FORMAT, schema: protoSchema },
        RecordKey: {
          type: "string",
          format: "binary",
          description:
            "The record's key: the contract names none. Every reader keeps it untouched, and a dead letter keeps it byte for byte; a producer keying each record by the vehicle's VIN keeps a vehicle's records in order on one partition.",
          examples: ["WVWZZZ1JZXW000001"],
        },
      },
      messageTraits: Object.fromEntries(
        (Object.keys(framings) as RecordFraming[]).map((framing) => [framing, trait(framing)]),
      ),
      messages: { ...messages, deadLetter: deadLetter() },
    },
  };
}

/** The schema of a schema id header's bytes. */
function schemaIdHeader(description: string): Json {
  return { type: "string", format: "binary", description };
}

/** The message trait of a framing: its description, headers and Kafka bindings. */
function trait(framing: RecordFraming): Json {
  const header = framing === "schema-registry-header";
  const keySchemaId = schemaIdHeader(
    `The schema id of the key, when a Schema Registry serializer wrote the key with the id in a header (a Confluent serializer with serdeType KEY): ${SCHEMA_ID_HEADER_VALUE}`,
  );
  const headers: Record<string, Json> = {
    type: "object",
    properties: header
      ? {
          [VALUE_SCHEMA_ID_HEADER]: schemaIdHeader(
            `The schema id of the value: ${SCHEMA_ID_HEADER_VALUE}`,
          ),
          [KEY_SCHEMA_ID_HEADER]: keySchemaId,
        }
      : { [KEY_SCHEMA_ID_HEADER]: keySchemaId },
  };
  if (header) headers.required = [VALUE_SCHEMA_ID_HEADER];
  else headers.not = { required: [VALUE_SCHEMA_ID_HEADER] };
  const kafka: Record<string, Json> = { key: { $ref: "#/components/schemas/RecordKey" } };
  if (framing === "schema-registry") {
    kafka.schemaIdLocation = "payload";
    kafka.schemaIdPayloadEncoding = "confluent";
  } else if (header) {
    kafka.schemaIdLocation = "header";
  }
  kafka.bindingVersion = KAFKA_BINDING_VERSION;
  return {
    title: framings[framing].title,
    description: `Framing \`${framing}\` (RecordFraming). ${framings[framing].description}`,
    contentType: "application/x-protobuf",
    headers,
    bindings: { kafka },
  };
}

/** The dead-letter message, its fixed header values read from a dead letter deadLetterMessage makes. */
function deadLetter(): Json {
  const failure = decodeKafkaMessage({
    topic: "t",
    partition: 0,
    message: { offset: "0", value: Uint8Array.of(0xff) },
  });
  if (failure.kind !== "error") throw new Error("0xff decoded as an envelope");
  const written = deadLetterMessage(failure).headers;
  const fixed = (name: string): Json => {
    const value = written[name];
    if (typeof value !== "string") throw new Error(`deadLetterMessage wrote no ${name}`);
    return { type: "string", const: value };
  };
  const decimal = { type: "string", pattern: "^[0-9]+$" };
  const values: Readonly<Record<keyof typeof DEAD_LETTER_HEADERS, Json>> = {
    topic: { type: "string" },
    partition: decimal,
    offset: decimal,
    stage: fixed(DEAD_LETTER_HEADERS.stage),
    className: fixed(DEAD_LETTER_HEADERS.className),
    exceptionClassName: fixed(DEAD_LETTER_HEADERS.exceptionClassName),
    exceptionMessage: {
      type: "string",
      maxLength: DEAD_LETTER_MESSAGE_MAX_LENGTH,
      pattern: "^[ -~]*$",
    },
    code: { type: "string", enum: codecErrorCodes },
  };
  const properties: Record<string, Json> = {};
  for (const key of Object.keys(DEAD_LETTER_HEADERS) as (keyof typeof DEAD_LETTER_HEADERS)[]) {
    properties[DEAD_LETTER_HEADERS[key]] = {
      ...(values[key] as object),
      description: deadLetterHeaderMeanings[key],
    };
  }
  return {
    name: "deadLetter",
    title: "Dead letter",
    summary: "A record that could not be decoded, as deadLetterMessage makes it.",
    description:
      "The value and key of the failed record untouched, byte for byte, its headers and timestamp kept, plus the headers Kafka Connect's DeadLetterQueueReporter writes (errors.deadletterqueue.context.headers.enable), each a UTF-8 string, and one of this package with the error's code. Connect's connector.name and task.id are left out; a header of the record with one of these names is replaced.",
    contentType: "application/octet-stream",
    headers: { type: "object", required: Object.values(DEAD_LETTER_HEADERS), properties },
    payload: {
      type: "string",
      format: "binary",
      description: "The failed record's value, byte for byte.",
    },
    bindings: {
      kafka: {
        key: { $ref: "#/components/schemas/RecordKey" },
        bindingVersion: KAFKA_BINDING_VERSION,
      },
    },
  };
}
