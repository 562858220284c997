// The AsyncAPI document checked by the AsyncAPI project's own parser (with its Protobuf schema
// parser, so that kafka_grpc.proto is read, not passed over), against what the package writes,
// and the shipped asyncapi.json checked against what the generator makes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type AsyncAPIDocumentInterface, DiagnosticSeverity, Parser } from "@asyncapi/parser";
import { ProtoBuffSchemaParser } from "@asyncapi/protobuf-schema-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import {
  type RecordFraming,
  recordFramings,
  VALUE_SCHEMA_ID_HEADER,
} from "../../src/framing/index.js";
import { envelopeKinds, envelopeToJson } from "../../src/index.js";
import { asyncApiDocument } from "../../src/kafka/asyncapi-document.js";
import {
  DEAD_LETTER_HEADERS,
  deadLetterMessage,
  decodeKafkaMessage,
  encodeKafkaMessage,
} from "../../src/kafka/index.js";

const root = join(import.meta.dirname, "../..");
const proto = readFileSync(join(root, "proto/kafka_grpc/kafka_grpc.proto"), "utf8");
const framings: readonly RecordFraming[] = recordFramings;

function parser(): Parser {
  const parser = new Parser();
  parser.registerSchemaParser(ProtoBuffSchemaParser());
  return parser;
}

/**
 * `document` parsed, with the parser's errors and warnings, each as its rule code and the path
 * it points at.
 */
async function parse(document: unknown) {
  const { document: parsed, diagnostics } = await parser().parse(JSON.stringify(document));
  const problems = diagnostics
    .filter(
      (d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning,
    )
    .map((d) => `${d.code} /${d.path.join("/")}`);
  return { parsed, problems };
}

/** The ids of a parsed collection of messages. */
const idsOf = (messages: { all(): { id(): string }[] } | undefined) =>
  messages?.all().map((message) => message.id());

/** A copy of the document to break. */
const copy = () => JSON.parse(JSON.stringify(asyncApiDocument(proto)));

let shipped: Awaited<ReturnType<typeof parse>>;
let parsed: AsyncAPIDocumentInterface;

beforeAll(async () => {
  shipped = await parse(asyncApiDocument(proto));
  if (shipped.parsed === undefined) throw new Error(`not parsed: ${shipped.problems.join(", ")}`);
  parsed = shipped.parsed;
});

// Each parse runs the AsyncAPI parser's rulesets and the Protobuf schema parser: seconds of CPU,
// many times that on a loaded machine, where the default 30 s would fail a test that is only slow.
describe("asyncApiDocument()", { timeout: 180_000 }, () => {
  it("is AsyncAPI 3.0.0 that @asyncapi/parser reads with no error and no warning", () => {
    expect(parsed.version()).toBe("3.0.0");
    expect(shipped.problems).toEqual([]);
  });

  it("gives every envelope message kafka_grpc.proto, read by the Protobuf schema parser", () => {
    const messages = parsed.channels().get("envelopes")?.messages().all() ?? [];
    expect(messages).toHaveLength(envelopeKinds.length * framings.length);
    for (const message of messages) {
      expect(message.schemaFormat()).toBe("application/vnd.google.protobuf;version=3");
      // The payload as the Protobuf schema parser converted it: a JSON Schema of the envelope.
      const { schema: payload } = (message.payload()?.json() ?? {}) as {
        schema: { title: string; properties: { Data: { oneOf: { "x-oneof-item": string }[] } } };
      };
      expect(payload.title).toBe("GRPC_AttendantPayload");
      expect(payload.properties.Data.oneOf.map((member) => member["x-oneof-item"])).toEqual(
        envelopeKinds,
      );
    }
  });

  it("makes the parser report a Protobuf schema it cannot read", async () => {
    const broken = await parse(asyncApiDocument("message {"));
    expect(broken.parsed).toBeUndefined();
    expect(broken.problems).toEqual(["uncaught-error /"]);
  });

  it("makes the parser report a Kafka binding its bindings schema refuses", async () => {
    const binding = copy();
    binding.components.messageTraits["schema-registry"].bindings.kafka.schemaIdLocation = "value";
    expect((await parse(binding)).problems).toContain(
      "asyncapi-document-resolved /components/messageTraits/schema-registry/bindings/kafka/schemaIdLocation",
    );
  });

  it("makes the parser report an operation with a message of another channel", async () => {
    const operation = copy();
    operation.operations.sendDeadLetters.messages = [
      { $ref: "#/channels/envelopes/messages/keys.raw" },
    ];
    expect((await parse(operation)).problems).toEqual([
      "asyncapi3-operation-messages-from-referred-channel /operations/sendDeadLetters/messages/0",
    ]);
  });

  it("has one message per envelope kind and framing, read and written on the {topic} channel", () => {
    const channel = parsed.channels().get("envelopes");
    expect(channel?.address()).toBe("{topic}");
    const ids = envelopeKinds.flatMap((kind) => framings.map((framing) => `${kind}.${framing}`));
    expect(idsOf(channel?.messages())).toEqual(ids);
    for (const [operation, action] of [
      ["receiveEnvelopes", "receive"],
      ["sendEnvelopes", "send"],
    ] as const) {
      const found = parsed.operations().get(operation);
      expect(found?.action()).toBe(action);
      expect(idsOf(found?.messages())).toEqual(ids);
    }
    expect(parsed.messages().get("dtcEntry.raw")?.name()).toBe("GRPC_AttendantPayload.dtcEntry");
  });

  it("gives each framing its Kafka bindings: key, and where the schema id is", () => {
    const kafka = (id: string) => parsed.messages().get(id)?.bindings().get("kafka")?.json();
    const key = expect.objectContaining({ type: "string", format: "binary" });
    expect(kafka("order.raw")).toEqual({ key, bindingVersion: "0.5.0" });
    expect(kafka("order.schema-registry")).toEqual({
      key,
      schemaIdLocation: "payload",
      schemaIdPayloadEncoding: "confluent",
      bindingVersion: "0.5.0",
    });
    expect(kafka("order.schema-registry-header")).toEqual({
      key,
      schemaIdLocation: "header",
      bindingVersion: "0.5.0",
    });
  });

  it("requires the value's schema id header exactly where encodeKafkaMessage writes it", () => {
    const envelope = sampleEnvelope("keys");
    const written = {
      raw: encodeKafkaMessage(envelope).headers,
      "schema-registry": encodeKafkaMessage(envelope, { framing: "schema-registry", schemaId: 3 })
        .headers,
      "schema-registry-header": encodeKafkaMessage(envelope, {
        framing: "schema-registry-header",
        schemaId: 3,
      }).headers,
    };
    for (const framing of framings) {
      const headers = parsed.messages().get(`keys.${framing}`)?.headers()?.json() as {
        required?: string[];
        not?: { required: string[] };
      };
      const hasHeader = Object.keys(written[framing] ?? {}).includes(VALUE_SCHEMA_ID_HEADER);
      expect(headers.required ?? []).toEqual(hasHeader ? [VALUE_SCHEMA_ID_HEADER] : []);
      expect(headers.not?.required ?? []).toEqual(hasHeader ? [] : [VALUE_SCHEMA_ID_HEADER]);
    }
  });

  it("points each correlation id at a field of the envelope's proto3 JSON form", () => {
    const located: Record<string, unknown> = {};
    for (const kind of envelopeKinds) {
      const location = parsed.messages().get(`${kind}.raw`)?.correlationId()?.location();
      if (location === undefined) continue;
      const path = location.replace("$message.payload#/", "").split("/");
      const json = envelopeToJson(sampleEnvelope(kind), { alwaysEmitImplicit: true });
      located[kind] = path.reduce<unknown>(
        (value, step) => (value as Record<string, unknown> | undefined)?.[step],
        json,
      );
    }
    expect(Object.keys(located)).toEqual([
      "carUpdateProgress",
      "updateManifest",
      "messageStatus",
      "carUpdateRequest",
    ]);
    for (const value of Object.values(located)) expect(value).toBeDefined();
  });

  it("describes the dead-letter headers deadLetterMessage writes, fixed values included", () => {
    const failure = decodeKafkaMessage({
      topic: "vehicle-updates",
      partition: 3,
      message: { offset: "17", key: null, value: Buffer.from([0x0a, 0x05]), headers: { a: "b" } },
    });
    if (failure.kind !== "error") throw new Error("expected a failure");
    const written = deadLetterMessage(failure).headers;
    const message = parsed.channels().get("deadLetters")?.messages().get("deadLetter");
    const schema = message?.headers()?.json() as {
      required: string[];
      properties: Record<string, { const?: string; pattern?: string; enum?: string[] }>;
    };
    expect(schema.required).toEqual(Object.values(DEAD_LETTER_HEADERS));
    expect(Object.keys(schema.properties)).toEqual(Object.values(DEAD_LETTER_HEADERS));
    for (const name of Object.values(DEAD_LETTER_HEADERS)) {
      const value = written[name];
      const property = schema.properties[name];
      expect(typeof value).toBe("string");
      if (property?.const !== undefined) expect(value).toBe(property.const);
      if (property?.pattern !== undefined) expect(value).toMatch(new RegExp(property.pattern));
      if (property?.enum !== undefined) expect(property.enum).toContain(value);
    }
    expect(schema.properties[DEAD_LETTER_HEADERS.stage]?.const).toBe("VALUE_CONVERTER");
    expect(message?.bindings().get("kafka")?.json()).toMatchObject({ bindingVersion: "0.5.0" });
  });

  it("is what asyncapi.json holds (run npm run asyncapi after changing the proto or the headers)", () => {
    const file = JSON.parse(readFileSync(join(root, "asyncapi.json"), "utf8"));
    expect(file).toEqual(asyncApiDocument(proto));
  });

  it("is exported by package.json as ./asyncapi.json and shipped in files", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(pkg.exports["./asyncapi.json"]).toBe("./asyncapi.json");
    expect(pkg.files).toContain("asyncapi.json");
  });
});
