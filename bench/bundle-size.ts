// Bundle sizes of "decode an envelope and narrow it" for each codec: an entry that imports only
// what that takes, bundled by esbuild for the browser (minified, ESM) and gzipped at level 9.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = new URL("../", import.meta.url).pathname;

/** The entries: each decodes an envelope and returns the DTC of a dtcEntry member. */
const entries: Record<string, string> = {
  "vehicle-update-codec": `
    import { decodeEnvelope, isEnvelopeOf } from "./src/index.ts";
    export function dtc(bytes) {
      const envelope = decodeEnvelope(bytes);
      return isEnvelopeOf(envelope, "dtcEntry") ? envelope.Data.value.dtc : undefined;
    }`,
  "protobuf-es": `
    import { fromBinary } from "@bufbuild/protobuf";
    import { GRPC_AttendantPayloadSchema } from "./gen/kafka_grpc/kafka_grpc_pb.ts";
    export function dtc(bytes) {
      const envelope = fromBinary(GRPC_AttendantPayloadSchema, bytes);
      return envelope.Data.case === "dtcEntry" ? envelope.Data.value.dtc : undefined;
    }`,
  "protobufjs (static, decode only)": `
    import { kafka_grpc } from "./bench/gen/pbjs-decode/kafka_grpc.js";
    export function dtc(bytes) {
      const envelope = kafka_grpc.GRPC_AttendantPayload.decode(bytes);
      return envelope.Data === "dtcEntry" ? envelope.dtcEntry.dtc : undefined;
    }`,
  "ts-proto (decode only)": `
    import { GRPCAttendantPayload } from "./bench/gen/ts-proto-decode/kafka_grpc/kafka_grpc.ts";
    export function dtc(bytes) {
      const envelope = GRPCAttendantPayload.decode(bytes);
      return envelope.Data?.$case === "dtcEntry" ? envelope.Data.value.dtc : undefined;
    }`,
};

/** One measured bundle. */
export interface BundleSize {
  readonly name: string;
  readonly minified: number;
  readonly gzipped: number;
}

/** Bundles and measures every entry. */
export async function bundleSizes(): Promise<BundleSize[]> {
  const sizes: BundleSize[] = [];
  for (const [name, contents] of Object.entries(entries)) {
    const result = await build({
      stdin: { contents, resolveDir: root, loader: "ts", sourcefile: "entry.ts" },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
      logLevel: "silent",
    });
    const code = (result.outputFiles[0] as { contents: Uint8Array }).contents;
    sizes.push({ name, minified: code.length, gzipped: gzipSync(code, { level: 9 }).length });
  }
  return sizes;
}
