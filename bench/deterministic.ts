// Measures what deterministic map order costs encodeEnvelope: interleaved rounds of the same
// envelopes encoded with and without it; prints ops/s and the median ratio.
// Run: npm run bench:deterministic
import { sampleEnvelope, sampleMessage } from "../src/fixtures/index.js";
import {
  CarECUSchema,
  createEnvelope,
  encodeEnvelope,
  type GRPC_AttendantPayload,
} from "../src/index.js";

const ecus = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [
    `ECU-${(40 - i).toString().padStart(2, "0")}`,
    sampleMessage(CarECUSchema, { ecu: `ECU-${i}` }),
  ]),
);
const numericKeys = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [
    String(i * 7),
    sampleMessage(CarECUSchema, { ecu: `ECU-${i}` }),
  ]),
);
const payloads: [string, GRPC_AttendantPayload][] = [
  ["carUpdateStatus, 40 ECUs", createEnvelope("carUpdateStatus", { ecus })],
  ['same, keys like "280"', createEnvelope("carUpdateStatus", { ecus: numericKeys })],
  ["updateManifest sample", sampleEnvelope("updateManifest")],
  ["carUpdateProgress sample", sampleEnvelope("carUpdateProgress")],
];

function opsPerSecond(fn: () => void, ms = 200): number {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 50; i++) fn();
    n += 50;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const rounds = 15;
console.log(
  `deterministic encoding cost, median of ${rounds} interleaved rounds (node ${process.version})`,
);
console.log("payload                      | plain ops/s | deterministic ops/s | ratio");
for (const [name, envelope] of payloads) {
  const plain: number[] = [];
  const sorted: number[] = [];
  for (let r = 0; r < rounds; r++) {
    plain.push(opsPerSecond(() => encodeEnvelope(envelope, { deterministic: false })));
    sorted.push(opsPerSecond(() => encodeEnvelope(envelope, { deterministic: true })));
  }
  const ratio = median(sorted.map((s, i) => s / (plain[i] as number)));
  console.log(
    `${name.padEnd(28)} | ${median(plain).toFixed(0).padStart(11)} | ${median(sorted).toFixed(0).padStart(19)} | ${ratio.toFixed(3)}`,
  );
}
