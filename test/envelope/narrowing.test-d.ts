import { describe, expectTypeOf, it } from "vitest";
import {
  type CarUpdateProgress,
  createEnvelope,
  type DTCEntry,
  type EnvelopeKind,
  envelopeData,
  envelopeKind,
  type GRPC_AttendantPayload,
  isEnvelopeOf,
  matchEnvelope,
  type Order,
  type UpdateManifest,
} from "../../src/index.js";

declare const envelope: GRPC_AttendantPayload;

describe("narrowing types", () => {
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

  it("createEnvelope types the init and the result by kind", () => {
    const created = createEnvelope("carUpdateProgress", { fileCurrent: 1n });
    expectTypeOf(created.Data.value).toEqualTypeOf<CarUpdateProgress>();
    // @ts-expect-error fileCurrent is a uint64: a bigint, not a string
    createEnvelope("carUpdateProgress", { fileCurrent: "1" });
    // @ts-expect-error vin is not a field of UpdateData
    createEnvelope("updateApprove", { vin: "x" });
  });

  it("matchEnvelope requires a handler per kind and types each one", () => {
    const handlers = {
      carUpdateStatus: () => 1,
      carUpdateProgress: (p: CarUpdateProgress) => Number(p.fileCurrent),
      fileKeyReq: () => 3,
      keys: () => 4,
      updateApprove: () => 5,
      updateGet: () => 6,
      updateManifest: (m: UpdateManifest) => m.ecuUpdates.length,
      order: () => 8,
      messageStatus: () => 9,
      dtcEntry: (d: DTCEntry) => d.speed,
      carUpdateRequest: () => 11,
    };
    expectTypeOf(matchEnvelope(envelope, handlers)).toEqualTypeOf<number>();
    const { dtcEntry: _, ...withoutDtc } = handlers;
    // @ts-expect-error the dtcEntry handler is missing
    matchEnvelope(envelope, withoutDtc);
    // @ts-expect-error a handler with the wrong member type
    matchEnvelope(envelope, { ...handlers, order: (o: DTCEntry) => o.speed });
  });
});
