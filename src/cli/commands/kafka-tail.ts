import { randomUUID } from "node:crypto";
import { decodeKafkaMessage, type KafkaDecodeResult } from "../../kafka/index.js";
import { UsageError } from "../cli-io.js";
import { type Command, type CommandValues, stringOption } from "../command.js";
import { exitCodes } from "../exit-codes.js";
import {
  brokersOption,
  createKafka,
  drainInGroup,
  importKafkajs,
  type Kafkajs,
  withKafkaErrors,
} from "../kafka-client.js";
import { kafkaRecordLine } from "../kafka-record-line.js";
import { orList, wholeNumber } from "../parse-args.js";
import { envelopeKinds, isEnvelopeKind } from "../root.js";
import { errorLine, quote } from "../safe-text.js";

const prefix = "vehicle-update-codec kafka tail";

/** Where `--from` starts each partition. */
type Start =
  | { readonly at: "beginning" | "end" }
  | { readonly at: "offset"; readonly offset: bigint }
  | { readonly at: "last"; readonly count: bigint }
  | { readonly at: "time"; readonly ms: number; readonly text: string };

const isoTime =
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,9})?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?$/;

/** Reads `--from`. Throws UsageError. */
export function parseStart(text: string): Start {
  if (text === "beginning" || text === "end") return { at: text };
  if (/^[0-9]{1,19}$/.test(text)) return { at: "offset", offset: BigInt(text) };
  if (/^-[0-9]{1,19}$/.test(text)) return { at: "last", count: -BigInt(text) };
  const ms = /^@[0-9]{1,15}$/.test(text)
    ? Number(text.slice(1))
    : isoTime.test(text)
      ? Date.parse(text)
      : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new UsageError(
      `--from must be beginning, end, an offset, -<n> (the last n records), an ISO 8601 time or @<ms since the epoch>, got ${quote(text)}`,
    );
  }
  return { at: "time", ms, text: new Date(ms).toISOString() };
}

/** The values of an option given any number of times. */
function listOption(values: CommandValues, name: string): readonly string[] {
  const value = values[name];
  return Array.isArray(value) ? value : [];
}

/** `--kind`: envelope kinds, each checked. Throws UsageError. */
function kindsOption(values: CommandValues): ReadonlySet<string> {
  const kinds = listOption(values, "kind");
  for (const kind of kinds) {
    if (!isEnvelopeKind(kind)) {
      throw new UsageError(`--kind must be ${orList([...envelopeKinds])}, got ${quote(kind)}`);
    }
  }
  return new Set(kinds);
}

type Admin = ReturnType<ReturnType<typeof createKafka>["admin"]>;

/**
 * Where each partition starts: `--from` resolved with the partitions' low and high ends, and
 * the partitions read from their first record, skipping records before the time of `--from`,
 * because the broker gives no offsets by time.
 */
interface Starts {
  readonly offsets: ReadonlyMap<number, bigint>;
  readonly skipping: ReadonlySet<number>;
}

/**
 * The partitions whose offset for a time is unknown: a broker answers ListOffsets by time with
 * -1 (kafkajs gives the partition's end) when no record is at or after the time, but a broker
 * that answers so for the epoch too in a partition that holds records keeps no times (a topic
 * of message format 0, or librdkafka's mock cluster).
 */
async function unansweredByTime(
  admin: Admin,
  topic: string,
  ends: Awaited<ReturnType<Admin["fetchTopicOffsets"]>>,
  byTime: Awaited<ReturnType<Admin["fetchTopicOffsetsByTimestamp"]>>,
): Promise<Set<number>> {
  const atEnd = (answers: typeof byTime, partition: number, high: string) =>
    answers.find((entry) => entry.partition === partition)?.offset === high;
  const candidates = ends.filter(
    ({ partition, low, high }) => BigInt(low) < BigInt(high) && atEnd(byTime, partition, high),
  );
  if (candidates.length === 0) return new Set();
  const epoch = await admin.fetchTopicOffsetsByTimestamp(topic, 0);
  return new Set(
    candidates
      .filter(({ partition, high }) => atEnd(epoch, partition, high))
      .map(({ partition }) => partition),
  );
}

/** Where each partition starts for `start`. */
async function startOffsets(admin: Admin, topic: string, start: Start): Promise<Starts> {
  const ends = await admin.fetchTopicOffsets(topic);
  const byTime =
    start.at === "time" ? await admin.fetchTopicOffsetsByTimestamp(topic, start.ms) : [];
  const skipping =
    start.at === "time" ? await unansweredByTime(admin, topic, ends, byTime) : new Set<number>();
  const offsets = new Map<number, bigint>();
  for (const { partition, low, high } of ends) {
    const first = BigInt(low);
    const end = BigInt(high);
    const clamp = (offset: bigint) => (offset < first ? first : offset > end ? end : offset);
    if (start.at === "beginning") offsets.set(partition, first);
    else if (start.at === "end") offsets.set(partition, end);
    else if (start.at === "offset") offsets.set(partition, clamp(start.offset));
    else if (start.at === "last") offsets.set(partition, clamp(end - start.count));
    else if (skipping.has(partition)) offsets.set(partition, first);
    else {
      const found = byTime.find((entry) => entry.partition === partition);
      offsets.set(partition, clamp(found === undefined ? end : BigInt(found.offset)));
    }
  }
  return { offsets, skipping };
}

/** How the tail ended. */
type Stop =
  | { readonly by: "signal"; readonly signal: string }
  | { readonly by: "max" }
  | { readonly by: "crash"; readonly error: Error };

/** `kafka tail`: the records of a topic, decoded, one JSON line each, until stopped. */
export const kafkaTailCommand: Command = {
  help: `Usage: vehicle-update-codec kafka tail <topic> --brokers <host:port,...> [options]

Reads the records of a topic and prints each as one JSON line: topic, partition, offset,
key, timestamp (ISO 8601) and headers, then for a value that decodes kind, handler,
framing (raw, schema-registry or schema-registry-header, whichever the record came in),
schemaId or schemaGuid, messageIndexes, size and the envelope as proto3 JSON. Keys and
header values that are UTF-8 are shown as text, others as {"base64": "..."}.

A value that is not an envelope prints a line with its size and "error": {"code",
"message"}, and one line on standard error naming its partition and offset; the tail goes
on. A null value (a tombstone) prints "tombstone": true. It runs until --max-messages
records are printed or SIGINT (Ctrl-C) or SIGTERM, then prints on standard error how many
records it printed and why it stopped.

Once positioned it says on standard error where it reads from ('reading <topic> ...').
Without --group it joins a consumer group of its own (a random id) and commits nothing; with
--group it commits the offsets of the records it printed, and without --from resumes where
the group stopped (at the end for a new group).

It needs the kafkajs package (an optional peer dependency): npm install kafkajs
Exit codes: 0 stopped, every record decoded; 1 some record could not be decoded; 2 bad
usage or kafkajs is not installed; 69 a Kafka error (brokers unreachable, unknown topic).

Options:
  --brokers <list>      the bootstrap brokers, host:port separated by commas (required)
  --from <position>     where each partition starts: beginning, end, an offset (clamped to
                        the partition's records), -<n> for its last n records, an ISO 8601
                        time (a time without a zone is local) or @<milliseconds since the
                        epoch) for the first record at or after it (default end; with
                        --group, the group's committed offsets); where the broker
                        keeps no record times, read from the first record, skipping
                        those before the time
  --group <id>          read as this consumer group and commit its offsets
  --kind <kind>         print only envelopes of this kind; may be given more than once
                        (records that do not decode are still printed)
  --handler <text>      print only envelopes with this handler; may be given more than once
  --max-messages <n>    stop after printing n records, 1 or more
  -h, --help            show this help

Examples (after the examples of 'kafka produce'):
  vehicle-update-codec kafka tail updates --brokers localhost:9092 --from beginning --max-messages 2
  vehicle-update-codec kafka tail updates --brokers localhost:9092 --from -1 --kind order --max-messages 1 | jq .envelope`,
  options: {
    brokers: { value: "<list>" },
    from: { value: "<position>" },
    group: { value: "<id>" },
    kind: { value: "<kind>", multiple: true },
    handler: { value: "<text>", multiple: true },
    "max-messages": { value: "<n>" },
  },
  positionals: { min: 1, max: 1 },
  readsInput: false,
  async run(values, positionals, io) {
    const topic = positionals[0] as string;
    if (topic === "") throw new UsageError("the topic must not be empty");
    const brokers = brokersOption(values);
    const fromText = stringOption(values, "from");
    const group = stringOption(values, "group");
    if (group === "") throw new UsageError("--group must not be empty");
    const start: Start | undefined =
      fromText !== undefined
        ? parseStart(fromText)
        : group === undefined
          ? { at: "end" }
          : undefined;
    const kinds = kindsOption(values);
    const handlers = new Set(listOption(values, "handler"));
    const maxText = stringOption(values, "max-messages");
    const max =
      maxText === undefined
        ? undefined
        : wholeNumber(
            "max-messages",
            maxText,
            1,
            Number.MAX_SAFE_INTEGER,
            "a whole number of at least 1",
          );
    const kafkajs = await importKafkajs();

    let stop: (how: Stop) => void = () => undefined;
    const stopped = new Promise<Stop>((resolve) => {
      stop = resolve;
    });
    const onSignal = (signal: NodeJS.Signals) => stop({ by: "signal", signal });
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    try {
      return await withKafkaErrors(prefix, io.writeErr, () =>
        tail(kafkajs, io, { topic, brokers, start, group, kinds, handlers, max, stop, stopped }),
      );
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  },
};

interface TailOptions {
  readonly topic: string;
  readonly brokers: readonly string[];
  readonly start: Start | undefined;
  readonly group: string | undefined;
  readonly kinds: ReadonlySet<string>;
  readonly handlers: ReadonlySet<string>;
  readonly max: number | undefined;
  readonly stop: (how: Stop) => void;
  readonly stopped: Promise<Stop>;
}

/** Whether the filters let `result` through: records that do not decode always pass. */
function wanted(result: KafkaDecodeResult, o: TailOptions): boolean {
  if (result.kind === "error") return true;
  if (o.kinds.size === 0 && o.handlers.size === 0) return true;
  if (result.kind === "tombstone") return false;
  const kind = result.envelope.Data.case;
  return (
    (o.kinds.size === 0 || (kind !== undefined && o.kinds.has(kind))) &&
    (o.handlers.size === 0 || o.handlers.has(result.envelope.handler))
  );
}

async function tail(
  kafkajs: Kafkajs,
  io: Parameters<Command["run"]>[2],
  o: TailOptions,
): Promise<number> {
  const kafka = createKafka(kafkajs, o.brokers);
  const groupId = o.group ?? `vehicle-update-codec-tail-${randomUUID()}`;
  let starts: Starts = { offsets: new Map(), skipping: new Set() };
  if (o.start !== undefined) {
    const admin = kafka.admin();
    await admin.connect();
    try {
      starts = await startOffsets(admin, o.topic, o.start);
    } finally {
      await admin.disconnect();
    }
  }
  // The next offset to print in each partition: a fetch made before a seek took effect may
  // hand over records before the start, or again.
  const next = new Map(starts.offsets);
  // The partitions read from their first record until one is at or after the time of --from.
  const skipping = new Set(starts.skipping);
  const from = o.start?.at === "time" ? o.start.ms : 0;
  let printed = 0;
  let bad = 0;
  let stopping = false;
  // Stopped by a signal or a crash: no longer waits for a slow reader (--max-messages waits for
  // the last record's line to be taken).
  let interrupted = false;
  void o.stopped.then((how) => {
    stopping = true;
    if (how.by !== "max") interrupted = true;
  });
  // A fetch waits at most maxWaitTimeInMs for records, as librdkafka's fetch.wait.max.ms (kcat's
  // client) does by default: stopping waits for the fetch under way.
  const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: 500 });
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (!payload.restart) o.stop({ by: "crash", error: payload.error });
  });
  let how: Stop;
  await consumer.connect();
  try {
    await consumer.subscribe({ topic: o.topic, fromBeginning: o.start !== undefined });
    await consumer.run({
      autoCommit: o.group !== undefined,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        for (const message of batch.messages) {
          if (stopping || !isRunning() || isStale()) break;
          const offset = BigInt(message.offset);
          const first = next.get(batch.partition);
          if (first !== undefined && offset < first) continue;
          next.set(batch.partition, offset + 1n);
          resolveOffset(message.offset);
          if (skipping.has(batch.partition)) {
            if (Number(message.timestamp) < from) continue;
            skipping.delete(batch.partition);
          }
          const result = decodeKafkaMessage({
            topic: batch.topic,
            partition: batch.partition,
            message,
          });
          if (!wanted(result, o)) continue;
          io.writeOut(kafkaRecordLine(result, message.value?.length ?? 0));
          printed++;
          if (result.kind === "error") {
            bad++;
            io.writeErr(
              `${prefix}: ${errorLine(`partition ${batch.partition} offset ${message.offset}: ${result.error.message}`)}\n`,
            );
          }
          if (o.max !== undefined && printed >= o.max) {
            stopping = true;
            o.stop({ by: "max" });
          }
          await drainInGroup(io.drain(), heartbeat, () => interrupted || !isRunning());
        }
        await heartbeat();
      },
    });
    for (const [partition, offset] of starts.offsets) {
      consumer.seek({ topic: o.topic, partition, offset: offset.toString() });
    }
    io.writeErr(`${prefix}: ${errorLine(readingLine(o, groupId, starts))}\n`);
    how = await o.stopped;
  } finally {
    await consumer.disconnect();
  }
  if (how.by === "crash") throw how.error;
  const records = `${printed} record${printed === 1 ? "" : "s"}${bad > 0 ? ` (${bad} could not be decoded)` : ""}`;
  io.writeErr(
    how.by === "max"
      ? `${prefix}: stopped after ${records}: --max-messages ${o.max}\n`
      : `${prefix}: stopped by ${how.signal} after ${records}\n`,
  );
  return bad > 0 ? exitCodes.dataError : exitCodes.ok;
}

/** Where the tail reads from, for the line it prints once positioned. */
function readingLine(o: TailOptions, groupId: string, starts: Starts): string {
  const skipped =
    starts.skipping.size === 0
      ? ""
      : `; the broker gives no offsets by time, so partition${starts.skipping.size === 1 ? "" : "s"} ${[...starts.skipping].join(", ")} ${starts.skipping.size === 1 ? "is" : "are"} read from the first record, skipping those before the time`;
  const at =
    o.start === undefined
      ? "at the group's committed offsets"
      : `from ${o.start.at === "time" ? o.start.text : fromWord(o.start)} (${[...starts.offsets]
          .map(([partition, offset]) => `partition ${partition} at offset ${offset}`)
          .join(", ")}${skipped})`;
  const committing =
    o.group === undefined
      ? `group ${groupId}, committing nothing`
      : `group ${groupId}, committing offsets`;
  return `reading ${quote(o.topic)} ${at}, ${committing}`;
}

function fromWord(start: Exclude<Start, { at: "time" }>): string {
  if (start.at === "offset") return `offset ${start.offset}`;
  if (start.at === "last") return `the last ${start.count} records`;
  return start.at;
}
