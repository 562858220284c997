import { toBinary } from "@bufbuild/protobuf";
import { BinaryReader } from "@bufbuild/protobuf/wire";
import { describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import {
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  envelopeKinds,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";

/** The map keys of a carUpdateStatus envelope, in the order its bytes hold them. */
function keysOnTheWire(bytes: Uint8Array): string[] {
  const keys: string[] = [];
  const envelope = new BinaryReader(bytes);
  while (envelope.pos < envelope.len) {
    const [fieldNo, wireType] = envelope.tag();
    if (fieldNo !== 2) {
      envelope.skip(wireType);
      continue;
    }
    const status = new BinaryReader(envelope.bytes());
    while (status.pos < status.len) {
      status.tag(); // field 1: one map entry
      const entry = new BinaryReader(status.bytes());
      entry.tag(); // field 1 of the entry: the key
      keys.push(entry.string());
    }
  }
  return keys;
}

describe("encodeEnvelope() map order", () => {
  const keys = ["9", "10", "é", "\u{10000}", "\uffff", "", "BCM", "ADAS"];

  it("writes map entries ordered by key, byte-wise by UTF-8, by default", () => {
    const ecus = Object.fromEntries(keys.map((k) => [k, { ecu: k }]));
    const bytes = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus }));
    expect(keysOnTheWire(bytes)).toEqual([
      "",
      "10",
      "9",
      "ADAS",
      "BCM",
      "é",
      "\uffff",
      "\u{10000}",
    ]);
  });

  it("gives the same bytes whatever order the map was filled in", () => {
    const forward = Object.fromEntries(keys.map((k) => [k, { ecu: k }]));
    const backward = Object.fromEntries([...keys].reverse().map((k) => [k, { ecu: k }]));
    const a = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus: forward }));
    const b = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus: backward }));
    expect(a).toEqual(b);
    const unsorted = encodeEnvelope(createEnvelope("carUpdateStatus", { ecus: backward }), {
      deterministic: false,
    });
    expect(unsorted).not.toEqual(a);
    expect(unsorted).toEqual(
      toBinary(GRPC_AttendantPayloadSchema, createEnvelope("carUpdateStatus", { ecus: backward })),
    );
  });

  it.each(envelopeKinds)(
    "leaves the bytes of a %s sample as protobuf-es writes them, but for map order",
    (kind) => {
      const envelope = sampleEnvelope(kind);
      const bytes = encodeEnvelope(envelope);
      expect(bytes.length).toBe(toBinary(GRPC_AttendantPayloadSchema, envelope).length);
      expect(decodeEnvelope(bytes)).toEqual(
        decodeEnvelope(toBinary(GRPC_AttendantPayloadSchema, envelope)),
      );
      if (kind !== "carUpdateStatus")
        expect(bytes).toEqual(toBinary(GRPC_AttendantPayloadSchema, envelope));
    },
  );
});
