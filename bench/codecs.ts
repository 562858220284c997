// The codecs the benchmark compares, behind one small interface. The peer codecs are generated
// into bench/gen/ at bench time (see buf.gen.bench.yaml) and loaded by path, so that the type
// check of the repository does not depend on generated files that are not committed.
import {
  fromBinary,
  fromJson,
  fromJsonString,
  type JsonValue,
  toBinary,
  toJson,
  toJsonString,
} from "@bufbuild/protobuf";
import {
  decodeEnvelope,
  encodeEnvelope,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeToJson,
  envelopeToJsonString,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../src/index.js";

/** One codec, as a consumer calls it: binary and JSON text, both ways. */
/** The operations the benchmarks time, in the order their tables print them. */
export const benchOps = [
  "decode",
  "encode",
  "JSON serialize",
  "JSON parse",
  "JSON serialize (value)",
  "JSON parse (value)",
] as const;
/** One of {@link benchOps}. */
export type BenchOp = (typeof benchOps)[number];

export interface Codec {
  readonly name: string;
  /** What it is: the public API, raw protobuf-es, or a peer with its options. */
  readonly note: string;
  decode(bytes: Uint8Array): unknown;
  encode(message: unknown): Uint8Array;
  toJsonString(message: unknown): string;
  fromJsonString(text: string): unknown;
  /** To a JSON value (what JSON.stringify takes), without the text. */
  toJson(message: unknown): unknown;
  /** From a JSON value (what JSON.parse returns). */
  fromJson(json: unknown): unknown;
}

/** This library's public envelope API, with its default options. */
export const thisLibrary: Codec = {
  name: "vehicle-update-codec",
  note: "decodeEnvelope, encodeEnvelope, envelopeToJson(String), envelopeFromJson(String) (defaults: every check, deterministic map order)",
  decode: (bytes) => decodeEnvelope(bytes),
  encode: (message) => encodeEnvelope(message as GRPC_AttendantPayload),
  toJsonString: (message) => envelopeToJsonString(message as GRPC_AttendantPayload),
  fromJsonString: (text) => envelopeFromJsonString(text),
  toJson: (message) => envelopeToJson(message as GRPC_AttendantPayload),
  fromJson: (json) => envelopeFromJson(json as JsonValue),
};

/** @bufbuild/protobuf on its own: the baseline every ratio is relative to. */
export const protobufEs: Codec = {
  name: "protobuf-es",
  note: "@bufbuild/protobuf 2.17.0 fromBinary, toBinary, toJson(String), fromJson(String)",
  decode: (bytes) => fromBinary(GRPC_AttendantPayloadSchema, bytes),
  encode: (message) => toBinary(GRPC_AttendantPayloadSchema, message as GRPC_AttendantPayload),
  toJsonString: (message) =>
    toJsonString(GRPC_AttendantPayloadSchema, message as GRPC_AttendantPayload),
  fromJsonString: (text) => fromJsonString(GRPC_AttendantPayloadSchema, text),
  toJson: (message) => toJson(GRPC_AttendantPayloadSchema, message as GRPC_AttendantPayload),
  fromJson: (json) => fromJson(GRPC_AttendantPayloadSchema, json as JsonValue),
};

/**
 * The engine's floor for JSON text, run beside the codecs on the JSON text operations only:
 * JSON.stringify() of the finished JSON object and JSON.parse() of the text, nothing else. The
 * object is made once outside the timing, as JSON.parse() makes it from protobuf-es's text:
 * plain objects with fast properties, which JSON.stringify() serializes fastest (an object
 * filled by many keyed stores, as protobuf-es's toJson() fills a map, is a dictionary that it
 * serializes at about half the speed). A codec that writes or reads
 * canonical proto3 JSON through the engine's JSON cannot be faster than this; its rate as a
 * fraction of the floor's shows what its own work costs.
 */
export const jsonFloor: Codec = {
  name: "floor",
  note: "JSON.stringify() of the JSON object as JSON.parse() makes it, made beforehand; JSON.parse() of the text",
  decode: (bytes) =>
    JSON.parse(
      toJsonString(GRPC_AttendantPayloadSchema, fromBinary(GRPC_AttendantPayloadSchema, bytes)),
    ),
  encode: () => {
    throw new Error("the floor is for JSON text only");
  },
  toJsonString: (json) => JSON.stringify(json),
  fromJsonString: (text) => JSON.parse(text),
  toJson: (json) => json,
  fromJson: (json) => json,
};

interface PbjsType {
  decode(bytes: Uint8Array): object;
  encode(message: object): { finish(): Uint8Array };
  toObject(message: object, options: object): JsonValue;
  fromObject(json: unknown): object;
}

interface TsProtoFns {
  decode(bytes: Uint8Array): unknown;
  encode(message: unknown): { finish(): Uint8Array };
  toJSON(message: unknown): unknown;
  fromJSON(json: unknown): unknown;
}

/** protobuf-ts's MessageType, as the generated code exports it for each message. */
interface ProtobufTsType {
  fromBinary(bytes: Uint8Array): unknown;
  toBinary(message: unknown): Uint8Array;
  toJson(message: unknown): unknown;
  fromJson(json: unknown): unknown;
  toJsonString(message: unknown): string;
  fromJsonString(text: string): unknown;
}

/** Loads the generated peer codecs from bench/gen/. */
export async function loadPeers(): Promise<Codec[]> {
  const gen = (path: string) => import(new URL(`./gen/${path}`, import.meta.url).href);
  const pbjs = (await gen("pbjs/kafka_grpc.js")) as {
    kafka_grpc: { GRPC_AttendantPayload: PbjsType };
  };
  const pbjsMinimal = (await import("protobufjs/minimal.js")) as unknown as {
    default: { util: { toJSONOptions: object } };
  };
  const tsProto = async (variant: string) =>
    ((await gen(`${variant}/kafka_grpc/kafka_grpc.ts`)) as { GRPCAttendantPayload: TsProtoFns })
      .GRPCAttendantPayload;
  const protobufTs = (await gen("protobuf-ts/kafka_grpc/kafka_grpc.ts")) as {
    GRPC_AttendantPayload: ProtobufTsType;
  };
  const P = pbjs.kafka_grpc.GRPC_AttendantPayload;
  const jsonOptions = pbjsMinimal.default.util.toJSONOptions;
  const tsProtoCodec = (name: string, note: string, T: TsProtoFns): Codec => ({
    name,
    note,
    decode: (bytes) => T.decode(bytes),
    encode: (message) => T.encode(message).finish(),
    toJsonString: (message) => JSON.stringify(T.toJSON(message)),
    fromJsonString: (text) => T.fromJSON(JSON.parse(text)),
    toJson: (message) => T.toJSON(message),
    fromJson: (json) => T.fromJSON(json),
  });
  const S = protobufTs.GRPC_AttendantPayload;
  return [
    {
      name: "protobufjs",
      note: "protobufjs 8.8.1 static code (protoc-gen-pbjs static-module), int64 as Long; JSON via toObject/fromObject",
      decode: (bytes) => P.decode(bytes),
      encode: (message) => P.encode(message as object).finish(),
      toJsonString: (message) => JSON.stringify(P.toObject(message as object, jsonOptions)),
      fromJsonString: (text) => P.fromObject(JSON.parse(text)),
      toJson: (message) => P.toObject(message as object, jsonOptions),
      fromJson: (json) => P.fromObject(json),
    },
    tsProtoCodec(
      "ts-proto-bigint",
      "ts-proto 2.18.0, forceLong=bigint, oneof=unions-value; JSON via toJSON/fromJSON",
      await tsProto("ts-proto"),
    ),
    tsProtoCodec(
      "ts-proto-number",
      "ts-proto 2.18.0, forceLong=number (int64 as a JS number), oneof=unions-value; JSON via toJSON/fromJSON",
      await tsProto("ts-proto-number"),
    ),
    {
      name: "protobuf-ts",
      note: "@protobuf-ts/plugin 2.11.1, optimize_speed, long_type_bigint; fromBinary, toBinary, toJson(String), fromJson(String)",
      decode: (bytes) => S.fromBinary(bytes),
      encode: (message) => S.toBinary(message),
      toJsonString: (message) => S.toJsonString(message),
      fromJsonString: (text) => S.fromJsonString(text),
      toJson: (message) => S.toJson(message),
      fromJson: (json) => S.fromJson(json),
    },
  ];
}
