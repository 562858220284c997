import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readBinaryInput } from "../../src/cli/binary-text.js";
import { type Framing, hintText, readEnvelopes } from "../../src/cli/read-envelopes.js";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeDelimited, encodeSchemaRegistryFrame } from "../../src/framing/index.js";
import {
  createEnvelope,
  encodeEnvelope,
  envelopeKinds,
  type GRPC_AttendantPayload,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";

const limits = { maxBytes: 16 * 1024 * 1024, maxElements: 1_000_000 };

/** An envelope in each framing `encode --framing` writes, and how many envelopes it holds. */
function framed(envelope: GRPC_AttendantPayload): [Framing, Uint8Array, number][] {
  const raw = encodeEnvelope(envelope);
  const one = encodeDelimited(envelope);
  return [
    ["raw", raw, 1],
    ["schema-registry", encodeSchemaRegistryFrame(envelope, { schemaId: 7 }), 1],
    ["delimited", one, 1],
    ["delimited", Buffer.concat([one, one]), 2],
  ];
}

/** What decode and inspect do with `text`: read it as binary, base64 or hex, then decode. */
function read(bytes: Uint8Array, framing: Framing | "auto", requireData: boolean) {
  const input = readBinaryInput(bytes, "auto");
  return hintText(input.look, () =>
    readEnvelopes(input.bytes, framing, { requireData, ...limits }),
  );
}

/** Every way a user may hand the CLI an envelope: each framing, as bytes, hex and base64. */
function assertReadable(envelope: GRPC_AttendantPayload): void {
  for (const [framing, bytes, count] of framed(envelope)) {
    expect(read(bytes, framing, true).envelopes).toHaveLength(count);
    for (const text of [
      bytes,
      Buffer.from(Buffer.from(bytes).toString("hex")),
      Buffer.from(Buffer.from(bytes).toString("base64")),
    ]) {
      for (const chosen of [framing, "auto"] as const) {
        expect(read(text, chosen, true).envelopes.length).toBeGreaterThan(0);
      }
    }
  }
}

describe("readEnvelopes(): no heuristic refuses a real envelope", () => {
  it.each(envelopeKinds)("reads the %s sample in every framing and written every way", (kind) => {
    assertReadable(sampleEnvelope(kind));
  });

  it("reads arbitrary envelopes in every framing and written every way", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => assertReadable(envelope)),
      {
        numRuns: 150,
      },
    );
  });

  it("reads an envelope with only a member newer than this schema (field 13)", () => {
    const newer = new Uint8Array([0x6a, 0x02, 0x0a, 0x00]); // field 13, LEN, 2 bytes
    const found = readEnvelopes(newer, "auto", { requireData: false, ...limits });
    expect(found.envelopes).toHaveLength(1);
    expect(
      codecErrorOf(() => readEnvelopes(newer, "auto", { requireData: true, ...limits })),
    ).toMatchObject({
      code: "missing_data",
    });
  });
});

describe("readEnvelopes(): input that is not an envelope in any framing", () => {
  it.each([
    ["base64-looking text", "hello world"],
    ["an envelope with only a field numbered over 1000", "\u00c8\u003e\u0001"],
  ])("refuses %s, with or without requireData", (_, text) => {
    const bytes = Buffer.from(text, "latin1");
    for (const requireData of [true, false]) {
      expect(codecErrorOf(() => read(bytes, "auto", requireData))).toMatchObject({
        code: "malformed",
      });
      expect(codecErrorOf(() => read(bytes, "auto", requireData))?.rawMessage).toMatch(
        /^the input is not an envelope in any framing: it decodes only to fields this schema does not know, one numbered \d+ \(the envelope's fields go up to 12; above 1000 is no newer member\)$/,
      );
    }
  });

  it("says that text that is neither hex nor base64 is no envelope", () => {
    const error = codecErrorOf(() => read(Buffer.from("hello, world!"), "auto", true));
    expect(error?.rawMessage).toMatch(
      / \(the input is text but neither hex nor base64, and not an envelope in any framing; pass --input to say how it is written\)$/,
    );
  });

  it("names a first byte 0x01 to 0x07 as decodeRecordValue does: another magic byte", () => {
    const frame = encodeSchemaRegistryFrame(createEnvelope("updateGet", {}), { schemaId: 1 });
    frame[0] = 0x01;
    expect(codecErrorOf(() => read(frame, "auto", true))?.message).toBe(
      "[malformed] cannot decode a record value: first byte 0x01 is neither the Schema Registry magic byte 0x00 nor the start of a protobuf envelope (field number 0): a frame with another magic byte?",
    );
  });
});
