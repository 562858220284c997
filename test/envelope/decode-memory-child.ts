// Run by decode-memory.test.ts, and by hand to measure docs/reliability.md's "Memory per input
// byte" table:
//
//   node --expose-gc --import tsx test/envelope/decode-memory-child.ts \
//     <shape> [KiB] [unknown] [decoder] [maxElements]
//
// builds a valid envelope of about KiB kibibytes (default 1024) made of one shape repeated,
// decodes it with decodeEnvelope (readUnknownFields: `unknown` is "true", the default, or
// "false"; `decoder` "protobuf-es" uses plain fromBinary instead) and prints as JSON the heap
// the decoded envelope retains after a forced GC (heapUsed + arrayBuffers, less the same figure
// before decoding, the input already built), per input byte, and the time the decode took. With
// `maxElements` (default: the codec's default) a decode refused as too_large prints the code
// and the heap in use just after, instead of the retained heap.
import { fromBinary } from "@bufbuild/protobuf";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import {
  CodecError,
  DEFAULT_MAX_ELEMENTS,
  decodeEnvelope,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with node --expose-gc");

/** A field of wire type LEN: its tag, its length, its bytes. */
function len(field: number, bytes: Uint8Array): Uint8Array {
  return new BinaryWriter().tag(field, 2).bytes(bytes).finish();
}

function repeat(piece: (i: number) => Uint8Array, size: number): Uint8Array {
  const writer = new BinaryWriter();
  let total = 0;
  for (let i = 0; total < size; i++) {
    const bytes = piece(i);
    writer.raw(bytes);
    total += bytes.length;
  }
  return writer.finish();
}

const empty = new Uint8Array(0);
const updateGet = len(7, empty); // 3a 00: an empty VehicleData, the envelope's Data member

/** Each shape: the envelope's bytes for about `size` bytes of input. */
const shapes: Record<string, (size: number) => Uint8Array> = {
  // 78 00: unknown field 15, varint 0, after the Data member (2 bytes each)
  "unknown-varints": (size) =>
    new BinaryWriter()
      .raw(updateGet)
      .raw(repeat(() => Uint8Array.of(0x78, 0), size))
      .finish(),
  // updateManifest { ecu_updates: [{}, {}, …] }: 3a 00 each (2 bytes)
  "empty-messages": (size) =>
    len(
      8,
      repeat(() => len(7, empty), size),
    ),
  // fileKeyReq { fileIDs: ["a", "a", …] }: 0a 01 61 each (3 bytes)
  "one-byte-strings": (size) =>
    len(
      4,
      repeat(() => len(1, Uint8Array.of(0x61)), size),
    ),
  // fileKeyReq { fileIDs: ["aa", "ab", …] }: 0a 02 61 xx each (4 bytes), strings V8 does not share
  "two-byte-strings": (size) =>
    len(
      4,
      repeat((i) => len(1, Uint8Array.of(0x61, 0x61 + (i % 26))), size),
    ),
  // carUpdateStatus { ecus: { "0": {}, "1": {}, … } }: keys in base 36, no value (the default
  // CarECU is created), 0a 05 0a 03 k k k each (7 bytes)
  "map-entries": (size) =>
    len(
      2,
      repeat(
        (i) => len(1, len(1, new TextEncoder().encode(i.toString(36).padStart(3, "0")))),
        size,
      ),
    ),
  // updateManifest { ecu_updates: [{ rollback: [{ rollback: [… 97 levels] }] }, …] }:
  // 6a NN at each level (2 to 3 bytes a level)
  "rollback-chains": (size) => {
    let chain: Uint8Array = empty;
    for (let depth = 0; depth < 97; depth++) chain = len(13, chain);
    return len(
      8,
      repeat(() => len(7, chain), size),
    );
  },
  // keys { eccKeys: [{ level_1: { data: <size bytes> } }] }: one bytes field, a view of the input
  bytes: (size) => len(5, len(1, len(6, len(1, new Uint8Array(size))))),
};

const [
  shape = "unknown-varints",
  kib = "1024",
  unknown = "true",
  decoder = "codec",
  maxElements = String(DEFAULT_MAX_ELEMENTS),
] = process.argv.slice(2);
const build = shapes[shape];
if (build === undefined)
  throw new Error(`unknown shape ${shape}: one of ${Object.keys(shapes).join(", ")}`);
const input = build(Number(kib) * 1024);
const used = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};
gc();
gc();
const before = used();
const start = performance.now();
const readUnknownFields = unknown === "true";
let envelope: ReturnType<typeof decodeEnvelope>;
try {
  envelope =
    decoder === "protobuf-es" // for comparison: plain fromBinary
      ? fromBinary(GRPC_AttendantPayloadSchema, input, { readUnknownFields })
      : decodeEnvelope(input, { readUnknownFields, maxElements: Number(maxElements) });
} catch (error) {
  if (!(error instanceof CodecError)) throw error;
  const ms = performance.now() - start;
  const heldBytes = used() - before;
  console.log(
    JSON.stringify({
      shape,
      inputBytes: input.length,
      refused: error.code,
      heldBytes,
      ms: Math.round(ms),
    }),
  );
  process.exit(0);
}
const ms = performance.now() - start;
gc();
gc();
const retained = used() - before;
console.log(
  JSON.stringify({
    shape,
    decoder,
    readUnknownFields,
    inputBytes: input.length,
    retainedBytes: retained,
    perByte: Math.round((retained / input.length) * 10) / 10,
    ms: Math.round(ms),
    kind: envelope.Data.case,
  }),
);
