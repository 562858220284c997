// Run by max-depth.test.ts under a small stack (node --stack-size): reads and writes an
// envelope MAX_RECURSION_LIMIT levels deep through every path, the fallbacks included, and
// prints "ok", or the error.
import { create } from "@bufbuild/protobuf";
import {
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  envelopeFromJson,
  envelopeFromJsonString,
  envelopeToJson,
  MAX_RECURSION_LIMIT,
  UpdateManifestECUSchema,
} from "../../src/index.js";

const options = { recursionLimit: MAX_RECURSION_LIMIT };
const ecus = MAX_RECURSION_LIMIT - 2; // the envelope and the manifest are levels 1 and 2
try {
  let ecu = create(UpdateManifestECUSchema);
  for (let i = 1; i < ecus; i++) ecu = create(UpdateManifestECUSchema, { rollback: [ecu] });
  const envelope = createEnvelope("updateManifest", { ecuUpdates: [ecu] });
  decodeEnvelope(encodeEnvelope(envelope, options), options);
  const json = envelopeToJson(envelope, options);
  envelopeFromJson(json, options);
  envelopeFromJsonString(JSON.stringify(json), options);

  let init: object = {};
  for (let i = 1; i < ecus; i++) init = { rollback: [init] };
  createEnvelope("updateManifest", { ecuUpdates: [init] } as never);

  // Forms the generated code leaves to the fallbacks: an int64 as a decimal string, when
  // writing and when reading JSON.
  let loose = create(UpdateManifestECUSchema, { id: "5" as never });
  for (let i = 1; i < ecus; i++) loose = create(UpdateManifestECUSchema, { rollback: [loose] });
  const looseEnvelope = createEnvelope("updateManifest", { ecuUpdates: [loose] });
  encodeEnvelope(looseEnvelope, options);
  envelopeToJson(looseEnvelope, options);
  const text = JSON.stringify(json).replace('"rollback":[{}]', '"rollback":[{"id":"5"}]');
  envelopeFromJsonString(text, options);
  process.stdout.write("ok");
} catch (error) {
  process.stdout.write(String(error));
}
