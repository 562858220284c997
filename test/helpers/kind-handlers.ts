import { envelopeKinds } from "../../src/index.js";

/** A matchEnvelope() handler per kind, each returning its kind. */
export const handlers = Object.fromEntries(envelopeKinds.map((kind) => [kind, () => kind])) as {
  [K in (typeof envelopeKinds)[number]]: () => K;
};
