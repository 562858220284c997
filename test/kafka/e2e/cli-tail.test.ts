// `kafka produce` and `kafka tail` of the built bin against the test broker: records produced in
// each framing by the CLI (and corrupt values and a tombstone by kafkajs) are tailed back as JSON
// lines from each kind of position, filtered, stopped by --max-messages and by SIGINT. The tests
// run concurrently: each tail joins a consumer group, which the mock broker settles only after a
// delay of its own.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { sampleEnvelope } from "../../../src/fixtures/index.js";
import {
  encodeEnvelope,
  envelopeToJson,
  envelopeToJsonString,
  type GRPC_AttendantPayload,
} from "../../../src/index.js";
import { bin, root, workDir } from "../../cli/bin.js";
import { TOPICS } from "../broker/topics.js";
import { createKafka, freshGroupId, waitFor } from "./clients.js";

const GUID = "6f1c2e4a-9b3d-4c5e-8f70-112233445566";
const brokers = () => inject("kafkaBootstrap");
const tailPrefix = "vehicle-update-codec kafka tail: ";

/** The bin running in the background, its output gathered as it comes. */
function startBin(args: readonly string[]) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [bin, ...args]);
  const seen = { out: "", err: "", code: undefined as number | null | undefined };
  child.stdout.on("data", (chunk: Buffer) => {
    seen.out += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    seen.err += chunk.toString();
  });
  const exited = new Promise<void>((resolve) =>
    child.on("close", (code) => {
      seen.code = code;
      resolve();
    }),
  );
  return { child, seen, exited };
}

/** Runs the bin to the end with `input` on standard input. */
async function runBin(args: readonly string[], input = "") {
  const running = startBin(args);
  running.child.stdin.end(input);
  await running.exited;
  const { code, out, err } = running.seen;
  return { code, out, err };
}

const lines = (text: string) =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const dtc = sampleEnvelope("dtcEntry");
const order = sampleEnvelope("order");
const json = (envelope: GRPC_AttendantPayload) => envelopeToJsonString(envelope);
/** A time after the record at offset 0 of partition 0 and before every other record. */
let afterFirst = 0;

beforeAll(async () => {
  // Partition 0 of cliTail: offsets 0-2 by the CLI in three framings, then a corrupt value and
  // a tombstone by kafkajs. Partition 1: one record, offset 0.
  const t = TOPICS.cliTail;
  const b = ["--brokers", brokers(), "--partition", "0"];
  expect(await runBin(["kafka", "produce", t, ...b, "--key", "VIN-1"], `${json(dtc)}\n`)).toEqual({
    code: 0,
    out: `wrote 1 record to "${t}"\n`,
    err: "",
  });
  afterFirst = Date.now() + 1;
  expect(
    await runBin(
      ["kafka", "produce", t, ...b, "--framing", "schema-registry", "--schema-id", "42"],
      `${json(order)}\n\nnot json\n`,
    ),
  ).toEqual({
    code: 1,
    out: `wrote 1 record to "${t}"; 1 line was not an envelope\n`,
    err: expect.stringMatching(
      /^vehicle-update-codec kafka produce: line 3: \[invalid_json\] [^\n]+\n$/,
    ),
  });
  expect(
    await runBin(
      ["kafka", "produce", t, ...b, "--framing", "schema-registry-header", "--schema-guid", GUID],
      `${json(dtc)}\n`,
    ),
  ).toMatchObject({ code: 0 });
  const producer = createKafka("cli-tail").producer();
  await producer.connect();
  await producer.send({
    topic: t,
    messages: [
      { partition: 0, key: Buffer.from([0xff, 0xfe]), value: Buffer.from([0xff, 0x01]) },
      { partition: 0, key: "gone", value: null },
      { partition: 1, value: Buffer.from(encodeEnvelope(order)) },
    ],
  });
  await producer.disconnect();
});

// Each test waits for several processes that each join a consumer group, and the tests run at
// once: minutes on a busy machine, where the default 30 s would fail a test that is only slow.
describe.concurrent("kafka produce, kafka tail", { timeout: 300_000 }, () => {
  it("tails from the beginning: each framing, a bad record, a tombstone, one JSON line each", async ({
    expect,
  }) => {
    const ran = await runBin([
      "kafka",
      "tail",
      TOPICS.cliTail,
      "--brokers",
      brokers(),
      "--from",
      "beginning",
      "--max-messages",
      "6",
    ]);
    const records = lines(ran.out).sort(
      (a, b) =>
        (a.partition as number) - (b.partition as number) || Number(a.offset) - Number(b.offset),
    );
    const common = { topic: TOPICS.cliTail, timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
    expect(records).toEqual([
      {
        ...common,
        partition: 0,
        offset: "0",
        key: "VIN-1",
        headers: {},
        kind: "dtcEntry",
        handler: dtc.handler,
        framing: "raw",
        schemaId: null,
        schemaGuid: null,
        messageIndexes: null,
        size: expect.any(Number),
        unknownFields: [],
        envelope: envelopeToJson(dtc),
      },
      {
        ...common,
        partition: 0,
        offset: "1",
        key: null,
        headers: {},
        kind: "order",
        handler: order.handler,
        framing: "schema-registry",
        schemaId: 42,
        schemaGuid: null,
        messageIndexes: [0],
        size: expect.any(Number),
        unknownFields: [],
        envelope: envelopeToJson(order),
      },
      {
        ...common,
        partition: 0,
        offset: "2",
        key: null,
        headers: { __value_schema_id: { base64: expect.any(String) } },
        kind: "dtcEntry",
        handler: dtc.handler,
        framing: "schema-registry-header",
        schemaId: null,
        schemaGuid: GUID,
        messageIndexes: [0],
        size: expect.any(Number),
        unknownFields: [],
        envelope: envelopeToJson(dtc),
      },
      {
        ...common,
        partition: 0,
        offset: "3",
        key: { base64: "//4=" },
        headers: {},
        size: 2,
        error: { code: "malformed", message: expect.any(String) },
      },
      { ...common, partition: 0, offset: "4", key: "gone", headers: {}, tombstone: true },
      {
        ...common,
        partition: 1,
        offset: "0",
        key: null,
        headers: {},
        kind: "order",
        handler: order.handler,
        framing: "raw",
        schemaId: null,
        schemaGuid: null,
        messageIndexes: null,
        size: expect.any(Number),
        unknownFields: [],
        envelope: envelopeToJson(order),
      },
    ]);
    const error = records[3]?.error as { message: string };
    const err = ran.err.split("\n");
    expect({ code: ran.code, err }).toEqual({
      code: 1,
      err: [
        expect.stringMatching(
          /^vehicle-update-codec kafka tail: reading "e2e.cli.tail" from beginning \(partition 0 at offset 0, partition 1 at offset 0\), group vehicle-update-codec-tail-[0-9a-f-]{36}, committing nothing$/,
        ),
        `${tailPrefix}partition 0 offset 3: [malformed] ${error.message}`,
        `${tailPrefix}stopped after 6 records (1 could not be decoded): --max-messages 6`,
        "",
      ],
    });
  });

  // Partition 0 holds offsets 0 to 4, partition 1 offset 0: the ends are 5 and 1.
  it.for<[string, string, string, string[]]>([
    // Offset 3 is the corrupt value: printed as an error, counted, exit code 1.
    ["an offset", "3", "partition 0 at offset 3, partition 1 at offset 1", ["0:3", "0:4"]],
    ["an offset past the end", "99", "partition 0 at offset 5, partition 1 at offset 1", []],
    [
      "-n, the last n records",
      "-1",
      "partition 0 at offset 4, partition 1 at offset 0",
      ["0:4", "1:0"],
    ],
    // The mock cluster gives no offsets by time: each partition is read from its first record,
    // every record skipped (a broker that keeps times gives the ends, 5 and 1).
    [
      "a time after the last record",
      `@${Date.now() + 3_600_000}`,
      "partition 0 at offset 0, partition 1 at offset 0; the broker gives no offsets by time, so partitions 0, 1 are read from the first record, skipping those before the time",
      [],
    ],
  ])(
    "starts each partition from %s, and stops on SIGINT with the count",
    async ([, from, at, expected], { expect }) => {
      const tail = startBin([
        "kafka",
        "tail",
        TOPICS.cliTail,
        "--brokers",
        brokers(),
        "--from",
        from,
      ]);
      const { seen } = tail;
      try {
        await waitFor(
          "the tail to be positioned",
          () => seen.err.includes("reading"),
          120_000,
          () => seen.err,
        );
        expect(seen.err).toContain(`(${at}), group`);
        await waitFor(
          `${expected.length} records`,
          () => lines(seen.out).length >= expected.length,
          120_000,
          () => seen.out,
        );
        tail.child.kill("SIGINT");
        await tail.exited;
      } finally {
        tail.child.kill("SIGKILL");
      }
      const printed = lines(seen.out)
        .map((record) => `${record.partition}:${record.offset}`)
        .sort();
      const n = expected.length;
      const bad = expected.includes("0:3");
      expect({ code: seen.code, printed, last: seen.err.split("\n").at(-2) }).toEqual({
        code: bad ? 1 : 0,
        printed: expected,
        last: `${tailPrefix}stopped by SIGINT after ${n} record${n === 1 ? "" : "s"}${bad ? " (1 could not be decoded)" : ""}`,
      });
    },
  );

  it("starts from a time before the last records, as Kafka would, and stops on SIGTERM with the count", async ({
    expect,
    onTestFinished,
  }) => {
    // librdkafka's mock cluster answers every ListOffsets by time with -1, the epoch too: the
    // tail reads each partition from its first record and skips those before the time.
    const tail = startBin([
      "kafka",
      "tail",
      TOPICS.cliTail,
      "--brokers",
      brokers(),
      "--from",
      `@${afterFirst}`,
    ]);
    onTestFinished(() => {
      tail.child.kill("SIGKILL");
    });
    const { seen } = tail;
    await waitFor(
      "five records",
      () => lines(seen.out).length >= 5,
      60_000,
      () => seen.err,
    );
    tail.child.kill("SIGTERM");
    await tail.exited;
    const printed = lines(seen.out)
      .map((record) => `${record.partition}:${record.offset}`)
      .sort();
    expect({ code: seen.code, printed, err: seen.err.split("\n") }).toEqual({
      code: 1,
      printed: ["0:1", "0:2", "0:3", "0:4", "1:0"],
      err: [
        expect.stringMatching(
          new RegExp(
            `^${tailPrefix}reading "e2e\\.cli\\.tail" from ${new Date(afterFirst).toISOString()} \\(partition 0 at offset 0, partition 1 at offset 0; the broker gives no offsets by time, so partitions 0, 1 are read from the first record, skipping those before the time\\), group `,
          ),
        ),
        expect.stringMatching(
          /^vehicle-update-codec kafka tail: partition 0 offset 3: \[malformed\] /,
        ),
        `${tailPrefix}stopped by SIGTERM after 5 records (1 could not be decoded)`,
        "",
      ],
    });
  });

  it("filters by kind and handler; bad records still pass", async ({ expect }) => {
    const ran = await runBin([
      "kafka",
      "tail",
      TOPICS.cliTail,
      "--brokers",
      brokers(),
      "--from",
      "beginning",
      "--kind",
      "order",
      "--handler",
      order.handler,
      "--max-messages",
      "3",
    ]);
    const seen = lines(ran.out)
      .map((record) => `${record.partition}:${record.offset}:${record.kind ?? "error"}`)
      .sort();
    expect({ code: ran.code, seen }).toEqual({
      code: 1,
      seen: ["0:1:order", "0:3:error", "1:0:order"],
    });
  });

  it("commits the offsets of the records it printed with --group", async ({ expect }) => {
    const groupId = freshGroupId("cli-tail");
    const ran = await runBin([
      "kafka",
      "tail",
      TOPICS.cliTail,
      "--brokers",
      brokers(),
      "--group",
      groupId,
      "--from",
      "beginning",
      "--kind",
      "dtcEntry",
      "--max-messages",
      "2",
    ]);
    expect(ran.code).toBe(0);
    expect(ran.err).toContain(`group ${groupId}, committing offsets\n`);
    const admin = createKafka("cli-tail-admin").admin();
    await admin.connect();
    const [committed] = await admin.fetchOffsets({ groupId, topics: [TOPICS.cliTail] });
    await admin.disconnect();
    // Offset 2 was the last printed in partition 0: the next to read is 3.
    expect(committed?.partitions.find((p) => p.partition === 0)?.offset).toBe("3");
  });

  it("from the end, prints what is produced once it is positioned; stops on SIGINT", async ({
    expect,
    onTestFinished,
  }) => {
    const tail = startBin(["kafka", "tail", TOPICS.cliFollow, "--brokers", brokers()]);
    onTestFinished(() => {
      tail.child.kill("SIGKILL");
    });
    const { seen } = tail;
    await waitFor(
      "the tail to be positioned",
      () => seen.err.includes("reading"),
      120_000,
      () => seen.err,
    );
    expect(seen.err).toMatch(
      /reading "e2e.cli.follow" from end \(partition 0 at offset \d+, partition 1 at offset \d+\)/,
    );
    const produced = await runBin(
      ["kafka", "produce", TOPICS.cliFollow, "--brokers", brokers()],
      `${json(dtc)}\n${json(order)}\n`,
    );
    expect(produced.code).toBe(0);
    await waitFor(
      "two records",
      () => seen.out.split("\n").length > 2,
      120_000,
      () => seen.out + seen.err,
    );
    tail.child.kill("SIGINT");
    await tail.exited;
    expect(
      lines(seen.out)
        .map((record) => record.kind)
        .sort(),
    ).toEqual(["dtcEntry", "order"]);
    expect({ code: seen.code, last: seen.err.split("\n").at(-2) }).toEqual({
      code: 0,
      last: `${tailPrefix}stopped by SIGINT after 2 records`,
    });
  });

  it.for([
    ["the examples of 'kafka produce --help' then 'kafka tail --help'", TOPICS.cliExamples],
    ["the examples of docs/cli.md's kafka section", TOPICS.cliDocs],
  ])("runs %s as pasted, each exiting 0", async ([what, topic], { expect, onTestFinished }) => {
    const scratch = workDir();
    onTestFinished(scratch.remove);
    const examples = what.startsWith("the examples of docs")
      ? docsKafkaLines()
      : [...(await helpExamples("produce")), ...(await helpExamples("tail"))];
    expect(examples.length).toBeGreaterThan(3);
    for (const line of examples) {
      const script = line
        .replaceAll("localhost:9092", brokers())
        .replace(/\bupdates\b/g, topic as string);
      const ran = await runShell(scratch.dir, scratch.path, script);
      expect({ line, code: ran.code, out: ran.out }).toEqual({
        line,
        code: 0,
        out: expect.stringMatching(/\S/),
      });
    }
  });
});

/** The example lines of `kafka <command> --help`. */
async function helpExamples(command: string): Promise<string[]> {
  const help = (await runBin(["kafka", command, "--help"])).out.split("\n");
  const start = help.findIndex((line) => line.startsWith("Examples"));
  return help
    .slice(start + 1)
    .filter((line) => line.startsWith("  "))
    .map((line) => line.slice(2));
}

/** The lines of the shell blocks of docs/cli.md's section on `kafka tail` and `kafka produce`. */
function docsKafkaLines(): string[] {
  const doc = readFileSync(join(root, "docs/cli.md"), "utf8");
  const section = doc
    .slice(doc.indexOf("\n## kafka tail / produce\n"))
    .split(/\n## (?!kafka)/)[0] as string;
  return [...section.matchAll(/```shell\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] as string).split("\n").filter((line) => line !== "" && !line.startsWith("#")),
  );
}

/** Runs `script` in bash with pipefail, the bin on PATH, without blocking the event loop. */
function runShell(cwd: string, path: string, script: string) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn("bash", ["-c", `set -o pipefail\n${script}`], {
      cwd,
      env: { ...process.env, PATH: path },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdin.end();
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}
