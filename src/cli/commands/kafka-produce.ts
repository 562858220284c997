import {
  type RecordFraming,
  type RecordValueWriteOptions,
  recordFramings,
} from "../../framing/index.js";
import { encodeKafkaMessage } from "../../kafka/index.js";
import { type CliIo, UsageError } from "../cli-io.js";
import { type Command, maxBytes, maxBytesOption, stringOption } from "../command.js";
import { exitCodes } from "../exit-codes.js";
import { brokersOption, createKafka, importKafkajs, withKafkaErrors } from "../kafka-client.js";
import { orList, wholeNumber } from "../parse-args.js";
import {
  CodecError,
  envelopeFromJsonString,
  type GRPC_AttendantPayload,
  isCodecError,
} from "../root.js";
import { errorLine, quote } from "../safe-text.js";

const prefix = "vehicle-update-codec kafka produce";

/** How many records one request to the broker carries at most. */
const BATCH_RECORDS = 500;

/** The lines of `chunks`, without their `\n` or `\r\n`, each numbered from 1. */
async function* linesOf(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes: number,
): AsyncGenerator<{ line: string; number: number }> {
  const decoder = new TextDecoder();
  let pending = "";
  let number = 0;
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      number++;
      yield { line: pending.slice(0, newline).replace(/\r$/, ""), number };
      pending = pending.slice(newline + 1);
      newline = pending.indexOf("\n");
    }
    if (pending.length > maxLineBytes) {
      throw new CodecError(
        "too_large",
        `line ${number + 1} is longer than maxBytes ${maxLineBytes} (--max-bytes)`,
      );
    }
  }
  pending += decoder.decode();
  if (pending !== "") yield { line: pending, number: number + 1 };
}

/** The write options of the framing options. Throws UsageError. */
function writeOptions(values: Parameters<Command["run"]>[0]): Partial<RecordValueWriteOptions> {
  const framing = stringOption(values, "framing") ?? "raw";
  if (!(recordFramings as readonly string[]).includes(framing)) {
    throw new UsageError(`--framing must be ${orList([...recordFramings])}, got ${quote(framing)}`);
  }
  const idText = stringOption(values, "schema-id");
  const schemaGuid = stringOption(values, "schema-guid");
  const options: { -readonly [K in keyof RecordValueWriteOptions]?: RecordValueWriteOptions[K] } = {
    framing: framing as RecordFraming,
  };
  if (idText !== undefined) options.schemaId = wholeNumber("schema-id", idText, 0, 2 ** 31 - 1);
  if (schemaGuid !== undefined) options.schemaGuid = schemaGuid;
  if (framing === "schema-registry" && idText === undefined) {
    throw new UsageError("--framing schema-registry needs --schema-id <n>");
  }
  if (framing === "schema-registry-header" && idText === undefined && schemaGuid === undefined) {
    throw new UsageError(
      "--framing schema-registry-header needs --schema-id <n> or --schema-guid <guid>",
    );
  }
  if (framing === "raw" && (idText !== undefined || schemaGuid !== undefined)) {
    throw new UsageError(
      "--framing raw takes no schema id: pass --framing schema-registry or schema-registry-header",
    );
  }
  return options;
}

/** `kafka produce`: proto3 JSON envelopes, one a line, written as records of a topic. */
export const kafkaProduceCommand: Command = {
  help: `Usage: vehicle-update-codec kafka produce <topic> [file|-] --brokers <host:port,...> [options]

Reads proto3 JSON envelopes, one a line, from the file, or from standard input when the
file is - or left out, and writes each as a record of the topic, its value in the framing
chosen (the headers that framing needs included). Blank lines are skipped. A line that is not
an envelope is reported on standard error with its line number and not written; the others
are. Prints on standard output how many records were written.

It needs the kafkajs package (an optional peer dependency): npm install kafkajs
Exit codes: 0 every line written; 1 some line was not an envelope; 2 bad usage or kafkajs
is not installed; 69 a Kafka error (brokers unreachable, unknown topic).

Options:
  --brokers <list>       the bootstrap brokers, host:port separated by commas (required)
  --framing <raw|schema-registry|schema-registry-header>
                         how the value holds the envelope (default raw: the bare protobuf
                         bytes); schema-registry needs --schema-id, schema-registry-header
                         --schema-id or --schema-guid (written in the __value_schema_id header)
  --schema-id <n>        the Schema Registry's id of the schema, 0 to 2147483647
  --schema-guid <guid>   the schema's GUID, for schema-registry-header
  --key <text>           the key of every record (default none: the client spreads the
                         records over the partitions)
  --partition <n>        write every record to this partition
  --max-bytes <n>        refuse a line longer than n bytes; K, M or G for KiB, MiB or GiB
                         (default 16M, at most 256M)
  -h, --help             show this help

Examples:
  vehicle-update-codec sample dtcEntry --compact | vehicle-update-codec kafka produce updates --brokers localhost:9092
  vehicle-update-codec sample order --compact | vehicle-update-codec kafka produce updates --brokers localhost:9092 --framing schema-registry --schema-id 42 --key VIN1`,
  options: {
    brokers: { value: "<list>" },
    framing: { value: "<raw|schema-registry|schema-registry-header>" },
    "schema-id": { value: "<n>" },
    "schema-guid": { value: "<guid>" },
    key: { value: "<text>" },
    partition: { value: "<n>" },
    ...maxBytesOption,
  },
  positionals: { min: 1, max: 2 },
  readsInput: true,
  async run(values, positionals, io) {
    const topic = positionals[0] as string;
    if (topic === "") throw new UsageError("the topic must not be empty");
    const brokers = brokersOption(values);
    const options = writeOptions(values);
    const key = stringOption(values, "key");
    const partitionText = stringOption(values, "partition");
    const partition =
      partitionText === undefined
        ? undefined
        : wholeNumber("partition", partitionText, 0, 2 ** 31 - 1);
    const limit = maxBytes(values);
    const kafkajs = await importKafkajs();
    return withKafkaErrors(prefix, io.writeErr, async () => {
      const producer = createKafka(kafkajs, brokers).producer({
        allowAutoTopicCreation: false,
        createPartitioner: kafkajs.Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      try {
        return await produce(
          io,
          positionals[1],
          limit,
          async (messages) => {
            await producer.send({
              topic,
              messages: messages.map((envelope) => ({
                ...encodeKafkaMessage(envelope, options),
                ...(key === undefined ? {} : { key }),
                ...(partition === undefined ? {} : { partition }),
              })),
            });
          },
          topic,
        );
      } finally {
        await producer.disconnect();
      }
    });
  },
};

/** Reads the lines, sends their envelopes in batches, reports bad lines, prints the count. */
async function produce(
  io: CliIo,
  path: string | undefined,
  limit: number,
  send: (envelopes: GRPC_AttendantPayload[]) => Promise<void>,
  topic: string,
): Promise<number> {
  let batch: GRPC_AttendantPayload[] = [];
  let written = 0;
  let bad = 0;
  for await (const { line, number } of linesOf(io.openInput(path), limit)) {
    if (line.trim() === "") continue;
    let envelope: GRPC_AttendantPayload;
    try {
      envelope = envelopeFromJsonString(line, { maxBytes: limit });
    } catch (error) {
      if (!isCodecError(error)) throw error;
      if (error.code === "invalid_argument") throw error;
      bad++;
      io.writeErr(`${prefix}: ${errorLine(`line ${number}: ${error.message}`)}\n`);
      await io.drain();
      continue;
    }
    batch.push(envelope);
    if (batch.length >= BATCH_RECORDS) {
      await send(batch);
      written += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) {
    await send(batch);
    written += batch.length;
  }
  io.writeOut(
    `wrote ${written} record${written === 1 ? "" : "s"} to ${quote(topic)}${bad > 0 ? `; ${bad} line${bad === 1 ? " was" : "s were"} not an envelope` : ""}\n`,
  );
  return bad > 0 ? exitCodes.dataError : exitCodes.ok;
}
