import fc from "fast-check";

/** Schema ids: the edges 0, 1, 255, 256, 2^31 - 1 and anything between. */
export const schemaIds = fc.oneof(
  fc.constantFrom(0, 1, 255, 256, 2 ** 31 - 1),
  fc.integer({ min: 0, max: 2 ** 31 - 1 }),
);
