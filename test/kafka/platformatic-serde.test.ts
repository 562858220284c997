import { describe, expect, it } from "vitest";
import { VALUE_SCHEMA_ID_HEADER } from "../../src/framing/index.js";
import { createEnvelope, encodeEnvelope, isCodecError } from "../../src/index.js";
import {
  createPlatformaticDeserializer,
  createPlatformaticSerializer,
  encodeKafkaMessage,
} from "../../src/kafka/index.js";
import { hex } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { sameEnvelope } from "../helpers/wire-fields.js";

const envelope = createEnvelope("updateGet", { vin: "V1" }, { handler: "h" });
const bare = "0a01683a040a025631";

describe("createPlatformaticDeserializer()", () => {
  const deserialize = createPlatformaticDeserializer();

  it("decodes every framing, the header read from the Map @platformatic/kafka passes", () => {
    const framed = encodeKafkaMessage(envelope, { framing: "schema-registry-header", schemaId: 4 });
    const headers = new Map([
      [Buffer.from(VALUE_SCHEMA_ID_HEADER), framed.headers[VALUE_SCHEMA_ID_HEADER]],
    ]);
    for (const [data, map] of [
      [Buffer.from(encodeEnvelope(envelope)), undefined],
      [encodeKafkaMessage(envelope, { framing: "schema-registry", schemaId: 4 }).value, new Map()],
      [framed.value, headers],
    ] as const) {
      expect(sameEnvelope(deserialize(data, map) as never, envelope)).toBe(true);
    }
  });

  it("gives undefined for a tombstone", () => {
    expect(deserialize(undefined)).toBeUndefined();
  });

  it("throws the CodecError of a value that is not an envelope", () => {
    const error = codecErrorOf(() => deserialize(Buffer.from([0xff, 0x01])));
    expect(isCodecError(error) && error.code).toBe("malformed");
  });

  it("passes the read options through", () => {
    expect(
      codecErrorOf(() => createPlatformaticDeserializer({ maxBytes: 3 })(encodeEnvelope(envelope)))
        .code,
    ).toBe("too_large");
  });

  it("gives the record value, with its framing and schema id, with recordValue", () => {
    const read = createPlatformaticDeserializer({ recordValue: true });
    const framed = encodeKafkaMessage(envelope, { framing: "schema-registry-header", schemaId: 4 });
    const headers = new Map([
      [Buffer.from(VALUE_SCHEMA_ID_HEADER), framed.headers[VALUE_SCHEMA_ID_HEADER]],
    ]);
    const raw = read(Buffer.from(encodeEnvelope(envelope)));
    expect(raw?.framing).toBe("raw");
    expect(sameEnvelope(raw?.envelope as never, envelope)).toBe(true);
    const frame = read(
      encodeKafkaMessage(envelope, { framing: "schema-registry", schemaId: 7 }).value,
    );
    expect([frame?.framing, frame?.schemaId, frame?.messageIndexes]).toStrictEqual([
      "schema-registry",
      7,
      [0],
    ]);
    const header = read(framed.value, headers);
    expect([header?.framing, header?.schemaId]).toStrictEqual(["schema-registry-header", 4]);
    expect(read(undefined)).toBeUndefined();
    expect(codecErrorOf(() => read(Buffer.from([0xff, 0x01]))).code).toBe("malformed");
  });

  it("checks the options when it is made", () => {
    expect(
      codecErrorOf(() => createPlatformaticDeserializer({ readUnknownFields: 1 as never })).message,
    ).toBe("[invalid_argument] option readUnknownFields must be true or false, got 1");
    expect(
      codecErrorOf(() => createPlatformaticDeserializer({ recordValue: "yes" as never })).message,
    ).toBe("[invalid_argument] option recordValue must be true or false, got string");
  });
});

describe("createPlatformaticSerializer()", () => {
  it("writes bare protobuf by default, the frame when asked, as Buffers", () => {
    const raw = createPlatformaticSerializer()(envelope);
    expect(Buffer.isBuffer(raw) && hex(raw)).toBe(bare);
    const framed = createPlatformaticSerializer({ framing: "schema-registry", schemaId: 1 })(
      envelope,
    );
    expect(hex(framed as Buffer)).toBe(`000000000100${bare}`);
  });

  it("passes a tombstone through", () => {
    expect(createPlatformaticSerializer()(undefined)).toBeUndefined();
  });

  it("refuses the header framing, which @platformatic/kafka cannot send from a serializer", () => {
    expect(
      codecErrorOf(() =>
        createPlatformaticSerializer({ framing: "schema-registry-header", schemaId: 1 }),
      ).message,
    ).toBe(
      '[invalid_argument] cannot make a @platformatic/kafka serializer: framing "schema-registry-header" is not available here, as @platformatic/kafka serializes headers before the value; use encodeRecordValue and its headers',
    );
  });

  it("checks the framing options when it is made", () => {
    expect(
      codecErrorOf(() => createPlatformaticSerializer({ framing: "schema-registry" })).message,
    ).toBe(
      '[invalid_argument] cannot make a @platformatic/kafka serializer: option schemaId is required for framing "schema-registry"',
    );
  });
});
