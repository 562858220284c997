// The four envelopes the benchmark measures, built from the fixtures. Map keys are inserted in
// sorted order, so that every codec (some keep insertion order, this library sorts) writes the
// same bytes and the agreement check can compare them byte for byte.
import {
  sampleCarECU,
  sampleCarUpdateProgress,
  sampleDTCEntry,
  sampleECCKey,
  sampleUpdateManifest,
  sampleUpdateManifestECU,
  sampleUpdateManifestFile,
} from "../src/fixtures/index.js";
import { createEnvelope, type GRPC_AttendantPayload } from "../src/index.js";

/** One benchmark payload: a short name, and the envelope. */
export interface Payload {
  readonly name: string;
  readonly envelope: GRPC_AttendantPayload;
}

/** 150 deterministic bytes, as 200 characters of base64: a freeze frame of a DTC. */
function snapshot(): string {
  const bytes = Uint8Array.from({ length: 150 }, (_, i) => (i * 37 + 11) & 0xff);
  return Buffer.from(bytes).toString("base64");
}

/** A manifest ECU with 4 files, ECC keys and one rollback ECU (with files of its own). */
function manifestEcu(i: number) {
  const name = `ECU${i}`;
  const files = (prefix: string) =>
    Array.from({ length: 4 }, (_, f) =>
      sampleUpdateManifestFile({
        fileId: `${prefix}-${i}-${f}-7425-40de-944b-e07fc1f90ae7`,
        filename: `${name.toLowerCase()}_${prefix}_${f}.bin`,
        url: `https://ota.example.com/v1/manifests/3107/files/${prefix}-${i}-${f}/${name.toLowerCase()}_${prefix}_${f}.bin?expires=1773480413&sig=Zk9x2Qb7`,
        order: f + 1,
      }),
    );
  const rollback = sampleUpdateManifestECU({
    name,
    id: BigInt(7100 + i),
    files: files("rollback"),
    rollback: [],
    eccKeys: sampleECCKey({ ecu: name }),
  });
  return sampleUpdateManifestECU({
    name,
    id: BigInt(7000 + i),
    files: files("app"),
    rollback: [rollback],
    eccKeys: sampleECCKey({ ecu: name }),
  });
}

/** The 4 payloads, small to large. */
export function benchPayloads(): Payload[] {
  const ecus: Record<string, ReturnType<typeof sampleCarECU>> = {};
  for (let i = 1; i <= 40; i++) {
    const ecu = `ECU-${String(i).padStart(2, "0")}`;
    ecus[ecu] = sampleCarECU({
      ecu,
      serialNumber: `SN24030004${String(i).padStart(2, "0")}`,
      vendor: "Continental Automotive GmbH",
      supplierSwVersion: "C4.1.0-0417-r2",
    });
  }
  return [
    {
      name: "carUpdateProgress",
      envelope: createEnvelope("carUpdateProgress", sampleCarUpdateProgress(), {
        handler: "ota.progress",
      }),
    },
    {
      name: "dtcEntry",
      envelope: createEnvelope("dtcEntry", sampleDTCEntry({ snapshotBase64: snapshot() }), {
        handler: "ota.dtc",
      }),
    },
    {
      name: "updateManifest",
      envelope: createEnvelope(
        "updateManifest",
        sampleUpdateManifest({
          ecuUpdates: Array.from({ length: 6 }, (_, i) => manifestEcu(i + 1)),
        }),
        { handler: "ota.manifest" },
      ),
    },
    {
      name: "carUpdateStatus",
      envelope: createEnvelope("carUpdateStatus", { ecus }, { handler: "ota.status" }),
    },
  ];
}
