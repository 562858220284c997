import fc from "fast-check";
import { cut } from "./bytes.js";

// Chunked sources for the stream decoders, and a collector for what they yield.

/** An async source of the given chunks that records how many it handed out and if closed. */
export function source(chunks: readonly Uint8Array[]) {
  const state = { pulled: 0, closed: false };
  async function* generate() {
    try {
      for (const chunk of chunks) {
        state.pulled++;
        yield chunk;
      }
    } finally {
      state.closed = true;
    }
  }
  return { iterable: generate(), state };
}

/** An async source handing out `chunks` one by one, as a socket or file stream would. */
export async function* asyncSource(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

/** Collects everything an async iterable yields. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Bytes and the chunks they are cut into: empty chunks and one-byte chunks included. */
export function chunked(bytes: Uint8Array): fc.Arbitrary<Uint8Array[]> {
  return fc.array(fc.nat({ max: bytes.length }), { maxLength: 16 }).map((at) =>
    cut(
      bytes,
      [...at].sort((x, y) => x - y),
    ),
  );
}
