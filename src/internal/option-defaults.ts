import {
  type BinaryReadOptions,
  type BinaryWriteOptions,
  DEFAULT_DETERMINISTIC,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_ELEMENTS,
  DEFAULT_RECURSION_LIMIT,
  type JsonReadOptions,
  type JsonWriteOptions,
  MAX_RECURSION_LIMIT,
} from "../envelope/options.js";

// The defaults of each set of options, as readOptions() (check-options.ts) takes
// them: what a function uses when called without options. Object literals without spreads, so a
// bundle keeps only the ones it uses.

/** The defaults of {@link BinaryReadOptions}. */
export const binaryReadDefaults: BinaryReadOptions = {
  maxBytes: DEFAULT_MAX_BYTES,
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  readUnknownFields: true,
  maxElements: DEFAULT_MAX_ELEMENTS,
  requireData: true,
};

/** The defaults of {@link BinaryWriteOptions}. */
export const binaryWriteDefaults: BinaryWriteOptions = {
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  writeUnknownFields: true,
  deterministic: DEFAULT_DETERMINISTIC,
  requireData: true,
};

/** The defaults of {@link JsonReadOptions}. */
export const jsonReadDefaults: JsonReadOptions = {
  ignoreUnknownFields: false,
  requireData: true,
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  maxBytes: DEFAULT_MAX_BYTES,
};

/** The defaults of {@link JsonWriteOptions}. */
export const jsonWriteDefaults: JsonWriteOptions = {
  recursionLimit: DEFAULT_RECURSION_LIMIT,
  useProtoFieldName: false,
  alwaysEmitImplicit: false,
  enumAsInteger: false,
  prettySpaces: 0,
};

/**
 * The bounds of the options that count levels: at least one message; a larger value than
 * {@link MAX_RECURSION_LIMIT} counts as that. @internal
 */
export const levelBounds = { recursionLimit: { min: 1, max: MAX_RECURSION_LIMIT } } as const;
