// What `kafka tail` and `kafka produce` share: kafkajs, an optional peer imported only when one of
// them runs; its client, which logs nothing; the `--brokers` option; its errors, wrapped here; and
// a consumer's wait for a slow reader of its output.

import { type CliIo, importNeeding, UsageError } from "./cli-io.js";
import { type CommandValues, stringOption } from "./command.js";
import { exitCodes } from "./exit-codes.js";
import { errorLine, quote } from "./safe-text.js";

/** The kafkajs module. */
export type Kafkajs = typeof import("kafkajs");

/** The client id the commands give the brokers. */
const clientId = "vehicle-update-codec";

/**
 * Imports kafkajs. When it is not installed, throws a {@link MissingPackageError} (see
 * {@link importNeeding}).
 */
export async function importKafkajs(): Promise<Kafkajs> {
  const module: unknown = await importNeeding(["kafkajs"], () => import("kafkajs"));
  quietNegativeTimeouts();
  // kafkajs is CommonJS: Node.js gives its exports as named exports and as `default`.
  return ((module as { default?: Kafkajs }).default ?? module) as Kafkajs;
}

/**
 * kafkajs 2.2.4 schedules its request queue's next check with `setTimeout(…, throttledUntil -
 * Date.now())`, a negative duration when nothing is throttled; Node.js 24 and later print a
 * TimeoutNegativeWarning for it on standard error, and wait 1 ms, as kafkajs means. The
 * commands' standard error is for people: that warning is left out, every other one printed.
 */
function quietNegativeTimeouts(): void {
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const [second] = rest;
    const type =
      typeof second === "string" ? second : (second as { type?: unknown } | undefined)?.type;
    if (type === "TimeoutNegativeWarning") return;
    (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;
}

/** `--brokers <host:port,...>`, required: the bootstrap brokers. Throws UsageError. */
export function brokersOption(values: CommandValues): string[] {
  const text = stringOption(values, "brokers");
  if (text === undefined) {
    throw new UsageError("--brokers is required: --brokers <host:port,...>, as kcat's -b");
  }
  const brokers = text.split(",").map((broker) => broker.trim());
  for (const broker of brokers) {
    if (!/^[^\s:]+:[0-9]{1,5}$/.test(broker) && !/^\[[0-9a-fA-F:.]+\]:[0-9]{1,5}$/.test(broker)) {
      throw new UsageError(
        `--brokers must be host:port pairs separated by commas, got ${quote(broker)}`,
      );
    }
  }
  return brokers;
}

/** A kafkajs client of `brokers` that logs nothing (standard output is the commands' data). */
export function createKafka(kafkajs: Kafkajs, brokers: readonly string[]) {
  return new kafkajs.Kafka({
    clientId,
    brokers: [...brokers],
    logLevel: kafkajs.logLevel.NOTHING,
    retry: { retries: 3, initialRetryTime: 100 },
  });
}

/**
 * Runs `work`, turning an error of kafkajs (its classes are all named `KafkaJS…`) into one line
 * on standard error and exit code 69: the brokers could not be reached, or refused the request.
 * Any other error propagates.
 */
export async function withKafkaErrors(
  prefix: string,
  writeErr: (text: string) => void,
  work: () => Promise<number>,
): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (!isKafkajsError(error)) throw error;
    writeErr(`${prefix}: ${errorLine(`kafka error: ${kafkaMessage(error)}`)}\n`);
    return exitCodes.unavailable;
  }
}

/** Whether `error` is one of kafkajs's errors. */
export function isKafkajsError(error: unknown): error is Error {
  return error instanceof Error && error.name.startsWith("KafkaJS");
}

/** The message of a kafkajs error and of the errors it wraps, as one line. */
function kafkaMessage(error: Error): string {
  const parts = [error.message];
  for (let cause = (error as { cause?: unknown }).cause; cause instanceof Error; ) {
    parts.push(cause.message);
    cause = (cause as { cause?: unknown }).cause;
  }
  return parts.join(": ").replace(/\s+/g, " ");
}

/** How often {@link drainInGroup} sends a heartbeat while it waits, in milliseconds. */
export const HEARTBEAT_WHILE_WAITING_MS = 1_000;

/**
 * Waits for `drained` (the output has room again) from inside a consumer's `eachBatch`, calling
 * `heartbeat` every {@link HEARTBEAT_WHILE_WAITING_MS} meanwhile: a reader slower than the
 * group's session timeout (30 s in kafkajs) would otherwise have the consumer taken out of its
 * group, and its partitions given to another. kafkajs sends a heartbeat only when its interval
 * has passed, so calling it often costs nothing. Stops waiting when `stopping()` turns true.
 * `drained` never rejects ({@link CliIo.drain}).
 */
export async function drainInGroup(
  drained: Promise<void>,
  heartbeat: () => Promise<void>,
  stopping: () => boolean,
): Promise<void> {
  let done = false;
  const settled = drained.then(() => {
    done = true;
  });
  while (!done && !stopping()) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, HEARTBEAT_WHILE_WAITING_MS);
    });
    try {
      await Promise.race([settled, tick]);
    } finally {
      clearTimeout(timer);
    }
    if (!done && !stopping()) await heartbeat();
  }
}
