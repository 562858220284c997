import fc from "fast-check";

// Byte mutations for property tests: valid encodings changed in the places a wire reader trips on.

/** One change to bytes: cut, flip a bit, set a byte, insert or delete some. */
type Mutation =
  | { kind: "truncate"; at: number }
  | { kind: "flip"; at: number; bit: number }
  | { kind: "set"; at: number; value: number }
  | { kind: "insert"; at: number; bytes: number[] }
  | { kind: "delete"; at: number; count: number };

/** Bytes that mean something on the wire: tags, varint continuations, lengths, groups. */
const wireByte = fc.oneof(
  fc.integer({ min: 0, max: 255 }),
  fc.constantFrom(
    0x00,
    0x01,
    0x02,
    0x07,
    0x08,
    0x0a,
    0x0b,
    0x0c,
    0x0f,
    0x10,
    0x12,
    0x3a,
    0x6b,
    0x6c,
  ),
  fc.constantFrom(0x7f, 0x80, 0x81, 0xff),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("flip" as const),
    at: fc.nat(),
    bit: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: wireByte }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    bytes: fc.array(wireByte, { minLength: 1, maxLength: 12 }),
  }),
  fc.record({
    kind: fc.constant("delete" as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 4 }),
  }),
);

function apply(bytes: Uint8Array, m: Mutation): Uint8Array {
  const at = bytes.length === 0 ? 0 : m.at % (bytes.length + 1);
  switch (m.kind) {
    case "truncate":
      return bytes.slice(0, at);
    case "flip": {
      if (bytes.length === 0) return bytes;
      const out = bytes.slice();
      const i = at % bytes.length;
      out[i] = (out[i] as number) ^ (1 << m.bit);
      return out;
    }
    case "set": {
      if (bytes.length === 0) return bytes;
      const out = bytes.slice();
      out[at % bytes.length] = m.value;
      return out;
    }
    case "insert":
      return new Uint8Array([...bytes.subarray(0, at), ...m.bytes, ...bytes.subarray(at)]);
    case "delete":
      return new Uint8Array([...bytes.subarray(0, at), ...bytes.subarray(at + m.count)]);
  }
}

/** `bytes` changed by 1 to 4 mutations. */
export function mutated(bytes: fc.Arbitrary<Uint8Array>): fc.Arbitrary<Uint8Array> {
  return fc
    .tuple(bytes, fc.array(mutation, { minLength: 1, maxLength: 4 }))
    .map(([b, ms]) => ms.reduce(apply, b));
}
