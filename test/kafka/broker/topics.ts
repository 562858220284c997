// The topics of the Kafka end-to-end suite, created when the broker starts (the mock cluster
// does not serve CreateTopics), with their partition counts. Each test uses its own topics, and
// a fresh consumer group id, since the mock does not understand kafkajs's LeaveGroup.

export const TOPICS = {
  /** Every kind in every framing, corrupt values and tombstones. */
  framings: "e2e.framings",
  /** Where the consumer of `framings` dead-letters the records it cannot decode. */
  framingsDeadLetters: "e2e.framings.dlq",
  /** Two consumers in one group, settled before any record is produced. */
  groupSettled: "e2e.group.settled",
  /** A second consumer joins while the first consumes. */
  groupJoin: "e2e.group.join",
  /** @platformatic/kafka's producer and consumer. */
  platformatic: "e2e.platformatic",
  /** Where @platformatic/kafka's consumer of `platformatic` dead-letters. */
  platformaticDeadLetters: "e2e.platformatic.dlq",
  /** Where kafkajs's consumer of `platformatic` dead-letters, to compare the two. */
  platformaticKafkajsDeadLetters: "e2e.platformatic.dlq.kafkajs",
  /** EnvelopeSerde against @confluentinc/schemaregistry's serde. */
  serde: "e2e.serde",
  /** `kafka produce` writes, `kafka tail` reads from given positions. */
  cliTail: "e2e.cli.tail",
  /** `kafka tail` from the end, stopped by SIGINT. */
  cliFollow: "e2e.cli.follow",
  /** The examples of `kafka produce --help`, then of `kafka tail --help`. */
  cliExamples: "e2e.cli.examples",
  /** The examples of docs/cli.md's section on `kafka tail` and `kafka produce`. */
  cliDocs: "e2e.cli.docs",
} as const;

export const PARTITIONS: Readonly<Record<string, number>> = {
  [TOPICS.framings]: 3,
  [TOPICS.framingsDeadLetters]: 1,
  [TOPICS.groupSettled]: 4,
  [TOPICS.groupJoin]: 4,
  [TOPICS.platformatic]: 1,
  [TOPICS.platformaticDeadLetters]: 1,
  [TOPICS.platformaticKafkajsDeadLetters]: 1,
  [TOPICS.serde]: 1,
  [TOPICS.cliTail]: 2,
  [TOPICS.cliFollow]: 2,
  [TOPICS.cliExamples]: 1,
  [TOPICS.cliDocs]: 1,
};
