import { describe, expect, it } from "vitest";
import { createEnvelope, decodeEnvelope, envelopeKind, matchEnvelope } from "../../src/index.js";
import { B } from "../helpers/bytes.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";
import { handlers } from "../helpers/kind-handlers.js";

describe("matchEnvelope()", () => {
  it("passes the member and the envelope to the handler", () => {
    const envelope = createEnvelope("dtcEntry", { dtc: 0xc15500n, vin: "V" });
    const seen = matchEnvelope(envelope, {
      ...handlers,
      dtcEntry: (entry, whole) => `${entry.dtc.toString(16)} ${whole.Data.value.vin}`,
    });
    expect(seen).toBe("c15500 V");
  });

  it("sends an envelope without Data to none", () => {
    const empty = decodeEnvelope(new Uint8Array(), { requireData: false });
    expect(envelopeKind(empty)).toBeUndefined();
    expect(matchEnvelope(empty, { ...handlers, none: () => "none" })).toBe("none");
  });

  it("throws missing_data for an envelope without Data and no none handler", () => {
    const error = codecErrorOf(() =>
      matchEnvelope(decodeEnvelope(B(), { requireData: false }), {} as never),
    );
    expect(error.code).toBe("missing_data");
    expect(error.rawMessage).toBe(
      "cannot match kafka_grpc.GRPC_AttendantPayload: envelope has no Data member",
    );
  });
});

describe("matchEnvelope() on bad arguments", () => {
  const envelopeName = "kafka_grpc.GRPC_AttendantPayload";
  const envelope = createEnvelope("dtcEntry", { dtc: 5n });

  it.each<[string, unknown, string]>([
    ["null", null, "null"],
    ["a message of another type", envelope.Data.value, "kafka_grpc.DTCEntry"],
    ["an envelope without Data", { $typeName: envelopeName }, "one whose Data is undefined"],
  ])("refuses %s for the envelope", (_, value, got) => {
    expect(codecErrorOf(() => matchEnvelope(value as never, handlers)).message).toBe(
      `[invalid_argument] cannot match ${envelopeName}: expected a ${envelopeName} message, got ${got}`,
    );
  });

  it.each<[string, unknown, string]>([
    ["null handlers", null, "handlers must be an object, got null"],
    ["a function for handlers", () => "x", "handlers must be an object, got function"],
    ["no handler for the kind", {}, "the handler of dtcEntry must be a function, got undefined"],
    [
      "a handler that is no function",
      { ...handlers, dtcEntry: "x\n" },
      'the handler of dtcEntry must be a function, got "x\\n"',
    ],
  ])("refuses %s", (_, value, text) => {
    expect(codecErrorOf(() => matchEnvelope(envelope, value as never)).message).toBe(
      `[invalid_argument] cannot match ${envelopeName}: ${text}`,
    );
  });

  it("refuses a none handler that is no function", () => {
    const empty = decodeEnvelope(B(), { requireData: false });
    expect(
      codecErrorOf(() => matchEnvelope(empty, { ...handlers, none: 5 } as never)).message,
    ).toBe(
      `[invalid_argument] cannot match ${envelopeName}: the none handler must be a function, got 5`,
    );
  });

  it("refuses an envelope whose Data names no kind, calling no inherited function", () => {
    const forged = { $typeName: envelopeName, handler: "", Data: { case: "toString", value: {} } };
    expect(codecErrorOf(() => matchEnvelope(forged as never, handlers)).message).toBe(
      `[invalid_argument] cannot match ${envelopeName}: the envelope's Data has an unknown kind "toString"`,
    );
  });

  it("lets what a handler throws pass as it is", () => {
    const thrown = new RangeError("handler failed");
    expect(() =>
      matchEnvelope(envelope, {
        ...handlers,
        dtcEntry: () => {
          throw thrown;
        },
      }),
    ).toThrow(thrown);
  });
});
