import { create } from "@bufbuild/protobuf";
import { describe, expect, it, vi } from "vitest";
import { toJsonFallback } from "../../src/envelope/fallback.js";
import { envelopeToJson, GRPC_AttendantPayloadSchema } from "../../src/index.js";

describe("bytesToJson(): bytes written to JSON", () => {
  // bytesToJson in the runtime goes through Node's Buffer where there is one, else btoa().
  const sizes = [1, 2, 3, 15, 16, 17, 18, 64, 65, 150, 1000, 5000]; // empty bytes are left out
  const views = sizes.flatMap((size) => {
    const memory = Uint8Array.from({ length: size + 7 }, (_, i) => (i * 37 + size) & 0xff);
    // The whole of an array, and a view into the middle of a larger one.
    return [memory.slice(3, 3 + size), memory.subarray(3, 3 + size)];
  });
  const expected = views.map((bytes) => Buffer.from(bytes).toString("base64"));
  const written = () =>
    views.map((data) => {
      const envelope = create(GRPC_AttendantPayloadSchema, {
        Data: { case: "keys", value: { eccKeys: [{ level1: { data } }] } },
      });
      const json = envelopeToJson(envelope) as {
        keys: { eccKeys: { level1: { data: string } }[] };
      };
      expect(toJsonFallback(envelope)).toEqual(json);
      return json.keys.eccKeys[0]?.level1.data;
    });

  it("are standard base64 with padding, of the view's bytes only", () => {
    expect(written()).toEqual(expected);
  });

  it("are the same where there is no Buffer (as in a browser)", () => {
    vi.stubGlobal("Buffer", undefined);
    try {
      expect(written()).toEqual(expected);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
