import { create } from "@bufbuild/protobuf";
import fc, { type Arbitrary } from "fast-check";
import {
  type BineryHex,
  BineryHexSchema,
  type CarECU,
  CarECUSchema,
  type CarUpdateProgress,
  CarUpdateProgressSchema,
  type CarUpdateRequest,
  CarUpdateRequestSchema,
  type CarUpdateStatus,
  CarUpdateStatusSchema,
  createEnvelope,
  type DTCEntry,
  DTCEntrySchema,
  type ECCKey,
  ECCKeySchema,
  type ECCKeys,
  ECCKeysSchema,
  type EnvelopeData,
  type EnvelopeKind,
  type EnvelopeOf,
  encodeEnvelope,
  envelopeKinds,
  type FeatureCodes,
  FeatureCodesSchema,
  type FileKeyResponse,
  FileKeyResponseSchema,
  type FileKeysRequest,
  FileKeysRequestSchema,
  type GRPC_AttendantPayload,
  type MemoryRegion,
  MemoryRegionSchema,
  type MessageStatus,
  MessageStatusSchema,
  type Order,
  OrderSchema,
  type UpdateData,
  UpdateDataSchema,
  type UpdateManifest,
  type UpdateManifestECU,
  UpdateManifestECUSchema,
  type UpdateManifestFile,
  UpdateManifestFileSchema,
  UpdateManifestSchema,
  type VehicleData,
  VehicleDataSchema,
  type VehicleSpecification,
  VehicleSpecificationSchema,
} from "../index.js";
import {
  bool,
  bytes,
  enumNumber,
  int32,
  int64,
  list,
  optional,
  string,
  stringMap,
  uint32,
  uint64,
} from "./edge-arbitraries.js";

// Every arbitrary yields messages made with create(), so `$typeName` is set and fields missing
// from the record take their zero values. Scalars reach the edges of their types (see
// edge-arbitraries.ts), optional fields are present or absent, lists are empty, short or long,
// the map is empty, small or has 10+ entries.

/** Generates a {@link BineryHex}: empty or up to 64 bytes. */
export function arbitraryBineryHex(): Arbitrary<BineryHex> {
  return fc.record({ data: bytes() }).map((init) => create(BineryHexSchema, init));
}

/** Generates a {@link CarECU}, with `createdAt` and `updatedAt` present or absent. */
export function arbitraryCarECU(): Arbitrary<CarECU> {
  return fc
    .record({
      vin: string(),
      ecu: string(),
      swVersion: string(),
      serialNumber: string(),
      hwVersion: string(),
      bootLoaderVersion: string(),
      fingerprint: string(),
      codeDataString: string(),
      vendor: string(),
      supplierSwVersion: string(),
      epochUsec: int64(),
      assyNumber: string(),
      createdAt: optional(int64()),
      updatedAt: optional(int64()),
    })
    .map((init) => create(CarECUSchema, init));
}

/** Generates a {@link CarUpdateStatus}: a map of ECUs, empty, small or with 10 to 16 keys. */
export function arbitraryCarUpdateStatus(): Arbitrary<CarUpdateStatus> {
  return fc
    .record({ ecus: stringMap(arbitraryCarECU()) })
    .map((init) => create(CarUpdateStatusSchema, init));
}

/** Generates a {@link CarUpdateProgress}. */
export function arbitraryCarUpdateProgress(): Arbitrary<CarUpdateProgress> {
  return fc
    .record({
      fileCurrent: uint64(),
      fileTotal: uint64(),
      pkgCurrent: uint64(),
      pkgTotal: uint64(),
      installedFiles: int64(),
      totalFiles: int64(),
      carUpdateID: int64(),
      ecu: string(),
      info: string(),
      status: string(),
      errCode: int64(),
    })
    .map((init) => create(CarUpdateProgressSchema, init));
}

/** Generates a {@link FileKeysRequest}: no, a few or 16+ file ids. */
export function arbitraryFileKeysRequest(): Arbitrary<FileKeysRequest> {
  return fc
    .record({ fileIDs: list(string(), 16) })
    .map((init) => create(FileKeysRequestSchema, init));
}

/** Generates a {@link DTCEntry}. */
export function arbitraryDTCEntry(): Arbitrary<DTCEntry> {
  return fc
    .record({
      createdAt: int64(),
      vin: string(),
      ecu: string(),
      dtc: uint64(),
      timestamp: int64(),
      speed: uint32(),
      mileage: uint32(),
      volt: uint32(),
      snapshotBase64: string(),
      status: uint32(),
    })
    .map((init) => create(DTCEntrySchema, init));
}

/** Generates an {@link ECCKey}, each optional key and time present or absent. */
export function arbitraryECCKey(): Arbitrary<ECCKey> {
  return fc
    .record({
      ecu: string(),
      env: string(),
      pubKeyLevel1: optional(arbitraryBineryHex()),
      pubKeyLevel2: optional(arbitraryBineryHex()),
      pubKeyLevel3: optional(arbitraryBineryHex()),
      level1: optional(arbitraryBineryHex()),
      level2: optional(arbitraryBineryHex()),
      level3: optional(arbitraryBineryHex()),
      created: optional(int64()),
      updated: optional(int64()),
    })
    .map((init) => create(ECCKeySchema, init));
}

/** Generates an {@link ECCKeys}: no, a few or 10+ keys. */
export function arbitraryECCKeys(): Arbitrary<ECCKeys> {
  return fc
    .record({ eccKeys: list(arbitraryECCKey(), 10) })
    .map((init) => create(ECCKeysSchema, init));
}

/** Generates an {@link UpdateData}. */
export function arbitraryUpdateData(): Arbitrary<UpdateData> {
  return fc.record({ id: int64() }).map((init) => create(UpdateDataSchema, init));
}

/** Generates a {@link VehicleData}. */
export function arbitraryVehicleData(): Arbitrary<VehicleData> {
  return fc.record({ vin: string() }).map((init) => create(VehicleDataSchema, init));
}

/**
 * Generates a {@link MessageStatus} whose `status` is DELIVERED, TIMEOUT, FAILED or an enum
 * number this schema does not know (3, 99, -1, 2^31 - 1, any int32).
 */
export function arbitraryMessageStatus(): Arbitrary<MessageStatus> {
  return fc
    .record({ messageId: string(), status: enumNumber() })
    .map((init) => create(MessageStatusSchema, init));
}

/** Generates a {@link MemoryRegion}. */
export function arbitraryMemoryRegion(): Arbitrary<MemoryRegion> {
  return fc
    .record({ offset: uint64(), length: uint64() })
    .map((init) => create(MemoryRegionSchema, init));
}

/** Generates a {@link FileKeyResponse}. Its secret fields hold arbitrary strings. */
export function arbitraryFileKeyResponse(): Arbitrary<FileKeyResponse> {
  return fc
    .record({ fileId: string(), key: string(), auth: string(), nonce: string(), error: string() })
    .map((init) => create(FileKeyResponseSchema, init));
}

/** Generates an {@link UpdateManifestFile}, each message field and optional field present or absent. */
export function arbitraryUpdateManifestFile(): Arbitrary<UpdateManifestFile> {
  return fc
    .record({
      fileId: string(),
      manifestEcuId: int64(),
      filename: string(),
      url: string(),
      fileSize: uint64(),
      checksum: string(),
      type: string(),
      order: int32(),
      writeRegion: optional(arbitraryMemoryRegion()),
      eraseRegion: optional(arbitraryMemoryRegion()),
      fileKey: optional(arbitraryFileKeyResponse()),
      parsedFile: optional(bool()),
      signature: string(),
      compatibleTrims: list(string(), 16),
      compatibleDriveSides: list(string(), 16),
      created: optional(string()),
      updated: optional(string()),
    })
    .map((init) => create(UpdateManifestFileSchema, init));
}

/**
 * Generates an {@link UpdateManifestECU} whose `rollback` list nests further ECUs, at most 3
 * levels deep; deeper levels are ever more likely to have no rollback.
 */
export function arbitraryUpdateManifestECU(): Arbitrary<UpdateManifestECU> {
  const noRollback = fc
    .array(fc.constant(null), { maxLength: 0 })
    .map((): UpdateManifestECU[] => []);
  return fc.letrec<{ ecu: UpdateManifestECU }>((tie) => ({
    ecu: fc
      .record({
        id: int64(),
        manifestId: int64(),
        name: string(),
        version: string(),
        currentVersion: string(),
        hwVersion: string(),
        hwVersions: list(string(), 16),
        configurationMask: string(),
        configuration: string(),
        selfDownload: bool(),
        mode: string(),
        files: list(arbitraryUpdateManifestFile(), 8),
        rollback: fc.oneof(
          { depthSize: "small", maxDepth: 3, withCrossShrink: true },
          noRollback,
          fc.array(tie("ecu"), { minLength: 1, maxLength: 2 }),
        ),
        eccKeys: optional(arbitraryECCKey()),
        installPriority: int32(),
        created: optional(int64()),
        updated: optional(int64()),
      })
      .map((init) => create(UpdateManifestECUSchema, init)),
  })).ecu;
}

/** Generates an {@link UpdateManifest} with no, a few or 4+ ECUs. */
export function arbitraryUpdateManifest(): Arbitrary<UpdateManifest> {
  return fc
    .record({
      id: int64(),
      name: string(),
      version: string(),
      description: string(),
      releaseNotes: string(),
      ecuList: string(),
      ecuUpdates: list(arbitraryUpdateManifestECU(), 4),
      fingerprint: string(),
      carUpdateId: int64(),
      rollback: bool(),
      type: string(),
      vod: string(),
      manifestType: int32(),
      active: optional(bool()),
      country: string(),
      powertrain: string(),
      restraint: string(),
      model: string(),
      trim: string(),
      year: int32(),
      bodyType: string(),
      sums: string(),
      env: string(),
      updateDuration: int32(),
      maxAttempts: int32(),
      created: optional(int64()),
      updated: optional(int64()),
    })
    .map((init) => create(UpdateManifestSchema, init));
}

/** Generates a {@link FeatureCodes}. */
export function arbitraryFeatureCodes(): Arbitrary<FeatureCodes> {
  return fc
    .record({ familyCode: string(), featureCode: string() })
    .map((init) => create(FeatureCodesSchema, init));
}

/** Generates a {@link VehicleSpecification} with no, a few or 16+ feature codes. */
export function arbitraryVehicleSpecification(): Arbitrary<VehicleSpecification> {
  return fc
    .record({
      orderId: string(),
      productId: string(),
      vehicleId: string(),
      mfPlant: string(),
      modelType: string(),
      modelId: int64(),
      modelYear: int64(),
      sn: string(),
      version: int64(),
      model: string(),
      vinPre: string(),
      destCon: string(),
      feature: list(arbitraryFeatureCodes(), 16),
      date: int64(),
      fOrderId: string(),
    })
    .map((init) => create(VehicleSpecificationSchema, init));
}

/** Generates an {@link Order}, its `VehicleSpecification` present or absent. */
export function arbitraryOrder(): Arbitrary<Order> {
  return fc
    .record({
      specId: int64(),
      orderNo: int64(),
      msgIdentifier: string(),
      VehicleSpecification: optional(arbitraryVehicleSpecification()),
    })
    .map((init) => create(OrderSchema, init));
}

/** Generates a {@link CarUpdateRequest}. */
export function arbitraryCarUpdateRequest(): Arbitrary<CarUpdateRequest> {
  return fc.record({ carUpdateId: int64() }).map((init) => create(CarUpdateRequestSchema, init));
}

const memberArbitraries: { readonly [K in EnvelopeKind]: () => Arbitrary<EnvelopeData<K>> } = {
  carUpdateStatus: arbitraryCarUpdateStatus,
  carUpdateProgress: arbitraryCarUpdateProgress,
  fileKeyReq: arbitraryFileKeysRequest,
  keys: arbitraryECCKeys,
  updateApprove: arbitraryUpdateData,
  updateGet: arbitraryVehicleData,
  updateManifest: arbitraryUpdateManifest,
  order: arbitraryOrder,
  messageStatus: arbitraryMessageStatus,
  dtcEntry: arbitraryDTCEntry,
  carUpdateRequest: arbitraryCarUpdateRequest,
};

/**
 * Generates envelopes carrying a member of `kind`, with any `handler`. `Data` is always set, so
 * every value passes `encodeEnvelope` and `decodeEnvelope` with their defaults.
 *
 * ```ts
 * fc.assert(fc.property(arbitraryEnvelopeOf("dtcEntry"), (envelope) => {
 *   expect(handle(envelope)).toBeDefined();
 * }));
 * ```
 */
export function arbitraryEnvelopeOf<K extends EnvelopeKind>(kind: K): Arbitrary<EnvelopeOf<K>> {
  const member = memberArbitraries[kind] as () => Arbitrary<EnvelopeData<K>>;
  return fc
    .record({ handler: string(), value: member() })
    .map(({ handler, value }) => createEnvelope(kind, value as never, { handler }));
}

/**
 * Generates envelopes of any of the 11 kinds, each equally likely, with any `handler`. `Data` is
 * always set.
 *
 * ```ts
 * fc.assert(fc.property(arbitraryEnvelope(), (envelope) => {
 *   const back = decodeEnvelope(encodeEnvelope(envelope));
 *   return equals(GRPC_AttendantPayloadSchema, back, envelope);
 * }));
 * ```
 */
export function arbitraryEnvelope(): Arbitrary<GRPC_AttendantPayload> {
  return fc.oneof(...envelopeKinds.map((kind) => arbitraryEnvelopeOf(kind)));
}

/** Generates the protobuf binary of {@link arbitraryEnvelope} values, made by `encodeEnvelope`. */
export function arbitraryEnvelopeBytes(): Arbitrary<Uint8Array> {
  return arbitraryEnvelope().map((envelope) => encodeEnvelope(envelope));
}
