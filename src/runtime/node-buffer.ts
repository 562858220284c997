// Node's Buffer methods that the runtime calls on plain Uint8Arrays, natively, where there is a
// Buffer (Node.js; Bun and Deno have them too). Each works on any Uint8Array and a range of it,
// with no Buffer made per call. Browsers have none, nor has the `buffer` package that bundles
// put there (it keeps its versions of these inside its module): the callers fall back to
// TextDecoder, TextEncoder and the base64 of the platform.

/** The methods of `Buffer.prototype` the runtime calls. */
interface NodeBufferMethods {
  /** Decodes `[start, end)` as UTF-8, with U+FFFD for each invalid sequence. */
  utf8Slice(this: Uint8Array, start: number, end: number): string;
  /** Writes `s` as UTF-8 at `offset`, and returns the bytes written. */
  utf8Write(this: Uint8Array, s: string, offset: number): number;
  /** Encodes `[start, end)` as standard base64 with padding. */
  base64Slice(this: Uint8Array, start: number, end: number): string;
  /**
   * Decodes base64 into `[offset, offset + length)`, leniently (URL-safe characters taken, others
   * skipped, bits past the last byte ignored), and returns the bytes written.
   */
  base64Write(this: Uint8Array, s: string, offset: number, length: number): number;
}

/** `Buffer.prototype` where there is a Buffer, else undefined. */
export const nodeBuffer = (globalThis as { Buffer?: { prototype: Partial<NodeBufferMethods> } })
  .Buffer?.prototype;
