import { describe, expect, it } from "vitest";
import {
  createEnvelope,
  envelopeData,
  envelopeKind,
  envelopeKinds,
  isEnvelopeKind,
  isEnvelopeOf,
  matchEnvelope,
} from "../../src/index.js";
import { handlers } from "../helpers/kind-handlers.js";

describe("envelopeKind(), isEnvelopeOf(), envelopeData() and isEnvelopeKind()", () => {
  it.each(envelopeKinds)("recognise a %s envelope", (kind) => {
    const envelope = createEnvelope(kind, {}, { handler: "ota" });
    expect(envelope.handler).toBe("ota");
    expect(envelopeKind(envelope)).toBe(kind);
    expect(isEnvelopeOf(envelope, kind)).toBe(true);
    expect(envelopeData(envelope, kind)).toBe(envelope.Data.value);
    for (const other of envelopeKinds.filter((k) => k !== kind)) {
      expect(isEnvelopeOf(envelope, other)).toBe(false);
      expect(envelopeData(envelope, other)).toBeUndefined();
    }
    expect(matchEnvelope(envelope, handlers)).toBe(kind);
  });

  it("isEnvelopeKind() tells the 11 kinds from anything else", () => {
    expect(envelopeKinds.every(isEnvelopeKind)).toBe(true);
    expect(isEnvelopeKind("handler")).toBe(false);
    expect(isEnvelopeKind(2)).toBe(false);
  });
});
