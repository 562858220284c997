// What the end-to-end tests share: the broker's address, kafkajs clients that log nothing,
// fresh consumer group ids, and a bounded wait.
import { Kafka, logLevel } from "kafkajs";
import { inject } from "vitest";

process.env.KAFKAJS_NO_PARTITIONER_WARNING = "1";

/** A kafkajs client of the test broker. */
export function createKafka(clientId: string): Kafka {
  return new Kafka({
    clientId,
    brokers: [inject("kafkaBootstrap")],
    logLevel: logLevel.NOTHING,
    retry: { retries: 3, initialRetryTime: 100 },
  });
}

let groups = 0;

/** A consumer group id no other test uses: the mock does not understand kafkajs's LeaveGroup. */
export function freshGroupId(name: string): string {
  groups += 1;
  return `${name}-${process.pid}-${Date.now()}-${groups}`;
}

/**
 * Polls `done` every 20 ms until it returns true; throws, naming `what` and `progress()`, after
 * `timeoutMs`. Every wait of these tests is bounded by it.
 */
export async function waitFor(
  what: string,
  done: () => boolean,
  timeoutMs: number,
  progress: () => string = () => "",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} ${progress()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs `stop`, giving up after 10 s: a client that hangs on disconnect does not hang the run. */
export async function within10s(stop: Promise<unknown> | undefined): Promise<void> {
  if (stop === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    stop.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, 10_000);
    }),
  ]);
  clearTimeout(timer);
}
