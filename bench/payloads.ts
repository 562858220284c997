// The envelopes the benchmark measures, built from the fixtures: the four payloads the codec was
// tuned on (map entries that repeat the same ASCII strings), a varied twin of each (distinct map
// keys and values, German, Japanese and emoji text, short and long strings, kilobytes of bytes),
// an untuned set the code was never optimized against (the four shapes again from another seed,
// and four kinds no other payload has), and a Kafka batch of all 11 kinds. Map keys are inserted in sorted order, so that every codec
// (some keep insertion order, this library sorts) writes the same bytes and the agreement check
// can compare them byte for byte. Everything is deterministic: a seeded generator, no clock.
import { sampleMessage } from "../src/fixtures/index.js";
import {
  type CarECU,
  CarECUSchema,
  CarUpdateProgressSchema,
  createEnvelope,
  DTCEntrySchema,
  ECCKeySchema,
  EmumStatus,
  type EnvelopeKind,
  type GRPC_AttendantPayload,
  MessageStatusSchema,
  OrderSchema,
  UpdateManifestECUSchema,
  UpdateManifestFileSchema,
  UpdateManifestSchema,
} from "../src/index.js";

/**
 * The sets of payloads: `tuned`, what the code was optimized against; `varied`, their twins with
 * text and numbers of every kind; `untuned`, shapes and values the code was never tuned on.
 */
export type PayloadSet = "tuned" | "varied" | "untuned";

/** One benchmark payload: a short name, the envelope, and the set it belongs to. */
export interface Payload {
  readonly name: string;
  readonly envelope: GRPC_AttendantPayload;
  readonly set: PayloadSet;
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
      sampleMessage(UpdateManifestFileSchema, {
        fileId: `${prefix}-${i}-${f}-7425-40de-944b-e07fc1f90ae7`,
        filename: `${name.toLowerCase()}_${prefix}_${f}.bin`,
        url: `https://ota.example.com/v1/manifests/3107/files/${prefix}-${i}-${f}/${name.toLowerCase()}_${prefix}_${f}.bin?expires=1773480413&sig=Zk9x2Qb7`,
        order: f + 1,
      }),
    );
  const rollback = sampleMessage(UpdateManifestECUSchema, {
    name,
    id: BigInt(7100 + i),
    files: files("rollback"),
    rollback: [],
    eccKeys: sampleMessage(ECCKeySchema, { ecu: name }),
  });
  return sampleMessage(UpdateManifestECUSchema, {
    name,
    id: BigInt(7000 + i),
    files: files("app"),
    rollback: [rollback],
    eccKeys: sampleMessage(ECCKeySchema, { ecu: name }),
  });
}

/** The 4 tuned payloads, small to large, their 4 varied twins, then the 8 untuned ones. */
export function benchPayloads(): Payload[] {
  const ecus: Record<string, CarECU> = {};
  for (let i = 1; i <= 40; i++) {
    const ecu = `ECU-${String(i).padStart(2, "0")}`;
    ecus[ecu] = sampleMessage(CarECUSchema, {
      ecu,
      serialNumber: `SN24030004${String(i).padStart(2, "0")}`,
      vendor: "Continental Automotive GmbH",
      supplierSwVersion: "C4.1.0-0417-r2",
    });
  }
  return [
    {
      name: "carUpdateProgress",
      envelope: createEnvelope("carUpdateProgress", sampleMessage(CarUpdateProgressSchema), {
        handler: "ota.progress",
      }),
      set: "tuned",
    },
    {
      name: "dtcEntry",
      envelope: createEnvelope(
        "dtcEntry",
        sampleMessage(DTCEntrySchema, { snapshotBase64: snapshot() }),
        {
          handler: "ota.dtc",
        },
      ),
      set: "tuned",
    },
    {
      name: "updateManifest",
      envelope: createEnvelope(
        "updateManifest",
        sampleMessage(UpdateManifestSchema, {
          ecuUpdates: Array.from({ length: 6 }, (_, i) => manifestEcu(i + 1)),
        }),
        { handler: "ota.manifest" },
      ),
      set: "tuned",
    },
    {
      name: "carUpdateStatus",
      envelope: createEnvelope("carUpdateStatus", { ecus }, { handler: "ota.status" }),
      set: "tuned",
    },
    ...variedPayloads(),
    ...untunedPayloads(),
  ];
}

/** A seeded pseudo-random generator (mulberry32): the same sequence on every run and Node. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join("");
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(0, 255));
  const uuid = () =>
    `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`;
  /** An int64 past 2^32 (so a 5 to 8 byte varint) but below 2^53 (so exact as a JS number). */
  const big = () => BigInt(int(1, 2 ** 20)) * 2n ** 32n + BigInt(int(0, 2 ** 32 - 1));
  return { next, int, pick, hex, bytes, uuid, big };
}
type Random = ReturnType<typeof seededRandom>;

/** ECU names as suppliers and plants write them: ASCII, German, Japanese, with emoji. */
const ecuNames = [
  "BCM",
  "Motorsteuergerät",
  "Getriebesteuergerät (8HP)",
  "Lenkwinkelsensor-Überwachung",
  "Türsteuergerät vorne links",
  "エンジン制御ユニット",
  "バッテリー管理システム",
  "電動パワーステアリング",
  "🔋 BMS-HV",
  "🚗 Gateway-ZGW",
  "ADAS-Frontkamera",
  "Klimabedienteil Fond",
  "TCU",
  "Infotainment-Hauptgerät MIB3",
  "ドアモジュール右",
  "Luftfederung ⛰️",
] as const;
const vendors = [
  "Continental Automotive GmbH",
  "Robert Bosch GmbH",
  "ZF Friedrichshafen AG",
  "デンソー株式会社",
  "アイシン精機",
  "Hella KGaA Hueck & Co.",
  "Marelli",
  "LG Energy Solution 🇰🇷",
  "Valeo",
  "Brose Fahrzeugteile SE & Co. KG, Coburg",
] as const;
const infos = [
  "ok",
  "CRC-Prüfsumme in Block 96 fehlerhaft, erneuter Versuch (2 von 3)",
  "ブロック96のCRC不一致、再試行中（3回中2回目）",
  "flashing ⚡ 42 %",
  "Warte auf Zündung AUS 🔑",
  "Download unterbrochen: Netzwerk nicht verfügbar; nächster Versuch in 300 s. Fahrzeug steht auf Parkplatz P3, Ladezustand 78 %, Temperatur −4 °C",
  "",
  "verifying signature",
] as const;

/** A string of `n` characters drawn from a mix of ASCII, Latin-1, CJK and emoji. */
function mixedText(r: Random, n: number): string {
  const pieces = [
    "Fahrzeug",
    " ",
    "ä",
    "ö",
    "ü",
    "ß",
    "更新",
    "ソフトウェア",
    "🚙",
    "✅",
    "OTA",
    "ECU",
    ", ",
    ". ",
  ];
  let out = "";
  while (out.length < n) out += r.pick(pieces);
  return out;
}

function variedCarEcu(r: Random, ecu: string) {
  return sampleMessage(CarECUSchema, {
    vin: `WVWZZZ${r.hex(3).toUpperCase()}${r.int(10000000, 99999999)}`,
    ecu,
    swVersion: r.pick(["1.0", "4.1.0", "C4.1.0-0417-r2-hotfix.3", "2026.03.14+build.88741"]),
    serialNumber: `SN${r.hex(r.int(6, 20)).toUpperCase()}`,
    hwVersion: r.pick(["B2.0", "H", "HW-Rev. Ä3", "ハード版3"]),
    bootLoaderVersion: `${r.int(0, 9)}.${r.int(0, 99)}.${r.int(0, 999)}`,
    fingerprint: r.hex(r.pick([16, 40, 64, 128])),
    codeDataString: r.hex(r.int(2, 96)).toUpperCase(),
    vendor: r.pick(vendors),
    supplierSwVersion: `${r.pick(["C", "MG1-", "8HP-", "", "DS"])}${r.int(1, 9)}.${r.int(0, 99)}`,
    epochUsec: 1773000000000000n + BigInt(r.int(0, 2 ** 31)), // microseconds, below 2^53
    assyNumber: `${r.int(1, 9)}M${r.int(0, 9)}${r.int(100, 999)}${r.hex(3).toUpperCase()}`,
    createdAt: r.big(),
    updatedAt: r.big(),
  });
}

function variedManifestFile(r: Random, ecuId: bigint, name: string, f: number) {
  const fileId = r.uuid();
  const filename = `${name.replace(/\s+/g, "_")}_${r.pick(["app", "cal", "boot", "cfg"])}_${f}.bin`;
  return sampleMessage(UpdateManifestFileSchema, {
    fileId,
    manifestEcuId: ecuId,
    filename,
    url: `https://ota.example.com/v1/${r.pick(["files", "cdn/eu-central-1/blobs", "f"])}/${fileId}/${encodeURIComponent(filename)}${r.next() < 0.5 ? `?expires=${r.int(1e9, 2e9)}&sig=${r.hex(r.int(8, 120))}` : ""}`,
    fileSize: BigInt(r.int(1, 2 ** 31)),
    checksum: r.hex(64),
    type: r.pick(["bootloader", "software", "calibration", "other"]),
    order: f + 1,
    writeRegion: { offset: BigInt(r.int(0, 2 ** 24)), length: BigInt(r.int(1, 2 ** 22)) },
    eraseRegion: { offset: BigInt(r.int(0, 2 ** 24)), length: BigInt(r.int(1, 2 ** 22)) },
    fileKey: { fileId, error: r.next() < 0.7 ? "" : mixedText(r, r.int(5, 60)) },
    parsedFile: r.next() < 0.5,
    signature: Buffer.from(r.bytes(r.pick([64, 72, 256, 512]))).toString("base64"),
    compatibleTrims: ["EXTREME", "ULTRA", "SPORT"].slice(0, r.int(1, 3)),
    compatibleDriveSides: ["LEFT_HAND_DRIVE", "RIGHT_HAND_DRIVE"].slice(0, r.int(1, 2)),
    created: "2026-03-01T08:00:00Z",
    updated: `2026-03-${String(r.int(1, 28)).padStart(2, "0")}T${String(r.int(0, 23)).padStart(2, "0")}:05:00.${r.int(100, 999)}Z`,
  });
}

/** ECC keys with key material of realistic and larger sizes: 65 B points to 2 KiB certificates. */
function variedEccKey(r: Random, ecu: string) {
  const data = () => ({ data: r.bytes(r.pick([33, 65, 97, 512, 1024, 2048])) });
  return sampleMessage(ECCKeySchema, {
    ecu,
    env: r.pick(["production", "staging", "prod-eu", "開発"]),
    pubKeyLevel1: data(),
    pubKeyLevel2: data(),
    pubKeyLevel3: data(),
    level1: data(),
    level2: data(),
    level3: data(),
    created: r.big(),
    updated: r.big(),
  });
}

function variedManifestEcu(r: Random, name: string) {
  const id = r.big();
  const files = (n: number) =>
    Array.from({ length: n }, (_, f) => variedManifestFile(r, id, name, f));
  const fields = () => ({
    name,
    manifestId: r.big(),
    version: `${r.int(1, 20)}.${r.int(0, 99)}.${r.int(0, 999)}`,
    currentVersion: `${r.int(1, 20)}.${r.int(0, 99)}`,
    hwVersion: r.pick(["B2.0", "H", "HW-Rev. Ä3", "ハード版3"]),
    hwVersions: Array.from({ length: r.int(1, 6) }, () => `HW${r.int(1, 99)}.${r.int(0, 9)}`),
    configurationMask: `0x${r.hex(r.pick([2, 8, 32]))}`,
    configuration: `0x${r.hex(r.pick([2, 8, 32]))}`,
    selfDownload: r.next() < 0.5,
    mode: r.pick(["background", "foreground", "Werkstatt", "停車中"]),
    installPriority: r.int(1, 100),
    created: r.big(),
    updated: r.big(),
  });
  const rollback = sampleMessage(UpdateManifestECUSchema, {
    ...fields(),
    id: r.big(),
    files: files(r.int(1, 3)),
    rollback: [],
    eccKeys: variedEccKey(r, name),
  });
  return sampleMessage(UpdateManifestECUSchema, {
    ...fields(),
    id,
    files: files(r.int(1, 7)),
    rollback: [rollback],
    eccKeys: variedEccKey(r, name),
  });
}

/** The varied twin of each tuned payload. */
function variedPayloads(): Payload[] {
  const r = seededRandom(20261123);
  const ecus: Record<string, CarECU> = {};
  const keys = new Set<string>();
  while (keys.size < 40) keys.add(`${r.pick(ecuNames)}#${r.int(1, 999)}`);
  for (const key of [...keys].sort()) ecus[key] = variedCarEcu(r, key.split("#")[0] as string);
  return [
    {
      name: "carUpdateProgress, varied",
      envelope: createEnvelope(
        "carUpdateProgress",
        sampleMessage(CarUpdateProgressSchema, {
          fileCurrent: BigInt(r.int(1, 400)),
          fileTotal: 400n,
          pkgCurrent: r.big(),
          pkgTotal: r.big(),
          installedFiles: BigInt(r.int(0, 400)),
          totalFiles: 400n,
          carUpdateID: r.big(),
          ecu: "Getriebesteuergerät (8HP)",
          info: "ブロック96のCRC不一致、再試行中（3回中2回目）🔁",
          status: "wiederholen",
          errCode: BigInt(-r.int(1, 2 ** 30)),
        }),
        { handler: "ota.progress.ü" },
      ),
      set: "varied",
    },
    {
      name: "dtcEntry, varied",
      envelope: createEnvelope(
        "dtcEntry",
        sampleMessage(DTCEntrySchema, {
          createdAt: r.big(),
          vin: "JTDKB20U093012345",
          ecu: "電動パワーステアリング",
          dtc: BigInt(r.int(0, 2 ** 24)),
          timestamp: r.big(),
          speed: r.int(0, 250),
          mileage: r.int(2 ** 20, 2 ** 30),
          volt: r.int(0, 2 ** 31),
          snapshotBase64: Buffer.from(r.bytes(1536)).toString("base64"),
          status: r.int(0, 255),
        }),
        { handler: "ota.dtc" },
      ),
      set: "varied",
    },
    {
      name: "updateManifest, varied",
      envelope: createEnvelope(
        "updateManifest",
        sampleMessage(UpdateManifestSchema, {
          id: r.big(),
          name: "Frühjahrs-Update 2026 春のアップデート",
          version: "2026.03.14+build.88741",
          description: mixedText(r, 300),
          releaseNotes: mixedText(r, 2400),
          ecuList: [...ecuNames].slice(0, 8).join(","),
          fingerprint: r.hex(128),
          carUpdateId: r.big(),
          env: "prod-eu",
          country: "DE",
          ecuUpdates: ecuNames.slice(0, 6).map((name) => variedManifestEcu(r, name)),
          created: r.big(),
          updated: r.big(),
        }),
        { handler: "ota.manifest" },
      ),
      set: "varied",
    },
    {
      name: "carUpdateStatus, varied",
      envelope: createEnvelope("carUpdateStatus", { ecus }, { handler: "ota.status" }),
      set: "varied",
    },
  ];
}

/**
 * The untuned payloads: the four shapes of the tuned set built anew (every field of a progress
 * report set, a 200-byte freeze frame, a 6-ECU manifest, a 40-entry status map, all with values
 * of another seed), then a delivery status (an enum), a key set (bytes), an order (nested
 * messages, a repeated message) and a file key request (a repeated string).
 */
function untunedPayloads(): Payload[] {
  const r = seededRandom(4_2026);
  const text = (n: number) =>
    Array.from({ length: n }, () => r.pick(["a", "b", "7", "-", "X", "q"])).join("");
  const ecus: Record<string, CarECU> = {};
  const keys = new Set<string>();
  while (keys.size < 40) keys.add(`0x${r.hex(3).toUpperCase()}`);
  for (const key of [...keys].sort()) {
    ecus[key] = sampleMessage(CarECUSchema, {
      vin: `WF0XXX${r.hex(3).toUpperCase()}${r.int(10000000, 99999999)}`,
      ecu: key,
      swVersion: `${r.int(1, 30)}.${r.int(0, 99)}.${r.int(0, 999)}`,
      serialNumber: text(r.int(4, 24)),
      fingerprint: r.hex(40),
      vendor: text(r.int(3, 30)),
      epochUsec: BigInt(r.int(0, 2 ** 31)) * 1000n,
      createdAt: BigInt(r.int(0, 2 ** 31)),
      updatedAt: r.big(),
    });
  }
  const manifestEcu = (i: number) => {
    const id = BigInt(r.int(1, 99999));
    const files = (n: number) =>
      Array.from({ length: n }, (_, f) =>
        sampleMessage(UpdateManifestFileSchema, {
          fileId: r.uuid(),
          manifestEcuId: id,
          filename: `${text(8)}.bin`,
          url: `https://cdn.example.net/${r.hex(32)}`,
          fileSize: BigInt(r.int(1, 2 ** 30)),
          checksum: r.hex(64),
          order: f + 1,
        }),
      );
    const eccKeys = sampleMessage(ECCKeySchema, { ecu: `ECU_${i}`, level1: { data: r.bytes(65) } });
    const rollback = sampleMessage(UpdateManifestECUSchema, {
      name: `ECU_${i}`,
      id: r.big(),
      files: files(2),
      rollback: [],
      eccKeys,
    });
    return sampleMessage(UpdateManifestECUSchema, {
      name: `ECU_${i}`,
      id,
      files: files(r.int(2, 5)),
      rollback: [rollback],
      eccKeys,
    });
  };
  return [
    {
      name: "carUpdateProgress, every field",
      envelope: createEnvelope(
        "carUpdateProgress",
        sampleMessage(CarUpdateProgressSchema, {
          fileCurrent: BigInt(r.int(1, 99)),
          fileTotal: BigInt(r.int(100, 999)),
          pkgCurrent: BigInt(r.int(2 ** 20, 2 ** 31)),
          pkgTotal: r.big(),
          installedFiles: BigInt(r.int(1, 99)),
          totalFiles: BigInt(r.int(100, 999)),
          carUpdateID: r.big(),
          ecu: "ECU_7",
          info: text(40),
          status: "installing",
          errCode: BigInt(-r.int(1, 9999)),
        }),
        { handler: "progress" },
      ),
      set: "untuned",
    },
    {
      name: "dtcEntry, 200-byte snapshot",
      envelope: createEnvelope(
        "dtcEntry",
        sampleMessage(DTCEntrySchema, {
          createdAt: r.big(),
          dtc: BigInt(r.int(1, 2 ** 24)),
          timestamp: r.big(),
          speed: r.int(1, 250),
          mileage: r.int(1, 400000),
          volt: r.int(9000, 15000),
          snapshotBase64: Buffer.from(r.bytes(200)).toString("base64"),
          status: r.int(1, 255),
        }),
        { handler: "dtc" },
      ),
      set: "untuned",
    },
    {
      name: "updateManifest, 6 ECUs",
      envelope: createEnvelope(
        "updateManifest",
        sampleMessage(UpdateManifestSchema, {
          id: r.big(),
          carUpdateId: r.big(),
          ecuUpdates: Array.from({ length: 6 }, (_, i) => manifestEcu(i)),
        }),
        { handler: "manifest" },
      ),
      set: "untuned",
    },
    {
      name: "carUpdateStatus, 40 entries",
      envelope: createEnvelope("carUpdateStatus", { ecus }, { handler: "status" }),
      set: "untuned",
    },
    {
      name: "messageStatus",
      envelope: createEnvelope(
        "messageStatus",
        sampleMessage(MessageStatusSchema, { messageId: r.uuid(), status: EmumStatus.FAILED }),
        { handler: "status" },
      ),
      set: "untuned",
    },
    {
      name: "keys",
      envelope: createEnvelope(
        "keys",
        {
          eccKeys: Array.from({ length: 4 }, (_, i) =>
            sampleMessage(ECCKeySchema, {
              ecu: `ECU_${i}`,
              pubKeyLevel1: { data: r.bytes(65) },
              pubKeyLevel2: { data: r.bytes(33) },
              level1: { data: r.bytes(32) },
              created: r.big(),
            }),
          ),
        },
        { handler: "keys" },
      ),
      set: "untuned",
    },
    {
      name: "order",
      envelope: createEnvelope(
        "order",
        sampleMessage(OrderSchema, { specId: r.big(), orderNo: r.big(), msgIdentifier: r.uuid() }),
        { handler: "order" },
      ),
      set: "untuned",
    },
    {
      name: "fileKeyReq",
      envelope: createEnvelope(
        "fileKeyReq",
        { fileIDs: Array.from({ length: 12 }, () => r.uuid()) },
        { handler: "keys" },
      ),
      set: "untuned",
    },
  ];
}

/**
 * The shares of the 11 kinds in the Kafka batch, per 1000 records: progress reports and delivery
 * statuses dominate a fleet's traffic, diagnostics follow, manifests and key sets are rare.
 */
export const batchShares: Readonly<Record<EnvelopeKind, number>> = {
  carUpdateProgress: 380,
  messageStatus: 200,
  dtcEntry: 150,
  carUpdateStatus: 60,
  updateGet: 50,
  carUpdateRequest: 40,
  updateApprove: 35,
  fileKeyReq: 35,
  order: 25,
  keys: 15,
  updateManifest: 10,
};

/** One record of the batch: a new envelope of `kind`, its values drawn from `r`. */
function batchEnvelope(r: Random, kind: EnvelopeKind): GRPC_AttendantPayload {
  const handler = `ota.${kind}`;
  const vin = `WVWZZZ${r.hex(3).toUpperCase()}${r.int(10000000, 99999999)}`;
  switch (kind) {
    case "carUpdateProgress":
      return createEnvelope(
        kind,
        sampleMessage(CarUpdateProgressSchema, {
          fileCurrent: BigInt(r.int(1, 40)),
          fileTotal: 40n,
          pkgCurrent: BigInt(r.int(0, 2 ** 31)),
          pkgTotal: BigInt(2 ** 31),
          installedFiles: BigInt(r.int(0, 40)),
          totalFiles: 40n,
          carUpdateID: r.big(),
          ecu: r.pick(ecuNames),
          info: r.pick(infos),
          status: r.pick(["downloading", "installing", "retrying", "done", "failed", "wartend"]),
          errCode: BigInt(r.next() < 0.8 ? 0 : r.int(1, 500)),
        }),
        { handler },
      );
    case "messageStatus":
      return createEnvelope(
        kind,
        sampleMessage(MessageStatusSchema, {
          messageId: r.uuid(),
          status: r.pick([EmumStatus.DELIVERED, EmumStatus.TIMEOUT, EmumStatus.FAILED]),
        }),
        { handler },
      );
    case "dtcEntry":
      return createEnvelope(
        kind,
        sampleMessage(DTCEntrySchema, {
          createdAt: r.big(),
          vin,
          ecu: r.pick(ecuNames),
          dtc: BigInt(r.int(0, 2 ** 24)),
          timestamp: r.big(),
          speed: r.int(0, 250),
          mileage: r.int(0, 400000),
          volt: r.int(9000, 15000),
          snapshotBase64: Buffer.from(r.bytes(r.pick([16, 48, 150, 600]))).toString("base64"),
          status: r.int(0, 255),
        }),
        { handler },
      );
    case "carUpdateStatus": {
      const ecus: Record<string, CarECU> = {};
      const keys = new Set<string>();
      const n = r.int(3, 40);
      while (keys.size < n) keys.add(`${r.pick(ecuNames)}#${r.int(1, 99)}`);
      for (const key of [...keys].sort()) ecus[key] = variedCarEcu(r, key.split("#")[0] as string);
      return createEnvelope(kind, { ecus }, { handler });
    }
    case "updateGet":
      return createEnvelope(kind, { vin }, { handler });
    case "carUpdateRequest":
      return createEnvelope(kind, { carUpdateId: r.big() }, { handler });
    case "updateApprove":
      return createEnvelope(kind, { id: r.big() }, { handler });
    case "fileKeyReq":
      return createEnvelope(
        kind,
        { fileIDs: Array.from({ length: r.int(1, 12) }, () => r.uuid()) },
        { handler },
      );
    case "order":
      return createEnvelope(
        kind,
        sampleMessage(OrderSchema, { specId: r.big(), orderNo: r.big(), msgIdentifier: r.uuid() }),
        { handler },
      );
    case "keys":
      return createEnvelope(
        kind,
        { eccKeys: Array.from({ length: r.int(1, 6) }, () => variedEccKey(r, r.pick(ecuNames))) },
        { handler },
      );
    case "updateManifest":
      return createEnvelope(
        kind,
        sampleMessage(UpdateManifestSchema, {
          id: r.big(),
          releaseNotes: mixedText(r, r.int(0, 2000)),
          ecuUpdates: Array.from({ length: r.int(1, 6) }, () =>
            variedManifestEcu(r, r.pick(ecuNames)),
          ),
        }),
        { handler },
      );
  }
}

/** `count` envelopes of all 11 kinds in the given shares ({@link batchShares} by default), shuffled. */
export function batchEnvelopes(
  count: number,
  shares: Readonly<Record<EnvelopeKind, number>> = batchShares,
): GRPC_AttendantPayload[] {
  const r = seededRandom(17);
  const kinds = Object.keys(shares) as EnvelopeKind[];
  const total = kinds.reduce((sum, kind) => sum + shares[kind], 0);
  const envelopes: GRPC_AttendantPayload[] = [];
  for (let i = 0; i < count; i++) {
    let x = r.next() * total;
    let kind = kinds[0] as EnvelopeKind;
    for (const k of kinds) {
      x -= shares[k];
      if (x < 0) {
        kind = k;
        break;
      }
    }
    envelopes.push(batchEnvelope(r, kind));
  }
  return envelopes;
}
