import { expect } from "vitest";
import { type CodecError, isCodecError } from "../../src/index.js";

// Shared by the framing tests: byte builders, chunked sources, and error catchers.

export const B = (...bytes: number[]) => new Uint8Array(bytes);

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** Cuts `bytes` at the given offsets (sorted, may repeat: a repeat makes an empty chunk). */
export function cut(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const bounds = [0, ...at, bytes.length];
  return bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end));
}

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

/** Collects everything an async iterable yields. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Runs `fn`, expecting a CodecError, and returns it. */
export function codecErrorOf(fn: () => unknown): CodecError {
  try {
    fn();
  } catch (error) {
    expect(isCodecError(error), String(error)).toBe(true);
    return error as CodecError;
  }
  throw new Error("expected a CodecError, nothing was thrown");
}

/** Awaits `promise`, expecting it to reject with a CodecError, and returns it. */
export async function asyncCodecErrorOf(promise: Promise<unknown>): Promise<CodecError> {
  try {
    await promise;
  } catch (error) {
    expect(isCodecError(error), String(error)).toBe(true);
    return error as CodecError;
  }
  throw new Error("expected a CodecError, nothing was thrown");
}
