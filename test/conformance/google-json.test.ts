import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { JsonValue } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { readJsonText, recentV8 } from "../../src/envelope/envelope-json.js";
import { jsonReadDefaults } from "../../src/internal/option-defaults.js";

/** envelopeFromJsonString with the look for lone surrogates each engine does not take. */
const readJsonTextBy =
  (scanText: boolean) =>
  (text: string, options: { requireData: boolean; ignoreUnknownFields: boolean }) =>
    readJsonText(text, { ...jsonReadDefaults, ...options }, scanText);

import {
  encodeEnvelope,
  envelopeFromJsonString,
  envelopeToJson,
  isCodecError,
} from "../../src/index.js";
import { conformanceOverrides } from "./conformance-overrides.js";
import { type DeliberateDifference, deliberateDifferences } from "./deliberate-differences.js";
import { type ConformanceInput, generateInputs } from "./generate-inputs.js";
import {
  buildGoogleTools,
  cppVerdicts,
  type GoogleVerdict,
  missingGoogleTools,
  pythonVerdicts,
} from "./google-verdicts.js";
import { knownDifferences } from "./known-differences.js";

// A differential test against Google's implementation, where the spec is proto3: a few thousand
// generated JSON texts (generate-inputs.ts) go through envelopeFromJsonString, through
// python3-protobuf's json_format.Parse and through libprotobuf's JsonStringToMessage. Verdicts
// must agree, and where all accept, the deterministic binary and the canonical JSON written back.
// Both looks for lone surrogates (the whole text, or strings one by one) are held to them too.
// Where Python and C++ disagree, C++ is the reference, except where libprotobuf 3.21 fails
// Google's conformance suite (conformance-overrides.ts); such inputs are counted in the report.
// Differences we keep on purpose are in deliberate-differences.ts, bugs not yet fixed in
// known-differences.ts.

const reportFile = fileURLToPath(new URL("../../.tmp/conformance/report.json", import.meta.url));

/** Our verdict in the shape of Google's, or a crash (an error that is not a CodecError). */
type OurVerdict =
  | { readonly ok: true; readonly binary: string; readonly json: JsonValue }
  | { readonly ok: false; readonly error: string; readonly crash?: boolean };

/**
 * The ways we read JSON text: the public function, and with the other look for lone surrogates
 * than the engine's (the whole text where V8 reads two-byte text fast, else string by string).
 */
const readers = {
  envelopeFromJsonString,
  otherLook: readJsonTextBy(!recentV8),
} as const;
type Reader = keyof typeof readers;

function ours(input: ConformanceInput, reader: Reader): OurVerdict {
  let stage = "read";
  try {
    const envelope = readers[reader](input.text, {
      requireData: false,
      ignoreUnknownFields: input.ignoreUnknownFields,
    });
    stage = "write";
    const binary = Buffer.from(encodeEnvelope(envelope, { requireData: false })).toString("hex");
    return { ok: true, binary, json: envelopeToJson(envelope) };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (isCodecError(error) && stage === "read") return { ok: false, error: text };
    return { ok: false, error: `${stage} threw ${text}`, crash: true };
  }
}

/** How two verdicts differ, or undefined if they agree. */
function differ(a: OurVerdict | GoogleVerdict, b: GoogleVerdict): string | undefined {
  if ("crash" in a && a.crash) return "crash";
  if (a.ok !== b.ok) return a.ok ? "accepted, Google refuses" : "refused, Google accepts";
  if (!a.ok || !b.ok) return undefined;
  if (a.binary !== b.binary) return "binary output differs";
  const json = typeof a.json === "string" ? (JSON.parse(a.json) as JsonValue) : a.json;
  const reference = JSON.parse(b.json) as JsonValue; // null: libprotobuf could not print it
  if (reference !== null && !sameJson(json, reference)) return "JSON output differs";
  return undefined;
}

/** Equal as JSON values: object members in any order. */
function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameJson(item, b[i] as JsonValue))
    );
  }
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k] as JsonValue, b[k] as JsonValue))
  );
}

function show(verdict: OurVerdict | GoogleVerdict): string {
  if (!verdict.ok) return `error ${verdict.error.slice(0, 160)}`;
  const json = typeof verdict.json === "string" ? verdict.json : JSON.stringify(verdict.json);
  return `ok ${verdict.binary.slice(0, 80)} ${json.slice(0, 160)}`;
}

interface Difference {
  readonly input: ConformanceInput;
  readonly reader?: Reader;
  readonly how: string;
  readonly ours: OurVerdict;
  readonly cpp: GoogleVerdict;
  readonly python: GoogleVerdict;
  /** The reason, for a deliberate difference. */
  readonly reason?: string | undefined;
}

/** A bounded, readable list: counts per kind and how, then a few examples of each. */
function summarize(differences: readonly Difference[], examples = 3): string {
  const groups = new Map<string, Difference[]>();
  for (const d of differences) {
    const key = `${d.reader ?? ""}: ${d.input.kind} — ${d.how}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const lines: string[] = [];
  for (const [key, group] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`${group.length} × ${key}`);
    for (const d of group.slice(0, examples)) {
      lines.push(
        `    ${JSON.stringify(d.input.text).slice(0, 200)}${d.input.ignoreUnknownFields ? " (ignoreUnknownFields)" : ""}`,
      );
      lines.push(`      ours:   ${show(d.ours)}`);
      lines.push(`      C++:    ${show(d.cpp)}`);
    }
  }
  return lines.join("\n");
}

const missing = missingGoogleTools();

describe("envelopeFromJsonString() against Google's proto3 JSON parsers", () => {
  if (missing !== undefined) {
    if (process.env.CI) {
      it("needs Google's implementation", () => {
        expect.fail(missing);
      });
    } else {
      console.warn(`test/conformance skipped: ${missing}`);
      it.skip(`needs Google's implementation: ${missing}`);
    }
    return;
  }

  it("agrees on every generated input, but for the deliberate differences", () => {
    const tools = buildGoogleTools();
    const inputs = generateInputs();
    const cpp = cppVerdicts(tools, inputs);
    const python = pythonVerdicts(tools, inputs);

    const unexpected: Difference[] = [];
    const deliberate: Difference[] = [];
    const known: Difference[] = [];
    const pythonVsCpp: Difference[] = [];
    const overridden: Difference[] = [];
    const used = new Set<DeliberateDifference>();
    const find = (table: readonly DeliberateDifference[], input: ConformanceInput, how: string) =>
      table.find((d) => (d.probe === input.probe || d.probe === input.kind) && d.how === how);
    let agree = 0;
    inputs.forEach((input, i) => {
      const p = python[i] as GoogleVerdict;
      let c = cpp[i] as GoogleVerdict;
      const o = ours(input, "envelopeFromJsonString");
      const override = conformanceOverrides.find((x) => x.kind === input.kind);
      if (override !== undefined && c.ok) {
        overridden.push({
          input,
          how: "C++ accepts, the suite refuses",
          ours: o,
          cpp: c,
          python: p,
        });
        c = { ok: false, error: `the conformance suite refuses: ${override.tests.join(", ")}` };
      }
      const pyHow = differ(p, c);
      if (pyHow !== undefined) {
        pythonVsCpp.push({ input, how: `Python ${pyHow}`, ours: o, cpp: c, python: p });
      }
      for (const reader of Object.keys(readers) as Reader[]) {
        const ourVerdict = reader === "envelopeFromJsonString" ? o : ours(input, reader);
        const how = differ(ourVerdict, c);
        if (how === undefined) {
          if (reader === "envelopeFromJsonString") agree++;
          continue;
        }
        const entry = find(deliberateDifferences, input, how) ?? find(knownDifferences, input, how);
        if (entry !== undefined) used.add(entry);
        const difference = {
          input,
          reader,
          how,
          ours: ourVerdict,
          cpp: c,
          python: p,
          reason: entry?.reason,
        };
        if (entry === undefined) unexpected.push(difference);
        else if (reader === "envelopeFromJsonString") {
          (deliberateDifferences.includes(entry) ? deliberate : known).push(difference);
        }
      }
    });

    mkdirSync(fileURLToPath(new URL("./", `file://${reportFile}`)), { recursive: true });
    writeFileSync(
      reportFile,
      JSON.stringify(
        {
          tools,
          inputs: inputs.length,
          agree,
          unexpected,
          deliberate,
          known,
          overridden,
          pythonVsCpp,
        },
        null,
        1,
      ),
    );
    console.log(
      [
        `conformance: ${inputs.length} inputs, python3-protobuf ${tools.pythonProtobuf}, libprotobuf ${tools.libprotobuf}`,
        `  ${agree} agree, ${deliberate.length} deliberate differences, ${known.length} known bugs, ${unexpected.length} unexpected`,
        `  ${overridden.length} inputs where libprotobuf fails the conformance suite (the suite followed)`,
        `  ${pythonVsCpp.length} inputs where Python differs from the reference; full report in .tmp/conformance/report.json`,
      ].join("\n"),
    );

    const unused = [...deliberateDifferences, ...knownDifferences]
      .filter((d) => !used.has(d))
      .map((d) => `${d.probe} — ${d.how}`);
    expect(unused, "entries of the table of deliberate differences that no input needs").toEqual(
      [],
    );
    if (unexpected.length > 0) {
      expect.fail(
        `${unexpected.length} of ${inputs.length} inputs differ from Google:\n${summarize(unexpected)}`,
      );
    }
  });
});
