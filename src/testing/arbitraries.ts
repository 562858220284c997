import fc, { type Arbitrary } from "fast-check";
import {
  createEnvelope,
  type EnvelopeKind,
  type EnvelopeOf,
  encodeEnvelope,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
} from "../index.js";
import { arbitraryMessage } from "./arbitrary-message.js";
import { string } from "./edge-arbitraries.js";

// The envelope's arbitraries: one per kind, or any kind, each member the arbitraryMessage() of
// its schema.

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
