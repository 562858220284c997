import { GRPC_AttendantPayload$DataMembers } from "../../gen/kafka_grpc/kafka_grpc_oneofs.js";
import type { EnvelopeKind } from "./envelope-kind.js";

/**
 * The protobuf-es schema of each envelope member, by kind, for protobuf-es's own functions
 * (`create`, `equals`, reflection). Importing it loads the embedded descriptors, and with them
 * protobuf-es's runtime; the codec's functions take kinds and type names and need none of it.
 */
export const envelopeMemberSchemas = GRPC_AttendantPayload$DataMembers satisfies Record<
  EnvelopeKind,
  unknown
>;
