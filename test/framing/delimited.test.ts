import { Readable } from "node:stream";
import { create, equals, toJson } from "@bufbuild/protobuf";
import { sizeDelimitedDecodeStream } from "@bufbuild/protobuf/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeDelimited,
  decodeDelimitedStream,
  encodeDelimited,
} from "../../src/framing/index.js";
import {
  type BinaryReadOptions,
  type CodecError,
  createEnvelope,
  DEFAULT_MAX_BYTES,
  decodeEnvelope,
  encodeEnvelope,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
  isCodecError,
} from "../../src/index.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { envelopeTable } from "../helpers/accepted-by-protobuf-es.js";
import { B, concat, cut, hex, wire } from "../helpers/bytes.js";
import { asyncCodecErrorOf, codecErrorOf } from "../helpers/codec-error-of.js";
import { asyncSource, chunked, collect, source } from "../helpers/streams.js";
import { sameEnvelope } from "../helpers/wire-fields.js";

const ctx = "cannot decode size-delimited envelopes";
const bin = "cannot decode kafka_grpc.GRPC_AttendantPayload from binary";

const a = createEnvelope("updateGet", { vin: "V1" }, { handler: "h" }); // 9 bytes
const b = createEnvelope("dtcEntry", { vin: "V2", dtc: 18446744073709551615n, speed: 90 });
const c = createEnvelope("fileKeyReq", { fileIDs: ["f".repeat(70), "g".repeat(70)] }); // > 127 bytes
const abc = [a, b, c];
const stream = concat(...abc.map((envelope) => encodeDelimited(envelope)));

function expectEnvelopes(actual: GRPC_AttendantPayload[], expected: GRPC_AttendantPayload[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((envelope, i) => {
    expect(
      equals(GRPC_AttendantPayloadSchema, envelope, expected[i] as GRPC_AttendantPayload),
    ).toBe(true);
  });
}

describe("encodeDelimited()", () => {
  it("writes the length as a varint, then the envelope", () => {
    expect(hex(encodeEnvelope(a))).toBe("0a01683a040a025631");
    expect(hex(encodeDelimited(a))).toBe("09" + "0a01683a040a025631");
  });

  it("writes a length of 128 or more as a multi-byte varint", () => {
    const bytes = encodeEnvelope(c);
    expect(bytes.length).toBeGreaterThan(127);
    const delimited = encodeDelimited(c);
    expect(delimited.subarray(0, 2)).toEqual(B(0x80 | (bytes.length & 0x7f), bytes.length >> 7));
    expect(delimited.subarray(2)).toEqual(bytes);
  });

  it("passes the write options through", () => {
    const empty = create(GRPC_AttendantPayloadSchema);
    expect(codecErrorOf(() => encodeDelimited(empty)).code).toBe("missing_data");
    expect(encodeDelimited(empty, { requireData: false })).toEqual(B(0x00));
  });
});

describe("decodeDelimited()", () => {
  it("decodes every envelope of a buffer, in order", () => {
    expectEnvelopes(decodeDelimited(stream), abc);
  });

  it("decodes an empty buffer as no envelopes", () => {
    expect(decodeDelimited(B())).toEqual([]);
  });

  it("rejects a zero-length message as an envelope without Data, by default", () => {
    const error = codecErrorOf(() => decodeDelimited(concat(encodeDelimited(a), B(0x00))));
    expect(error.code).toBe("missing_data");
    expect(error.message).toBe(
      `[missing_data] ${ctx}: envelope at offset 11: cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member`,
    );
  });

  it("decodes a zero-length message as an empty envelope with requireData false", () => {
    const [first, empty] = decodeDelimited(concat(encodeDelimited(a), B(0x00)), {
      requireData: false,
    });
    expectEnvelopes([first as GRPC_AttendantPayload], [a]);
    expect(empty?.Data.case).toBeUndefined();
  });

  it("accepts a non-canonical length prefix padded to 10 bytes", () => {
    const padded = concat(
      B(0x89, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00),
      encodeEnvelope(a),
    );
    expectEnvelopes(decodeDelimited(padded), [a]);
  });

  it("passes recursionLimit and readUnknownFields through to decodeEnvelope", () => {
    const deep = createEnvelope("updateManifest", {
      ecuUpdates: [{ files: [{ writeRegion: { offset: 1n } }] }],
    });
    const payload = encodeEnvelope(deep);
    const inner = codecErrorOf(() => decodeEnvelope(payload, { recursionLimit: 3 }));
    const error = codecErrorOf(() => decodeDelimited(encodeDelimited(deep), { recursionLimit: 3 }));
    expect(error.code).toBe("too_deep");
    expect(error.rawMessage).toBe(`${ctx}: envelope at offset 1: ${inner.rawMessage}`);
    expect((error.cause as CodecError).rawMessage).toBe(inner.rawMessage);

    const unknown = concat(B(payload.length + 3), payload, B(0xf8, 0x06, 0x01)); // field 111 = 1
    expect(decodeDelimited(unknown)[0]?.$unknown).toHaveLength(1);
    expect(decodeDelimited(unknown, { readUnknownFields: false })[0]?.$unknown).toBeUndefined();
  });
});

// Each case runs through decodeDelimited, and through decodeDelimitedStream as one chunk and
// as 1-byte chunks: all three must fail the same way.
const errorCases: [string, Uint8Array, Partial<BinaryReadOptions>, string, string][] = [
  [
    "a length prefix cut off",
    B(0x80),
    {},
    "truncated",
    `${ctx}: length prefix at offset 0 runs past the end of the input`,
  ],
  [
    "a length prefix cut off after a whole message",
    concat(encodeDelimited(a), B(0x96, 0x81)),
    {},
    "truncated",
    `${ctx}: length prefix at offset 10 runs past the end of the input`,
  ],
  [
    "a message cut off",
    concat(encodeDelimited(a), B(0x05, 0x3a, 0x00)),
    {},
    "truncated",
    `${ctx}: message of 5 bytes at offset 11 runs past the end of the input after 2 bytes`,
  ],
  [
    "a message cut off right after its length prefix",
    B(0x01),
    {},
    "truncated",
    `${ctx}: message of 1 bytes at offset 1 runs past the end of the input after 0 bytes`,
  ],
  [
    "a length prefix of more than 10 bytes",
    B(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00),
    {},
    "malformed",
    `${ctx}: length prefix at offset 0 is longer than 10 bytes`,
  ],
  [
    "a length prefix of 2^32",
    B(0x80, 0x80, 0x80, 0x80, 0x10),
    {},
    "malformed",
    `${ctx}: length prefix at offset 0 is 4294967296, 2^32 or more`,
  ],
  [
    "a length prefix of 2^35 after a whole message",
    concat(encodeDelimited(a), B(0x80, 0x80, 0x80, 0x80, 0x80, 0x01)),
    { maxBytes: 2 ** 40 },
    "malformed",
    `${ctx}: length prefix at offset 10 is 34359738368, 2^32 or more`,
  ],
  [
    "a length over the default maxBytes of 16 MiB",
    B(0x81, 0x80, 0x80, 0x08),
    {},
    "too_large",
    `${ctx}: length prefix at offset 0 announces a message of 16777217 bytes, which exceeds maxBytes 16777216`,
  ],
  [
    "a length over maxBytes",
    concat(encodeDelimited(a), encodeDelimited(a)),
    { maxBytes: 8 },
    "too_large",
    `${ctx}: length prefix at offset 0 announces a message of 9 bytes, which exceeds maxBytes 8`,
  ],
  [
    "an envelope with a field running past its end",
    concat(encodeDelimited(a), B(0x03, 0x3a, 0x05, 0x0a)),
    {},
    "truncated",
    `${ctx}: envelope at offset 11: ${bin}: length-delimited field of 5 bytes at offset 1 runs past the end of the input`,
  ],
  [
    "an envelope with field number 0",
    B(0x02, 0x00, 0x00),
    {},
    "malformed",
    `${ctx}: envelope at offset 1: ${bin}: field number 0 at offset 0`,
  ],
  [
    "an envelope with invalid UTF-8",
    B(0x03, 0x0a, 0x01, 0xff),
    {},
    "invalid_utf8",
    `${ctx}: envelope at offset 1: ${bin}: invalid UTF-8 in kafka_grpc.GRPC_AttendantPayload.handler at offset 1`,
  ],
  [
    "a zero-length message",
    B(0x00),
    {},
    "missing_data",
    `${ctx}: envelope at offset 1: cannot decode kafka_grpc.GRPC_AttendantPayload: envelope has no Data member`,
  ],
  [
    "a negative maxBytes",
    stream,
    { maxBytes: -1 },
    "invalid_argument",
    "option maxBytes must be a whole number of at least 0, got -1",
  ],
  [
    "a recursionLimit of 0",
    stream,
    { recursionLimit: 0 },
    "invalid_argument",
    "option recursionLimit must be a whole number of at least 1, got 0",
  ],
];

describe("decodeDelimited() errors", () => {
  it.each(errorCases)("rejects %s", (_, bytes, options, code, message) => {
    const error = codecErrorOf(() => decodeDelimited(bytes, options));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`[${code}] ${message}`);
  });

  it("rejects what is not a Uint8Array", () => {
    expect(codecErrorOf(() => decodeDelimited("0a" as never)).message).toBe(
      `[invalid_argument] ${ctx}: expected a Uint8Array, got string`,
    );
    expect(codecErrorOf(() => decodeDelimited(new Proxy(B(0x00), {}))).message).toBe(
      `[invalid_argument] ${ctx}: expected a Uint8Array, got object`,
    );
  });

  it("rejects options that are not an object", () => {
    expect(codecErrorOf(() => decodeDelimited(stream, 5 as never)).message).toBe(
      "[invalid_argument] options must be an object, got number",
    );
  });
});

describe("decodeDelimitedStream() errors", () => {
  it.each(errorCases)("rejects %s, in one chunk", async (_, bytes, options, code, message) => {
    const error = await asyncCodecErrorOf(collect(decodeDelimitedStream([bytes], options)));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`[${code}] ${message}`);
  });

  it.each(errorCases)("rejects %s, in 1-byte chunks", async (_, bytes, options, code, message) => {
    const chunks = cut(bytes, [...bytes.keys()].slice(1));
    const error = await asyncCodecErrorOf(collect(decodeDelimitedStream(chunks, options)));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`[${code}] ${message}`);
  });

  it("rejects a chunk that is not a Uint8Array", async () => {
    const error = await asyncCodecErrorOf(collect(decodeDelimitedStream(["abc"] as never)));
    expect(error.message).toBe(
      `[invalid_argument] ${ctx}: expected a Uint8Array chunk, got string`,
    );
  });

  it("rejects a source that is not iterable", async () => {
    const error = await asyncCodecErrorOf(collect(decodeDelimitedStream(42 as never)));
    expect(error.message).toBe(
      `[invalid_argument] ${ctx}: expected an async iterable of Uint8Array chunks, got number`,
    );
  });

  it("holds only the bytes received, not the size a length prefix announces", async () => {
    // 80 80 80 08: a prefix announcing 16 MiB (allowed by the default maxBytes), then 1 000
    // bytes of it in small chunks, then the end of the stream.
    const chunks = [new Uint8Array([0x80, 0x80, 0x80, 0x08])];
    for (let i = 0; i < 100; i++) chunks.push(new Uint8Array(10));
    const before = process.memoryUsage().arrayBuffers;
    let grown = 0;
    async function* source() {
      for (const chunk of chunks) {
        grown = Math.max(grown, process.memoryUsage().arrayBuffers - before);
        yield chunk;
      }
    }
    await expect(collect(decodeDelimitedStream(source()))).rejects.toThrow(
      "[truncated] cannot decode size-delimited envelopes: message of 16777216 bytes at offset 4 runs past the end of the input after 1000 bytes",
    );
    expect(grown).toBeLessThan(4 * 1024 * 1024);
  });

  it("rejects a length over maxBytes without pulling another chunk", async () => {
    let pulled = 0;
    const greedy: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          if (++pulled > 1) throw new Error("pulled too far");
          return { done: false, value: B(0x81, 0x80, 0x80, 0x08, 0x0a) };
        },
      }),
    };
    const error = await asyncCodecErrorOf(collect(decodeDelimitedStream(greedy)));
    expect(error.message).toBe(
      `[too_large] ${ctx}: length prefix at offset 0 announces a message of ${DEFAULT_MAX_BYTES + 1} bytes, which exceeds maxBytes ${DEFAULT_MAX_BYTES}`,
    );
    expect(pulled).toBe(1);
  });

  it("yields the envelopes before an error, then rejects and closes the source", async () => {
    const { iterable, state } = source([encodeDelimited(a), B(0x0b, 0x0a), B(0x01)]);
    const yielded: GRPC_AttendantPayload[] = [];
    const error = await asyncCodecErrorOf(
      (async () => {
        for await (const envelope of decodeDelimitedStream(iterable, { maxBytes: 10 })) {
          yielded.push(envelope);
        }
      })(),
    );
    expect(error.code).toBe("too_large");
    expectEnvelopes(yielded, [a]);
    expect(state).toEqual({ pulled: 2, closed: true });
  });

  it("closes the source when the consumer stops early", async () => {
    const { iterable, state } = source(cut(stream, [3, 20, 40]));
    for await (const envelope of decodeDelimitedStream(iterable)) {
      expectEnvelopes([envelope], [a]);
      break;
    }
    expect(state.closed).toBe(true);
  });

  it("passes an error of the source through unchanged", async () => {
    const failure = new Error("connection reset");
    async function* broken() {
      yield encodeDelimited(a);
      throw failure;
    }
    await expect(collect(decodeDelimitedStream(broken()))).rejects.toBe(failure);
  });
});

describe("decodeDelimitedStream()", () => {
  it("decodes a stream in one chunk", async () => {
    expectEnvelopes(await collect(decodeDelimitedStream([stream])), abc);
  });

  it("decodes a stream in 1-byte chunks", async () => {
    const { iterable } = source(cut(stream, [...stream.keys()].slice(1)));
    expectEnvelopes(await collect(decodeDelimitedStream(iterable)), abc);
  });

  it("decodes a stream with empty chunks anywhere", async () => {
    const empty = new Uint8Array(0);
    const chunks = [empty, ...cut(stream, [5, 5, 11, 30, 30]), empty];
    expect(chunks.filter((chunk) => chunk.length === 0)).toHaveLength(4);
    expectEnvelopes(await collect(decodeDelimitedStream(chunks)), abc);
  });

  it("decodes an empty stream as no envelopes", async () => {
    expect(await collect(decodeDelimitedStream([]))).toEqual([]);
    expect(await collect(decodeDelimitedStream([B(), B()]))).toEqual([]);
  });

  it("decodes zero-length messages as empty envelopes with requireData false", async () => {
    const bytes = concat(B(0x00), encodeDelimited(a), B(0x00, 0x00));
    const envelopes = await collect(
      decodeDelimitedStream(cut(bytes, [1, 2]), { requireData: false }),
    );
    expect(envelopes.map((envelope) => envelope.Data.case)).toEqual([
      undefined,
      "updateGet",
      undefined,
      undefined,
    ]);
  });

  it("reads a Node.js Readable and a web ReadableStream", async () => {
    expectEnvelopes(await collect(decodeDelimitedStream(Readable.from(cut(stream, [7])))), abc);
    const web = new Blob([stream.slice(0, 13), stream.slice(13)]).stream();
    expectEnvelopes(await collect(decodeDelimitedStream(web)), abc);
  });

  it("decodes a message that fits in a chunk in place, and copies one that spans chunks", async () => {
    const keys = createEnvelope("keys", { eccKeys: [{ level1: { data: B(1, 2, 3) } }] });
    const bytes = encodeDelimited(keys);
    const [inPlace] = await collect(decodeDelimitedStream([bytes]));
    const [copied] = await collect(decodeDelimitedStream(cut(bytes, [4])));
    const data = (envelope: GRPC_AttendantPayload | undefined) =>
      envelope?.Data.case === "keys" ? envelope.Data.value.eccKeys[0]?.level1?.data : undefined;
    expect(data(inPlace)?.buffer).toBe(bytes.buffer);
    expect(data(copied)?.buffer).not.toBe(bytes.buffer);
    expect(data(copied)).toEqual(B(1, 2, 3));
  });

  it("decodes a 256 KiB message fed in 1-byte chunks", async () => {
    const big = createEnvelope("updateGet", { vin: "v".repeat(256 * 1024) });
    const bytes = encodeDelimited(big);
    async function* oneByteChunks() {
      for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1);
    }
    expectEnvelopes(await collect(decodeDelimitedStream(oneByteChunks())), [big]);
  });
});

describe("decodeDelimitedStream() with a 3-message stream split at one point", () => {
  it.each([...Array(stream.length + 1).keys()])("decodes it split at offset %i", async (at) => {
    expectEnvelopes(await collect(decodeDelimitedStream(cut(stream, [at]))), abc);
  });

  it("decodes it split at every pair of offsets", async () => {
    for (let i = 0; i <= stream.length; i++) {
      for (let j = i; j <= stream.length; j++) {
        const envelopes = await collect(decodeDelimitedStream(cut(stream, [i, j])));
        expect(envelopes.map((envelope) => envelope.Data.case)).toEqual([
          "updateGet",
          "dtcEntry",
          "fileKeyReq",
        ]);
      }
    }
  });
});

describe("decodeDelimitedStream() on envelopes protobuf-es reads without an error", () => {
  const good = wire(
    "02", // length 2
    "3a 00", // field 7 (updateGet), LEN 0
  );

  it.each(envelopeTable)(
    "rejects %s after a good envelope, with its stream offset",
    async (_, c) => {
      const stream = new Uint8Array([...good, c.bytes.length, ...c.bytes]); // each case is < 128 bytes
      const expected = `cannot decode size-delimited envelopes: envelope at offset 4: ${c.message}`;
      // Cut inside the bad envelope, so that it spans two chunks.
      const error = await asyncCodecErrorOf(
        collect(decodeDelimitedStream(asyncSource([stream.subarray(0, 6), stream.subarray(6)]))),
      );
      expect(error.code).toBe("malformed");
      expect(error.rawMessage).toBe(expected);
      expect(codecErrorOf(() => decodeDelimited(stream)).rawMessage).toBe(expected);
    },
  );

  it("yields the envelopes before the bad one", async () => {
    const c = envelopeTable[0]?.[1];
    if (c === undefined) throw new Error("missing case");
    const seen: string[] = [];
    const stream = new Uint8Array([...good, c.bytes.length, ...c.bytes]);
    await asyncCodecErrorOf(
      (async () => {
        for await (const envelope of decodeDelimitedStream(asyncSource([stream]))) {
          seen.push(envelope.Data.case ?? "none");
        }
      })(),
    );
    expect(seen).toEqual(["updateGet"]);
  });

  it("rejects a stream length prefix of 2^32 + 2, which protobuf-es reads as 2", async () => {
    const stream = wire(
      "82 80 80 80 10", // length 2^32 + 2 (protobuf-es: 2)
      "3a 00", // field 7 (updateGet), LEN 0
    );
    const lenientStream = await collect(
      sizeDelimitedDecodeStream(GRPC_AttendantPayloadSchema, asyncSource([stream])),
    );
    expect(lenientStream.map((m) => toJson(GRPC_AttendantPayloadSchema, m))).toEqual([
      { updateGet: {} },
    ]);
    const error = await asyncCodecErrorOf(collect(decodeDelimitedStream(asyncSource([stream]))));
    expect(error.code).toBe("malformed");
    expect(error.rawMessage).toBe(
      "cannot decode size-delimited envelopes: length prefix at offset 0 is 4294967298, 2^32 or more",
    );
  });
});

// The identities, with fast-check: a stream of size-delimited envelopes reads back whole however
// it is cut into chunks, and any bytes fail the same way streamed or whole.

const sameAll = (a: GRPC_AttendantPayload[], b: GRPC_AttendantPayload[]) =>
  a.length === b.length && a.every((x, i) => sameEnvelope(x, b[i] as GRPC_AttendantPayload));

/** Size-delimited streams of 0 to 6 envelopes, and the chunks they are cut into. */
const streams = fc.array(arbitraryEnvelope(), { maxLength: 6 }).chain((envelopes) => {
  const bytes = concat(...envelopes.map((envelope) => encodeDelimited(envelope)));
  return chunked(bytes).map((chunks) => ({ envelopes, bytes, chunks }));
});

/** What decoding gives, or the CodecError text; anything else fails the property. */
async function settled(run: () => Promise<unknown> | unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    if (!isCodecError(error)) throw error;
    return error.message;
  }
}

describe("encodeDelimited(), decodeDelimited() and decodeDelimitedStream() identities", () => {
  it("read back every envelope in order from an async source, however the stream is cut into chunks", async () => {
    await fc.assert(
      fc.asyncProperty(streams, async ({ envelopes, chunks }) => {
        expect(sameAll(await collect(decodeDelimitedStream(asyncSource(chunks))), envelopes)).toBe(
          true,
        );
      }),
      { numRuns: 150 },
    );
  });

  it("read the same from a sync iterable of chunks and from one buffer", async () => {
    await fc.assert(
      fc.asyncProperty(streams, async ({ envelopes, bytes, chunks }) => {
        expect(sameAll(await collect(decodeDelimitedStream(chunks)), envelopes)).toBe(true);
        expect(sameAll(decodeDelimited(bytes), envelopes)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("fail on any bytes with a CodecError, the same whether streamed in chunks or not", async () => {
    const noise = fc.uint8Array({ maxLength: 64 }).map((b) => new Uint8Array(b));
    const mixed = fc
      .tuple(fc.array(arbitraryEnvelope(), { maxLength: 2 }), noise)
      .map(([envelopes, tail]) => concat(...envelopes.map((e) => encodeDelimited(e)), tail));
    const inputs = fc
      .oneof(noise, mixed)
      .chain((bytes) => chunked(bytes).map((chunks) => ({ bytes, chunks })));
    await fc.assert(
      fc.asyncProperty(inputs, async ({ bytes, chunks }) => {
        const options = { requireData: false, maxBytes: 1024 };
        const sync = await settled(() => decodeDelimited(bytes, options));
        const streamed = await settled(() => collect(decodeDelimitedStream(chunks, options)));
        if (typeof sync === "string") expect(streamed).toBe(sync);
        else expect(sameAll(streamed as never, sync as never)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("write the length, then exactly the bytes of encodeEnvelope", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), (envelope) => {
        const bytes = encodeEnvelope(envelope);
        const delimited = encodeDelimited(envelope);
        expect(delimited.subarray(delimited.length - bytes.length)).toEqual(bytes);
        expect(decodeDelimited(delimited)).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
  });
});
