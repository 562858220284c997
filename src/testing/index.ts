// "./testing": fast-check arbitraries for the envelope and every kafka_grpc message, derived from
// the descriptors. Needs the optional peer dependency fast-check 4.
export {
  arbitraryBineryHex,
  arbitraryCarECU,
  arbitraryCarUpdateProgress,
  arbitraryCarUpdateRequest,
  arbitraryCarUpdateStatus,
  arbitraryDTCEntry,
  arbitraryECCKey,
  arbitraryECCKeys,
  arbitraryEnvelope,
  arbitraryEnvelopeBytes,
  arbitraryEnvelopeOf,
  arbitraryFeatureCodes,
  arbitraryFileKeyResponse,
  arbitraryFileKeysRequest,
  arbitraryMemoryRegion,
  arbitraryMessageStatus,
  arbitraryOrder,
  arbitraryUpdateData,
  arbitraryUpdateManifest,
  arbitraryUpdateManifestECU,
  arbitraryUpdateManifestFile,
  arbitraryVehicleData,
  arbitraryVehicleSpecification,
} from "./arbitraries.js";
export { arbitraryMessage } from "./arbitrary-message.js";
