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
