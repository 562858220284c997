import { describe, expectTypeOf, it } from "vitest";
import {
  type BinaryReadOptions,
  decodeEnvelope,
  type EnvelopeKind,
  envelopeKind,
  type GRPC_AttendantPayload,
} from "../../src/index.js";

declare const bytes: Uint8Array;
declare const options: Partial<BinaryReadOptions>;

describe("envelopeKind(decodeEnvelope(bytes))", () => {
  it("is an EnvelopeKind under the default requireData: true", () => {
    expectTypeOf(envelopeKind(decodeEnvelope(bytes))).toEqualTypeOf<EnvelopeKind>();
    expectTypeOf(envelopeKind(decodeEnvelope(bytes, {}))).toEqualTypeOf<EnvelopeKind>();
    expectTypeOf(
      envelopeKind(decodeEnvelope(bytes, { requireData: true, maxBytes: 1024 })),
    ).toEqualTypeOf<EnvelopeKind>();
  });

  it("may be undefined with requireData: false or options of unknown requireData", () => {
    expectTypeOf(envelopeKind(decodeEnvelope(bytes, { requireData: false }))).toEqualTypeOf<
      EnvelopeKind | undefined
    >();
    expectTypeOf(envelopeKind(decodeEnvelope(bytes, options))).toEqualTypeOf<
      EnvelopeKind | undefined
    >();
  });

  it("returns every envelope as a GRPC_AttendantPayload", () => {
    expectTypeOf(decodeEnvelope(bytes)).toExtend<GRPC_AttendantPayload>();
    expectTypeOf(decodeEnvelope(bytes, options)).toEqualTypeOf<GRPC_AttendantPayload>();
  });
});
