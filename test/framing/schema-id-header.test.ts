import { describe, expect, it } from "vitest";
import {
  decodeRecordValue,
  encodeRecordValue,
  KEY_SCHEMA_ID_HEADER,
  type RecordHeaders,
  VALUE_SCHEMA_ID_HEADER,
} from "../../src/framing/index.js";
import { createEnvelope, encodeEnvelope } from "../../src/index.js";
import { B } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { sameEnvelope } from "../helpers/wire-fields.js";

/** Bytes from hex digits, spaces ignored: `h("00 00000001")`. */
const h = (text: string) => Buffer.from(text.replaceAll(" ", ""), "hex");

const envelope = createEnvelope("updateGet", { vin: "V1" }, { handler: "h" });
const bare = Buffer.from(encodeEnvelope(envelope));
const ctx = `cannot decode schema id header ${VALUE_SCHEMA_ID_HEADER}`;

/** The error of a record whose value is bare protobuf and whose header is `header`. */
function headerError(header: unknown): string {
  return codecErrorOf(() => decodeRecordValue(bare, { [VALUE_SCHEMA_ID_HEADER]: header as Buffer }))
    .message;
}

describe("the schema id header", () => {
  it("is named as Confluent names it", () => {
    expect(VALUE_SCHEMA_ID_HEADER).toBe("__value_schema_id");
    expect(KEY_SCHEMA_ID_HEADER).toBe("__key_schema_id");
  });

  it.each([
    [B(), "truncated", "the header is empty"],
    [B(0x02), "malformed", "magic byte at offset 0 is 0x02, expected 0x00 or 0x01"],
    [
      B(0x00, 0, 0),
      "truncated",
      "header of 3 bytes is shorter than its magic byte and 4-byte schema id",
    ],
    [
      B(0x01, 1, 2, 3),
      "truncated",
      "header of 4 bytes is shorter than its magic byte and 16-byte schema GUID",
    ],
    [
      h("00 80000000 00"),
      "malformed",
      "schema id at offset 1 is -2147483648, expected 0 to 2147483647",
    ],
    [
      h("00 00000001"),
      "truncated",
      "message index count at offset 5 runs past the end of the header",
    ],
    [h("00 00000001 01"), "malformed", "message index count at offset 5 is -1, expected 0 or more"],
    [
      h("00 00000001 ffffffff7f"),
      "malformed",
      "message index count at offset 5 does not fit 32 bits",
    ],
    [
      h("00 00000001 ffffffffff"),
      "malformed",
      "message index count at offset 5 is longer than 5 bytes",
    ],
    [
      h("00 00000001 06 00"),
      "truncated",
      "message index count at offset 5 is 3, more than the 1 bytes left in the header",
    ],
    [
      h("00 00000001 02 02"),
      "malformed",
      "message indexes [1] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])",
    ],
    [
      h("00 00000001 04 00 00"),
      "malformed",
      "message indexes [0, 0] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])",
    ],
    [
      h(`00 00000001 14 ${"00".repeat(10)}`),
      "malformed",
      "message indexes [0, 0, 0, 0, 0, 0, 0, 0, … 2 more] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])",
    ],
    [h("00 00000001 00 07"), "malformed", "1 bytes follow the message indexes at offset 6"],
  ])("rejects %s: %s %s", (header, code, detail) => {
    expect(headerError(Buffer.from(header))).toBe(`[${code}] ${ctx}: ${detail}`);
  });

  it("rejects a header that is neither bytes nor a string", () => {
    expect(headerError(7)).toBe(`[malformed] ${ctx}: expected bytes or a string, got number`);
  });

  it("is read from a Map whose keys are strings or Buffers, as @platformatic/kafka gives them", () => {
    const header = Buffer.from(h("00 00000009 00"));
    const bom = Buffer.from([0xef, 0xbb, 0xbf]); // TextDecoder drops it, so the key still matches
    for (const key of [
      VALUE_SCHEMA_ID_HEADER,
      Buffer.from(VALUE_SCHEMA_ID_HEADER),
      Buffer.concat([bom, Buffer.from(VALUE_SCHEMA_ID_HEADER)]),
    ]) {
      const headers = new Map<unknown, Buffer>([
        [Buffer.from("trace"), Buffer.from("t")],
        [key, header],
        [Buffer.from(`${VALUE_SCHEMA_ID_HEADER}x`), Buffer.from("x")],
        [Buffer.from(VALUE_SCHEMA_ID_HEADER.toUpperCase()), Buffer.from("x")],
      ]);
      expect(decodeRecordValue(bare, headers)).toMatchObject({
        framing: "schema-registry-header",
        schemaId: 9,
        messageIndexes: [0],
      });
    }
  });
});

describe("encodeRecordValue() and decodeRecordValue() with the schema id header", () => {
  const GUID = "0123abcd-4567-89ef-0011-223344556677";

  it("writes the GUID after magic byte 1, and reads it back", () => {
    const { value, headers } = encodeRecordValue(envelope, {
      framing: "schema-registry-header",
      schemaGuid: GUID,
    });
    expect(Buffer.from(value)).toEqual(bare);
    expect(Object.keys(headers)).toEqual([VALUE_SCHEMA_ID_HEADER]);
    expect(Buffer.from(headers[VALUE_SCHEMA_ID_HEADER] ?? []).toString("hex")).toBe(
      `01${GUID.replaceAll("-", "")}00`,
    );
    const read = decodeRecordValue(value, headers);
    expect(read).toStrictEqual({
      framing: "schema-registry-header",
      envelope: expect.anything(),
      schemaGuid: GUID,
      messageIndexes: [0],
    });
    expect(sameEnvelope(read.envelope, envelope)).toBe(true);
  });

  it("writes and reads the key's header with the option schemaIdHeader", () => {
    const { value, headers } = encodeRecordValue(envelope, {
      framing: "schema-registry-header",
      schemaId: 5,
      schemaIdHeader: KEY_SCHEMA_ID_HEADER,
    });
    expect(Buffer.from(headers[KEY_SCHEMA_ID_HEADER] ?? []).toString("hex")).toBe("000000000500");
    // The value's header is not the key's: without the option, the value is bare protobuf.
    expect(decodeRecordValue(value, headers).framing).toBe("raw");
    expect(
      decodeRecordValue(value, headers, { schemaIdHeader: KEY_SCHEMA_ID_HEADER }),
    ).toMatchObject({ framing: "schema-registry-header", schemaId: 5 });
  });

  it("writes other message indexes, which the reader refuses", () => {
    const { value, headers } = encodeRecordValue(envelope, {
      framing: "schema-registry-header",
      schemaId: 5,
      messageIndexes: [1, 300],
    });
    expect(Buffer.from(headers[VALUE_SCHEMA_ID_HEADER] ?? []).toString("hex")).toBe(
      "0000000005" + "04" + "02" + "d804",
    );
    expect(codecErrorOf(() => decodeRecordValue(value, headers as RecordHeaders)).message).toBe(
      `[malformed] ${ctx}: message indexes [1, 300] do not name kafka_grpc.GRPC_AttendantPayload (expected [0])`,
    );
  });

  it.each<[unknown, string]>([
    [7, "got 7"],
    ["", 'got ""'],
  ])("refuses a schemaIdHeader option of %j", (schemaIdHeader, got) => {
    expect(
      codecErrorOf(() => decodeRecordValue(bare, null, { schemaIdHeader } as never)).message,
    ).toBe(
      `[invalid_argument] cannot decode a record value: option schemaIdHeader must be a header name such as "__value_schema_id" or "__key_schema_id", ${got}`,
    );
  });

  it("refuses a schemaIdHeader option whose getter throws, as any option that cannot be read", () => {
    const thrown = new Error("no header for you");
    const options = {};
    Object.defineProperty(options, "schemaIdHeader", {
      get: () => {
        throw thrown;
      },
    });
    const error = codecErrorOf(() => decodeRecordValue(bare, null, options));
    expect(error.message).toBe("[invalid_argument] option schemaIdHeader could not be read");
    expect(error.cause).toBe(thrown);
  });
});
