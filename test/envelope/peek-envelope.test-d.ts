import { describe, expectTypeOf, it } from "vitest";
import {
  type CodecError,
  type EnvelopeKind,
  type EnvelopePeek,
  type EnvelopePeekBase,
  type EnvelopePeekMember,
  type EnvelopePeekOfKind,
  type EnvelopePeekResult,
  peekEnvelope,
} from "../../src/index.js";

declare const result: EnvelopePeekResult;

describe("peekEnvelope() types", () => {
  it("name the fields every peek holds and those of a peek with a member", () => {
    expectTypeOf<EnvelopePeek>().toExtend<EnvelopePeekBase>();
    expectTypeOf<EnvelopePeekOfKind>().toExtend<EnvelopePeekMember>();
    expectTypeOf<EnvelopePeekMember["dataOffset"]>().toEqualTypeOf<number>();
    expectTypeOf<EnvelopePeekBase["framing"]>().toEqualTypeOf<"raw" | "schema-registry">();
  });

  it("returns a result told apart by kind: ok, or error with its CodecError", () => {
    expectTypeOf(peekEnvelope(new Uint8Array())).toEqualTypeOf<EnvelopePeekResult>();
    expectTypeOf(result.kind).toEqualTypeOf<"ok" | "error">();
    if (result.kind === "error") {
      expectTypeOf(result.error).toEqualTypeOf<CodecError>();
      // @ts-expect-error: a failure has no envelope kind
      void result.envelopeKind;
    } else {
      expectTypeOf(result.handler).toEqualTypeOf<string>();
      expectTypeOf(result.envelopeKind).toEqualTypeOf<EnvelopeKind | undefined>();
      expectTypeOf(result.framing).toEqualTypeOf<"raw" | "schema-registry">();
      expectTypeOf(result.schemaId).toEqualTypeOf<number | undefined>();
      expectTypeOf(result.dataOffset).toEqualTypeOf<number | undefined>();
    }
  });

  it("gives the member's range wherever there is a member, known or newer", () => {
    if (result.kind !== "ok") return;
    if (result.envelopeKind !== undefined) {
      expectTypeOf(result.envelopeKind).toEqualTypeOf<EnvelopeKind>();
      expectTypeOf(result.fieldNumber).toEqualTypeOf<number>();
      expectTypeOf(result.dataOffset).toEqualTypeOf<number>();
      expectTypeOf(result.dataLength).toEqualTypeOf<number>();
      expectTypeOf(result.merged).toEqualTypeOf<boolean>();
    } else if (result.fieldNumber !== undefined) {
      expectTypeOf(result.dataOffset).toEqualTypeOf<number>();
      expectTypeOf(result.dataLength).toEqualTypeOf<number>();
    } else {
      expectTypeOf(result.dataOffset).toEqualTypeOf<undefined>();
      expectTypeOf(result.merged).toEqualTypeOf<false>();
    }
  });

  it("compares the kind only with the names of the 11 members", () => {
    if (result.kind !== "ok") return;
    // @ts-expect-error: no member of that name
    if (result.envelopeKind === "carUpdateProgres") return;
    expectTypeOf(result.envelopeKind).toEqualTypeOf<EnvelopeKind | undefined>();
  });

  it("takes maxBytes and recursionLimit, and bytes only", () => {
    peekEnvelope(new Uint8Array(), { maxBytes: 1024, recursionLimit: 10 });
    // @ts-expect-error: requireData does not apply to a peek
    peekEnvelope(new Uint8Array(), { requireData: false });
    // @ts-expect-error: a string is no record value
    peekEnvelope("0a00");
  });
});
