import { sampleEnvelope, sampleHttpBody } from "../../fixtures/index.js";
import { sameBytes } from "../../internal/same-bytes.js";
import type { CliIo } from "../cli-io.js";
import type { Command } from "../command.js";
import {
  decodeEnvelope,
  encodeEnvelope,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeToJsonString,
} from "../root.js";

/**
 * Checks the sample 200 body of listVehicles with parseResponse, and prints what it found.
 * `/http` needs zod: when it is not installed, says so and skips the check.
 */
async function checkHttpSample(io: CliIo): Promise<boolean> {
  let http: typeof import("../../http/index.js");
  try {
    http = await import("../../http/index.js");
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    io.writeOut(
      "\nThe HTTP check is skipped: it needs zod, which is not installed (npm install zod@^4).\n",
    );
    return true;
  }
  const result = http.parseResponse("listVehicles", 200, sampleHttpBody("listVehicles", 200));
  io.writeOut(
    `\nThe sample body of GET /vehicles (listVehicles) with status 200, checked against the
operation's schema by parseResponse ('http check' does the same for any body): ${result.kind}\n`,
  );
  return result.kind === "ok";
}

/** `demo`: the embedded samples, encoded and decoded, with what happened printed. */
export const demoCommand: Command = {
  help: `Usage: vehicle-update-codec demo

Takes the sample envelope of each of the 11 kinds, encodes it to protobuf binary and to proto3
JSON, decodes both again, checks that nothing changed, and prints a line per kind: its kind,
its handler, the size of its binary and of its JSON, and "ok" when both decoded envelopes encode
to the sample's bytes (encoding is deterministic: equal envelopes give equal bytes). Then prints the dtcEntry sample as JSON, and checks the sample HTTP body of
listVehicles against its schema (skipped, with a line saying so, when zod is not installed).
Exits 1 if any round trip changed anything or the HTTP body was refused.

Examples:
  vehicle-update-codec demo`,
  options: {},
  positionals: { min: 0, max: 0 },
  readsInput: false,
  async run(_values, _positionals, io) {
    let failures = 0;
    io.writeOut("kind               handler                    binary   JSON  round trip\n");
    for (const kind of envelopeKinds) {
      const envelope = sampleEnvelope(kind);
      const bytes = encodeEnvelope(envelope);
      const json = envelopeToJsonString(envelope);
      const same =
        sameBytes(encodeEnvelope(decodeEnvelope(bytes)), bytes) &&
        sameBytes(encodeEnvelope(envelopeFromJsonString(json)), bytes);
      if (!same) failures++;
      io.writeOut(
        `${kind.padEnd(18)} ${envelope.handler.padEnd(24)} ${String(bytes.length).padStart(6)} B ${String(json.length).padStart(5)} B  ${same ? "ok" : "CHANGED"}\n`,
      );
    }
    io.writeOut(`
Each line: the envelope's kind (its Data member) and handler, the size of its protobuf binary
and of its compact proto3 JSON, and "ok" when decoding both gave back the sample unchanged.
${
  failures === 0
    ? "All 11 samples round-tripped through binary and JSON."
    : `${failures} of 11 samples changed in a round trip.`
}
`);
    const dtc = sampleEnvelope("dtcEntry");
    io.writeOut(
      `\nThe dtcEntry sample as proto3 JSON, as 'decode' prints an envelope and 'encode' reads it:\n${envelopeToJsonString(dtc, { prettySpaces: 2 })}\n`,
    );
    const httpOk = await checkHttpSample(io);
    return failures === 0 && httpOk ? 0 : 1;
  },
};
