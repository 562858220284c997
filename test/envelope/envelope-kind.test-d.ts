import { describe, expectTypeOf, it } from "vitest";
import {
  createEnvelope,
  type DTCEntry,
  type EnvelopeKind,
  envelopeData,
  envelopeKind,
  type GRPC_AttendantPayload,
  isEnvelopeOf,
  type Order,
} from "../../src/index.js";

declare const envelope: GRPC_AttendantPayload;

describe("EnvelopeKind, envelopeKind(), isEnvelopeOf() and envelopeData() types", () => {
  it("EnvelopeKind is the union of the 11 member names", () => {
    expectTypeOf<EnvelopeKind>().toEqualTypeOf<
      | "carUpdateStatus"
      | "carUpdateProgress"
      | "fileKeyReq"
      | "keys"
      | "updateApprove"
      | "updateGet"
      | "updateManifest"
      | "order"
      | "messageStatus"
      | "dtcEntry"
      | "carUpdateRequest"
    >();
    expectTypeOf(envelopeKind(envelope)).toEqualTypeOf<EnvelopeKind | undefined>();
  });

  it("isEnvelopeOf narrows Data.value to the member's type", () => {
    if (isEnvelopeOf(envelope, "dtcEntry")) {
      expectTypeOf(envelope.Data.value).toEqualTypeOf<DTCEntry>();
      expectTypeOf(envelope.Data.case).toEqualTypeOf<"dtcEntry">();
    }
    if (isEnvelopeOf(envelope, "carUpdateProgress")) {
      expectTypeOf(envelope.Data.value.fileCurrent).toEqualTypeOf<bigint>();
    }
  });

  it("envelopeData returns the member's type or undefined", () => {
    expectTypeOf(envelopeData(envelope, "order")).toEqualTypeOf<Order | undefined>();
  });

  it("rejects a kind that is not a member", () => {
    // @ts-expect-error "handler" is a field, not a Data member
    isEnvelopeOf(envelope, "handler");
    // @ts-expect-error a misspelt kind
    envelopeData(envelope, "dtcentry");
    // @ts-expect-error a misspelt kind
    createEnvelope("updateManifests", {});
  });
});
