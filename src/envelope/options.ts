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

/** Options for reading a message from binary. Every option has a default. */
export interface MessageReadOptions {
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
}

/** Options for reading an envelope from binary. */
export interface EnvelopeReadOptions extends MessageReadOptions {
  /**
   * Reject an envelope without a `Data` member with code `missing_data`. Default true: an
   * envelope that carries nothing this schema knows is most likely a member newer than it.
   */
  requireData: boolean;
}

/** Options for writing a message to binary. */
export interface MessageWriteOptions {
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
}

/**
 * Whether encoding orders map entries by key unless told otherwise: true. It costs little (see
 * the README's figures), and signatures and dedup keys need stable bytes.
 */
export const DEFAULT_DETERMINISTIC = true;

/** Options for writing an envelope to binary. */
export interface EnvelopeWriteOptions extends MessageWriteOptions {
  /** Refuse to encode an envelope without a `Data` member (code `missing_data`). Default true. */
  requireData: boolean;
}

/** Options for writing an envelope as proto3 JSON. */
export interface EnvelopeJsonWriteOptions {
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
}

/** Options for writing an envelope as a JSON string. */
export interface EnvelopeJsonWriteStringOptions extends EnvelopeJsonWriteOptions {
  /** Indent the JSON text by this many spaces, 0 to 10; 0 writes it on one line. Default 0. */
  prettySpaces: number;
}

/** Options for reading an envelope from proto3 JSON. */
export interface EnvelopeJsonReadOptions {
  /** Skip JSON properties and enum names this schema does not know. Default false: reject them. */
  ignoreUnknownFields: boolean;
  /** Reject an envelope without a `Data` member with code `missing_data`. Default true. */
  requireData: boolean;
  /**
   * How deep messages may nest, at most {@link MAX_RECURSION_LIMIT} (500). Default 100
   * ({@link DEFAULT_RECURSION_LIMIT}).
   */
  recursionLimit: number;
}

/** Options for reading an envelope from a JSON string. */
export interface EnvelopeJsonReadStringOptions extends EnvelopeJsonReadOptions {
  /** The longest JSON text accepted, in UTF-16 code units. Default 16 Mi ({@link DEFAULT_MAX_BYTES}). */
  maxBytes: number;
}

// The defaults of each set of options, as readOptions() (src/internal/check-options.ts) takes
// them: what a function uses when called without options. Object literals without spreads, so a
// bundle keeps only the ones it uses.

/** @internal */
export const messageReadDefaults: MessageReadOptions = {
  maxBytes: DEFAULT_MAX_BYTES,
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  readUnknownFields: true,
  maxElements: DEFAULT_MAX_ELEMENTS,
};

/** @internal */
export const envelopeReadDefaults: EnvelopeReadOptions = {
  maxBytes: DEFAULT_MAX_BYTES,
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  readUnknownFields: true,
  maxElements: DEFAULT_MAX_ELEMENTS,
  requireData: true,
};

/** @internal */
export const messageWriteDefaults: MessageWriteOptions = {
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  writeUnknownFields: true,
  deterministic: DEFAULT_DETERMINISTIC,
};

/** @internal */
export const envelopeWriteDefaults: EnvelopeWriteOptions = {
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  writeUnknownFields: true,
  deterministic: DEFAULT_DETERMINISTIC,
  requireData: true,
};

/** @internal */
export const jsonWriteDefaults: EnvelopeJsonWriteOptions = {
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  useProtoFieldName: false,
  alwaysEmitImplicit: false,
  enumAsInteger: false,
};

/** @internal */
export const jsonWriteStringDefaults: EnvelopeJsonWriteStringOptions = {
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  useProtoFieldName: false,
  alwaysEmitImplicit: false,
  enumAsInteger: false,
  prettySpaces: 0,
};

/** @internal */
export const jsonReadDefaults: EnvelopeJsonReadOptions = {
  ignoreUnknownFields: false,
  requireData: true,
  recursionLimit: DEFAULT_RECURSION_LIMIT,
};

/** @internal */
export const jsonReadStringDefaults: EnvelopeJsonReadStringOptions = {
  ignoreUnknownFields: false,
  requireData: true,
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  maxBytes: DEFAULT_MAX_BYTES,
};

/**
 * The bounds of the options that count levels: at least one message; a larger value than
 * {@link MAX_RECURSION_LIMIT} counts as that. @internal
 */
export const levelBounds = { recursionLimit: { min: 1, max: MAX_RECURSION_LIMIT } } as const;
