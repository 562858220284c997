import { create, toJson, toJsonString } from "@bufbuild/protobuf";
import { describe, expect, it, vi } from "vitest";
import {
  envelopeToJson,
  envelopeToJsonString,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { envelopeToJsonByOracle } from "../oracle/json-by-oracle.js";

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
      expect(envelopeToJsonByOracle(envelope)).toEqual(json);
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

describe("int64ToJson() and int64FieldToJson(): 64-bit integers written to JSON", () => {
  const int64 = [
    0n,
    1n,
    -1n,
    255n,
    2n ** 31n - 1n,
    2n ** 31n,
    -(2n ** 31n),
    -(2n ** 31n) - 1n,
    2n ** 32n - 1n,
    2n ** 32n,
    -(2n ** 32n),
    2n ** 53n - 1n,
    2n ** 53n,
    2n ** 53n + 1n,
    -(2n ** 53n) - 1n,
    2n ** 63n - 1n,
    -(2n ** 63n),
  ];
  const uint64 = int64.filter((v) => v >= 0n).concat([2n ** 63n, 2n ** 64n - 1n]);
  const cases = uint64.map((u, i) => [u, int64[i % int64.length] as bigint] as const);

  it.each(cases)("writes uint64 %s and int64 %s as protobuf-es does, in both forms", (u, s) => {
    const envelope = create(GRPC_AttendantPayloadSchema, {
      Data: {
        case: "carUpdateStatus",
        value: { ecus: { a: { epochUsec: s, createdAt: s, updatedAt: u < 2n ** 63n ? u : s } } },
      },
    });
    const progress = create(GRPC_AttendantPayloadSchema, {
      Data: { case: "carUpdateProgress", value: { fileCurrent: u, installedFiles: s } },
    });
    for (const e of [envelope, progress]) {
      expect(envelopeToJsonString(e)).toBe(toJsonString(GRPC_AttendantPayloadSchema, e));
      expect(envelopeToJson(e)).toEqual(toJson(GRPC_AttendantPayloadSchema, e));
    }
  });

  it.each([
    ["uint64", "fileCurrent", -1n],
    ["uint64", "fileCurrent", 2n ** 64n],
    ["int64", "installedFiles", 2n ** 63n],
    ["int64", "installedFiles", -(2n ** 63n) - 1n],
    ["int64", "installedFiles", 2n ** 64n],
  ])("refuses a %s %s of %s with invalid_message", (_, field, value) => {
    const envelope = create(GRPC_AttendantPayloadSchema, {
      Data: { case: "carUpdateProgress", value: {} },
    });
    (envelope.Data.value as unknown as Record<string, bigint>)[field] = value;
    for (const write of [envelopeToJson, envelopeToJsonString]) {
      expect(() => write(envelope)).toThrow(expect.objectContaining({ code: "invalid_message" }));
    }
  });
});
