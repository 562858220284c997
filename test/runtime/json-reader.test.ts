import { describe, expect, it } from "vitest";
import { envelopeFromJsonString } from "../../src/index.js";

describe("readBytes(): bytes read from JSON", () => {
  // Arrays of 65 bytes to 4 KiB are views of a shared block (see readBytes in the runtime).
  it("are arrays of their own bytes, whatever their size, however many are read", () => {
    const sizes = [0, 1, 2, 3, 63, 64, 65, 66, 100, 1000, 4095, 4096, 4097, 5000];
    const read: Uint8Array[] = [];
    const expected: Uint8Array[] = [];
    for (let round = 0; round < 40; round++) {
      for (const size of sizes) {
        const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 31 + size + round) & 0xff);
        const text = JSON.stringify({
          keys: { eccKeys: [{ level1: { data: Buffer.from(bytes).toString("base64") } }] },
        });
        const data = envelopeFromJsonString(text).Data.value as {
          eccKeys: { level1: { data: Uint8Array } }[];
        };
        read.push(data.eccKeys[0]?.level1.data as Uint8Array);
        expected.push(bytes);
      }
    }
    for (const array of read) array.fill(0xaa, 0, 1); // writing one must not touch another
    for (const [i, array] of read.entries()) {
      const bytes = expected[i] as Uint8Array;
      expect(array.length).toBe(bytes.length);
      expect(Array.from(array.subarray(1))).toEqual(Array.from(bytes.subarray(1)));
    }
  });
});
