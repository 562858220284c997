import type { Deadline } from "./deadline.js";

/** A body read whole, or one cut off at the limit. Internal. */
export type ReadBody =
  | { readonly complete: true; readonly body: unknown }
  | { readonly complete: false; readonly declaredLength: number | undefined };

/**
 * Reads the body of `response` chunk by chunk, counting the bytes as they arrive (after fetch has
 * decompressed them), and cancels the stream as soon as they pass `maxBodyBytes`, so memory stays
 * near the limit whatever the server sends: a 400 MiB brotli bomb or an endless chunked body. A
 * `Content-Length` beyond the limit (on a body that is not content-encoded) is refused before
 * reading. Each read is raced against `deadline`.
 *
 * The text is parsed as JSON when the content-type says JSON (`application/json`,
 * `application/problem+json`, parameters allowed) and it parses; otherwise the body is its text.
 * Internal.
 */
export async function readBody(
  response: Response,
  maxBodyBytes: number,
  deadline: Deadline,
): Promise<ReadBody> {
  const stream = response.body as ReadableStream<Uint8Array> | null | undefined;
  const declaredLength = declaredBodyLength(response.headers);
  if (declaredLength !== undefined && declaredLength > maxBodyBytes) {
    if (stream) stream.cancel().catch(() => {});
    return { complete: false, declaredLength };
  }
  let text = "";
  if (stream === undefined && typeof response.text === "function") {
    // Not a standard Response (a custom fetch's stand-in): no stream to count, so the text is
    // read whole, and refused when it has more characters than the limit has bytes.
    text = String(await deadline.race(response.text()));
    if (text.length > maxBodyBytes) return { complete: false, declaredLength };
  } else if (stream) {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let received = 0;
    try {
      for (;;) {
        const { done, value } = await deadline.race(reader.read());
        if (done) break;
        received += value.byteLength;
        if (received > maxBodyBytes) {
          reader.cancel().catch(() => {});
          return { complete: false, declaredLength };
        }
        text += decoder.decode(value, { stream: true });
      }
      text += decoder.decode();
    } catch (error) {
      reader.cancel(error).catch(() => {});
      throw error;
    }
  }
  if (!/[/+]json\s*(;|$)/i.test(response.headers.get("content-type") ?? "")) {
    return { complete: true, body: text };
  }
  try {
    return { complete: true, body: JSON.parse(text) };
  } catch {
    return { complete: true, body: text };
  }
}

/** The Content-Length of a body that is not content-encoded, or undefined. */
function declaredBodyLength(headers: Headers): number | undefined {
  const encoding = headers.get("content-encoding");
  if (encoding !== null && encoding.trim().toLowerCase() !== "identity") return undefined;
  const length = headers.get("content-length");
  return length !== null && /^\d+$/.test(length.trim()) ? Number(length) : undefined;
}
