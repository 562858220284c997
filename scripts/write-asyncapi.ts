// Writes asyncapi.json (shipped as vehicle-update-codec/asyncapi.json): the AsyncAPI document of
// asyncApiDocument() with kafka_grpc.proto as the payloads' Protobuf schema. Run it (`npm run
// asyncapi`) after a change to the proto, the framings or the dead-letter headers;
// test/kafka/asyncapi-document.test.ts fails until the file matches again.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { asyncApiDocument } from "../src/kafka/asyncapi-document.js";

const proto = readFileSync(
  new URL("../proto/kafka_grpc/kafka_grpc.proto", import.meta.url),
  "utf8",
);
const file = fileURLToPath(new URL("../asyncapi.json", import.meta.url));
const text = `${JSON.stringify(asyncApiDocument(proto), null, 2)}\n`;
writeFileSync(file, text);
console.log(`asyncapi.json: ${text.length} characters`);
