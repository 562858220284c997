import { equals } from "@bufbuild/protobuf";
import { sampleHttpBodies } from "../../src/fixtures/index.js";
import {
  decodeDelimited,
  decodeDelimitedStream,
  decodeRecordValue,
  type RecordValue,
} from "../../src/framing/index.js";
import {
  type OperationId,
  operations,
  parseResponse,
  type ResponseResult,
} from "../../src/http/index.js";
import {
  type BinaryReadOptions,
  decodeEnvelope,
  encodeEnvelope,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeToJson,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { delimit, goldenBinaries, goldenJsonTexts } from "./corpus.js";
import type { FuzzTarget, Outcome } from "./engine.js";
import { describeValue, hostileBody } from "./hostile-values.js";
import { mutateBytes, toHex } from "./mutate-bytes.js";
import {
  type Json,
  mutateJsonText,
  mutateJsonValue,
  oddJsonText,
  randomJson,
  stringifyWithTokens,
  type Tokens,
} from "./mutate-json.js";
import type { Random } from "./random.js";

// The five fuzz targets: the three binary readers (decodeEnvelope, decodeRecordValue,
// decodeDelimitedStream), the JSON reader (envelopeFromJsonString) and parseResponse. Each
// makes its inputs from the golden vectors or the sample HTTP bodies, and checks what it
// accepted with a round trip or a differential.

/** The name of each target, as `npm run fuzz -- --target` takes it. */
export const targetNames = [
  "decodeEnvelope",
  "decodeRecordValue",
  "decodeDelimitedStream",
  "envelopeFromJsonString",
  "parseResponse",
] as const;

export type TargetName = (typeof targetNames)[number];

export function isTargetName(name: string): name is TargetName {
  return (targetNames as readonly string[]).includes(name);
}

/** Creates a target by name. Loads the corpus, so call it once per run. */
export function createTarget(name: TargetName): FuzzTarget<never, unknown> {
  const targets: Record<TargetName, () => FuzzTarget<never, unknown>> = {
    decodeEnvelope: decodeEnvelopeTarget as () => FuzzTarget<never, unknown>,
    decodeRecordValue: decodeRecordValueTarget as () => FuzzTarget<never, unknown>,
    decodeDelimitedStream: decodeDelimitedStreamTarget as () => FuzzTarget<never, unknown>,
    envelopeFromJsonString: envelopeFromJsonStringTarget as () => FuzzTarget<never, unknown>,
    parseResponse: parseResponseTarget as () => FuzzTarget<never, unknown>,
  };
  return targets[name]();
}

/** Read options: mostly the defaults, sometimes each option at a value that changes things. */
function readOptions(random: Random): Partial<BinaryReadOptions> {
  const roll = random.below(20);
  if (roll < 14) return {};
  if (roll < 16) return { requireData: false };
  if (roll < 17) return { readUnknownFields: false, requireData: false };
  if (roll < 19) return { recursionLimit: random.between(1, 8) };
  return { maxBytes: random.size(512) };
}

/**
 * What every accepted envelope must satisfy: it encodes (a decoded envelope is always
 * writable), and its bytes decode to an equal envelope that encodes to the same bytes.
 */
function checkRoundTrip(envelope: GRPC_AttendantPayload): void {
  const bytes = encodeEnvelope(envelope, { requireData: false });
  const back = decodeEnvelope(bytes, { requireData: false });
  if (!equals(GRPC_AttendantPayloadSchema, back, envelope)) {
    throw new Error(`accepted envelope re-encodes to ${toHex(bytes)}, which decodes differently`);
  }
  const again = encodeEnvelope(back, { requireData: false });
  if (Buffer.compare(again, bytes) !== 0) {
    throw new Error(`accepted envelope encodes to ${toHex(bytes)}, then to ${toHex(again)}`);
  }
}

const showOptions = (options: object) =>
  Object.keys(options).length === 0 ? "" : ` options ${JSON.stringify(options)}`;

interface BytesInput {
  readonly bytes: Uint8Array;
  readonly options: Partial<BinaryReadOptions>;
}

/** Mutated golden vectors, fed to decodeEnvelope. */
export function decodeEnvelopeTarget(): FuzzTarget<BytesInput, GRPC_AttendantPayload> {
  const corpus = goldenBinaries();
  return {
    name: "decodeEnvelope",
    description: "mutated golden vectors → decodeEnvelope",
    mayReject: true,
    generate(random) {
      const base = random.pick(corpus);
      const bytes = random.chance(0.05) ? base : mutateBytes(random, base, corpus);
      return { bytes, options: readOptions(random) };
    },
    run: ({ bytes, options }) => decodeEnvelope(bytes, options),
    check(_, outcome) {
      if (outcome.ok) checkRoundTrip(outcome.value);
    },
    label: (envelope) => envelope.Data.case ?? "no Data",
    show: ({ bytes, options }) => `hex ${toHex(bytes)}${showOptions(options)}`,
  };
}

/** A Schema Registry header: magic byte, a schema id (sometimes negative), message indexes. */
function schemaRegistryHeader(random: Random): Uint8Array {
  const header = new Uint8Array(5); // 0x00 magic byte, then a 4-byte big-endian schema id
  const id = random.pick([0, 1, 42, 0x7fffffff, random.below(0x80000000), random.uint32()]);
  new DataView(header.buffer).setUint32(1, id >>> 0);
  const indexes = random.pick([
    [0x00], // [0], the short form
    [0x00],
    [0x00],
    [0x02, 0x00], // [0], the long form
    [0x02, 0x02], // [1]
    [0x04, 0x00, 0x00], // [0, 0]
    [0x01], // a count of -1
    [0xff, 0xff, 0xff, 0xff, 0xff, 0x01], // a varint over 5 bytes
    [], // nothing: the envelope's first byte is read as the count
  ]);
  return new Uint8Array(Buffer.concat([header, new Uint8Array(indexes)]));
}

/** Mutated record values, bare or behind a Schema Registry header, fed to decodeRecordValue. */
export function decodeRecordValueTarget(): FuzzTarget<
  BytesInput,
  RecordValue<GRPC_AttendantPayload>
> {
  const corpus = goldenBinaries();
  const frames = corpus.map(
    (bytes) => new Uint8Array(Buffer.concat([new Uint8Array([0, 0, 0, 0, 42, 0]), bytes])),
  );
  return {
    name: "decodeRecordValue",
    description:
      "mutated golden vectors, bare, behind a Schema Registry header, or mutated whole frames → decodeRecordValue",
    mayReject: true,
    generate(random) {
      const options = readOptions(random);
      const roll = random.below(20);
      if (roll < 7) {
        return { bytes: mutateBytes(random, random.pick(corpus), corpus), options };
      }
      if (roll < 14) {
        const base = random.pick(corpus);
        const payload = random.chance(0.15) ? base : mutateBytes(random, base, corpus);
        return {
          bytes: new Uint8Array(Buffer.concat([schemaRegistryHeader(random), payload])),
          options,
        };
      }
      return { bytes: mutateBytes(random, random.pick(frames), frames), options };
    },
    run: ({ bytes, options }) => decodeRecordValue(bytes, null, options),
    check(_, outcome) {
      if (!outcome.ok) return;
      const value = outcome.value;
      if (value.framing === "schema-registry") {
        const { schemaId, messageIndexes } = value;
        if (!Number.isInteger(schemaId) || schemaId < 0 || schemaId > 0x7fffffff) {
          throw new Error(`accepted a frame with schema id ${schemaId}`);
        }
        if (messageIndexes.length !== 1 || messageIndexes[0] !== 0) {
          throw new Error(`accepted a frame with message indexes [${messageIndexes.join(", ")}]`);
        }
      }
      checkRoundTrip(value.envelope);
    },
    label: (value) => value.framing,
    show: ({ bytes, options }) => `hex ${toHex(bytes)}${showOptions(options)}`,
  };
}

interface StreamInput {
  readonly chunks: readonly Uint8Array[];
  readonly sync: boolean;
  readonly options: Partial<BinaryReadOptions>;
}

async function* asyncSource(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

/** Cuts `bytes` into chunks at random offsets; repeated offsets make empty chunks. */
function randomChunks(random: Random, bytes: Uint8Array): Uint8Array[] {
  const cuts = Array.from({ length: random.size(12) }, () => random.below(bytes.length + 1));
  cuts.sort((a, b) => a - b);
  const bounds = [0, ...cuts, bytes.length];
  return bounds.slice(1).map((end, i) => bytes.subarray(bounds[i], end));
}

/**
 * Mutated concatenations of size-delimited golden vectors, cut into random chunks, fed to
 * decodeDelimitedStream; checked against decodeDelimited on the whole buffer.
 */
export function decodeDelimitedStreamTarget(): FuzzTarget<StreamInput, GRPC_AttendantPayload[]> {
  const corpus = goldenBinaries();
  const delimited = corpus.map(delimit);
  return {
    name: "decodeDelimitedStream",
    description:
      "mutated concatenations of size-delimited golden vectors in random chunks → decodeDelimitedStream",
    mayReject: true,
    generate(random) {
      const parts = Array.from({ length: random.between(1, 4) }, () => random.pick(delimited));
      const stream = new Uint8Array(Buffer.concat(parts));
      const bytes = random.chance(0.1) ? stream : mutateBytes(random, stream, delimited);
      return {
        chunks: randomChunks(random, bytes),
        sync: random.chance(0.2),
        options: readOptions(random),
      };
    },
    async run({ chunks, sync, options }) {
      const out: GRPC_AttendantPayload[] = [];
      const source = sync ? chunks : asyncSource(chunks);
      for await (const envelope of decodeDelimitedStream(source, options)) out.push(envelope);
      return out;
    },
    check({ chunks, options }, outcome) {
      // The stream and the one-buffer reader must agree: same envelopes, or the same error.
      let whole: Outcome<GRPC_AttendantPayload[]>;
      try {
        whole = {
          ok: true,
          value: decodeDelimited(new Uint8Array(Buffer.concat(chunks)), options),
        };
      } catch (error) {
        whole = { ok: false, error: error as never };
      }
      if (outcome.ok !== whole.ok) {
        throw new Error(
          `decodeDelimitedStream ${outcome.ok ? "accepted" : `threw ${outcome.error.message}`}, ` +
            `decodeDelimited ${whole.ok ? "accepted" : `threw ${String(whole.error)}`}`,
        );
      }
      if (!outcome.ok || !whole.ok) {
        if (!outcome.ok && !whole.ok && outcome.error.message !== whole.error.message) {
          throw new Error(
            `decodeDelimitedStream threw ${outcome.error.message}, decodeDelimited ${whole.error.message}`,
          );
        }
        return;
      }
      const streamed = outcome.value;
      if (
        streamed.length !== whole.value.length ||
        streamed.some((e, i) => !equals(GRPC_AttendantPayloadSchema, e, whole.value[i] as never))
      ) {
        throw new Error("decodeDelimitedStream and decodeDelimited read different envelopes");
      }
      for (const envelope of streamed) checkRoundTrip(envelope);
    },
    label: (envelopes) =>
      `${Math.min(envelopes.length, 4)}${envelopes.length >= 4 ? "+" : ""} envelopes`,
    show: ({ chunks, sync, options }) =>
      `chunks ${chunks.map(toHex).join(" | ")}${sync ? " (sync iterable)" : ""}${showOptions(options)}`,
  };
}

interface JsonInput {
  readonly text: string;
  readonly options: {
    ignoreUnknownFields?: boolean;
    requireData?: boolean;
    recursionLimit?: number;
    maxBytes?: number;
  };
}

/** Mutated golden JSON texts and odd JSON, fed to envelopeFromJsonString. */
export function envelopeFromJsonStringTarget(): FuzzTarget<JsonInput, GRPC_AttendantPayload> {
  const texts = goldenJsonTexts();
  const values = texts.map((text) => JSON.parse(text) as Json);
  return {
    name: "envelopeFromJsonString",
    description:
      "mutated golden JSON (text and values), random and odd JSON → envelopeFromJsonString",
    mayReject: true,
    generate(random) {
      const roll = random.below(20);
      let text: string;
      if (roll < 1) {
        text = JSON.stringify(random.pick(values), null, random.pick([0, 2]));
      } else if (roll < 4) {
        text = random.pick(texts);
        const rounds = random.between(1, 3);
        for (let i = 0; i < rounds; i++) text = mutateJsonText(random, text, texts);
      } else if (roll < 16) {
        const tokens: Tokens = { texts: [] };
        let value = random.pick(values);
        const rounds = random.between(1, 3);
        for (let i = 0; i < rounds; i++) {
          value = mutateJsonValue(random, value, tokens, envelopeKinds);
        }
        text = stringifyWithTokens(value, tokens, random.pick([0, 0, 2]));
        if (random.chance(0.1)) text = mutateJsonText(random, text, texts);
      } else if (roll < 18) {
        text = JSON.stringify(randomJson(random, 4));
      } else {
        text = oddJsonText(random);
      }
      const options = random.pick<JsonInput["options"]>([
        {},
        {},
        {},
        {},
        {},
        {},
        { ignoreUnknownFields: true },
        { requireData: false },
        { recursionLimit: random.between(1, 10) },
        { maxBytes: random.size(4096) },
      ]);
      return { text, options };
    },
    run: ({ text, options }) => envelopeFromJsonString(text, options),
    check(_, outcome) {
      if (!outcome.ok) return;
      const envelope = outcome.value;
      const back = envelopeFromJson(envelopeToJson(envelope), { requireData: false });
      if (!equals(GRPC_AttendantPayloadSchema, back, envelope)) {
        throw new Error("accepted JSON does not survive envelopeToJson and envelopeFromJson");
      }
      checkRoundTrip(envelope);
    },
    label: (envelope) => envelope.Data.case ?? "no Data",
    show: ({ text, options }) => {
      const shown =
        text.length <= 4000
          ? JSON.stringify(text)
          : `${JSON.stringify(text.slice(0, 1000))} … ${JSON.stringify(text.slice(-1000))} (${text.length} characters)`;
      return `text ${shown}${showOptions(options)}`;
    },
  };
}

interface HttpInput {
  readonly operation: OperationId;
  readonly status: number;
  readonly body: unknown;
}

/** Sample bodies, mutated or hostile, and random values, fed to parseResponse. */
export function parseResponseTarget(): FuzzTarget<HttpInput, ResponseResult> {
  const ids = Object.keys(operations) as OperationId[];
  const samples = sampleHttpBodies() as unknown as Record<string, Record<string, Json>>;
  const otherStatuses = [408, 204, 201, 500, 404, 302, 0, -1, 599, 1000];
  const oddStatuses = [Number.NaN, 200.5, Number.POSITIVE_INFINITY, -0, 2 ** 53];
  const html =
    "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>";
  return {
    name: "parseResponse",
    description:
      "every operation × random statuses × mutated sample bodies, random JSON, text, HTML, cycles, throwing getters, bigint, undefined, proxies → parseResponse",
    mayReject: false,
    generate(random) {
      const operation = random.pick(ids);
      // Half the inputs at 200 and a third at a declared error status, where the body is
      // checked; the rest at statuses whose body is passed through, and odd numbers.
      const declared = operations[operation].errorStatuses as readonly number[];
      const roll = random.below(100);
      const status =
        roll < 50
          ? 200
          : roll < 80
            ? random.pick(declared)
            : roll < 95
              ? random.chance(0.7)
                ? random.pick(otherStatuses)
                : random.between(100, 599)
              : random.pick(oddStatuses);
      const forOperation = samples[operation] ?? {};
      const sample = forOperation[random.pick(Object.keys(forOperation))] ?? null;
      const kind = random.below(20);
      let body: unknown;
      if (kind < 3) {
        body = structuredClone(sample);
      } else if (kind < 10) {
        let value = sample;
        const rounds = random.between(1, 3);
        for (let i = 0; i < rounds; i++) value = mutateJsonValue(random, value, { texts: [] });
        body = value;
      } else if (kind < 13) {
        body = randomJson(random, 4);
      } else if (kind < 15) {
        body = random.pick([
          "",
          " ",
          html,
          "null",
          "Service Unavailable",
          JSON.stringify(sample),
          "{",
        ]);
      } else {
        body = hostileBody(random, sample);
      }
      return { operation, status, body };
    },
    run: ({ operation, status, body }) => parseResponse(operation, status, body),
    check({ operation, status }, outcome) {
      if (!outcome.ok) return; // a thrown CodecError is already a finding
      const result = outcome.value;
      if (result.operation !== operation || !Object.is(result.status, status)) {
        throw new Error(`result names ${result.operation} ${result.status}`);
      }
      const declared = (operations[operation].errorStatuses as readonly number[]).includes(status);
      const expected =
        status === 200
          ? ["ok", "invalid_body"]
          : declared
            ? ["api_error", "unreadable_error"]
            : ["unexpected_status"];
      if (!expected.includes(result.kind)) {
        throw new Error(
          `status ${status} gave kind ${result.kind}, expected ${expected.join(" or ")}`,
        );
      }
      if ("message" in result && typeof result.message !== "string") {
        throw new Error("result message is not a string");
      }
    },
    label: (result) => result.kind,
    show: ({ operation, status, body }) => `${operation} ${status} ${describeValue(body)}`,
  };
}
