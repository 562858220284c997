import { expect } from "vitest";
import { type CodecError, isCodecError } from "../../src/index.js";

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
