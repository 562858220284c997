// The work the browser test does, written once: the test runs it in Node.js against src/ to get
// the expected results, and the page runs it in Chromium against the bundled package.

import type * as http from "../../src/http/index.js";
import type * as root from "../../src/index.js";
import type { GRPC_AttendantPayload } from "../../src/index.js";

/** The functions the checks use, passed in so that each side brings its own copy. */
export type Library = Pick<
  typeof root,
  | "decodeEnvelope"
  | "envelopeKind"
  | "envelopeToJsonString"
  | "isCodecError"
  | "isEnvelopeOf"
  | "matchEnvelope"
> &
  Pick<typeof http, "parseResponse">;

/** What the checks read: golden vectors as byte arrays, HTTP bodies as JSON values or text. */
export interface Input {
  readonly golden: readonly { readonly kind: string; readonly bytes: readonly number[] }[];
  readonly responses: readonly {
    readonly operation: string;
    readonly status: number;
    readonly body: unknown;
  }[];
}

/** Plain JSON values, so that both sides compare equal after crossing into the page and back. */
export interface Output {
  readonly golden: readonly {
    readonly kind: string | undefined;
    readonly isOfFileKind: boolean;
    readonly matched: string;
    readonly json: string;
  }[];
  readonly error: { readonly isCodecError: boolean; readonly message: string };
  readonly responses: readonly unknown[];
}

function summary(lib: Library, envelope: GRPC_AttendantPayload): string {
  return lib.matchEnvelope(envelope, {
    carUpdateStatus: (status) => `ECUs ${Object.keys(status.ecus).sort().join(",")}`,
    carUpdateProgress: (p) =>
      `${p.ecu} ${p.fileCurrent}/${p.fileTotal} car update ${p.carUpdateID}`,
    fileKeyReq: (req) => `file keys ${req.fileIDs.join(",")}`,
    keys: (keys) => `ECC keys ${keys.eccKeys.map((key) => key.ecu).join(",")}`,
    updateApprove: (u) => `approve ${u.id}`,
    updateGet: (v) => `updates for ${v.vin}`,
    updateManifest: (m) => `manifest ${m.name} ${m.id} ${m.ecuUpdates.length} ECUs`,
    order: (o) => `order ${o.orderNo} ${o.VehicleSpecification?.destCon}`,
    messageStatus: (s) => `message ${s.messageId} ${s.status}`,
    dtcEntry: (d) => `DTC 0x${d.dtc.toString(16)} at ${d.timestamp}`,
    carUpdateRequest: (r) => `car update ${r.carUpdateId}`,
    none: () => "none",
  });
}

/** Decodes, narrows and maps every golden vector, reads one bad input and every HTTP body. */
export function runChecks(lib: Library, input: Input): Output {
  const golden = input.golden.map(({ kind, bytes }) => {
    const envelope = lib.decodeEnvelope(Uint8Array.from(bytes));
    return {
      kind: lib.envelopeKind(envelope),
      isOfFileKind: lib.isEnvelopeOf(envelope, kind as "dtcEntry"),
      matched: summary(lib, envelope),
      json: lib.envelopeToJsonString(envelope, { prettySpaces: 2 }),
    };
  });
  let error = { isCodecError: false, message: "no error" };
  try {
    lib.decodeEnvelope(Uint8Array.from([0x0a, 0x05, 0x6f, 0x74]));
  } catch (thrown) {
    error = { isCodecError: lib.isCodecError(thrown), message: String((thrown as Error).message) };
  }
  const responses = input.responses.map(({ operation, status, body }) =>
    JSON.parse(JSON.stringify(lib.parseResponse(operation as "listVehicles", status, body))),
  );
  return { golden, error, responses };
}
