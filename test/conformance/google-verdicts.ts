// Google's verdicts on a batch of JSON inputs, from Debian's packages at test time: python3-protobuf
// (google_json.py) and libprotobuf (google_json.cc, built here with g++). The generated code comes
// from protoc and the contract in proto/, under .tmp/conformance/<hash>/, so a change of the
// contract, of either program or of the installed versions makes a fresh build.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const here = fileURLToPath(new URL("./", import.meta.url));
const proto = "kafka_grpc/kafka_grpc.proto";

/** Debian's python3, which sees the python3-protobuf package (a pyenv python3 on PATH does not). */
export const PYTHON = "/usr/bin/python3";

/** One implementation's verdict on one input. */
export type GoogleVerdict =
  | { readonly ok: true; readonly binary: string; readonly json: string }
  | { readonly ok: false; readonly error: string };

/** The versions in use, and what was built. */
export interface GoogleTools {
  readonly pythonProtobuf: string;
  readonly libprotobuf: string;
  readonly protoc: string;
  /** The folder with kafka_grpc/kafka_grpc_pb2.py and the built `google_json` program. */
  readonly dir: string;
}

/** The one input a batch record carries. */
export interface BatchInput {
  readonly text: string;
  readonly ignoreUnknownFields: boolean;
}

function run(file: string, args: string[], input?: Buffer): string {
  return execFileSync(file, args, {
    input,
    maxBuffer: 1 << 30,
    stdio: ["pipe", "pipe", "pipe"],
  }).toString("utf8");
}

/**
 * What is missing to ask Google, as a sentence for the test's failure or skip message, or
 * undefined if python3-protobuf, protoc, g++ and libprotobuf-dev are all there.
 */
export function missingGoogleTools(): string | undefined {
  const checks: [string, () => unknown][] = [
    [`${PYTHON} with python3-protobuf`, () => run(PYTHON, ["-c", "import google.protobuf"])],
    ["protoc (protobuf-compiler)", () => run("protoc", ["--version"])],
    ["g++", () => run("g++", ["--version"])],
    ["libprotobuf-dev (pkg-config protobuf)", () => run("pkg-config", ["--exists", "protobuf"])],
  ];
  const missing = checks.filter(([, check]) => {
    try {
      check();
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return undefined;
  return `cannot ask Google's implementation: missing ${missing.map(([name]) => name).join(", ")}; install them with: apt-get install -y python3-protobuf protobuf-compiler libprotobuf-dev g++ pkg-config`;
}

/** Generates the Python and C++ code of the contract and builds the C++ program, once per hash. */
export function buildGoogleTools(): GoogleTools {
  const pythonProtobuf = run(PYTHON, [
    "-c",
    "import google.protobuf; from google.protobuf.internal import api_implementation as a; print(google.protobuf.__version__, a.Type())",
  ]).trim();
  const libprotobuf = run("pkg-config", ["--modversion", "protobuf"]).trim();
  const protoc = run("protoc", ["--version"]).trim();
  const cflags = run("pkg-config", ["--cflags", "--libs", "protobuf"]).trim().split(/\s+/);
  const hash = createHash("sha256");
  for (const part of [
    readFileSync(`${root}proto/${proto}`),
    readFileSync(`${here}google_json.cc`),
    pythonProtobuf,
    libprotobuf,
    protoc,
    cflags.join(" "),
  ]) {
    hash.update(part).update("\0");
  }
  const dir = `${root}.tmp/conformance/${hash.digest("hex").slice(0, 16)}`;
  if (!existsSync(`${dir}/google_json`)) {
    const work = `${dir}.${process.pid}`;
    mkdirSync(work, { recursive: true });
    run("protoc", [`-I${root}proto`, `--python_out=${work}`, `--cpp_out=${work}`, proto]);
    run("g++", [
      "-O1",
      "-std=c++17",
      `-I${work}`,
      `${here}google_json.cc`,
      `${work}/kafka_grpc/kafka_grpc.pb.cc`,
      "-o",
      `${work}/google_json`,
      ...cflags,
    ]);
    if (!existsSync(`${dir}/google_json`)) renameSync(work, dir);
  }
  return { pythonProtobuf, libprotobuf, protoc, dir };
}

/** The batch both programs read: a header line "<0|1> <byte length>", the text, a newline. */
function batch(inputs: readonly BatchInput[]): Buffer {
  const parts: Buffer[] = [];
  for (const { text, ignoreUnknownFields } of inputs) {
    const bytes = Buffer.from(text, "utf8");
    parts.push(
      Buffer.from(`${ignoreUnknownFields ? 1 : 0} ${bytes.length}\n`),
      bytes,
      Buffer.from("\n"),
    );
  }
  return Buffer.concat(parts);
}

function verdicts(output: string, count: number, who: string): GoogleVerdict[] {
  const lines = output.split("\n");
  if (lines.at(-1) === "") lines.pop();
  if (lines.length !== count) {
    throw new Error(`${who} answered ${lines.length} lines for ${count} inputs`);
  }
  return lines.map((line) => {
    if (line.startsWith("error ")) return { ok: false, error: line.slice(6) };
    const [verdict, binary, ...json] = line.split(" ");
    if (verdict !== "ok" || binary === undefined) throw new Error(`${who} wrote "${line}"`);
    return { ok: true, binary, json: json.join(" ") };
  });
}

/** python3-protobuf's verdicts (json_format.Parse), one process for the whole batch. */
export function pythonVerdicts(tools: GoogleTools, inputs: readonly BatchInput[]): GoogleVerdict[] {
  const out = run(PYTHON, [`${here}google_json.py`, tools.dir], batch(inputs));
  return verdicts(out, inputs.length, "google_json.py");
}

/** libprotobuf's verdicts (util::JsonStringToMessage), one process for the whole batch. */
export function cppVerdicts(tools: GoogleTools, inputs: readonly BatchInput[]): GoogleVerdict[] {
  const out = run(`${tools.dir}/google_json`, [], batch(inputs));
  return verdicts(out, inputs.length, "google_json (C++)");
}
