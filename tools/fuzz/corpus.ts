import { readFileSync } from "node:fs";
import { envelopeKinds } from "../../src/index.js";
import { encodeVarint } from "./mutate-bytes.js";

// The seeds the fuzzers mutate: the golden vectors of golden/, one per envelope kind, as
// protobuf binary and as canonical JSON text.

const goldenDir = new URL("../../golden/", import.meta.url);

/** The protobuf binary of each sample envelope, in the order of `envelopeKinds`. */
export function goldenBinaries(): Uint8Array[] {
  return envelopeKinds.map(
    (kind) => new Uint8Array(readFileSync(new URL(`${kind}.binpb`, goldenDir))),
  );
}

/** The canonical JSON text of each sample envelope, in the order of `envelopeKinds`. */
export function goldenJsonTexts(): string[] {
  return envelopeKinds.map((kind) => readFileSync(new URL(`${kind}.json`, goldenDir), "utf8"));
}

/** `bytes` as one size-delimited message: its length as a varint, then the bytes. */
export function delimit(bytes: Uint8Array): Uint8Array {
  const prefix = encodeVarint(BigInt(bytes.length));
  const out = new Uint8Array(prefix.length + bytes.length);
  out.set(prefix, 0);
  out.set(bytes, prefix.length);
  return out;
}
