import type { Random } from "./random.js";

// Mutations of protobuf bytes. Some are blind (bit flips, insertions, deletions, truncation,
// random bytes); some know the wire format a little (varint-shaped garbage, rewritten length
// prefixes, rewritten wire types, unbalanced groups), because blind changes rarely get past
// the first length prefix of a message.

/** One mutation: returns new bytes, never changes `input` or the corpus. */
export type ByteMutator = (
  random: Random,
  input: Uint8Array,
  corpus: readonly Uint8Array[],
) => Uint8Array;

/** Mutated inputs are cut back to this size, so that repeated duplications stay cheap. */
export const MAX_MUTATED_BYTES = 64 * 1024;

/** Bytes that mean something on the wire: 0, small numbers, varint edges, common tags. */
const interestingBytes = [
  0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x07, 0x08, 0x0a, 0x0f, 0x10, 0x3a, 0x7f, 0x80, 0x81, 0xfe,
  0xff,
];

const MAX_FIELD_NUMBER = 2 ** 29 - 1;

/**
 * Lengths worth announcing: around the real one, at the edges of varint widths and of 32 and
 * 64 bits, and at maxBytes (16 MiB).
 */
function interestingLength(random: Random, actual: number, rest: number): bigint {
  const n = BigInt(actual);
  const choices: bigint[] = [
    0n,
    1n,
    n + 1n,
    n > 0n ? n - 1n : 0n,
    n * 2n,
    BigInt(rest),
    BigInt(rest) + 1n,
    0x7fn,
    0x80n,
    0x3fffn,
    0x4000n,
    2n ** 21n,
    2n ** 28n,
    2n ** 31n - 1n,
    2n ** 31n,
    2n ** 32n - 1n,
    2n ** 32n, // 0 for a reader that keeps 32 bits
    2n ** 32n + n, // the real length for a reader that keeps 32 bits
    2n ** 35n + n,
    2n ** 53n + 1n,
    2n ** 63n,
    2n ** 64n - 1n,
    16n * 1024n * 1024n, // maxBytes
    16n * 1024n * 1024n + 1n,
    BigInt(random.uint32()),
  ];
  return random.pick(choices);
}

/** The varint of `value` (up to 2^64 - 1), padded with continuation bytes to `width` bytes. */
export function encodeVarint(value: bigint, width = 0): Uint8Array {
  const out: number[] = [];
  let rest = value;
  do {
    out.push(Number(rest & 0x7fn) | 0x80); // 7 bits a byte, low first; the high bit: more follow
    rest >>= 7n;
  } while (rest > 0n);
  while (out.length < width) out.push(0x80);
  out[out.length - 1] = (out[out.length - 1] as number) & 0x7f; // the last byte ends the varint
  return new Uint8Array(out);
}

function splice(input: Uint8Array, start: number, deleteCount: number, insert?: Uint8Array) {
  const inserted = insert ?? new Uint8Array(0);
  const out = new Uint8Array(input.length - deleteCount + inserted.length);
  out.set(input.subarray(0, start), 0);
  out.set(inserted, start);
  out.set(input.subarray(start + deleteCount), start + inserted.length);
  return out;
}

const flipBits: ByteMutator = (random, input) => {
  if (input.length === 0) return random.bytes(1);
  const out = input.slice();
  const flips = random.between(1, 4);
  for (let i = 0; i < flips; i++) {
    const at = random.below(out.length);
    out[at] = (out[at] as number) ^ (1 << random.below(8));
  }
  return out;
};

const setByte: ByteMutator = (random, input) => {
  if (input.length === 0) return new Uint8Array([random.pick(interestingBytes)]);
  const out = input.slice();
  out[random.below(out.length)] = random.chance(0.7)
    ? random.pick(interestingBytes)
    : random.below(256);
  return out;
};

const insertBytes: ByteMutator = (random, input) =>
  splice(input, random.below(input.length + 1), 0, random.bytes(random.between(1, 16)));

const deleteBytes: ByteMutator = (random, input) => {
  if (input.length === 0) return input;
  const at = random.below(input.length);
  return splice(input, at, Math.min(input.length - at, random.between(1, 16)));
};

const truncate: ByteMutator = (random, input) => input.slice(0, random.below(input.length + 1));

const spliceCorpus: ByteMutator = (random, input, corpus) => {
  const other = random.pick(corpus);
  const head = input.subarray(0, random.below(input.length + 1));
  const tail = other.subarray(random.below(other.length + 1));
  const out = new Uint8Array(head.length + tail.length);
  out.set(head, 0);
  out.set(tail, head.length);
  return out;
};

const randomBytes: ByteMutator = (random) => random.bytes(random.size(256));

const varintGarbage: ByteMutator = (random, input) => {
  const run: number[] = [];
  const length = random.between(1, 14); // past the 10 bytes a varint may have, sometimes
  for (let i = 0; i < length; i++) run.push(0x80 | random.below(128)); // continuation bytes
  if (random.chance(0.7)) run.push(random.below(128)); // and, mostly, a last byte
  return splice(input, random.below(input.length + 1), 0, new Uint8Array(run));
};

/** Where the varints after LEN tags start: a byte whose wire type bits say 2, then its varint. */
function lengthPrefixes(input: Uint8Array): number[] {
  const starts: number[] = [];
  for (let i = 0; i + 1 < input.length; i++) {
    const byte = input[i] as number;
    if ((byte & 0x07) !== 2 || byte >> 3 === 0) continue;
    let end = i;
    while (end < input.length && (input[end] as number) >= 0x80) end++; // a tag of many bytes
    if (end + 1 < input.length) starts.push(end + 1);
  }
  return starts;
}

const rewriteLength: ByteMutator = (random, input) => {
  const starts = lengthPrefixes(input);
  if (starts.length === 0) return setByte(random, input, []);
  const start = random.pick(starts);
  let end = start;
  let actual = 0;
  let scale = 1;
  while (end < input.length && end - start < 10) {
    const byte = input[end++] as number;
    actual += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) break;
  }
  const value = interestingLength(random, actual, input.length - end);
  const width = random.chance(0.15) ? random.between(1, 11) : 0; // padded, even past 10 bytes
  return splice(input, start, end - start, encodeVarint(value, width));
};

const duplicateRange: ByteMutator = (random, input) => {
  if (input.length === 0) return input;
  const from = random.below(input.length);
  const to = Math.min(input.length, from + random.between(1, 64));
  return splice(input, random.below(input.length + 1), 0, input.slice(from, to));
};

const rewriteWireType: ByteMutator = (random, input) => {
  if (input.length === 0) return input;
  const out = input.slice();
  const at = random.below(out.length);
  out[at] = ((out[at] as number) & ~0x07) | random.below(8);
  return out;
};

const insertGroup: ByteMutator = (random, input) => {
  const fieldNo = random.pick([
    13,
    14,
    15,
    18,
    100,
    2047,
    MAX_FIELD_NUMBER,
    random.between(1, MAX_FIELD_NUMBER),
  ]);
  const startTag = encodeVarint(BigInt(fieldNo) * 8n + 3n); // START_GROUP
  const open = random.below(input.length + 1);
  let out = splice(input, open, 0, startTag);
  if (random.chance(0.8)) {
    const endNo = random.chance(0.8) ? fieldNo : random.between(1, 20);
    const close = random.between(0, out.length);
    out = splice(out, close, 0, encodeVarint(BigInt(endNo) * 8n + 4n)); // END_GROUP
  }
  return out;
};

/** Every mutator by name, with its weight in {@link mutateBytes}. */
export const byteMutators: Record<
  string,
  { readonly weight: number; readonly mutate: ByteMutator }
> = {
  flipBits: { weight: 4, mutate: flipBits },
  setByte: { weight: 4, mutate: setByte },
  insertBytes: { weight: 2, mutate: insertBytes },
  deleteBytes: { weight: 2, mutate: deleteBytes },
  truncate: { weight: 3, mutate: truncate },
  spliceCorpus: { weight: 2, mutate: spliceCorpus },
  randomBytes: { weight: 1, mutate: randomBytes },
  varintGarbage: { weight: 2, mutate: varintGarbage },
  rewriteLength: { weight: 5, mutate: rewriteLength },
  duplicateRange: { weight: 1, mutate: duplicateRange },
  rewriteWireType: { weight: 2, mutate: rewriteWireType },
  insertGroup: { weight: 2, mutate: insertGroup },
};

const weighted: ByteMutator[] = Object.values(byteMutators).flatMap(({ weight, mutate }) =>
  Array.from({ length: weight }, () => mutate),
);

/**
 * Applies 1 to `maxRounds` random mutations to `input` (stacked, as AFL's havoc stage does),
 * drawing splice partners from `corpus`. The result is at most {@link MAX_MUTATED_BYTES} long.
 */
export function mutateBytes(
  random: Random,
  input: Uint8Array,
  corpus: readonly Uint8Array[],
  maxRounds = 4,
): Uint8Array {
  let out = input;
  const rounds = random.between(1, maxRounds);
  for (let i = 0; i < rounds; i++) out = random.pick(weighted)(random, out, corpus);
  return out.length > MAX_MUTATED_BYTES ? out.slice(0, MAX_MUTATED_BYTES) : out;
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}
