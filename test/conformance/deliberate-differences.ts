// The differences from Google's proto3 JSON parsers that vehicle-update-codec keeps on purpose,
// each with its reason. google-json.test.ts fails on any other difference, and on an entry here
// that no input needs any more.

/** One allowed difference: a probe (`kind: value`) or a whole kind of generate-inputs.ts. */
export interface DeliberateDifference {
  readonly probe: string;
  /** What we do that Google does not, as google-json.test.ts words it. */
  readonly how: "accepted, Google refuses" | "refused, Google accepts";
  readonly reason: string;
}

export const deliberateDifferences: readonly DeliberateDifference[] = [
  {
    probe: "int64 JSON number beyond 2^53",
    how: "refused, Google accepts",
    reason:
      "JSON.parse reads every number as a double, so 9007199254740993 arrives as 9007199254740992: accepting it would change the data silently. Canonical proto3 JSON writes 64-bit integers as strings, which stay exact (documented in envelopeFromJson).",
  },
  {
    probe: "repeated field given a single value",
    how: "refused, Google accepts",
    reason:
      'The proto3 JSON mapping writes a repeated field as a JSON array. libprotobuf 3.21\'s legacy converter takes a lone value ("x", {}) as a list of one; python3-protobuf and protobuf-es refuse it.',
  },
  {
    probe: "list inside a list",
    how: "refused, Google accepts",
    reason:
      'A repeated field holds values of its type, not lists. libprotobuf 3.21\'s legacy converter flattens nested arrays (["s", []] reads as ["s"]); python3-protobuf refuses them for scalar fields and protobuf-es always.',
  },
];
