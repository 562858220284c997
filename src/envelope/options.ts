/** The largest input `decodeEnvelope` and `decodeMessage` accept by default: 16 MiB. */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/** How deep messages may nest by default: 100 levels, as in protobuf-es and Google's parsers. */
export const DEFAULT_RECURSION_LIMIT = 100;

/**
 * The deepest nesting any function of this package follows: 500 levels. A larger
 * `recursionLimit` counts as 500, and createEnvelope() refuses an init nested deeper, each with
 * `too_deep`. Depth is counted, so the answer is the same on every JavaScript engine: 500
 * levels take a fraction of the smallest default stack of Node.js and the browsers (each level
 * costs a few call frames when reading or writing).
 */
export const MAX_RECURSION_LIMIT = 500;

/**
 * How many elements one binary decode may make by default: 1,000,000 (messages below the
 * outermost, map entries, unknown fields kept). Real messages stay far below it (an element
 * takes at least 2 bytes, and a real one tens); with the default maxBytes it bounds the heap a
 * decode of hostile input can take to about 550 MB, where 16 MiB of 2-byte elements would take
 * 2 GiB and more (docs/reliability.md).
 */
export const DEFAULT_MAX_ELEMENTS = 1_000_000;

/**
 * Options for reading protobuf binary: `decodeEnvelope()`, `decodeMessage()`, and the
 * framings' readers, which count `maxBytes` over what they read (see each). Every option has a
 * default.
 */
export interface BinaryReadOptions {
  /** The largest input accepted, in bytes. Default 16 MiB ({@link DEFAULT_MAX_BYTES}). */
  maxBytes: number;
  /**
   * How deep messages may nest, at most {@link MAX_RECURSION_LIMIT} (500). Default 100
   * ({@link DEFAULT_RECURSION_LIMIT}).
   */
  recursionLimit: number;
  /**
   * Keep fields this schema does not know in `$unknown`, so that encoding the message again
   * writes them back. Default true.
   */
  readUnknownFields: boolean;
  /**
   * How many elements one decode may make: messages below the outermost (fields, list items,
   * map values, oneof members), map entries, and unknown fields kept. One more is refused with
   * `too_large`. It bounds the heap a decode takes, which for hostile input can reach 170 times
   * the input's size. Default 1,000,000 ({@link DEFAULT_MAX_ELEMENTS}).
   */
  maxElements: number;
  /**
   * Reject an envelope without a `Data` member with code `missing_data`. Default true: an
   * envelope that carries nothing this schema knows is most likely a member newer than it.
   * Envelopes only: `decodeMessage()` does not take it.
   */
  requireData: boolean;
}

/**
 * Options for writing protobuf binary: `encodeEnvelope()`, `encodeMessage()` and the
 * framings' writers. Every option has a default.
 */
export interface BinaryWriteOptions {
  /**
   * How deep messages may nest, as when reading: a deeper message (or one that contains itself)
   * is refused with `too_deep`, so nothing is written that decoding with the same limit refuses.
   * At most {@link MAX_RECURSION_LIMIT} (500). Default 100 ({@link DEFAULT_RECURSION_LIMIT}).
   */
  recursionLimit: number;
  /** Write the fields kept in `$unknown` back. Default true. */
  writeUnknownFields: boolean;
  /**
   * Write map entries ordered by key (strings byte-wise by their UTF-8, numbers by value), as
   * Google's deterministic serialization does, so that equal messages give equal bytes whatever
   * the order their maps were filled in. Default true ({@link DEFAULT_DETERMINISTIC}).
   */
  deterministic: boolean;
  /**
   * Refuse to encode an envelope without a `Data` member (code `missing_data`). Default true.
   * Envelopes only: `encodeMessage()` does not take it.
   */
  requireData: boolean;
}

/**
 * Whether encoding orders map entries by key unless told otherwise: true. Signatures and dedup
 * keys need stable bytes, and sorting the keys of the few maps a message holds costs little.
 */
export const DEFAULT_DETERMINISTIC = true;

/**
 * Options for reading proto3 JSON: `envelopeFromJson()` (a parsed value) and
 * `envelopeFromJsonString()` (a text). Every option has a default.
 */
export interface JsonReadOptions {
  /** Skip JSON properties and enum names this schema does not know. Default false: reject them. */
  ignoreUnknownFields: boolean;
  /** Reject an envelope without a `Data` member with code `missing_data`. Default true. */
  requireData: boolean;
  /**
   * How deep messages may nest, at most {@link MAX_RECURSION_LIMIT} (500). Default 100
   * ({@link DEFAULT_RECURSION_LIMIT}).
   */
  recursionLimit: number;
  /**
   * The longest JSON text accepted, in bytes of its UTF-8 encoding (a lone surrogate counts as
   * the 3 bytes of U+FFFD, as `TextEncoder` writes it). Default 16 MiB ({@link DEFAULT_MAX_BYTES}).
   * Texts only: `envelopeFromJson()` does not take it.
   */
  maxBytes: number;
}

/**
 * Options for writing proto3 JSON: `envelopeToJson()` (a value) and
 * `envelopeToJsonString()` (a text). Every option has a default.
 */
export interface JsonWriteOptions {
  /**
   * How deep messages may nest, at most {@link MAX_RECURSION_LIMIT} (500); deeper is refused
   * with `too_deep`. Default 100 ({@link DEFAULT_RECURSION_LIMIT}).
   */
  recursionLimit: number;
  /** Use the proto field names (`sw_version`) instead of lowerCamelCase (`swVersion`). Default false. */
  useProtoFieldName: boolean;
  /** Emit fields that hold their zero value (`""`, `0`, `false`, `[]`). Default false. */
  alwaysEmitImplicit: boolean;
  /** Write enum values as numbers instead of names. Default false. */
  enumAsInteger: boolean;
  /**
   * Indent the JSON text by this many spaces, 0 to 10; 0 writes it on one line. Default 0.
   * Texts only: `envelopeToJson()` does not take it.
   */
  prettySpaces: number;
}
