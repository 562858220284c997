import { describe, expect, it } from "vitest";
import {
  createEnvelope,
  decodeEnvelope,
  envelopeData,
  envelopeKind,
  envelopeKinds,
  isEnvelopeKind,
  isEnvelopeOf,
  matchEnvelope,
} from "../../src/index.js";

const handlers = Object.fromEntries(envelopeKinds.map((kind) => [kind, () => kind])) as {
  [K in (typeof envelopeKinds)[number]]: () => K;
};

describe("narrowing helpers", () => {
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

  it("match passes the member and the envelope to the handler", () => {
    const envelope = createEnvelope("dtcEntry", { dtc: 0xc15500n, vin: "V" });
    const seen = matchEnvelope(envelope, {
      ...handlers,
      dtcEntry: (entry, whole) => `${entry.dtc.toString(16)} ${whole.Data.value.vin}`,
    });
    expect(seen).toBe("c15500 V");
  });

  it("match sends an envelope without Data to none", () => {
    const empty = decodeEnvelope(new Uint8Array(), { requireData: false });
    expect(envelopeKind(empty)).toBeUndefined();
    expect(matchEnvelope(empty, { ...handlers, none: () => "none" })).toBe("none");
  });

  it("createEnvelope builds the member from a partial init", () => {
    const envelope = createEnvelope("carUpdateProgress", { fileCurrent: 3n });
    expect(envelope.Data.value.fileCurrent).toBe(3n);
    expect(envelope.Data.value.$typeName).toBe("kafka_grpc.CarUpdateProgress");
    expect(envelope.Data.value.ecu).toBe("");
  });

  it("isEnvelopeKind tells the 11 kinds from anything else", () => {
    expect(envelopeKinds.every(isEnvelopeKind)).toBe(true);
    expect(isEnvelopeKind("handler")).toBe(false);
    expect(isEnvelopeKind(2)).toBe(false);
  });
});
