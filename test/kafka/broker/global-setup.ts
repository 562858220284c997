// The vitest global setup of the Kafka end-to-end project (vitest.config.ts): one broker for the
// whole run, its bootstrap address handed to the tests with provide/inject, stopped at the end.
// Vitest runs it only when a test file of that project is queued.
import type { TestProject } from "vitest/node";
import { startBroker } from "./start-broker.js";
import { PARTITIONS } from "./topics.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The bootstrap address of the test broker, `127.0.0.1:port`. */
    kafkaBootstrap: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const broker = await startBroker(PARTITIONS);
  project.provide("kafkaBootstrap", broker.bootstrap);
  return () => broker.stop();
}
