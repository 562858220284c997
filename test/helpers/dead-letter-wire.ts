// A dead letter as the bytes a producer writes for it, to compare the letters of two clients:
// kafkajs writes an object's headers in key order, a repeated header (an array) once per value,
// text in UTF-8; @platformatic/kafka writes a Map's entries in order.
import type { KafkaDeadLetter, PlatformaticDeadLetter } from "../../src/kafka/index.js";

/** A record as written: key and value in hex, headers as [name, hex value] in order. */
export interface WrittenRecord {
  readonly key: string | null;
  readonly value: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly timestamp: string | undefined;
}

const hexOf = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes).toString("hex");

/** What kafkajs's producer writes for `letter`. */
export function writtenByKafkajs(letter: KafkaDeadLetter): WrittenRecord {
  const headers: [string, string][] = [];
  for (const name of Object.keys(letter.headers)) {
    const value = letter.headers[name];
    for (const one of Array.isArray(value) ? value : [value]) headers.push([name, hexOf(one)]);
  }
  const key = letter.key === null || letter.key === undefined ? null : hexOf(letter.key);
  return { key, value: hexOf(letter.value), headers, timestamp: letter.timestamp };
}

/** What @platformatic/kafka's producer, with its default serializers, writes for `letter`. */
export function writtenByPlatformatic(letter: PlatformaticDeadLetter): WrittenRecord {
  return {
    key: letter.key === undefined ? null : hexOf(letter.key),
    value: hexOf(letter.value),
    headers: [...letter.headers].map(([name, value]) => [
      Buffer.from(name).toString("utf8"),
      hexOf(value),
    ]),
    timestamp: String(letter.timestamp),
  };
}
