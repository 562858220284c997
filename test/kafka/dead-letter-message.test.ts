import { describe, expect, it } from "vitest";
import { CodecError } from "../../src/index.js";
import {
  DEAD_LETTER_HEADERS,
  DEAD_LETTER_MESSAGE_MAX_LENGTH,
  deadLetterMessage,
  decodeKafkaMessage,
  type KafkaDecodeFailure,
} from "../../src/kafka/index.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";

const value = Buffer.from([0xff, 0x01]);
const failure = decodeKafkaMessage({
  topic: "updates",
  partition: 2,
  message: {
    value,
    key: Buffer.from("VIN1"),
    offset: "1234",
    timestamp: "1700000000000",
    headers: { trace: Buffer.from("abc"), repeated: ["a", "b"], dropped: undefined },
  },
}) as KafkaDecodeFailure;

/** A failure whose error says `text`. */
const saying = (text: string): KafkaDecodeFailure => ({
  ...failure,
  error: new CodecError("malformed", text),
});

describe("deadLetterMessage()", () => {
  it("keeps the value, key, headers and timestamp, and adds Kafka Connect's headers", () => {
    const letter = deadLetterMessage(failure);
    expect(letter.value).toBe(value);
    expect(letter.key).toStrictEqual(Buffer.from("VIN1"));
    expect(letter.timestamp).toBe("1700000000000");
    expect(letter.headers).toStrictEqual({
      trace: Buffer.from("abc"),
      repeated: ["a", "b"],
      "__connect.errors.topic": "updates",
      "__connect.errors.partition": "2",
      "__connect.errors.offset": "1234",
      "__connect.errors.stage": "VALUE_CONVERTER",
      "__connect.errors.class.name": "vehicle-update-codec/kafka",
      "__connect.errors.exception.class.name": "CodecError",
      "__connect.errors.exception.message":
        "[malformed] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: invalid wire type 7 at offset 0",
      "vehicle-update-codec.errors.code": "malformed",
    });
  });

  it("names the headers it writes", () => {
    expect(Object.values(DEAD_LETTER_HEADERS).sort()).toStrictEqual(
      Object.keys(deadLetterMessage(failure).headers)
        .filter((name) => name !== "trace" && name !== "repeated")
        .sort(),
    );
  });

  it("replaces dead-letter headers the record already had", () => {
    const again = { ...failure, headers: { [DEAD_LETTER_HEADERS.offset]: "1" } };
    expect(deadLetterMessage(again).headers[DEAD_LETTER_HEADERS.offset]).toBe("1234");
  });

  it("keeps a header named __proto__ as a header, not as the object's prototype", () => {
    const headers = JSON.parse('{"__proto__": "x", "trace": "t"}') as Record<string, string>;
    const letter = deadLetterMessage({ ...failure, headers });
    expect(Object.keys(letter.headers).slice(0, 2)).toStrictEqual(["__proto__", "trace"]);
    expect(Object.getOwnPropertyDescriptor(letter.headers, "__proto__")?.value).toBe("x");
    expect(Object.getPrototypeOf(letter.headers)).toBe(Object.prototype);
  });

  it("leaves out a header whose name is neither text nor bytes, a Proxy around bytes too", () => {
    const headers = new Map<unknown, unknown>([
      [Buffer.from("trace"), "t"],
      [new Proxy(Buffer.from("x"), {}), "y"],
      [7, "z"],
    ]);
    const letter = deadLetterMessage({ ...failure, headers } as never);
    expect(Object.keys(letter.headers)).toStrictEqual([
      "trace",
      ...Object.values(DEAD_LETTER_HEADERS),
    ]);
  });

  it("leaves out a timestamp the record did not have", () => {
    const { timestamp: _, ...rest } = failure;
    expect("timestamp" in deadLetterMessage({ ...rest, timestamp: undefined })).toBe(false);
  });

  it.each([
    ["control characters", "a\u0000b\nc\u007f", "[malformed] a\\u0000b\\u000ac\\u007f"],
    ["non-ASCII text", "vin é 😀", "[malformed] vin \\u00e9 \\ud83d\\ude00"],
    ["a backslash", "a\\u0041", "[malformed] a\\\\u0041"],
  ])("writes the message as printable ASCII: %s", (_, text, written) => {
    expect(deadLetterMessage(saying(text)).headers[DEAD_LETTER_HEADERS.exceptionMessage]).toBe(
      written,
    );
  });

  it("cuts a long message at 1024 characters, ending with ..., never inside an escape", () => {
    expect(DEAD_LETTER_MESSAGE_MAX_LENGTH).toBe(1024);
    const fits = "x".repeat(1024 - "[malformed] ".length);
    expect(deadLetterMessage(saying(fits)).headers[DEAD_LETTER_HEADERS.exceptionMessage]).toBe(
      `[malformed] ${fits}`,
    );
    const long = deadLetterMessage(saying(`${fits}y`)).headers[
      DEAD_LETTER_HEADERS.exceptionMessage
    ] as string;
    expect(long).toHaveLength(1024);
    expect(long.endsWith("xxx...")).toBe(true);
    const escapes = deadLetterMessage(saying("\u0001".repeat(10_000))).headers[
      DEAD_LETTER_HEADERS.exceptionMessage
    ] as string;
    expect(escapes.length).toBeLessThanOrEqual(1024);
    expect(escapes).toMatch(/^\[malformed\] (\\u0001)+\.\.\.$/);
  });

  it.each([
    ["null", null],
    ["a decoded result", { ...failure, kind: "ok" }],
    ["a failure without an error", { ...failure, error: new Error("x") }],
    ["a failure without its value", { ...failure, value: null }],
  ])("throws invalid_argument for %s", (_, bad) => {
    expect(codecErrorOf(() => deadLetterMessage(bad as never)).message).toBe(
      "[invalid_argument] cannot make a dead letter: expected a failed result of decodeKafkaBatch or decodeKafkaMessage",
    );
  });
});
