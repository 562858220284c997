// What hostile input costs per item, against protobuf-es's fromBinary on the same bytes: an
// envelope followed by unknown varint fields (`78 00`, field 15 = 0, 2 bytes each), the shape
// that gives a reader the most items per byte. Each reader's CPU time per unknown field, median
// over rounds, and its ratio to protobuf-es's (below 1: cheaper).
// Run: npm run bench:hostile [-- --kib=N --rounds=N]

import { fromBinary } from "@bufbuild/protobuf";
import {
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  GRPC_AttendantPayloadSchema,
  peekEnvelope,
} from "../src/index.js";

/** The number after `--name=` on the command line, else `fallback`. */
function numberArg(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.slice(name.length + 3)) : fallback;
}
const KIB = numberArg("kib", 1024);
const ROUNDS = numberArg("rounds", 7);

const head = encodeEnvelope(createEnvelope("updateGet", { vin: "WVWZZZ1JZXW000001" }));
const fields = Math.floor((KIB * 1024 - head.length) / 2);
const bytes = new Uint8Array(head.length + 2 * fields);
bytes.set(head);
for (let i = head.length; i < bytes.length; i += 2) bytes[i] = 0x78; // tag: field 15, varint

const readers: Record<string, () => unknown> = {
  "decodeEnvelope, readUnknownFields: false": () =>
    decodeEnvelope(bytes, { readUnknownFields: false }),
  "decodeEnvelope, unknown fields kept": () => decodeEnvelope(bytes, { maxElements: fields + 1 }),
  peekEnvelope: () => peekEnvelope(bytes),
  "protobuf-es, readUnknownFields: false": () =>
    fromBinary(GRPC_AttendantPayloadSchema, bytes, { readUnknownFields: false }),
  "protobuf-es, unknown fields kept": () => fromBinary(GRPC_AttendantPayloadSchema, bytes),
};

const times = new Map<string, number[]>(Object.keys(readers).map((name) => [name, []]));
for (let round = 0; round <= ROUNDS; round++) {
  for (const [name, read] of Object.entries(readers)) {
    const start = process.cpuUsage();
    read();
    const used = process.cpuUsage(start);
    if (round > 0) times.get(name)?.push(((used.user + used.system) * 1000) / fields); // round 0 warms up
  }
}

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] as number;
const ns = (name: string) => median(times.get(name) as number[]);
const against: Record<string, string> = {
  "decodeEnvelope, readUnknownFields: false": "protobuf-es, readUnknownFields: false",
  "decodeEnvelope, unknown fields kept": "protobuf-es, unknown fields kept",
  peekEnvelope: "protobuf-es, readUnknownFields: false",
};
console.log(
  `${fields} unknown varint fields after an envelope (${KIB} KiB), Node ${process.versions.node}\n`,
);
console.log("| reader | ns per field | ÷ protobuf-es |\n| --- | ---: | ---: |");
for (const name of Object.keys(readers)) {
  const base = against[name];
  const ratio = base === undefined ? "" : (ns(name) / ns(base)).toFixed(2);
  console.log(`| ${name} | ${ns(name).toFixed(1)} | ${ratio} |`);
}
