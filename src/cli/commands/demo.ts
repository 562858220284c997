import { equals } from "@bufbuild/protobuf";
import { sampleEnvelope, sampleHttpBody } from "../../fixtures/index.js";
import { parseResponse } from "../../http/index.js";
import {
  decodeEnvelope,
  encodeEnvelope,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeToJsonString,
  GRPC_AttendantPayloadSchema,
} from "../../index.js";
import type { Command } from "../command.js";

/** `demo`: the embedded samples, encoded and decoded, with what happened printed. */
export const demoCommand: Command = {
  name: "demo",
  summary: "encode and decode every embedded sample and show what happened",
  help: `Usage: vehicle-update-codec demo

Takes the sample envelope of each of the 11 kinds, encodes it to binary and to JSON, decodes
both again, checks that nothing changed, and prints a line per kind. Then checks a sample HTTP
response. Exits 1 if any round trip changed anything.

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
        equals(GRPC_AttendantPayloadSchema, decodeEnvelope(bytes), envelope) &&
        equals(GRPC_AttendantPayloadSchema, envelopeFromJsonString(json), envelope);
      if (!same) failures++;
      io.writeOut(
        `${kind.padEnd(18)} ${envelope.handler.padEnd(24)} ${String(bytes.length).padStart(6)} B ${String(json.length).padStart(5)} B  ${same ? "ok" : "CHANGED"}\n`,
      );
    }
    const dtc = sampleEnvelope("dtcEntry");
    io.writeOut(
      `\nthe dtcEntry sample as proto3 JSON:\n${envelopeToJsonString(dtc, { prettySpaces: 2 })}\n`,
    );
    const result = parseResponse("listVehicles", 200, sampleHttpBody("listVehicles", 200));
    io.writeOut(`\nGET /vehicles 200 with the sample body: ${result.kind}\n`);
    io.writeOut(
      failures === 0
        ? "\nall 11 samples round-tripped through binary and JSON\n"
        : `\n${failures} samples changed\n`,
    );
    return failures === 0 && result.kind === "ok" ? 0 : 1;
  },
};
