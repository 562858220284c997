// Byte builders shared by the tests: from numbers, from hex groups, joined, cut, shown as hex.

/** Bytes from numbers: `B(0x3a, 0x00)`. */
export const B = (...bytes: number[]) => new Uint8Array(bytes);

/** Bytes from groups of hex pairs, one group per wire element: `wire("3a", "80 80 10")`. */
export function wire(...groups: string[]): Uint8Array {
  const pairs = groups
    .join(" ")
    .split(" ")
    .filter((pair) => pair !== "");
  return new Uint8Array(pairs.map((pair) => Number.parseInt(pair, 16)));
}

/** The bytes of `parts`, one after the other, in a new array. */
export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Cuts `bytes` at the given offsets (sorted, may repeat: a repeat makes an empty chunk). */
export function cut(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const bounds = [0, ...at, bytes.length];
  return bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end));
}

/** `bytes` as lowercase hex, without separators. */
export const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
