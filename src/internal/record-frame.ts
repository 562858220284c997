import type { RecordFraming } from "../framing/record-value.js";

/**
 * How a record value holds its envelope, as its schema id header or the value's own frame
 * says: the framing, the offset in the value where the envelope's bytes start, and the schema id
 * or GUID of the Schema Registry framings. What a reader of the framing hands the envelope's
 * decoder (decode-framed-value.ts), so that the framing is read once.
 */
export interface RecordFrame {
  readonly framing: RecordFraming;
  readonly start: number;
  readonly schemaId: number | undefined;
  readonly schemaGuid: string | undefined;
}

/** The frame of a value that is the envelope's bare protobuf bytes, without a header. */
export const rawFrame: RecordFrame = {
  framing: "raw",
  start: 0,
  schemaId: undefined,
  schemaGuid: undefined,
};
