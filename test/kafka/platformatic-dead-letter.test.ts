import { describe, expect, it } from "vitest";
import { CodecError } from "../../src/index.js";
import {
  createPlatformaticDeserializer,
  DEAD_LETTER_HEADERS,
  deadLetterMessage,
  decodeKafkaMessage,
  type KafkaDecodeFailure,
  type PlatformaticDeserializationErrorContext,
  platformaticDeadLetter,
} from "../../src/kafka/index.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { writtenByKafkajs, writtenByPlatformatic } from "../helpers/dead-letter-wire.js";

const value = Buffer.from([0xff, 0x01]);
const text = (s: string) => Buffer.from(s, "utf8");

/** The context @platformatic/kafka hands over when the deserializer throws for `data`. */
function contextOf(
  data: Buffer,
  record: Partial<PlatformaticDeserializationErrorContext["record"]> = {},
): PlatformaticDeserializationErrorContext {
  const error = codecErrorOf(() => createPlatformaticDeserializer()(data));
  return {
    error,
    payloadType: "value",
    record: { key: text("VIN1"), value: data, headers: [], ...record },
    topic: "updates",
    partition: 2,
    offset: 1234n,
    timestamp: 1700000000000n,
  };
}

/** The dead letter deadLetterMessage makes of the same record in kafkajs's shape. */
function kafkajsLetter(context: PlatformaticDeserializationErrorContext) {
  const headers: Record<string, Buffer | Buffer[]> = {};
  for (const [name, headerValue] of context.record.headers) {
    const key = String(name);
    const seen = headers[key];
    const one = headerValue as Buffer;
    headers[key] = seen === undefined ? one : Array.isArray(seen) ? [...seen, one] : [seen, one];
  }
  const result = decodeKafkaMessage({
    topic: context.topic,
    partition: context.partition,
    message: {
      key: context.record.key as Buffer | null,
      value: context.record.value as Buffer,
      offset: String(context.offset),
      timestamp: String(context.timestamp),
      headers,
    },
  });
  return deadLetterMessage(result as KafkaDecodeFailure);
}

describe("platformaticDeadLetter()", () => {
  it("writes what deadLetterMessage writes for the record in kafkajs's shape", () => {
    const context = contextOf(value, {
      headers: [
        [text("trace"), text("abc")],
        [text("r"), text("1")],
        [text("r"), text("2")],
        [text(DEAD_LETTER_HEADERS.offset), text("7")],
      ],
    });
    const letter = platformaticDeadLetter(context, "updates.dlq");
    expect(letter.topic).toBe("updates.dlq");
    expect(writtenByPlatformatic(letter)).toStrictEqual(writtenByKafkajs(kafkajsLetter(context)));
    expect(writtenByPlatformatic(letter)).toStrictEqual({
      key: text("VIN1").toString("hex"),
      value: "ff01",
      headers: [
        ["trace", text("abc").toString("hex")],
        ["r", text("1").toString("hex")],
        ["r", text("2").toString("hex")],
        ["__connect.errors.offset", text("1234").toString("hex")],
        ["__connect.errors.topic", text("updates").toString("hex")],
        ["__connect.errors.partition", text("2").toString("hex")],
        ["__connect.errors.stage", text("VALUE_CONVERTER").toString("hex")],
        ["__connect.errors.class.name", text("vehicle-update-codec/kafka").toString("hex")],
        ["__connect.errors.exception.class.name", text("CodecError").toString("hex")],
        [
          "__connect.errors.exception.message",
          text(
            "[malformed] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: invalid wire type 7 at offset 0",
          ).toString("hex"),
        ],
        ["vehicle-update-codec.errors.code", text("malformed").toString("hex")],
      ],
      timestamp: "1700000000000",
    });
    expect(letter.timestamp).toBe(1700000000000n);
  });

  it("keeps the value's own memory, and leaves the key out when the record has none", () => {
    const context = contextOf(value, { key: null });
    const letter = platformaticDeadLetter(context, "dlq");
    expect(letter.value).toBe(value);
    expect("key" in letter).toBe(false);
    expect(writtenByPlatformatic(letter)).toStrictEqual(writtenByKafkajs(kafkajsLetter(context)));
  });

  it("leaves out a header with a null value, as deadLetterMessage does", () => {
    const context = contextOf(value, {
      headers: [
        [text("gone"), null],
        [text("kept"), text("x")],
      ],
    });
    const letter = platformaticDeadLetter(context, "dlq");
    expect([...letter.headers.keys()].map(String).slice(0, 2)).toStrictEqual([
      "kept",
      "__connect.errors.topic",
    ]);
    expect(writtenByPlatformatic(letter)).toStrictEqual(writtenByKafkajs(kafkajsLetter(context)));
  });

  it.each([
    [
      "no context",
      () => platformaticDeadLetter(null as never, "dlq"),
      "[invalid_argument] cannot make a dead letter: expected the context @platformatic/kafka hands to onDeserializationError, got null",
    ],
    [
      "a failed key",
      () => platformaticDeadLetter({ ...contextOf(value), payloadType: "key" }, "dlq"),
      '[invalid_argument] cannot make a dead letter: expected a value that failed, got payloadType "key"',
    ],
    [
      "an error that is no CodecError",
      () => platformaticDeadLetter({ ...contextOf(value), error: new TypeError("x") }, "dlq"),
      "[invalid_argument] cannot make a dead letter: expected context.error to be a CodecError, got object",
    ],
    [
      "an empty topic",
      () => platformaticDeadLetter(contextOf(value), ""),
      '[invalid_argument] cannot make a dead letter: topic must be a non-empty string, got ""',
    ],
    [
      "a topic that is no string",
      () => platformaticDeadLetter(contextOf(value), 3 as never),
      "[invalid_argument] cannot make a dead letter: topic must be a non-empty string, got 3",
    ],
    [
      "a tombstone",
      () =>
        platformaticDeadLetter(
          { ...contextOf(value), record: { key: null, value: null, headers: [] } },
          "dlq",
        ),
      "[invalid_argument] cannot make a dead letter: expected a failed result of decodeKafkaBatch or decodeKafkaMessage",
    ],
  ])("refuses %s", (_, make, message) => {
    const error = codecErrorOf(make);
    expect(error).toBeInstanceOf(CodecError);
    expect(error.message).toBe(message);
  });
});
