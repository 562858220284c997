import { create, type JsonValue } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeDelimited } from "../../src/framing/index.js";
import {
  type CodecError,
  createEnvelope,
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  encodeMessage,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeToJson,
  envelopeToJsonString,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
  isCodecError,
  MAX_RECURSION_LIMIT,
  UpdateManifestECUSchema,
  UpdateManifestSchema,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { codecErrorOf } from "../helpers/codec-error-of.js";

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

/** An init of an updateManifest member whose ECUs nest `ecus` deep (depth 2 + ecus). */
function nestedInit(ecus: number) {
  let ecu: object = {};
  for (let i = 1; i < ecus; i++) ecu = { rollback: [ecu] };
  return { ecuUpdates: [ecu] };
}

const fieldNumber = (fields: readonly { localName: string; number: number }[], name: string) =>
  fields.find((field) => field.localName === name)?.number ?? 0;

/**
 * The binary of an updateManifest envelope whose ECUs nest `ecus` deep, written by hand from the
 * inside out (the package's encoder refuses to write it).
 */
function nestedBytes(ecus: number, envelope = true): Uint8Array {
  const rollback = fieldNumber(UpdateManifestECUSchema.fields, "rollback");
  const ecuUpdates = fieldNumber(UpdateManifestSchema.fields, "ecuUpdates");
  const member = fieldNumber(GRPC_AttendantPayloadSchema.fields, "updateManifest");
  const parts: number[][] = [];
  let length = 0;
  const wrap = (field: number) => {
    const head = [...varint((field << 3) | 2), ...varint(length)];
    parts.push(head);
    length += head.length;
  };
  for (let i = 1; i < ecus; i++) wrap(rollback);
  wrap(ecuUpdates);
  if (envelope) wrap(member);
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const head of parts.reverse()) {
    bytes.set(head, at);
    at += head.length;
  }
  return bytes;
}

function varint(value: number): number[] {
  const out: number[] = [];
  for (; value > 0x7f; value = Math.floor(value / 128)) out.push((value & 0x7f) | 0x80);
  out.push(value);
  return out;
}

/** The JSON text of {@link nestedJson}, written without JSON.stringify(), which recurses. */
function nestedJsonText(ecus: number): string {
  const open = '{"rollback":['.repeat(ecus - 1);
  return `{"updateManifest":{"ecuUpdates":[${open}{}${"]}".repeat(ecus - 1)}]}}`;
}

/** The JSON of an updateManifest envelope whose ECUs nest `ecus` deep. */
function nestedJson(ecus: number): JsonValue {
  let ecu: JsonValue = {};
  for (let i = 1; i < ecus; i++) ecu = { rollback: [ecu] };
  return { updateManifest: { ecuUpdates: [ecu] } };
}

describe("MAX_RECURSION_LIMIT: depth is counted, the same on every engine", () => {
  const most = { recursionLimit: Number.MAX_SAFE_INTEGER };
  const deepest = MAX_RECURSION_LIMIT - 2; // ECUs at depth 3 … MAX_RECURSION_LIMIT

  it("is 500", () => {
    expect(MAX_RECURSION_LIMIT).toBe(500);
  });

  it("every function reads and writes messages exactly MAX_RECURSION_LIMIT deep", () => {
    const options = { recursionLimit: MAX_RECURSION_LIMIT };
    const envelope = nested(deepest);
    const bytes = encodeEnvelope(envelope, options);
    expect(bytes).toEqual(nestedBytes(deepest));
    expect(decodeEnvelope(bytes, options)).toEqual(envelope);
    const json = envelopeToJson(envelope, options);
    expect(json).toEqual(nestedJson(deepest));
    expect(envelopeFromJson(json, options)).toEqual(envelope);
    expect(JSON.parse(nestedJsonText(deepest))).toEqual(json);
    expect(envelopeFromJsonString(nestedJsonText(deepest), options)).toEqual(envelope);
    expect(createEnvelope("updateManifest", nestedInit(deepest))).toEqual(envelope);
  });

  it.each([
    ["decodeEnvelope", () => decodeEnvelope(nestedBytes(100_000), most)],
    ["decodeMessage", () => decodeMessage(UpdateManifestSchema, nestedBytes(100_000, false), most)],
    ["encodeEnvelope", () => encodeEnvelope(nested(100_000), most)],
    ["envelopeToJson", () => envelopeToJson(nested(100_000), most)],
    ["envelopeToJsonString", () => envelopeToJsonString(nested(100_000), most)],
  ])(
    "%s counts a larger recursionLimit as MAX_RECURSION_LIMIT: too_deep, not a stack overflow",
    (_, call) => {
      const error = codecErrorOf(call);
      expect(error.code).toBe("too_deep");
      expect(error.rawMessage).toMatch(/nests deeper than recursionLimit 500$/);
    },
  );

  it.each([
    ["envelopeFromJson", () => envelopeFromJson(nestedJson(100_000), most)],
    ["envelopeFromJsonString", () => envelopeFromJsonString(nestedJsonText(100_000), most)],
  ])(
    "%s counts a larger recursionLimit as MAX_RECURSION_LIMIT: too_deep, not a stack overflow",
    (_, call) => {
      const error = codecErrorOf(call);
      expect(error.code).toBe("too_deep");
      expect(error.rawMessage).toBe(
        `cannot decode message ${ecuName} from JSON: maximum recursion depth of 500 reached`,
      );
    },
  );

  it.each([
    ["one level too deep", () => nestedInit(deepest + 1)],
    ["100,000 levels", () => nestedInit(100_000)],
    [
      "an ECU that is its own rollback",
      () => {
        const ecu: { rollback: unknown[] } = { rollback: [] };
        ecu.rollback.push(ecu);
        return { ecuUpdates: [ecu] };
      },
    ],
    [
      "600 levels of ECUs that each list the same rollback twice (2^600 paths)",
      () => {
        let ecu: object = {};
        for (let i = 0; i < 600; i++) ecu = { rollback: [ecu, ecu] };
        return { ecuUpdates: [ecu] };
      },
    ],
  ])("createEnvelope() refuses an init nested past MAX_RECURSION_LIMIT: %s", (_, init) => {
    const error = codecErrorOf(() => createEnvelope("updateManifest", init() as never));
    expect(error.code).toBe("too_deep");
    expect(error.rawMessage).toBe(
      `cannot create ${envelopeName}: the updateManifest init nests deeper than 500 levels (MAX_RECURSION_LIMIT)`,
    );
  });

  it("createEnvelope() takes a message as it is, however deep: encoding counts its depth", () => {
    const envelope = createEnvelope("updateManifest", nested(100_000).Data.value as never);
    expect(codecErrorOf(() => encodeEnvelope(envelope)).code).toBe("too_deep");
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
        ["false", "string"],
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
      expect(error.rawMessage).toMatch(/^option \w+ could not be read$/);
      expect(error.cause).toBe(boom);
    }
  });
});
