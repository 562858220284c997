import fc, { type Arbitrary } from "fast-check";
import type { MessageName, MessageType } from "../fixtures/message-name.js";
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
  type EnvelopeKind,
  type EnvelopeOf,
  encodeEnvelope,
  type FeatureCodes,
  FeatureCodesSchema,
  type FileKeyResponse,
  FileKeyResponseSchema,
  type FileKeysRequest,
  FileKeysRequestSchema,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
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
import { arbitraryMessage } from "./arbitrary-message.js";
import { string } from "./edge-arbitraries.js";

// One named arbitrary per message, each the generic arbitraryMessage() of its schema: the values
// follow the descriptors, and these functions only give them names to import.

/** Generates a {@link BineryHex}: its `data` empty, 1 to 64 bytes, or 128 to 300. */
export function arbitraryBineryHex(): Arbitrary<BineryHex> {
  return arbitraryMessage(BineryHexSchema);
}

/** Generates a {@link CarECU}, with `createdAt` and `updatedAt` present or absent. */
export function arbitraryCarECU(): Arbitrary<CarECU> {
  return arbitraryMessage(CarECUSchema);
}

/** Generates a {@link CarUpdateProgress}, its counters reaching the int64 and uint64 edges. */
export function arbitraryCarUpdateProgress(): Arbitrary<CarUpdateProgress> {
  return arbitraryMessage(CarUpdateProgressSchema);
}

/** Generates a {@link CarUpdateRequest}. */
export function arbitraryCarUpdateRequest(): Arbitrary<CarUpdateRequest> {
  return arbitraryMessage(CarUpdateRequestSchema);
}

/** Generates a {@link CarUpdateStatus}: a map of ECUs, empty, small or with 10 to 16 keys. */
export function arbitraryCarUpdateStatus(): Arbitrary<CarUpdateStatus> {
  return arbitraryMessage(CarUpdateStatusSchema);
}

/** Generates a {@link DTCEntry}. */
export function arbitraryDTCEntry(): Arbitrary<DTCEntry> {
  return arbitraryMessage(DTCEntrySchema);
}

/** Generates an {@link ECCKey}, each optional key and time present or absent. */
export function arbitraryECCKey(): Arbitrary<ECCKey> {
  return arbitraryMessage(ECCKeySchema);
}

/** Generates an {@link ECCKeys}: no, a few or 8+ keys. */
export function arbitraryECCKeys(): Arbitrary<ECCKeys> {
  return arbitraryMessage(ECCKeysSchema);
}

/** Generates a {@link FeatureCodes}. */
export function arbitraryFeatureCodes(): Arbitrary<FeatureCodes> {
  return arbitraryMessage(FeatureCodesSchema);
}

/** Generates a {@link FileKeyResponse}. Its secret fields hold arbitrary strings. */
export function arbitraryFileKeyResponse(): Arbitrary<FileKeyResponse> {
  return arbitraryMessage(FileKeyResponseSchema);
}

/** Generates a {@link FileKeysRequest}: no, a few or 16+ file ids. */
export function arbitraryFileKeysRequest(): Arbitrary<FileKeysRequest> {
  return arbitraryMessage(FileKeysRequestSchema);
}

/** Generates a {@link MemoryRegion}. */
export function arbitraryMemoryRegion(): Arbitrary<MemoryRegion> {
  return arbitraryMessage(MemoryRegionSchema);
}

/** Generates a {@link MessageStatus} whose `status` is DELIVERED, TIMEOUT, FAILED or an enum
 * number this schema does not know (3, 99, -1, 2^31 - 1, -2^31, any int32). */
export function arbitraryMessageStatus(): Arbitrary<MessageStatus> {
  return arbitraryMessage(MessageStatusSchema);
}

/** Generates an {@link Order}, its `VehicleSpecification` present or absent. */
export function arbitraryOrder(): Arbitrary<Order> {
  return arbitraryMessage(OrderSchema);
}

/** Generates an {@link UpdateData}. */
export function arbitraryUpdateData(): Arbitrary<UpdateData> {
  return arbitraryMessage(UpdateDataSchema);
}

/** Generates an {@link UpdateManifest} with no, a few or 4+ ECUs. */
export function arbitraryUpdateManifest(): Arbitrary<UpdateManifest> {
  return arbitraryMessage(UpdateManifestSchema);
}

/** Generates an {@link UpdateManifestECU} whose `rollback` list nests further ECUs, at most 3
 * levels deep; deeper levels are ever more likely to have no rollback. */
export function arbitraryUpdateManifestECU(): Arbitrary<UpdateManifestECU> {
  return arbitraryMessage(UpdateManifestECUSchema);
}

/** Generates an {@link UpdateManifestFile}, each message field and optional field present or
 * absent. */
export function arbitraryUpdateManifestFile(): Arbitrary<UpdateManifestFile> {
  return arbitraryMessage(UpdateManifestFileSchema);
}

/** Generates a {@link VehicleData}. */
export function arbitraryVehicleData(): Arbitrary<VehicleData> {
  return arbitraryMessage(VehicleDataSchema);
}

/** Generates a {@link VehicleSpecification} with no, a few or 16+ feature codes. */
export function arbitraryVehicleSpecification(): Arbitrary<VehicleSpecification> {
  return arbitraryMessage(VehicleSpecificationSchema);
}

/**
 * The named arbitrary of each message of the contract, by message name. Typed from the generated
 * schemas: a message added to the proto fails to compile here until it has a named arbitrary.
 */
export const messageArbitraries: {
  readonly [N in MessageName]: () => Arbitrary<MessageType<N>>;
} = {
  GRPC_AttendantPayload: arbitraryEnvelope,
  BineryHex: arbitraryBineryHex,
  CarECU: arbitraryCarECU,
  CarUpdateProgress: arbitraryCarUpdateProgress,
  CarUpdateRequest: arbitraryCarUpdateRequest,
  CarUpdateStatus: arbitraryCarUpdateStatus,
  DTCEntry: arbitraryDTCEntry,
  ECCKey: arbitraryECCKey,
  ECCKeys: arbitraryECCKeys,
  FeatureCodes: arbitraryFeatureCodes,
  FileKeyResponse: arbitraryFileKeyResponse,
  FileKeysRequest: arbitraryFileKeysRequest,
  MemoryRegion: arbitraryMemoryRegion,
  MessageStatus: arbitraryMessageStatus,
  Order: arbitraryOrder,
  UpdateData: arbitraryUpdateData,
  UpdateManifest: arbitraryUpdateManifest,
  UpdateManifestECU: arbitraryUpdateManifestECU,
  UpdateManifestFile: arbitraryUpdateManifestFile,
  VehicleData: arbitraryVehicleData,
  VehicleSpecification: arbitraryVehicleSpecification,
};

/** The `Data` member of kind `kind`, looked up in the envelope's oneof. */
function memberField(kind: string) {
  return GRPC_AttendantPayloadSchema.oneofs[0]?.fields.find((field) => field.localName === kind);
}

/**
 * Generates envelopes carrying a member of `kind`, with any `handler`. `Data` is always set, so
 * every value passes `encodeEnvelope` and `decodeEnvelope` with their defaults.
 *
 * Throws a CodecError with code `invalid_argument` for a kind that is not a member of `Data`.
 *
 * ```ts
 * fc.assert(fc.property(arbitraryEnvelopeOf("dtcEntry"), (envelope) => {
 *   expect(handle(envelope)).toBeDefined();
 * }));
 * ```
 */
export function arbitraryEnvelopeOf<K extends EnvelopeKind>(kind: K): Arbitrary<EnvelopeOf<K>> {
  const member = memberField(kind)?.message;
  // createEnvelope rejects a kind that is not a member, with a CodecError.
  if (member === undefined) return fc.constant(createEnvelope(kind));
  return fc
    .record({ handler: string(), value: arbitraryMessage(member) })
    .map(({ handler, value }) => createEnvelope(kind, value as never, { handler }));
}

/**
 * Generates envelopes of any kind of the `Data` oneof, each equally likely, with any `handler`.
 * `Data` is always set.
 *
 * ```ts
 * fc.assert(fc.property(arbitraryEnvelope(), (envelope) => {
 *   const back = decodeEnvelope(encodeEnvelope(envelope));
 *   return equals(GRPC_AttendantPayloadSchema, back, envelope);
 * }));
 * ```
 */
export function arbitraryEnvelope(): Arbitrary<GRPC_AttendantPayload> {
  const kinds = GRPC_AttendantPayloadSchema.oneofs[0]?.fields ?? [];
  return fc.oneof(...kinds.map((field) => arbitraryEnvelopeOf(field.localName as EnvelopeKind)));
}

/** Generates the protobuf binary of {@link arbitraryEnvelope} values, made by `encodeEnvelope`. */
export function arbitraryEnvelopeBytes(): Arbitrary<Uint8Array> {
  return arbitraryEnvelope().map((envelope) => encodeEnvelope(envelope));
}
