import { readdirSync, readFileSync } from "node:fs";
import { equals } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import {
  decodeEnvelope,
  encodeEnvelope,
  envelopeFromJsonString,
  envelopeKinds,
  envelopeToJsonString,
  GRPC_AttendantPayloadSchema,
} from "../../src/index.js";
import { hex } from "../helpers/bytes.js";

// The golden vectors in golden/ (shipped as vehicle-update-codec/golden/*) are written by
// scripts/write-golden.ts from the fixtures. When a change to the fixtures or the codec is meant
// to change them, run `npm run golden` and review the diff.

const dir = new URL("../../golden/", import.meta.url);
const drift = "golden vector drifted from the fixtures: run `npm run golden` if this is intended";

function readBinary(kind: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`${kind}.binpb`, dir)));
}

function readJson(kind: string): string {
  return readFileSync(new URL(`${kind}.json`, dir), "utf8");
}

describe("golden vectors", () => {
  it("hold one .binpb and one .json per kind, and nothing else", () => {
    const vectors = readdirSync(dir).filter((name) => /\.(binpb|json)$/.test(name));
    const expected = envelopeKinds.flatMap((kind) => [`${kind}.binpb`, `${kind}.json`]);
    expect(vectors.sort()).toEqual(expected.sort());
  });

  it.each(envelopeKinds)("%s.binpb equals the encoded fixture", (kind) => {
    expect(hex(encodeEnvelope(sampleEnvelope(kind))), drift).toBe(hex(readBinary(kind)));
  });

  it.each(envelopeKinds)("%s.json equals the canonical JSON of the fixture", (kind) => {
    const json = `${envelopeToJsonString(sampleEnvelope(kind), { prettySpaces: 2 })}\n`;
    expect(json, drift).toBe(readJson(kind));
  });

  it.each(envelopeKinds)("%s.binpb decodes to the fixture", (kind) => {
    const decoded = decodeEnvelope(readBinary(kind));
    expect(equals(GRPC_AttendantPayloadSchema, decoded, sampleEnvelope(kind)), drift).toBe(true);
  });

  it.each(envelopeKinds)("%s.json reads back to the fixture", (kind) => {
    const read = envelopeFromJsonString(readJson(kind));
    expect(equals(GRPC_AttendantPayloadSchema, read, sampleEnvelope(kind)), drift).toBe(true);
  });
});
