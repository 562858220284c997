import type { GRPC_AttendantPayload } from "../../gen/kafka_grpc/kafka_grpc_pb.js";
import { CodecError } from "../codec-error.js";
import { encodeEnvelope } from "../envelope/encode-envelope.js";
import type { BinaryReadOptions, BinaryWriteOptions } from "../envelope/options.js";
import { describeValue } from "../internal/describe-value.js";
import { decodeEnvelopeAt, readMaxBytes } from "../internal/read-envelope.js";
import {
  createWriter,
  finish,
  isUint8Array,
  lengthOver32,
  MAX_LENGTH,
  MAX_VARINT_BYTES,
  pastEnd,
  tooLong,
  writeRaw,
  writeRawVarint32,
} from "../runtime/index.js";

// A size-delimited stream is a sequence of messages, each a varint length prefix followed by
// that many bytes of the envelope (https://github.com/protocolbuffers/protobuf/issues/10229).

const context = "cannot decode size-delimited envelopes";

/**
 * Encodes an envelope as one size-delimited message: its length as a varint, then its bytes.
 * Concatenated, such messages form a stream that {@link decodeDelimitedStream} reads.
 *
 * Throws a {@link CodecError} as {@link encodeEnvelope} does.
 *
 * ```ts
 * const stream = new Blob([encodeDelimited(a), encodeDelimited(b)]).stream();
 * ```
 */
export function encodeDelimited(
  envelope: GRPC_AttendantPayload,
  options?: Partial<BinaryWriteOptions>,
): Uint8Array<ArrayBuffer> {
  const payload = encodeEnvelope(envelope, options);
  const writer = createWriter(false, false, 0);
  writeRawVarint32(writer, payload.length); // the length prefix
  writeRaw(writer, payload);
  return finish(writer);
}

/**
 * Decodes every size-delimited envelope in one buffer, in order. Each message may be at most
 * `maxBytes` long, not counting its length prefix; the other options are passed to
 * {@link decodeEnvelope}.
 *
 * Throws a {@link CodecError}: `truncated` when the buffer ends inside a length prefix or a
 * message, `malformed` for a length prefix of more than 10 bytes or of 2^32 or more,
 * `too_large` for a length over `maxBytes`, `invalid_argument` for a bad argument or option,
 * and any error of {@link decodeEnvelope}, with the envelope's offset in front.
 *
 * ```ts
 * const envelopes = decodeDelimited(await readFile("envelopes.bin"));
 * ```
 */
export function decodeDelimited(
  bytes: Uint8Array,
  options?: Partial<BinaryReadOptions>,
): GRPC_AttendantPayload[] {
  const splitter = new DelimitedSplitter(readMaxBytes(options));
  if (!isUint8Array(bytes)) {
    throw new CodecError(
      "invalid_argument",
      `${context}: expected a Uint8Array, got ${describeValue(bytes)}`,
    );
  }
  const envelopes: GRPC_AttendantPayload[] = [];
  for (const message of splitter.push(bytes)) {
    envelopes.push(decodeEnvelopeAt(message.bytes, message.offset, options, context));
  }
  splitter.end();
  return envelopes;
}

/**
 * Decodes size-delimited envelopes from a stream of byte chunks (a Node.js `Readable`, a
 * `ReadableStream`, any async iterable), yielding each envelope as soon as its last byte has
 * arrived. Chunks may split messages anywhere and hold any number of them. Each message may be
 * at most `maxBytes` long, not counting its length prefix; a longer one is rejected as soon as
 * its length prefix is read, without pulling its data. The other options are passed to
 * {@link decodeEnvelope}.
 *
 * Memory stays linear: a message that fits in one chunk is decoded in place; one that spans
 * chunks is collected in a buffer that doubles as its bytes arrive (capped at its size), so
 * memory follows the bytes received, not the size a length prefix announces nor the number of
 * chunks. Like {@link decodeEnvelope}, `bytes` fields of the envelopes may view
 * the chunks' memory, so a source must not reuse a chunk's buffer after handing it over.
 *
 * Throws (rejects) a {@link CodecError} as {@link decodeDelimited} does, with offsets counted
 * from the start of the stream, and `invalid_argument` for a chunk that is not a `Uint8Array`.
 * Errors of the source itself pass through unchanged.
 *
 * ```ts
 * for await (const envelope of decodeDelimitedStream(createReadStream("envelopes.bin"))) {
 *   console.log(envelopeKind(envelope));
 * }
 * ```
 */
export async function* decodeDelimitedStream(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options?: Partial<BinaryReadOptions>,
): AsyncGenerator<GRPC_AttendantPayload, void, undefined> {
  for await (const { envelope } of decodeDelimitedStreamWithOffsets(source, options)) {
    yield envelope;
  }
}

/** An envelope of a size-delimited stream, with where its bytes are in the stream. */
export interface DelimitedEnvelope {
  readonly envelope: GRPC_AttendantPayload;
  /** The stream offset of the envelope's first byte, just after its length prefix. */
  readonly offset: number;
  /** The envelope's length in bytes, as its length prefix gives it. */
  readonly size: number;
}

/**
 * Reads a stream as {@link decodeDelimitedStream} does, in the same bounded memory and with the
 * same errors, and yields each envelope with its offset in the stream and its size: what a tool
 * needs to point at a message, or to copy its bytes to a dead-letter topic.
 *
 * ```ts
 * for await (const { envelope, offset, size } of decodeDelimitedStreamWithOffsets(source)) {
 *   console.log(offset, size, envelopeKind(envelope));
 * }
 * ```
 */
export async function* decodeDelimitedStreamWithOffsets(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options?: Partial<BinaryReadOptions>,
): AsyncGenerator<DelimitedEnvelope, void, undefined> {
  for await (const message of splitDelimitedStream(source, options)) {
    const envelope = decodeEnvelopeAt(message.bytes, message.offset, options, context);
    yield { envelope, offset: message.offset, size: message.bytes.length };
  }
}

/** One message of a size-delimited stream, not decoded: its bytes and where they start. */
export interface DelimitedMessage {
  /** The message's bytes, without its length prefix; they may view the source's chunks. */
  readonly bytes: Uint8Array;
  /** The stream offset of the message's first byte, just after its length prefix. */
  readonly offset: number;
}

/**
 * Cuts a size-delimited stream into its messages without decoding them, in the memory and with
 * the errors of {@link decodeDelimitedStream} (of the length prefixes only): for messages that
 * are not bare envelopes, such as record values in a Schema Registry frame, each handed to
 * `decodeRecordValue`. Each message may be at most `maxBytes` long (default 16 MiB).
 *
 * ```ts
 * for await (const { bytes, offset } of splitDelimitedStream(createReadStream("values.bin"))) {
 *   console.log(offset, decodeRecordValue(bytes).framing);
 * }
 * ```
 */
export async function* splitDelimitedStream(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options?: Partial<Pick<BinaryReadOptions, "maxBytes">>,
): AsyncGenerator<DelimitedMessage, void, undefined> {
  const splitter = new DelimitedSplitter(readMaxBytes(options));
  if (typeof source !== "object" || source === null || !isIterable(source)) {
    throw new CodecError(
      "invalid_argument",
      `${context}: expected an async iterable of Uint8Array chunks, got ${describeValue(source)}`,
    );
  }
  for await (const chunk of source) {
    if (!isUint8Array(chunk)) {
      throw new CodecError(
        "invalid_argument",
        `${context}: expected a Uint8Array chunk, got ${describeValue(chunk)}`,
      );
    }
    yield* splitter.push(chunk);
  }
  splitter.end();
}

function isIterable(source: object): boolean {
  return Symbol.asyncIterator in source || Symbol.iterator in source;
}

/**
 * Cuts a stream, fed chunk by chunk, into the messages of a size-delimited stream. It keeps
 * the length prefix read so far and, for a message that spans chunks, the bytes that have
 * arrived, in a buffer whose capacity doubles as they come (capped at the announced size):
 * memory follows the bytes received, never the size a prefix announces, nor the chunk count.
 */
class DelimitedSplitter {
  /** The stream offset of the next chunk's first byte. */
  private chunkOffset = 0;
  /** The stream offset of the length prefix being read, or read last. */
  private prefixOffset = 0;
  /** The bytes of that prefix read so far, and the value they make. */
  private prefixLength = 0;
  private size = 0;
  /** The message being collected across chunks: its size, and the bytes that have arrived. */
  private bodySize: number | undefined;
  private body: Uint8Array = new Uint8Array(0);
  private filled = 0;

  constructor(private readonly maxBytes: number) {}

  *push(chunk: Uint8Array): Generator<DelimitedMessage, void, undefined> {
    let pos = 0;
    while (pos < chunk.length) {
      if (this.bodySize !== undefined) {
        const take = Math.min(this.bodySize - this.filled, chunk.length - pos);
        this.append(chunk.subarray(pos, pos + take), this.bodySize);
        pos += take;
        if (this.filled === this.bodySize) {
          const bytes = this.body; // full: its capacity is capped at the message's size
          this.bodySize = undefined;
          this.body = new Uint8Array(0);
          yield { bytes, offset: this.chunkOffset + pos - bytes.length };
        }
        continue;
      }
      if (this.prefixLength === 0) this.prefixOffset = this.chunkOffset + pos;
      const byte = chunk[pos++] as number;
      this.size += (byte & 0x7f) * 2 ** (7 * this.prefixLength++); // 7 bits a byte, low first
      if (byte >= 0x80) {
        // the high bit: more bytes follow
        if (this.prefixLength === MAX_VARINT_BYTES) {
          this.fail("malformed", tooLong("length prefix", this.prefixOffset, MAX_VARINT_BYTES));
        }
        continue;
      }
      const size = this.size;
      this.prefixLength = 0;
      this.size = 0;
      if (size > MAX_LENGTH) this.fail("malformed", lengthOver32(this.prefixOffset, size));
      if (size > this.maxBytes) {
        this.fail(
          "too_large",
          `length prefix at offset ${this.prefixOffset} announces a message of ${size} bytes, ` +
            `which exceeds maxBytes ${this.maxBytes}`,
        );
      }
      if (chunk.length - pos >= size) {
        yield { bytes: chunk.subarray(pos, pos + size), offset: this.chunkOffset + pos };
        pos += size;
      } else {
        this.bodySize = size;
        this.filled = 0;
      }
    }
    this.chunkOffset += chunk.length;
  }

  /**
   * Copies bytes of the message being collected into its buffer, first doubling the buffer's
   * capacity (at least 64 bytes, at most `size`) until they fit.
   */
  private append(bytes: Uint8Array, size: number): void {
    const needed = this.filled + bytes.length;
    if (needed > this.body.length) {
      let capacity = Math.max(this.body.length, 64);
      while (capacity < needed) capacity *= 2;
      const body = new Uint8Array(Math.min(capacity, size));
      body.set(this.body.subarray(0, this.filled));
      this.body = body;
    }
    this.body.set(bytes, this.filled);
    this.filled = needed;
  }

  /** Throws `truncated` if the stream ended inside a length prefix or a message. */
  end(): void {
    if (this.prefixLength > 0) {
      this.fail("truncated", pastEnd("length prefix", this.prefixOffset));
    }
    if (this.bodySize !== undefined) {
      throw new CodecError(
        "truncated",
        `${context}: message of ${this.bodySize} bytes at offset ${this.chunkOffset - this.filled} ` +
          `runs past the end of the input after ${this.filled} bytes`,
      );
    }
  }

  private fail(code: "truncated" | "malformed" | "too_large", detail: string): never {
    throw new CodecError(code, `${context}: ${detail}`);
  }
}
