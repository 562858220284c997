// The size budgets, in one place: budgets.test.ts enforces them and writes them, with the sizes
// it measures, into README.md's "Compatibility and sizes" table.

const KiB = 1024;

/** What each import may weigh as shipped, minified and gzipped (level 9), in bytes. */
export const BUDGETS = {
  /** decodeEnvelope + isEnvelopeOf: the generated decoder, no protobuf-es, no zod. */
  decodeEnvelope: 5.7 * KiB,
  /**
   * Any one function of the root, `/framing` or `/kafka` with what its caller must import:
   * below protobuf-es's own decode-only bundle of the contract (18.5 KiB). Must stay under it.
   */
  oneFunction: 18.5 * KiB,
  /** decodeEnvelope + envelopeToJson: a browser app that shows an envelope. */
  decodeToJson: 12 * KiB,
  /**
   * The whole codec: decode, encode, JSON text both ways, narrowing. The aim is 20 KiB. The JSON
   * reading is about 8.5 KiB of it: the generated readers (one per message, a line per field)
   * about 4, their tables of names for the per-member path under 1, the runtime's value and
   * field readers, the per-member path and the compact-text rule the rest.
   */
  codec: 22 * KiB,
  /** sampleEnvelope of `/fixtures`: the generated create functions and the samples' values. */
  sampleEnvelope: 7 * KiB,
  /** The HTTP records, list bodies, operations and parseResponse: zod is most of it. */
  http: 31 * KiB,
  /** createClient, which carries the HTTP layer, redirects, deadlines and the body limit. */
  client: 34 * KiB,
  /**
   * decodeKafkaBatch + deadLetterMessage: the generated decoder, the frame readers, the peek
   * that `kinds` skips records with and the diagnostics channels they publish on, no zod.
   */
  decodeKafkaBatch: 11 * KiB,
} as const;

/**
 * Strings of protobuf-es's runtime that survive minification, one per part of it, and that no
 * file of this package holds (budgets.test.ts checks both): a bundle that holds one of them holds
 * that part of protobuf-es.
 */
export const PROTOBUF_ES_MARKERS = {
  "the boot of descriptor.proto (codegenv2's fileDesc, the registry)":
    "google.protobuf.FieldDescriptorProto",
  "the registry (registry.js)": "unsupported edition",
  "BinaryWriter (wire/binary-encoding.js)": "invalid state, fork stack empty",
  "BinaryReader (wire/binary-encoding.js)": "premature EOF",
  "int64 support (proto-int64.js), which create() pulls in": "invalid int64: ",
  "toBinary() (to-binary.js)": "cannot encode field ",
  "toJson() and fromJson(), which map the well-known types": "google.protobuf.Duration",
  "reflection (reflect/)": "message field with implicit presence",
  // The enum's own table: a name as a string, not a property name used by code.
  "the ScalarType enum (descriptors.js)": '"SFIXED32"',
} as const;
