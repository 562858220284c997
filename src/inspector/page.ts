// The inspector page: a record value pasted as hex or base64 or dropped as a file, shown as its
// framing, its envelope as a proto3 JSON tree, and a hex view whose bytes and fields point at
// each other. Bundled by scripts/build-inspector.ts into dist/inspector.html; it runs only in
// that page, and nothing it reads leaves the page.

import { sampleEnvelope } from "../fixtures/index.js";
import {
  decodeRecordValue,
  encodeRecordValue,
  type RecordHeaders,
  type RecordValue,
  VALUE_SCHEMA_ID_HEADER,
} from "../framing/index.js";
import {
  encodeEnvelope,
  envelopeKind,
  envelopeToJson,
  type GRPC_AttendantPayload,
  GRPC_AttendantPayloadSchema,
  isCodecError,
} from "../index.js";
import { readSchemaRegistryHeader } from "../internal/read-schema-registry-header.js";
import { sameBytes } from "../internal/same-bytes.js";
import { readText, type TextFormat } from "./read-text.js";
import { joinPath, mapWire, type WireField, type WireMap } from "./wire-map.js";

/** The most bytes the hex view shows; the tree and the map still cover the whole value. */
const HEX_VIEW_BYTES = 64 * 1024;

/** What the page shows now: the value read, and what the library and the walk made of it. */
interface Shown {
  readonly bytes: Uint8Array;
  readonly header: Uint8Array | undefined;
  readonly value: RecordValue<GRPC_AttendantPayload> | undefined;
  /** The offset of the envelope's first byte in the value. */
  readonly envelopeStart: number;
  readonly map: WireMap;
}

const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;

const valueInput = $<HTMLTextAreaElement>("value");
const headerInput = $<HTMLInputElement>("header");
const formatInput = $<HTMLSelectElement>("format");
const fileInput = $<HTMLInputElement>("file");
const errorBox = $("error");
const framingBox = $("framing");
const unknownBox = $("unknown");
const treeBox = $("tree");
const hexBox = $("hex");
const pointerBox = $("pointer");
const copiedBox = $<HTMLTextAreaElement>("copied");
const result = $("result");

let shown: Shown | undefined;
/** The bytes of a dropped or chosen file, read instead of the text box until it is edited. */
let fileBytes: Uint8Array | undefined;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const hex2 = (byte: number) => byte.toString(16).padStart(2, "0");

/** Reads the inputs and shows what they hold. */
function update(): void {
  shown = undefined;
  result.hidden = true;
  errorBox.hidden = true;
  const format = formatInput.value as TextFormat | "auto";
  const read =
    fileBytes !== undefined
      ? readText(fileBytes, format, true)
      : readText(new TextEncoder().encode(valueInput.value), format, false);
  if (read.kind === "error") {
    showError(`value: ${read.message}`);
    return;
  }
  let header: Uint8Array | undefined;
  if (headerInput.value.trim() !== "") {
    const headerRead = readText(new TextEncoder().encode(headerInput.value), "auto", false);
    if (headerRead.kind === "error") {
      showError(`schema id header: ${headerRead.message}`);
      return;
    }
    header = headerRead.bytes;
  }
  show(read.bytes, header);
}

function showError(message: string, where?: { start: number; offset: number; end: number }) {
  errorBox.replaceChildren(element("strong", {}, "Error: "), message);
  if (where) {
    const at = where.offset - (shown?.envelopeStart ?? 0);
    errorBox.append(
      element(
        "span",
        { class: "where" },
        ` (bytes ${where.start} to ${where.end} of the value; offset ${where.offset} of the value, ${at} of the envelope, marked in the hex view)`,
      ),
    );
  }
  errorBox.hidden = false;
}

function show(bytes: Uint8Array, header: Uint8Array | undefined): void {
  const headers: RecordHeaders | undefined =
    header === undefined ? undefined : { [VALUE_SCHEMA_ID_HEADER]: header };
  let value: RecordValue<GRPC_AttendantPayload> | undefined;
  let failure: string | undefined;
  try {
    value = decodeRecordValue(bytes, headers, { requireData: false });
  } catch (error) {
    if (!isCodecError(error)) throw error;
    failure = error.message;
  }
  const envelopeStart = envelopeOffset(bytes, header);
  const map =
    envelopeStart === undefined
      ? { fields: [], problem: undefined }
      : mapWire(bytes, GRPC_AttendantPayloadSchema, envelopeStart);
  shown = { bytes, header, value, envelopeStart: envelopeStart ?? bytes.length, map };
  renderFraming(shown);
  renderUnknown(shown);
  treeBox.replaceChildren(
    value === undefined
      ? element("p", { class: "none" }, "No envelope: the value does not decode.")
      : renderTree(envelopeToJson(value.envelope), ""),
  );
  renderHex(shown);
  if (failure !== undefined) {
    const problem = map.problem;
    showError(
      failure,
      problem ??
        (envelopeStart === undefined ? { start: 0, offset: 0, end: bytes.length } : undefined),
    );
  }
  result.hidden = false;
}

/**
 * Where the envelope starts in `bytes`: after the Schema Registry frame's header for a value that
 * starts with 0x00 and has no schema id header, else at 0; undefined when that header is bad
 * (decodeRecordValue's error says why).
 */
function envelopeOffset(bytes: Uint8Array, header: Uint8Array | undefined): number | undefined {
  if (header !== undefined || bytes[0] !== 0x00) return 0;
  try {
    return readSchemaRegistryHeader(bytes).start;
  } catch (error) {
    if (!isCodecError(error)) throw error;
    return undefined;
  }
}

function fact(name: string, value: string): HTMLElement[] {
  return [element("dt", {}, name), element("dd", { "data-fact": name }, value)];
}

function renderFraming({ bytes, header, value, envelopeStart }: Shown): void {
  const facts: HTMLElement[] = [];
  const framing =
    value?.framing ??
    (header !== undefined
      ? "schema-registry-header"
      : bytes[0] === 0x00
        ? "schema-registry"
        : "raw");
  facts.push(...fact("framing", framing));
  if (value?.schemaId !== undefined) facts.push(...fact("schema id", String(value.schemaId)));
  if (value?.schemaGuid !== undefined) facts.push(...fact("schema GUID", value.schemaGuid));
  if (value?.messageIndexes !== undefined) {
    facts.push(...fact("message indexes", `[${value.messageIndexes.join(", ")}]`));
  }
  if (header !== undefined) {
    facts.push(...fact(`header ${VALUE_SCHEMA_ID_HEADER}`, [...header].map(hex2).join(" ")));
  }
  if (framing === "schema-registry") {
    facts.push(...fact("frame header", `bytes 0 to ${envelopeStart}`));
  }
  if (value !== undefined) {
    facts.push(...fact("kind", envelopeKind(value.envelope) ?? "none (no Data member)"));
    facts.push(...fact("handler", JSON.stringify(value.envelope.handler)));
  }
  facts.push(...fact("size", `${bytes.length} bytes`));
  framingBox.replaceChildren(...facts);
}

function renderUnknown({ map }: Shown): void {
  const unknown = map.fields.filter((f) => f.unknown);
  if (unknown.length === 0) {
    unknownBox.replaceChildren(element("p", {}, "Unknown fields: none."));
    return;
  }
  unknownBox.replaceChildren(
    element("p", {}, "Unknown fields (a field of a newer schema, kept when re-encoded):"),
    element(
      "ul",
      {},
      ...unknown.map((f) =>
        element(
          "li",
          { "data-path": f.path },
          `${f.path}: field ${f.number}, wire type ${f.wireType}, ${f.end - f.valueStart} bytes at offset ${f.start}`,
        ),
      ),
    ),
  );
}

/** A node of the JSON tree: objects and arrays fold, each node carries its path. */
function renderTree(json: unknown, path: string, key?: string): HTMLElement {
  const label = key === undefined ? [] : [element("span", { class: "key" }, key), ": "];
  if (typeof json === "object" && json !== null) {
    const entries: [string | number, unknown][] = Array.isArray(json)
      ? json.map((item, i) => [i, item])
      : Object.entries(json);
    const brackets = Array.isArray(json) ? ["[", "]"] : ["{", "}"];
    const node = element(
      "details",
      { open: "", "data-path": path },
      element(
        "summary",
        {},
        ...label,
        `${brackets[0]}${entries.length === 0 ? brackets[1] : ""}`,
        element("span", { class: "count" }, entries.length === 0 ? "" : ` ${entries.length} `),
      ),
    );
    for (const [k, item] of entries) {
      node.append(renderTree(item, joinPath(path, k), typeof k === "number" ? `${k}` : k));
    }
    if (entries.length > 0) node.append(element("div", { class: "close" }, brackets[1] as string));
    return node;
  }
  const type = typeof json === "string" ? "str" : json === null ? "null" : typeof json;
  return element(
    "div",
    { class: "leaf", "data-path": path },
    ...label,
    element("span", { class: type }, JSON.stringify(json)),
  );
}

function renderHex({ bytes, envelopeStart }: Shown): void {
  const rows: HTMLElement[] = [];
  const count = Math.min(bytes.length, HEX_VIEW_BYTES);
  for (let row = 0; row < count; row += 16) {
    const cells: HTMLElement[] = [];
    for (let i = row; i < Math.min(row + 16, count); i++) {
      const frame = i < envelopeStart ? " frame" : "";
      cells.push(
        element("span", { class: `b${frame}`, "data-offset": String(i) }, hex2(bytes[i] as number)),
      );
    }
    rows.push(
      element(
        "div",
        { class: "row" },
        element("span", { class: "offset" }, row.toString(16).padStart(6, "0")),
        ...cells,
      ),
    );
  }
  if (count < bytes.length) {
    rows.push(element("p", {}, `The first ${count} of ${bytes.length} bytes are shown.`));
  }
  hexBox.replaceChildren(...rows);
  const problem = shown?.map.problem;
  if (problem !== undefined) {
    mark(problem.start, Math.max(problem.end, problem.offset + 1), "bad");
    byteAt(problem.offset)?.classList.add("bad-at");
  }
}

function byteAt(offset: number): HTMLElement | null {
  return hexBox.querySelector(`[data-offset="${offset}"]`);
}

function mark(start: number, end: number, name: string): void {
  for (let i = start; i < end; i++) byteAt(i)?.classList.add(name);
}

function clearMarks(): void {
  document.querySelectorAll(".lit, .lit-value, .lit-node").forEach((node) => {
    node.classList.remove("lit", "lit-value", "lit-node");
  });
}

/** The innermost field whose bytes hold `offset`. */
function fieldAt(offset: number): WireField | undefined {
  let found: WireField | undefined;
  for (const field of shown?.map.fields ?? []) {
    if (field.start <= offset && offset < field.end && (!found || field.depth >= found.depth)) {
      found = field;
    }
  }
  return found;
}

/** Marks the bytes of the fields at `path` and the tree node of that path. */
function pointAt(path: string): void {
  clearMarks();
  const fields = shown?.map.fields.filter((f) => f.path === path) ?? [];
  for (const field of fields) {
    mark(field.start, field.valueStart, "lit");
    mark(field.valueStart, field.end, "lit-value");
  }
  document.querySelectorAll(`[data-path="${CSS.escape(path)}"]`).forEach((node) => {
    node.classList.add("lit-node");
  });
  const field = fields[0];
  pointerBox.textContent =
    field === undefined
      ? `${path || "envelope"}: no bytes of its own (a default value, or the envelope)`
      : `${path}: field ${field.number} (${field.type}), bytes ${field.start} to ${fields.at(-1)?.end}`;
  pointerBox.dataset.path = path;
}

function onPointTree(event: Event): void {
  const target = (event.target as HTMLElement).closest<HTMLElement>("[data-path]");
  if (target?.dataset.path !== undefined) pointAt(target.dataset.path);
}

function onPointHex(event: Event): void {
  const target = (event.target as HTMLElement).closest<HTMLElement>("[data-offset]");
  if (target === null || shown === undefined) return;
  const offset = Number(target.dataset.offset);
  if (offset < shown.envelopeStart) {
    clearMarks();
    mark(0, shown.envelopeStart, "lit");
    pointerBox.textContent = `frame header: bytes 0 to ${shown.envelopeStart} (magic byte, schema id, message indexes)`;
    pointerBox.dataset.path = "(frame)";
    return;
  }
  const field = fieldAt(offset);
  if (field === undefined) {
    clearMarks();
    pointerBox.textContent = `byte ${offset}: in no field the walk could read`;
    pointerBox.dataset.path = "";
    return;
  }
  pointAt(field.path);
  target.classList.add("lit-node");
}

// Copying: the text goes to the clipboard and to the box under the buttons, to be read there or
// copied by hand where the clipboard is not offered.

function copy(text: string): void {
  copiedBox.value = text;
  copiedBox.hidden = false;
  navigator.clipboard?.writeText(text).then(
    () => undefined,
    () => undefined, // denied (a file:// page, no focus): the box holds the text
  );
}

function bytesLiteral(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 12) {
    lines.push(`  ${[...bytes.subarray(i, i + 12)].map((b) => `0x${hex2(b)},`).join(" ")}`);
  }
  return `new Uint8Array([\n${lines.join("\n")}\n])`;
}

/** The envelope as a fixture: a sampleEnvelope() call when it is one, else its bytes. */
function fixture({ bytes, value }: Shown): string {
  const literal = `const value = ${bytesLiteral(bytes)};`;
  if (value === undefined) return literal;
  const { envelope } = value;
  const kind = envelopeKind(envelope);
  if (kind === undefined) return literal;
  const override =
    envelope.handler === `ota.${kind}` ? "" : `, { handler: ${JSON.stringify(envelope.handler)} }`;
  const sample = sampleEnvelope(kind, { handler: envelope.handler });
  if (!sameBytes(encodeEnvelope(sample), encodeEnvelope(envelope))) return literal;
  const call = `sampleEnvelope(${JSON.stringify(kind)}${override})`;
  if (value.framing === "raw") return `const envelope = ${call};`;
  const options =
    value.schemaId !== undefined
      ? `schemaId: ${value.schemaId}`
      : `schemaGuid: ${JSON.stringify(value.schemaGuid)}`;
  // The same value again, as the library writes it (the frame is canonical).
  const again = encodeRecordValue(sample, {
    framing: value.framing,
    ...(value.schemaId !== undefined ? { schemaId: value.schemaId } : {}),
    ...(value.schemaGuid !== undefined ? { schemaGuid: value.schemaGuid } : {}),
  });
  if (!sameBytes(again.value, bytes)) return literal;
  return `const { value, headers } = encodeRecordValue(${call}, { framing: ${JSON.stringify(value.framing)}, ${options} });`;
}

$("copy-json").addEventListener("click", () => {
  if (shown?.value) copy(`${JSON.stringify(envelopeToJson(shown.value.envelope), null, 2)}\n`);
});
$("copy-fixture").addEventListener("click", () => {
  if (shown) copy(fixture(shown));
});
$("copy-bytes").addEventListener("click", () => {
  if (shown) copy(`const value = ${bytesLiteral(shown.bytes)};`);
});

valueInput.addEventListener("input", () => {
  fileBytes = undefined;
  update();
});
headerInput.addEventListener("input", update);
formatInput.addEventListener("change", update);
treeBox.addEventListener("mouseover", onPointTree);
unknownBox.addEventListener("mouseover", onPointTree);
hexBox.addEventListener("mouseover", onPointHex);

/** Shows the bytes of a file named `name`, read as a dropped file is. */
function showFile(name: string, bytes: Uint8Array): void {
  fileBytes = bytes;
  valueInput.value = "";
  valueInput.placeholder = `${name}: ${bytes.length} bytes`;
  update();
}

async function readFile(file: File): Promise<void> {
  showFile(file.name, new Uint8Array(await file.arrayBuffer()));
}

fileInput.addEventListener("change", () => {
  const file = fileInput.files?.[0];
  if (file) void readFile(file);
});
document.addEventListener("dragover", (event) => event.preventDefault());
document.addEventListener("drop", (event) => {
  event.preventDefault();
  const file = event.dataTransfer?.files[0];
  if (file) void readFile(file);
});

// The file `inspect --web <file>` put in the page, in base64, shown as if dropped.
const given = document.getElementById("given-value");
if (given !== null) {
  const read = readText(new TextEncoder().encode(given.textContent ?? ""), "base64", false);
  if (read.kind === "ok") showFile(given.dataset.name ?? "", read.bytes);
}
