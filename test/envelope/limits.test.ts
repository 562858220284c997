import { create } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeDelimited } from "../../src/framing/index.js";
import {
  type CodecError,
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  encodeMessage,
  envelopeFromJsonString,
  envelopeToJson,
  envelopeToJsonString,
  type GRPC_AttendantPayload,
  isCodecError,
  UpdateManifestECUSchema,
  UpdateManifestSchema,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";

/** The CodecError `fn` throws; fails the test if it throws anything else or nothing. */
function codecErrorOf(fn: () => unknown): CodecError {
  try {
    fn();
  } catch (error) {
    if (isCodecError(error)) return error;
    throw new Error(`expected a CodecError, got ${String(error)}`);
  }
  throw new Error("expected a CodecError, got a result");
}

/**
 * An updateManifest envelope whose ECUs nest `ecus` deep through `rollback` (depth 2 + ecus),
 * made bottom-up: create() takes a message as it is, so no call recurses through the chain.
 */
function nested(ecus: number): GRPC_AttendantPayload {
  let ecu = create(UpdateManifestECUSchema);
  for (let i = 1; i < ecus; i++) ecu = create(UpdateManifestECUSchema, { rollback: [ecu] });
  return createEnvelope("updateManifest", { ecuUpdates: [ecu] });
}

/** An updateManifest envelope with an ECU that is its own rollback. */
function cyclic(): GRPC_AttendantPayload {
  const envelope = createEnvelope("updateManifest", { ecuUpdates: [{ name: "ecm" }] });
  const ecu = (envelope.Data.value as { ecuUpdates: { rollback: unknown[] }[] }).ecuUpdates[0];
  ecu?.rollback.push(ecu);
  return envelope;
}

const envelopeName = "kafka_grpc.GRPC_AttendantPayload";
const ecuName = "kafka_grpc.UpdateManifestECU";

describe("recursionLimit when writing", () => {
  it("encodes what decoding takes, and refuses what decoding refuses, at the same depth", () => {
    expect(decodeEnvelope(encodeEnvelope(nested(98))).Data.case).toBe("updateManifest");
    const error = codecErrorOf(() => encodeEnvelope(nested(99)));
    expect(error.code).toBe("too_deep");
    expect(error.rawMessage).toBe(
      `cannot encode ${envelopeName} to binary: ${ecuName} at depth 101 nests deeper than recursionLimit 100`,
    );
    expect(
      codecErrorOf(() => decodeEnvelope(encodeEnvelope(nested(99), { recursionLimit: 101 }))).code,
    ).toBe("too_deep");
  });

  it.each([
    ["encodeEnvelope", (e: GRPC_AttendantPayload) => encodeEnvelope(e)],
    [
      "encodeMessage",
      (e: GRPC_AttendantPayload) => encodeMessage(UpdateManifestSchema, e.Data.value as never),
    ],
    ["envelopeToJson", (e: GRPC_AttendantPayload) => envelopeToJson(e)],
    ["envelopeToJsonString", (e: GRPC_AttendantPayload) => envelopeToJsonString(e)],
  ])("%s refuses a message that contains itself, and 10,000 levels, with too_deep", (_, write) => {
    for (const envelope of [cyclic(), nested(10_000)]) {
      const error = codecErrorOf(() => write(envelope));
      expect(error.code).toBe("too_deep");
      expect(error.rawMessage).toMatch(/ at depth 10[01] nests deeper than recursionLimit 100$/);
    }
  });

  it("createEnvelope() refuses an init too deep for create() with too_deep", () => {
    let ecu = {};
    for (let i = 0; i < 20_000; i++) ecu = { rollback: [ecu] };
    const error = codecErrorOf(() => createEnvelope("updateManifest", { ecuUpdates: [ecu] }));
    expect(error.code).toBe("too_deep");
    expect(error.rawMessage).toBe(
      `cannot create ${envelopeName}: the updateManifest init nests too deep (it exhausted the call stack)`,
    );
  });

  it("takes recursionLimit as decoding does: at least 1", () => {
    expect(codecErrorOf(() => encodeEnvelope(nested(1), { recursionLimit: 0 })).rawMessage).toBe(
      "option recursionLimit must be a whole number of at least 1, got 0",
    );
    expect(
      codecErrorOf(() =>
        encodeMessage(UpdateManifestSchema, nested(3).Data.value as never, {
          recursionLimit: 1,
        }),
      ).code,
    ).toBe("too_deep");
    expect(codecErrorOf(() => envelopeToJson(nested(3), { recursionLimit: 4 })).code).toBe(
      "too_deep",
    );
    expect(envelopeToJson(nested(2), { recursionLimit: 4 })).toBeDefined();
  });

  it("writes nothing with the default options that reading with the default options refuses", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        expect(decodeEnvelope(encodeEnvelope(envelope))).toBeDefined();
        expect(envelopeFromJsonString(envelopeToJsonString(envelope))).toBeDefined();
      }),
      { numRuns: 200 },
    );
  });
});

describe("options", () => {
  const bytes = encodeEnvelope(createEnvelope("updateGet", { vin: "WVWZZZ1JZXW000001" }));
  const envelope = decodeEnvelope(bytes);
  const calls: [string, (options: unknown) => unknown][] = [
    ["decodeEnvelope", (o) => decodeEnvelope(bytes, o as never)],
    ["encodeEnvelope", (o) => encodeEnvelope(envelope, o as never)],
    ["envelopeToJson", (o) => envelopeToJson(envelope, o as never)],
    ["envelopeToJsonString", (o) => envelopeToJsonString(envelope, o as never)],
    ["envelopeFromJsonString", (o) => envelopeFromJsonString('{"updateGet":{}}', o as never)],
    ["decodeDelimited", (o) => decodeDelimited(new Uint8Array(0), o as never)],
  ];

  it.each(calls)("%s refuses a boolean option of another type, naming it", (_, call) => {
    for (const name of [
      "requireData",
      "readUnknownFields",
      "writeUnknownFields",
      "deterministic",
      "useProtoFieldName",
      "ignoreUnknownFields",
    ]) {
      for (const [value, shown] of [
        ["false", '"false"'],
        [0, "0"],
        [null, "null"],
      ] as const) {
        let error: CodecError | undefined;
        try {
          call({ [name]: value });
        } catch (e) {
          if (!isCodecError(e)) throw e;
          error = e;
        }
        // A function reads only the options it knows; the others are ignored.
        if (error !== undefined) {
          expect(error.code).toBe("invalid_argument");
          expect(error.rawMessage).toBe(`option ${name} must be true or false, got ${shown}`);
        }
      }
    }
  });

  it.each(calls)("%s turns a throwing getter or Proxy trap into invalid_argument", (_, call) => {
    const boom = new Error("boom");
    const getter = {
      get recursionLimit(): number {
        throw boom;
      },
    };
    const trap = new Proxy(
      {},
      {
        get() {
          throw boom;
        },
      },
    );
    for (const options of [getter, trap]) {
      const error = codecErrorOf(() => call(options));
      expect(error.code).toBe("invalid_argument");
      expect(error.rawMessage).toMatch(/^option \w+ could not be read: Error: boom$/);
      expect(error.cause).toBe(boom);
    }
  });
});
