import { describe, expectTypeOf, it } from "vitest";
import {
  type CarUpdateProgress,
  type DTCEntry,
  type GRPC_AttendantPayload,
  matchEnvelope,
  type UpdateManifest,
} from "../../src/index.js";

declare const envelope: GRPC_AttendantPayload;

describe("matchEnvelope() types", () => {
  it("requires a handler per kind and types each one", () => {
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
