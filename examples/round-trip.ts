// Builds a sample envelope, encodes it, decodes it again and prints what it did.
import {
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  envelopeToJsonString,
  matchEnvelope,
} from "../src/index.js";

const envelope = createEnvelope(
  "carUpdateProgress",
  {
    fileCurrent: 3n,
    fileTotal: 12n,
    pkgCurrent: 1n,
    pkgTotal: 2n,
    carUpdateID: 9007199254740993n, // above 2^53: stays exact as a bigint
    ecu: "TCU",
    status: "downloading",
  },
  { handler: "ota-progress" },
);

const bytes = encodeEnvelope(envelope);
console.log(
  `encoded ${envelope.Data.case} into ${bytes.length} bytes: ${Buffer.from(bytes).toString("hex")}`,
);

const decoded = decodeEnvelope(bytes);
const summary = matchEnvelope(decoded, {
  carUpdateStatus: (s) => `status of ${Object.keys(s.ecus).length} ECUs`,
  carUpdateProgress: (p) =>
    `${p.ecu}: file ${p.fileCurrent}/${p.fileTotal}, update ${p.carUpdateID}`,
  fileKeyReq: (r) => `keys for ${r.fileIDs.length} files`,
  keys: (k) => `${k.eccKeys.length} ECC keys`,
  updateApprove: (u) => `approve update ${u.id}`,
  updateGet: (v) => `get updates for ${v.vin}`,
  updateManifest: (m) => `manifest ${m.name} ${m.version}`,
  order: (o) => `order ${o.orderNo}`,
  messageStatus: (m) => `message ${m.messageId}: ${m.status}`,
  dtcEntry: (d) => `DTC ${d.dtc} on ${d.vin}`,
  carUpdateRequest: (r) => `car update ${r.carUpdateId}`,
});
console.log(`decoded: ${summary}`);
console.log(envelopeToJsonString(decoded, { prettySpaces: 2 }));
