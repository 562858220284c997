// A small seeded pseudo-random generator for the fuzzers: the same seed gives the same inputs on
// every machine, so a finding can be replayed with `npm run fuzz -- --seed S`.

/** A source of random choices, all drawn from one seeded sequence. */
export interface Random {
  /** The seed the sequence started from. */
  readonly seed: number;
  /** A whole number from 0 to 2^32 - 1. */
  uint32(): number;
  /** A whole number from 0 to `n` - 1; `n` at most 2^53. */
  below(n: number): number;
  /** A whole number from `min` to `max`, both included. */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One of `items`, each as likely. */
  pick<T>(items: readonly T[]): T;
  /** `length` random bytes. */
  bytes(length: number): Uint8Array;
  /** A length from 0 to `max`, small ones far more likely: half are below 8. */
  size(max: number): number;
}

/**
 * Creates a {@link Random} from a seed (any number; only its low 32 bits count). It is sfc32,
 * seeded through splitmix32: fast, with a period far beyond a million inputs.
 */
export function createRandom(seed: number): Random {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const uint32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) uint32(); // let the state mix

  const below = (n: number): number => {
    if (n <= 0x1_0000_0000) return Math.floor((uint32() / 0x1_0000_0000) * n);
    const high = Math.floor((uint32() / 0x1_0000_0000) * Math.ceil(n / 0x1_0000_0000));
    return Math.min(n - 1, high * 0x1_0000_0000 + uint32());
  };

  return {
    seed: seed >>> 0,
    uint32,
    below,
    between: (min, max) => min + below(max - min + 1),
    chance: (p) => uint32() / 0x1_0000_0000 < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[below(items.length)] as T;
    },
    bytes: (length) => {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i += 4) {
        const word = uint32();
        out[i] = word;
        if (i + 1 < length) out[i + 1] = word >>> 8;
        if (i + 2 < length) out[i + 2] = word >>> 16;
        if (i + 3 < length) out[i + 3] = word >>> 24;
      }
      return out;
    },
    size: (max) => {
      if (max <= 0) return 0;
      const roll = uint32() / 0x1_0000_0000;
      if (roll < 0.5) return below(Math.min(8, max + 1));
      if (roll < 0.85) return below(Math.min(64, max + 1));
      return below(max + 1);
    },
  };
}
