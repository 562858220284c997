// Two kafkajs consumers in one group over a 4-partition topic, as services scale out, decoding
// with decodeKafkaBatch. Once the group has settled, they decode every record, each consumer only
// the partitions it holds, and exactly once while the group stays settled. With the second
// joining while the first consumes, nothing is lost, and the only duplicates are records
// redelivered after a rebalance because their offsets were not yet committed (Kafka's
// at-least-once): counted, printed and checked to be that. A loaded machine can make a group
// rebalance again after it settled: the checks follow each consumer's assignments as its group
// events report them.
import type { Consumer, Producer } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../../src/fixtures/index.js";
import { envelopeKinds } from "../../../src/index.js";
import { decodeKafkaBatch, encodeKafkaMessage } from "../../../src/kafka/index.js";
import { TOPICS } from "../broker/topics.js";
import { createKafka, freshGroupId, waitFor, within10s } from "./clients.js";

const PARTITIONS = 4;
const RECORDS = 4_000;

/** One delivery of a record to a consumer. */
interface Delivery {
  readonly consumer: string;
  readonly record: string; // partition:offset
  readonly partition: number;
  readonly at: number;
}

const clients: (Consumer | Producer)[] = [];

afterAll(async () => {
  for (const client of clients) await within10s(client.disconnect());
});

async function produce(topic: string): Promise<void> {
  const producer = createKafka("group-producer").producer();
  clients.push(producer);
  await producer.connect();
  for (let start = 0; start < RECORDS; start += 500) {
    const messages = [];
    for (let i = start; i < start + 500; i++) {
      const kind = envelopeKinds[i % envelopeKinds.length] as (typeof envelopeKinds)[number];
      const framing = i % 2 === 0 ? {} : ({ framing: "schema-registry", schemaId: 7 } as const);
      messages.push({
        partition: i % PARTITIONS,
        ...encodeKafkaMessage(sampleEnvelope(kind), framing),
      });
    }
    await producer.send({ topic, messages });
  }
}

/** An assignment a consumer was given. */
interface Join {
  readonly at: number;
  readonly partitions: readonly number[];
}

/** A started consumer: its latest assignment, and what happened to it, for a failure's message. */
interface Member {
  readonly assigned: () => number[] | undefined;
  /** Each of its GROUP_JOIN events, after each rebalance: when it came, and the partitions. */
  readonly joins: Join[];
  readonly events: string[];
}

/**
 * Whether kafkajs gave up on a consumer because the mock cluster refused its SyncGroup with
 * INVALID_REQUEST: librdkafka's mock answers a member's SyncGroup that reaches it after the
 * leader's (the group already up) with that error, where Kafka returns the member's assignment.
 * A loaded machine makes that order likely; the consumer is then started again, as a service's
 * supervisor would.
 */
const refusedLateSync = (error: Error | undefined): boolean =>
  (error as { type?: string } | undefined)?.type === "INVALID_REQUEST";

/**
 * Starts a consumer of `topic` in `groupId` that decodes each batch, records each delivery, and
 * resolves each offset; `slow` ms of work per batch keeps it mid-stream. Returns its latest
 * assignment, as its GROUP_JOIN events report it, and a log of its group events.
 */
async function startConsumer(
  name: string,
  topic: string,
  groupId: string,
  deliveries: Delivery[],
  options: { slow?: number; autoCommitInterval?: number } = {},
): Promise<Member> {
  let assigned: number[] | undefined;
  const joins: Join[] = [];
  const events: string[] = [];
  const started = Date.now();
  const log = (event: string) => events.push(`${Date.now() - started} ms: ${event}`);

  const launch = async (): Promise<void> => {
    const consumer = createKafka(name).consumer({
      groupId,
      // The mock cluster waits up to the session timeout less a second for members to rejoin a
      // rebalance: a shorter session than kafkajs's 30 s keeps each rebalance well inside the
      // waits below, and a heartbeat each second keeps the members in the group.
      sessionTimeout: 15_000,
      heartbeatInterval: 1_000,
      maxWaitTimeInMs: 100,
      maxBytesPerPartition: options.slow ? 16_384 : 1_048_576,
    });
    clients.push(consumer);
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      assigned = [...(payload.memberAssignment[topic] ?? [])].sort();
      joins.push({ at: Date.now(), partitions: assigned });
      log(`joined with partitions [${assigned}]`);
    });
    consumer.on(consumer.events.REBALANCING, () => log("rebalancing"));
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      log(`crashed (${payload.error?.message}), restart: ${payload.restart}`);
      if (!payload.restart && refusedLateSync(payload.error) && events.length < 50) {
        log("started again");
        void launch();
      }
    });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachBatchAutoResolve: false,
      ...(options.autoCommitInterval ? { autoCommitInterval: options.autoCommitInterval } : {}),
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        for (const result of decodeKafkaBatch(batch)) {
          if (!isRunning() || isStale()) return; // revoked: the rest is the new owner's
          if (result.kind !== "ok") throw new Error(`record ${result.offset} did not decode`);
          deliveries.push({
            consumer: name,
            record: `${result.partition}:${result.offset}`,
            partition: result.partition,
            at: Date.now(),
          });
          resolveOffset(result.offset);
        }
        await heartbeat();
        if (options.slow) await new Promise((resolve) => setTimeout(resolve, options.slow));
      },
    });
  };
  await launch();
  return { assigned: () => assigned, joins, events };
}

/** The members' assignments and group events, for a wait's failure message. */
const progressOf = (members: Record<string, Member | undefined>) => () =>
  Object.entries(members)
    .map(([name, m]) => `${name}: [${m?.assigned() ?? "none"}] ${m?.events.join("; ") ?? ""}`)
    .join(" | ");

const unique = (deliveries: readonly Delivery[]) => new Set(deliveries.map((d) => d.record)).size;

/**
 * Kafka's at-least-once: a record delivered again is delivered by a consumer that was given an
 * assignment (a rebalance) between the two deliveries. Without a rebalance, no record twice.
 */
function expectRedeliveriesAfterJoins(
  deliveries: readonly Delivery[],
  members: Record<string, Member | undefined>,
): void {
  const last = new Map<string, Delivery>();
  for (const again of deliveries) {
    const before = last.get(again.record);
    last.set(again.record, again);
    if (before === undefined) continue;
    const joins = members[again.consumer]?.joins ?? [];
    const reason = joins.find((join) => join.at >= before.at && join.at <= again.at);
    expect(
      reason,
      `${again.record}: delivered by ${before.consumer} at ${before.at} and by ${again.consumer} ` +
        `at ${again.at}; ${progressOf(members)()}`,
    ).toBeDefined();
  }
}

/** Each delivery is of a partition in the latest assignment its consumer was given before it. */
function expectDeliveriesOfAssignedPartitions(
  deliveries: readonly Delivery[],
  members: Record<string, Member | undefined>,
): void {
  const stray = deliveries.filter((d) => {
    const held = members[d.consumer]?.joins.filter((join) => join.at <= d.at).at(-1)?.partitions;
    return !held?.includes(d.partition);
  });
  expect(
    stray.map((d) => `${d.record} by ${d.consumer} at ${d.at}`),
    progressOf(members)(),
  ).toStrictEqual([]);
}

describe("two consumers in one group, settled before the records come", () => {
  const deliveries: Delivery[] = [];
  let a: Member;
  let b: Member;

  beforeAll(async () => {
    const groupId = freshGroupId("settled");
    // One after the other, as a service scales out: the second joins a group that has settled
    // on the first (two joining at once against the mock cluster can leave one unassigned).
    a = await startConsumer("a", TOPICS.groupSettled, groupId, deliveries);
    await waitFor(
      "the first consumer's assignment",
      () => a.assigned()?.length === 4,
      45_000,
      progressOf({ a }),
    );
    b = await startConsumer("b", TOPICS.groupSettled, groupId, deliveries);
    const settled = () => {
      const [x, y] = [a.assigned(), b.assigned()];
      if (!x?.length || !y?.length) return false;
      const all = [...x, ...y].sort();
      return all.join() === "0,1,2,3";
    };
    await waitFor(
      "the group to settle",
      settled,
      45_000,
      () =>
        `(a: ${a.assigned()}, b: ${b.assigned()}; a: ${a.events.join("; ")}; b: ${b.events.join("; ")})`,
    );
    await produce(TOPICS.groupSettled);
    await waitFor(
      "every record",
      () => unique(deliveries) >= RECORDS,
      60_000,
      () => `(${unique(deliveries)} of ${RECORDS})`,
    );
  }, 150_000);

  it("decodes every record, exactly once while the group stays settled", () => {
    console.log(
      `settled group: ${RECORDS} records, ${deliveries.length} deliveries, ` +
        `${deliveries.length - unique(deliveries)} duplicates; ${progressOf({ a, b })()}`,
    );
    expect(unique(deliveries)).toBe(RECORDS);
    expectRedeliveriesAfterJoins(deliveries, { a, b });
  });

  it("each consumer decodes only the partitions it holds", () => {
    expectDeliveriesOfAssignedPartitions(deliveries, { a, b });
  });
});

describe("a second consumer joining while the first consumes", () => {
  const deliveries: Delivery[] = [];
  const members: Record<string, Member> = {};
  let joinedAt = 0;

  beforeAll(async () => {
    await produce(TOPICS.groupJoin);
    const groupId = freshGroupId("join");
    // Offsets are committed every 5 s: those resolved since the last commit are redelivered.
    const options = { slow: 40, autoCommitInterval: 5_000 };
    const a = await startConsumer("a", TOPICS.groupJoin, groupId, deliveries, options);
    members.a = a;
    await waitFor(
      "the first consumer to be mid-stream",
      () => deliveries.length >= 600,
      45_000,
      progressOf({ a }),
    );
    joinedAt = Date.now();
    const b = await startConsumer("b", TOPICS.groupJoin, groupId, deliveries, options);
    members.b = b;
    await waitFor(
      "the second consumer's assignment",
      () => (b.assigned()?.length ?? 0) > 0,
      45_000,
      progressOf({ a, b }),
    );
    await waitFor(
      "every record",
      () => unique(deliveries) >= RECORDS,
      90_000,
      () => `(${unique(deliveries)} of ${RECORDS}) ${progressOf({ a, b })()}`,
    );
  }, 200_000);

  it("loses nothing", () => {
    const seen = new Set(deliveries.map((d) => d.record));
    const missing: string[] = [];
    for (let p = 0; p < PARTITIONS; p++) {
      for (let o = 0; o < RECORDS / PARTITIONS; o++) {
        if (!seen.has(`${p}:${o}`)) missing.push(`${p}:${o}`);
      }
    }
    expect(missing).toStrictEqual([]);
  });

  it("delivers a record again only to a consumer assigned its partition since, counted", () => {
    // Kafka's at-least-once: a record whose offset was not committed when its partition moved is
    // delivered again by the consumer that got the partition, after that consumer's assignment.
    // The join normally makes one rebalance; a loaded machine can make more, each one a reason.
    const byRecord = new Map<string, Delivery[]>();
    for (const d of deliveries) byRecord.set(d.record, [...(byRecord.get(d.record) ?? []), d]);
    const redelivered = deliveries.length - byRecord.size;
    console.log(
      `joining consumer: ${RECORDS} records, ${deliveries.length} deliveries, ` +
        `${redelivered} redelivered after a rebalance ` +
        `(${deliveries.filter((d) => d.at <= joinedAt).length} delivered before the second consumer joined)`,
    );
    for (const [record, times] of byRecord) {
      for (const again of times.slice(1)) expect(again.at, record).toBeGreaterThanOrEqual(joinedAt);
    }
    expectRedeliveriesAfterJoins(deliveries, members);
  });

  it("each consumer decodes only the partitions it holds", () => {
    expectDeliveriesOfAssignedPartitions(deliveries, members);
  });
});
