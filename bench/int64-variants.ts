// Variants of a payload whose int64 values differ, for the JSON serialize operations: each call
// serializes the next message of a ring, as real traffic brings new values with every message.
// A benchmark that serializes one message again and again lets V8's cache of recently printed
// numbers hand back the text of an int64 printed through a float on the previous call; a ring
// with more distinct values than that cache holds (a few thousand entries) does not.
import { create, toBinary } from "@bufbuild/protobuf";
import { type GRPC_AttendantPayload, GRPC_AttendantPayloadSchema } from "../src/index.js";
import { seededRandom } from "./payloads.js";

/** Distinct int64 values a ring aims at: several times what V8's number-string cache holds. */
export const ringValues = 65_536;
/** Messages of a ring at least, so that even a payload without int64 rotates its objects. */
export const ringMin = 16;
/** Bytes of protobuf binary a ring may hold at most, each codec's copy being a few times that. */
export const ringBytes = 1 << 20;

/** How many messages the ring of `envelope` holds: see {@link ringValues}, {@link ringBytes}. */
export function ringSize(envelope: GRPC_AttendantPayload): number {
  const values = countInt64(envelope);
  const size = toBinary(GRPC_AttendantPayloadSchema, envelope).length;
  const wanted = values === 0 ? ringMin : Math.ceil(ringValues / values);
  return Math.max(ringMin, Math.min(wanted, Math.floor(ringBytes / size)));
}

/** The int64 values of a message that are not zero (those written to JSON). */
export function countInt64(value: unknown): number {
  if (typeof value === "bigint") return value === 0n ? 0 : 1;
  if (typeof value !== "object" || value === null || value instanceof Uint8Array) return 0;
  let n = 0;
  for (const member of Object.values(value)) n += countInt64(member);
  return n;
}

/**
 * `count` messages like `envelope`, the first `envelope` itself, each other one with every
 * non-zero int64 value replaced by another of the same sign and number of decimal digits (so the
 * same varint and JSON sizes, within a byte), below 2^53 if the original is (ts-proto-number holds
 * int64 in a float), within the range of int64 or uint64 as the original is. Seeded: the same
 * rings on every run and Node.
 */
export function int64Variants(
  envelope: GRPC_AttendantPayload,
  count: number,
  seed: number,
): GRPC_AttendantPayload[] {
  const r = seededRandom(seed);
  const draw = (lo: bigint, hi: bigint): bigint => {
    const x = (BigInt(r.int(0, 2 ** 32 - 1)) << 32n) | BigInt(r.int(0, 2 ** 32 - 1));
    return lo + (x % (hi - lo + 1n));
  };
  const vary = (v: bigint): bigint => {
    if (v === 0n) return v;
    const abs = v < 0n ? -v : v;
    const digits = abs.toString().length;
    const max =
      abs < 2n ** 53n
        ? 2n ** 53n - 1n
        : abs < 2n ** 63n || v < 0n
          ? 2n ** 63n - 1n
          : 2n ** 64n - 1n;
    const lo = 10n ** BigInt(digits - 1);
    const hi = 10n ** BigInt(digits) - 1n < max ? 10n ** BigInt(digits) - 1n : max;
    const x = draw(lo, hi);
    return v < 0n ? -x : x;
  };
  const copy = (value: unknown): unknown => {
    if (typeof value === "bigint") return vary(value);
    if (Array.isArray(value)) return value.map(copy);
    if (typeof value !== "object" || value === null || value instanceof Uint8Array) return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) out[key] = copy(member);
    return out;
  };
  const variants = [envelope];
  for (let i = 1; i < count; i++) {
    variants.push(create(GRPC_AttendantPayloadSchema, copy(envelope) as GRPC_AttendantPayload));
  }
  return variants;
}
