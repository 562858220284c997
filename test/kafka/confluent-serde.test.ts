import { SerdeType as ConfluentSerdeType } from "@confluentinc/schemaregistry";
import { describe, expect, it } from "vitest";
import { KEY_SCHEMA_ID_HEADER, VALUE_SCHEMA_ID_HEADER } from "../../src/framing/index.js";
import { createEnvelope, encodeEnvelope } from "../../src/index.js";
import {
  createConfluentDeserializer,
  createConfluentSerializer,
  SerdeType,
} from "../../src/kafka/index.js";
import { hex } from "../helpers/bytes.js";
import { asyncCodecErrorOf, codecErrorOf } from "../helpers/codec-error-of.js";
import { sameEnvelope } from "../helpers/wire-fields.js";

const envelope = createEnvelope("updateGet", { vin: "V1" }, { handler: "h" });
const bare = "0a01683a040a025631";
const GUID = "0123abcd-4567-89ef-0011-223344556677";

describe("createConfluentSerializer()", () => {
  it("writes bare protobuf by default, as every writer of the package", async () => {
    const serializer = createConfluentSerializer();
    const value = await serializer.serialize("updates", envelope);
    expect(Buffer.isBuffer(value)).toBe(true);
    expect(hex(value)).toBe(bare);
    expect(serializer.serdeType).toBe(SerdeType.VALUE);
  });

  it("writes the Schema Registry frame when asked, and the deserializer reads it back", async () => {
    const serializer = createConfluentSerializer({ framing: "schema-registry", schemaId: 3 });
    const value = await serializer.serialize("updates", envelope);
    expect(hex(value)).toBe(`000000000300${bare}`);
    const decoded = await createConfluentDeserializer().deserialize("updates", value);
    expect(sameEnvelope(decoded, envelope)).toBe(true);
  });

  it("writes the header framing into the headers it is given", async () => {
    const serializer = createConfluentSerializer({
      framing: "schema-registry-header",
      schemaGuid: GUID,
    });
    const headers: Record<string, unknown> = { trace: "t" };
    const value = await serializer.serialize("updates", envelope, headers);
    expect(hex(value)).toBe(bare);
    expect(Object.keys(headers)).toStrictEqual(["trace", VALUE_SCHEMA_ID_HEADER]);
    const decoded = await createConfluentDeserializer().deserialize(
      "updates",
      value,
      headers as never,
    );
    expect(sameEnvelope(decoded, envelope)).toBe(true);
  });

  it.each([
    ["our SerdeType.KEY", SerdeType.KEY],
    ["Confluent's SerdeType.KEY", ConfluentSerdeType.KEY],
    ['"KEY"', "KEY" as const],
  ])("uses __key_schema_id for keys, given %s", async (_, serdeType) => {
    const serializer = createConfluentSerializer({
      serdeType,
      framing: "schema-registry-header",
      schemaId: 1,
    });
    const headers: Record<string, unknown> = {};
    const value = await serializer.serialize("updates", envelope, headers);
    expect(Object.keys(headers)).toStrictEqual([KEY_SCHEMA_ID_HEADER]);
    expect(serializer.serdeType).toBe(ConfluentSerdeType.KEY);
    // A value deserializer does not read the key's header: it sees bare protobuf.
    const valueSide = await createConfluentDeserializer().deserialize("u", value, headers as never);
    expect(sameEnvelope(valueSide, envelope)).toBe(true);
    const keySide = createConfluentDeserializer({ serdeType });
    expect(keySide.serdeType).toBe(SerdeType.KEY);
    const error = await asyncCodecErrorOf(
      keySide.deserialize("u", value, { [KEY_SCHEMA_ID_HEADER]: Buffer.from([0x02]) }),
    );
    expect(error.message).toBe(
      `[malformed] cannot decode schema id header ${KEY_SCHEMA_ID_HEADER}: magic byte at offset 0 is 0x02, expected 0x00 or 0x01`,
    );
  });

  it.each([
    [
      createConfluentSerializer({ framing: "schema-registry-header", schemaId: 1 }),
      'cannot serialize envelope: framing "schema-registry-header" needs the record\'s headers to write __value_schema_id into, got undefined',
    ],
  ])("rejects serialize with invalid_argument: %#", async (serializer, message) => {
    const error = await asyncCodecErrorOf(serializer.serialize("t", envelope));
    expect(error.message).toBe(`[invalid_argument] ${message}`);
  });

  it("rejects a topic that is not a string", async () => {
    const serializer = createConfluentSerializer();
    expect((await asyncCodecErrorOf(serializer.serialize(1 as never, envelope))).message).toBe(
      "[invalid_argument] cannot serialize envelope: topic must be a string, got 1",
    );
    const deserializer = createConfluentDeserializer();
    expect(
      (await asyncCodecErrorOf(deserializer.deserialize(null as never, new Uint8Array()))).message,
    ).toBe("[invalid_argument] cannot deserialize envelope: topic must be a string, got null");
  });

  it.each([
    [
      { serdeType: "value" },
      'option serdeType must be SerdeType.VALUE or SerdeType.KEY, got "value"',
    ],
    [
      { framing: "bare" },
      'option framing must be "raw", "schema-registry" or "schema-registry-header", got "bare"',
    ],
    [
      { schemaId: 5 },
      'option schemaId needs a schema-registry framing, got framing "raw" (the default)',
    ],
    [{ framing: "schema-registry" }, 'option schemaId is required for framing "schema-registry"'],
    [
      { framing: "schema-registry", schemaId: -5 },
      "option schemaId must be a whole number from 0 to 2147483647, got -5",
    ],
    [
      { framing: "schema-registry-header", schemaId: 1, schemaGuid: GUID },
      'framing "schema-registry-header" needs exactly one of the options schemaId and schemaGuid',
    ],
  ])("throws invalid_argument when made with %j", (options, message) => {
    expect(codecErrorOf(() => createConfluentSerializer(options as never)).message).toBe(
      `[invalid_argument] cannot make a Confluent serializer: ${message}`,
    );
  });
});

describe("createConfluentDeserializer()", () => {
  it("deserializes bare protobuf", async () => {
    const decoded = await createConfluentDeserializer().deserialize("t", encodeEnvelope(envelope));
    expect(sameEnvelope(decoded, envelope)).toBe(true);
  });

  it("passes the read options through: maxBytes bounds each value", async () => {
    const deserializer = createConfluentDeserializer({ maxBytes: 4 });
    const error = await asyncCodecErrorOf(deserializer.deserialize("t", encodeEnvelope(envelope)));
    expect(error.code).toBe("too_large");
  });

  it("rejects bytes that are not an envelope with their code", async () => {
    const error = await asyncCodecErrorOf(
      createConfluentDeserializer().deserialize("t", Buffer.from([0x00, 0x01])),
    );
    expect(error.code).toBe("truncated");
  });

  it.each([
    [
      { serdeType: "key" },
      '[invalid_argument] cannot make a Confluent deserializer: option serdeType must be SerdeType.VALUE or SerdeType.KEY, got "key"',
    ],
    [
      { maxElements: -1 },
      "[invalid_argument] option maxElements must be a whole number of at least 0, got -1",
    ],
  ])("throws invalid_argument when made with %j", (options, message) => {
    expect(codecErrorOf(() => createConfluentDeserializer(options as never)).message).toBe(message);
  });
});
