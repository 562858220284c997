// Starts the test broker: librdkafka's mock cluster, through the small C program next to this
// file (mock-cluster.c), compiled with `cc … -lrdkafka` into .tmp/ when missing or older than its
// source. Used by the vitest global setup of the Kafka end-to-end suite and by bench/kafka-consumer.ts.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, renameSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const source = join(here, "mock-cluster.c");
const binary = join(root, ".tmp", "mock-cluster");

/** A running broker: its bootstrap address (`127.0.0.1:port`) and how to stop it. */
export interface Broker {
  readonly bootstrap: string;
  stop(): Promise<void>;
}

/** Compiles mock-cluster.c into .tmp/mock-cluster unless the binary is newer than its source. */
export function buildBroker(): string {
  const built = statSync(binary, { throwIfNoEntry: false });
  if (built && built.mtimeMs >= statSync(source).mtimeMs) return binary;
  mkdirSync(dirname(binary), { recursive: true });
  const temporary = `${binary}.${process.pid}`;
  try {
    execFileSync("cc", ["-O2", "-Wall", "-o", temporary, source, "-lrdkafka"], { stdio: "pipe" });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(
      `cannot compile ${source} (it needs a C compiler and Debian's librdkafka-dev):\n${stderr}`,
    );
  }
  renameSync(temporary, binary); // atomic: a concurrent build never runs a half-written file
  return binary;
}

/**
 * Starts a mock cluster with the given topics (name → partition count) and resolves once it
 * prints its bootstrap address, within 15 seconds. `stop()` closes its stdin and waits for it to
 * exit, killing it after 5 seconds.
 */
export async function startBroker(topics: Readonly<Record<string, number>>): Promise<Broker> {
  const path = buildBroker();
  const args = Object.entries(topics).map(([name, partitions]) => `${name}:${partitions}`);
  const child = spawn(path, args, { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const bootstrap = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the mock cluster printed no bootstrap address within 15 s"));
    }, 15_000);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) {
        clearTimeout(timer);
        resolve(line.trim().split(",")[0] as string);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the mock cluster exited with code ${code} before it was ready`));
    });
  });
  return {
    bootstrap,
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
