import { describe, expect, it } from "vitest";
import { createEnvelope, encodeEnvelope } from "../../src/index.js";
import {
  EnvelopeSerde,
  KEY_SCHEMA_ID_HEADER,
  VALUE_SCHEMA_ID_HEADER,
} from "../../src/kafka/index.js";
import { hex } from "../helpers/bytes.js";
import { asyncCodecErrorOf, codecErrorOf } from "../helpers/codec-error-of.js";
import { sameEnvelope } from "../helpers/wire-fields.js";

const envelope = createEnvelope("updateGet", { vin: "V1" }, { handler: "h" });
const bare = "0a01683a040a025631";
const GUID = "0123abcd-4567-89ef-0011-223344556677";

describe("EnvelopeSerde", () => {
  it("writes the Schema Registry frame by default, and reads it back", async () => {
    const serde = new EnvelopeSerde({ schemaId: 3 });
    const value = await serde.serialize("updates", envelope);
    expect(Buffer.isBuffer(value)).toBe(true);
    expect(hex(value)).toBe(`000000000300${bare}`);
    expect(sameEnvelope(await serde.deserialize("updates", value), envelope)).toBe(true);
  });

  it("writes the header framing into the headers it is given", async () => {
    const serde = new EnvelopeSerde({ framing: "schema-registry-header", schemaGuid: GUID });
    const headers: Record<string, unknown> = { trace: "t" };
    const value = await serde.serialize("updates", envelope, headers);
    expect(hex(value)).toBe(bare);
    expect(Object.keys(headers)).toStrictEqual(["trace", VALUE_SCHEMA_ID_HEADER]);
    expect(
      sameEnvelope(await serde.deserialize("updates", value, headers as never), envelope),
    ).toBe(true);
  });

  it("uses __key_schema_id for keys", async () => {
    const serde = new EnvelopeSerde({
      serdeType: "KEY",
      framing: "schema-registry-header",
      schemaId: 1,
    });
    const headers: Record<string, unknown> = {};
    const value = await serde.serialize("updates", envelope, headers);
    expect(Object.keys(headers)).toStrictEqual([KEY_SCHEMA_ID_HEADER]);
    expect(serde.serdeType).toBe("KEY");
    // A value serde does not read the key's header: it sees bare protobuf.
    const result = await new EnvelopeSerde().deserialize("updates", value, headers as never);
    expect(sameEnvelope(result, envelope)).toBe(true);
  });

  it("deserializes bare protobuf, and needs no schema id to deserialize", async () => {
    const serde = new EnvelopeSerde();
    expect(sameEnvelope(await serde.deserialize("t", encodeEnvelope(envelope)), envelope)).toBe(
      true,
    );
  });

  it("passes the read options through: maxBytes bounds each value", async () => {
    const serde = new EnvelopeSerde({ maxBytes: 4 });
    const error = await asyncCodecErrorOf(serde.deserialize("t", encodeEnvelope(envelope)));
    expect(error.code).toBe("too_large");
  });

  it.each([
    [
      new EnvelopeSerde(),
      'cannot serialize envelope: framing "schema-registry" needs a schema id, and this EnvelopeSerde was made without the option schemaId',
    ],
    [
      new EnvelopeSerde({ framing: "schema-registry-header" }),
      'cannot serialize envelope: framing "schema-registry-header" needs a schema id, and this EnvelopeSerde was made without the option schemaId or schemaGuid',
    ],
    [
      new EnvelopeSerde({ framing: "schema-registry-header", schemaId: 1 }),
      'cannot serialize envelope: framing "schema-registry-header" needs the record\'s headers to write __value_schema_id into, got undefined',
    ],
  ])("rejects serialize with invalid_argument: %#", async (serde, message) => {
    const error = await asyncCodecErrorOf(serde.serialize("t", envelope));
    expect(error.message).toBe(`[invalid_argument] ${message}`);
  });

  it("rejects a topic that is not a string", async () => {
    const serde = new EnvelopeSerde({ schemaId: 1 });
    expect((await asyncCodecErrorOf(serde.serialize(1 as never, envelope))).message).toBe(
      "[invalid_argument] cannot serialize envelope: topic must be a string, got 1",
    );
    expect(
      (await asyncCodecErrorOf(serde.deserialize(null as never, new Uint8Array()))).message,
    ).toBe("[invalid_argument] cannot deserialize envelope: topic must be a string, got null");
  });

  it("rejects bytes that are not an envelope with their code", async () => {
    const error = await asyncCodecErrorOf(
      new EnvelopeSerde().deserialize("t", Buffer.from([0x00, 0x01])),
    );
    expect(error.code).toBe("truncated");
  });

  it.each([
    [{ serdeType: "value" }, 'option serdeType must be "VALUE" or "KEY", got "value"'],
    [
      { framing: "bare" },
      'option framing must be "raw", "schema-registry" or "schema-registry-header", got "bare"',
    ],
    [{ schemaId: -5 }, "option schemaId must be a whole number from 0 to 2147483647, got -5"],
    [
      { framing: "schema-registry-header", schemaId: 1, schemaGuid: GUID },
      'framing "schema-registry-header" needs exactly one of the options schemaId and schemaGuid',
    ],
  ])("throws invalid_argument from the constructor for %j", (options, message) => {
    expect(codecErrorOf(() => new EnvelopeSerde(options as never)).message).toBe(
      `[invalid_argument] cannot make an EnvelopeSerde: ${message}`,
    );
  });

  it("throws invalid_argument from the constructor for a bad read option", () => {
    expect(codecErrorOf(() => new EnvelopeSerde({ maxElements: -1 })).message).toBe(
      "[invalid_argument] option maxElements must be a whole number of at least 0, got -1",
    );
  });
});
