// The size budgets, in one place: budgets.test.ts enforces them and writes them, with the sizes
// it measures, into README.md's "Compatibility and sizes" table.

const KiB = 1024;

/** What each import may weigh as shipped, minified and gzipped (level 9), in bytes. */
export const BUDGETS = {
  /** decodeEnvelope + isEnvelopeOf: the generated decoder, no protobuf-es, no zod. */
  decodeEnvelope: 6 * KiB,
  /** The HTTP records, list bodies, operations and parseResponse: zod is most of it. */
  http: 31 * KiB,
  /** createClient, which carries the HTTP layer, redirects, deadlines and the body limit. */
  client: 34 * KiB,
  /** decodeKafkaBatch + deadLetterMessage: the generated decoder and the frame readers, no zod. */
  decodeKafkaBatch: 9 * KiB,
} as const;
