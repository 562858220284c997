// The size budgets, in one place: budgets.test.ts enforces them and test/docs/readme.test.ts
// checks that README.md's "Package and sizes" table shows the same numbers.

const KiB = 1024;

/** What each import may weigh, minified and gzipped (level 9), in bytes. */
export const BUDGETS = {
  /** decodeEnvelope + isEnvelopeOf: the generated decoder, no protobuf-es (5.87 KiB measured). */
  decodeEnvelope: 6 * KiB,
  /** The HTTP records, list bodies, operations and parseResponse: zod is most of it (28.6 KiB measured). */
  http: 31 * KiB,
  /** createClient, which carries the HTTP layer, redirects, deadlines and the body limit (32.4 KiB measured). */
  client: 34 * KiB,
} as const;
