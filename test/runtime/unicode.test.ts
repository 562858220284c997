import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope, sampleMessage } from "../../src/fixtures/index.js";
import {
  type CarECU,
  CarECUSchema,
  CarUpdateStatusSchema,
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeToJsonString,
  type GRPC_AttendantPayload,
} from "../../src/index.js";
import { utf8Length, wellFormedOutput } from "../../src/runtime/index.js";
import { outcome } from "../helpers/outcome.js";

// Engines from before 2023 (Chrome < 111, Firefox < 119, Safari < 16.4) have no
// String.prototype.isWellFormed. The runtime's wellFormed() uses it where it is there, and a
// regular expression where it is missing: every result and every error stays the same.

/** Envelopes as the writers see them: every kind, and lone surrogates in three places. */
function envelopes(): GRPC_AttendantPayload[] {
  const withEcus = (ecus: Record<string, CarECU>) =>
    createEnvelope("carUpdateStatus", sampleMessage(CarUpdateStatusSchema, { ecus }));
  return [
    ...envelopeKinds.map((kind) => sampleEnvelope(kind)),
    { ...sampleEnvelope("updateGet"), handler: "a\ud800" },
    withEcus({ "\udc00": sampleMessage(CarECUSchema) }),
    withEcus({ a: sampleMessage(CarECUSchema, { vin: "\ud800" }) }),
  ];
}

/** JSON texts as the readers see them: every kind, escapes and a lone surrogate. */
function texts(): string[] {
  return [
    ...envelopeKinds.map((kind) => envelopeToJsonString(sampleEnvelope(kind))),
    '{"handler":"a\\u00e9\\ud83d\\ude00","updateGet":{"vin":"\\u0041"}}',
    '{"handler":"\ud800","updateGet":{}}',
    '{"handler":"\\udc00","updateGet":{}}',
  ];
}

/** Every outcome of the public calls that check strings for lone surrogates. */
function outcomes(): unknown[] {
  return [
    ...envelopes().flatMap((envelope) => [
      outcome(() => envelopeToJsonString(envelope)),
      outcome(() => encodeEnvelope(envelope)),
      outcome(() => decodeEnvelope(encodeEnvelope(envelope))),
    ]),
    ...texts().map((text) => outcome(() => envelopeFromJsonString(text))),
  ];
}

describe("wellFormed() on an engine without String.prototype.isWellFormed", () => {
  const modern = outcomes();
  const descriptor = Object.getOwnPropertyDescriptor(String.prototype, "isWellFormed");
  beforeAll(() => {
    delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
  });
  afterAll(() => {
    if (descriptor) Object.defineProperty(String.prototype, "isWellFormed", descriptor);
  });

  it("is really missing here", () => {
    expect("".isWellFormed).toBeUndefined();
  });

  it("writes, reads and rejects exactly as on a modern engine", () => {
    expect(outcomes()).toEqual(modern);
  });

  it("still rejects lone surrogates, with the same errors", () => {
    const rejected = outcomes().filter((o) => (o as { code?: unknown }).code !== undefined);
    expect(rejected.length).toBeGreaterThanOrEqual(6);
    expect(rejected).toContainEqual(
      expect.objectContaining({ message: expect.stringContaining("lone surrogate") }),
    );
  });
});

describe("wellFormedOutput()", () => {
  it("is false for the text of any string with a lone surrogate, value or key", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (a, b) => {
        const text = JSON.stringify({ [a]: [b] });
        if (wellFormedOutput(text)) {
          expect(a.isWellFormed() && b.isWellFormed()).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["a\ud800", false],
    ["\udfff", false],
    ["\ud83d\ude00", true],
    ["\\ud800", false], // a backslash before "ud": no surrogate, but the text looks like one
    ["\\\\ud800", false],
    ["\\u00e9 \\UD800", true],
  ])("on the text of %j is %s", (s, expected) => {
    expect(wellFormedOutput(JSON.stringify(s))).toBe(expected);
  });
});

describe("utf8Length()", () => {
  const encoder = new TextEncoder();

  it.each([
    ["", 0],
    ["a", 1],
    ["é", 2],
    ["€", 3],
    ["😀", 4],
    ["\ud800", 3],
    ["\udc00", 3],
    ["a\ud800", 4],
    ["\udc00\ud800", 6],
    ["\ud800\ud800\udc00", 7],
  ])("counts %j as %i bytes, as TextEncoder writes it", (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
    expect(encoder.encode(text).length).toBe(bytes);
  });

  it("agrees with TextEncoder on any string of UTF-16 code units", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(utf8Length(text)).toBe(encoder.encode(text).length);
      }),
    );
  });
});
