import { describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeSchemaRegistryFrame } from "../../src/framing/index.js";
import {
  decodeEnvelope,
  encodeEnvelope,
  envelopeKinds,
  envelopeToJson,
  GRPC_AttendantPayloadSchema,
  isCodecError,
} from "../../src/index.js";
import { joinPath, mapWire } from "../../src/inspector/wire-map.js";

/** The paths of the leaves of a JSON value (scalars, and empty arrays and objects). */
function leafPaths(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [path];
    return value.flatMap((item, i) => leafPaths(item, joinPath(path, i)));
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return [path];
    return entries.flatMap(([key, item]) => leafPaths(item, joinPath(path, key)));
  }
  return [path];
}

/** The error decodeEnvelope throws for `bytes`, with the offset its text names. */
function decodeError(bytes: Uint8Array): { message: string; offset: number } {
  try {
    decodeEnvelope(bytes);
  } catch (error) {
    if (!isCodecError(error)) throw error;
    const offsets = [...error.message.matchAll(/at offset (\d+)/g)].map((m) => Number(m[1]));
    return { message: error.message, offset: offsets.at(-1) ?? -1 };
  }
  throw new Error("decodeEnvelope did not throw");
}

describe("joinPath()", () => {
  it.each([
    ["", "handler", "handler"],
    ["keys", "eccKeys", "keys.eccKeys"],
    ["keys.eccKeys", 0, "keys.eccKeys[0]"],
    ["updateGet.ecus", "front door", 'updateGet.ecus["front door"]'],
    ["updateGet", "#99", "updateGet.#99"],
  ])("joins %j and %j as %j", (path, segment, joined) => {
    expect(joinPath(path, segment)).toBe(joined);
  });
});

describe("mapWire()", () => {
  it.each(envelopeKinds)("maps every value of the %s fixture to its JSON path", (kind) => {
    const envelope = sampleEnvelope(kind);
    const bytes = encodeEnvelope(envelope);
    const map = mapWire(bytes, GRPC_AttendantPayloadSchema);
    expect(map.problem).toBeUndefined();
    const paths = new Set(map.fields.map((f) => f.path));
    for (const leaf of leafPaths(envelopeToJson(envelope))) expect(paths).toContain(leaf);
    // The envelope's own fields cover its bytes one after another.
    const top = map.fields.filter((f) => f.depth === 0);
    expect(top.map((f) => f.path)).toEqual(["handler", kind]);
    expect(top[0]?.start).toBe(0);
    expect(top[1]?.start).toBe(top[0]?.end);
    expect(top[1]?.end).toBe(bytes.length);
    for (const field of map.fields) {
      expect(field.start).toBeLessThan(field.valueStart);
      expect(field.valueStart).toBeLessThanOrEqual(field.end);
      expect(field.unknown).toBe(false);
    }
  });

  it("names a field's tag, value and type", () => {
    const bytes = encodeEnvelope(sampleEnvelope("updateGet", { handler: "h" }));
    const { fields } = mapWire(bytes, GRPC_AttendantPayloadSchema);
    expect(fields[0]).toEqual({
      path: "handler",
      number: 1,
      wireType: 2,
      type: "string",
      start: 0,
      valueStart: 2,
      end: 3,
      unknown: false,
      depth: 0,
    });
    expect(fields[1]).toMatchObject({
      path: "updateGet",
      type: "kafka_grpc.VehicleData",
      depth: 0,
    });
    expect(fields[2]).toMatchObject({ path: "updateGet.vin", type: "string", depth: 1 });
  });

  it("maps unknown fields, a group among them, under the message that holds them", () => {
    const known = encodeEnvelope(sampleEnvelope("updateGet", { handler: "h" }));
    // updateGet with field 99 (varint 5) appended inside it, then field 50 as a group at the top.
    const inner = known.subarray(5);
    const unknown = [0x98, 0x06, 0x05];
    const bytes = Uint8Array.from([
      ...known.subarray(0, 3),
      0x3a,
      inner.length + unknown.length,
      ...inner,
      ...unknown,
      0x93,
      0x03,
      0x08,
      0x01,
      0x94,
      0x03,
    ]);
    expect(decodeEnvelope(bytes).$unknown).toHaveLength(1);
    const { fields, problem } = mapWire(bytes, GRPC_AttendantPayloadSchema);
    expect(problem).toBeUndefined();
    const unknownFields = fields.filter((f) => f.unknown);
    expect(unknownFields).toEqual([
      {
        path: "updateGet.#99",
        number: 99,
        wireType: 0,
        type: "unknown field",
        start: bytes.length - 9,
        valueStart: bytes.length - 7,
        end: bytes.length - 6,
        unknown: true,
        depth: 1,
      },
      {
        path: "#50",
        number: 50,
        wireType: 3,
        type: "unknown field",
        start: bytes.length - 6,
        valueStart: bytes.length - 4,
        end: bytes.length,
        unknown: true,
        depth: 0,
      },
    ]);
  });

  it("counts from the start of the bytes when the envelope sits inside a frame", () => {
    const envelope = sampleEnvelope("keys");
    const frame = encodeSchemaRegistryFrame(envelope, { schemaId: 7 });
    const { fields } = mapWire(frame, GRPC_AttendantPayloadSchema, 6);
    expect(fields[0]).toMatchObject({ path: "handler", start: 6 });
    expect(fields.at(-1)?.end).toBe(frame.length);
  });

  const sample = encodeEnvelope(sampleEnvelope("keys"));
  it.each<[string, Uint8Array, string, string]>([
    ["a truncated value", sample.subarray(0, 40), "keys", "length prefix"],
    ["a trailing zero byte", Uint8Array.from([...sample, 0]), "", "tag"],
    ["a trailing newline", Uint8Array.from([...sample, 0x0a]), "handler", "length prefix"],
    ["a wire type 7", Uint8Array.from([0x0f]), "", "tag"],
    ["a tag over 5 bytes", Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]), "", "tag"],
    [
      "a known field of the wrong wire type",
      Uint8Array.from([0x10, 0x01]),
      "carUpdateStatus",
      "tag",
    ],
    ["a truncated varint", Uint8Array.from([0x0a, 0x01, 0x41, 0x98, 0x06]), "#99", "varint"],
    ["invalid UTF-8", Uint8Array.from([0x0a, 0x02, 0xff, 0xfe]), "handler", "string"],
    ["a stray END_GROUP", Uint8Array.from([0x0c]), "", "tag"],
  ])("stops at the offset decodeEnvelope names, for %s", (_, bytes, path, what) => {
    const { offset } = decodeError(bytes);
    const { problem } = mapWire(bytes, GRPC_AttendantPayloadSchema);
    expect(problem).toMatchObject({ path, what, offset });
    expect(problem?.start).toBeLessThanOrEqual(offset);
    expect(problem?.end).toBeGreaterThanOrEqual(offset);
    expect(problem?.end).toBeLessThanOrEqual(bytes.length);
  });
});
