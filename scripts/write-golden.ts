// Writes the golden vectors golden/<kind>.binpb and golden/<kind>.json (shipped as
// vehicle-update-codec/golden/*) from the sample envelopes of vehicle-update-codec/fixtures. Run
// it (`npm run golden`) after a change to the fixtures or the codec that is meant to change the
// bytes; test/golden/golden.test.ts fails until the vectors match again.
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sampleEnvelope } from "../src/fixtures/index.js";
import { encodeEnvelope, envelopeKinds, envelopeToJsonString } from "../src/index.js";

const dir = fileURLToPath(new URL("../golden/", import.meta.url));
mkdirSync(dir, { recursive: true });
for (const kind of envelopeKinds) {
  const envelope = sampleEnvelope(kind);
  const bytes = encodeEnvelope(envelope);
  const json = `${envelopeToJsonString(envelope, { prettySpaces: 2 })}\n`;
  writeFileSync(`${dir}${kind}.binpb`, bytes);
  writeFileSync(`${dir}${kind}.json`, json);
  console.log(`${kind}: ${bytes.length} bytes, ${json.length} characters of JSON`);
}
