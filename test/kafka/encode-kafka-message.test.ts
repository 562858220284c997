import { describe, expect, it } from "vitest";
import { VALUE_SCHEMA_ID_HEADER } from "../../src/framing/index.js";
import { createEnvelope, encodeEnvelope } from "../../src/index.js";
import { encodeKafkaMessage } from "../../src/kafka/index.js";
import { hex } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";

const envelope = createEnvelope("updateGet", { vin: "V1" }, { handler: "h" });
const bare = "0a01683a040a025631";
const GUID = "0123abcd-4567-89ef-0011-223344556677";

describe("encodeKafkaMessage()", () => {
  it("writes bare protobuf by default, with no headers, as a Buffer", () => {
    const record = encodeKafkaMessage(envelope);
    expect(Buffer.isBuffer(record.value)).toBe(true);
    expect(hex(record.value)).toBe(bare);
    expect(record.headers).toStrictEqual({});
  });

  it("writes the Schema Registry frame", () => {
    const record = encodeKafkaMessage(envelope, { framing: "schema-registry", schemaId: 258 });
    expect(hex(record.value)).toBe(`000000010200${bare}`);
    expect(record.headers).toStrictEqual({});
  });

  it("writes bare protobuf and the schema GUID in the __value_schema_id header", () => {
    const record = encodeKafkaMessage(envelope, {
      framing: "schema-registry-header",
      schemaGuid: GUID,
    });
    expect(hex(record.value)).toBe(bare);
    expect(Object.keys(record.headers)).toStrictEqual([VALUE_SCHEMA_ID_HEADER]);
    expect(hex(record.headers[VALUE_SCHEMA_ID_HEADER] as Buffer)).toBe(
      `01` + `0123abcd456789ef0011223344556677` + `00`,
    );
  });

  it("writes a schema id in the header with magic byte 0, and other message indexes", () => {
    const record = encodeKafkaMessage(envelope, {
      framing: "schema-registry-header",
      schemaId: 7,
      messageIndexes: [1, 2],
    });
    expect(hex(record.headers[VALUE_SCHEMA_ID_HEADER] as Buffer)).toBe(
      `00` + `00000007` + `04` + `02` + `04`,
    );
  });

  it("passes the write options to encodeEnvelope", () => {
    const empty = createEnvelope("updateGet", {}, {});
    const unset = { ...empty, Data: { case: undefined } } as never;
    expect(codecErrorOf(() => encodeKafkaMessage(unset)).code).toBe("missing_data");
    expect(hex(encodeKafkaMessage(unset, { requireData: false }).value)).toBe(
      hex(encodeEnvelope(unset, { requireData: false })),
    );
  });

  const ctx = "cannot encode a record value";
  it.each([
    [7, "options must be an object, got number"],
    [
      { framing: "prefix" },
      'option framing must be "raw", "schema-registry" or "schema-registry-header", got "prefix"',
    ],
    [
      { framing: 1 },
      'option framing must be "raw", "schema-registry" or "schema-registry-header", got 1',
    ],
    [
      { schemaId: 1 },
      'option schemaId needs a schema-registry framing, got framing "raw" (the default)',
    ],
    [
      { framing: "raw", schemaGuid: GUID },
      'option schemaGuid needs a schema-registry framing, got framing "raw"',
    ],
    [{ framing: "schema-registry" }, 'option schemaId is required for framing "schema-registry"'],
    [
      { framing: "schema-registry", schemaId: 1, schemaGuid: GUID },
      'option schemaGuid needs framing "schema-registry-header": the frame holds a schema id',
    ],
    [
      { framing: "schema-registry-header" },
      'framing "schema-registry-header" needs exactly one of the options schemaId and schemaGuid',
    ],
    [
      { framing: "schema-registry-header", schemaId: 1, schemaGuid: GUID },
      'framing "schema-registry-header" needs exactly one of the options schemaId and schemaGuid',
    ],
    [
      { framing: "schema-registry-header", schemaGuid: "0123" },
      'option schemaGuid must be 32 hex digits as 8-4-4-4-12, got "0123"',
    ],
    [
      { framing: "schema-registry-header", schemaGuid: 12 },
      "option schemaGuid must be 32 hex digits as 8-4-4-4-12, got 12",
    ],
    [
      { framing: "schema-registry-header", schemaId: -1 },
      "option schemaId must be a whole number from 0 to 2147483647, got -1",
    ],
    [
      { framing: "schema-registry-header", schemaId: 2 ** 31 },
      "option schemaId must be a whole number from 0 to 2147483647, got 2147483648",
    ],
    [
      { framing: "schema-registry", schemaId: "1" },
      "option schemaId must be a whole number from 0 to 2147483647, got string",
    ],
    [
      { framing: "schema-registry-header", schemaId: 1, messageIndexes: [] },
      "option messageIndexes must be a non-empty array, got []",
    ],
    [
      { framing: "schema-registry-header", schemaId: 1, messageIndexes: [0, 1.5] },
      "option messageIndexes[1] must be a whole number from 0 to 2147483647, got 1.5",
    ],
  ])("throws invalid_argument for the options %j", (options, message) => {
    const error = codecErrorOf(() => encodeKafkaMessage(envelope, options as never));
    expect(error.message).toBe(`[invalid_argument] ${ctx}: ${message}`);
  });
});
