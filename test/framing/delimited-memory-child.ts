// Run by delimited-memory.test.ts as `node --expose-gc --import tsx delimited-memory-child.ts
// <chunk size>`: decodes one 16 MiB size-delimited envelope delivered in chunks of that many
// bytes through decodeDelimitedStream, and prints as JSON the peak of heapUsed + arrayBuffers
// over the decode, less the same figure before it (the input already built), and the time.
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { decodeDelimitedStream } from "../../src/framing/index.js";
import { createEnvelope, DEFAULT_MAX_BYTES, encodeEnvelope } from "../../src/index.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with node --expose-gc");
const chunkSize = Number(process.argv[2] ?? 1);

// An updateGet envelope padded to exactly 16 MiB by an unknown bytes field 15, which the decoded
// envelope keeps as a view of the message's buffer.
const head = encodeEnvelope(createEnvelope("updateGet", { vin: "V1" }, { handler: "h" }));
const padding = DEFAULT_MAX_BYTES - head.length - 1 - 4; // tag 0x7a, a 4-byte length
const message = new BinaryWriter().raw(head).tag(15, 2).bytes(new Uint8Array(padding)).finish();
if (message.length !== DEFAULT_MAX_BYTES) throw new Error(`built ${message.length} bytes`);
const input = new BinaryWriter().bytes(message).finish();

const used = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};
let peak = 0;
function* chunks(): Generator<Uint8Array> {
  for (let at = 0; at < input.length; at += chunkSize) {
    if ((at / chunkSize) % 4096 === 0) peak = Math.max(peak, used());
    yield input.subarray(at, at + chunkSize);
  }
}

gc();
const before = used();
peak = before;
const start = performance.now();
let count = 0;
for await (const envelope of decodeDelimitedStream(chunks())) {
  count += envelope.$unknown?.length ?? 0;
}
const ms = performance.now() - start;
peak = Math.max(peak, used());
if (count !== 1) throw new Error(`decoded ${count} unknown fields, expected 1`);
console.log(JSON.stringify({ chunkSize, extraBytes: peak - before, ms: Math.round(ms) }));
