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
import { codecErrorOf } from "../helpers/codec-error-of.js";
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

describe("envelopeKind(), isEnvelopeOf() and envelopeData() on what is not an envelope", () => {
  const envelope = createEnvelope("dtcEntry", { dtc: 5n });
  const envelopeName = "kafka_grpc.GRPC_AttendantPayload";
  const notEnvelopes: [string, unknown, string][] = [
    ["null", null, "null"],
    ["undefined", undefined, "undefined"],
    ["a string", "dtcEntry", "string"],
    ["a message of another type", envelope.Data.value, "kafka_grpc.DTCEntry"],
    ["a hostile $typeName", { $typeName: "x\u001b\n" }, "x\\u001b\\n"],
    ["a plain object", { Data: { case: "dtcEntry" } }, "object"],
    ["an envelope without Data", { $typeName: envelopeName }, "one whose Data is undefined"],
    [
      "an envelope whose Data is null",
      { $typeName: envelopeName, Data: null },
      "one whose Data is null",
    ],
  ];

  it.each(notEnvelopes)("isEnvelopeOf() returns false for %s", (_, value) => {
    expect(isEnvelopeOf(value as never, "dtcEntry")).toBe(false);
  });

  it.each(notEnvelopes)("envelopeKind() and envelopeData() refuse %s", (_, value, got) => {
    expect(codecErrorOf(() => envelopeKind(value as never)).message).toBe(
      `[invalid_argument] cannot read the kind of ${envelopeName}: expected a ${envelopeName} message, got ${got}`,
    );
    expect(codecErrorOf(() => envelopeData(value as never, "dtcEntry")).message).toBe(
      `[invalid_argument] cannot read the data of ${envelopeName}: expected a ${envelopeName} message, got ${got}`,
    );
  });

  it.each<[unknown, string]>([
    ["dtcentry", '"dtcentry"'],
    [5, "number"],
  ])(
    "envelopeKind() refuses an envelope whose Data.case is %j, no kind of the 11",
    (kind, shown) => {
      const forged = { $typeName: envelopeName, handler: "", Data: { case: kind, value: {} } };
      expect(codecErrorOf(() => envelopeKind(forged as never)).message).toBe(
        `[invalid_argument] cannot read the kind of ${envelopeName}: unknown kind ${shown}, expected one of ${envelopeKinds.join(", ")}`,
      );
    },
  );

  it.each<[unknown, string]>([
    ["dtcentry", '"dtcentry"'],
    ["\u001b[2J", '"\\u001b[2J"'],
    [undefined, "undefined"],
  ])("envelopeData() refuses the kind %j, where isEnvelopeOf() is false", (kind, shown) => {
    const empty = { $typeName: envelopeName, handler: "", Data: { case: undefined } };
    for (const value of [envelope, empty]) {
      expect(isEnvelopeOf(value as never, kind as never)).toBe(false);
      expect(codecErrorOf(() => envelopeData(value as never, kind as never)).message).toBe(
        `[invalid_argument] cannot read the data of ${envelopeName}: unknown kind ${shown}, expected one of ${envelopeKinds.join(", ")}`,
      );
    }
  });
});
