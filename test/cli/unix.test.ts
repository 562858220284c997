import { spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleEnvelope } from "../../src/fixtures/index.js";
import { encodeDelimited } from "../../src/framing/index.js";
import { createEnvelope, encodeEnvelope } from "../../src/index.js";
import { bin, measuring, run as runIn, shell as shellIn, workDir } from "./bin.js";

// The CLI among the Unix tools beside it: pipes that close early, full disks, exit codes, and
// input that never ends.

let dir: string;
let path: string;
let remove: () => void;
beforeAll(() => {
  ({ dir, path, remove } = workDir());
  // 3000 envelopes: decoded with --emit-defaults, far more output than a pipe buffers.
  const one = encodeDelimited(sampleEnvelope("updateManifest"));
  const stream = new Uint8Array(one.length * 3000);
  for (let i = 0; i < 3000; i++) stream.set(one, i * one.length);
  writeFileSync(join(dir, "stream.bin"), stream);
});
afterAll(() => remove());

const run = (args: string[], input?: string | Uint8Array) => runIn(dir, args, input);
const shell = (script: string, env?: NodeJS.ProcessEnv) => shellIn(dir, path, script, env);

/** Runs `script` with the bin measured: its exit status, stderr, peak memory and time. */
function measured(script: string) {
  const file = join(dir, "measure.json");
  writeFileSync(file, "");
  const result = shell(script, measuring(dir, file));
  return {
    ...result,
    ...(JSON.parse(readFileSync(file, "utf8")) as { maxRssKiB: number; ms: number }),
  };
}

describe("when the reader closes the pipe", () => {
  it("demo | head -n 1 prints the line and exits 0 without a word on stderr", () => {
    const { code, out, err } = shell("vehicle-update-codec demo | head -n 1");
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(out).toMatch(/^kind +handler +binary +JSON +round trip\n$/);
  });

  it("decode of a large stream | head -c 100 exits 0 quietly (EPIPE)", () => {
    const { code, out, err } = shell(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash expansion, not a template.
      'vehicle-update-codec decode --emit-defaults stream.bin | head -c 100; echo " status ${PIPESTATUS[0]}"',
    );
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(out).toMatch(/ status 0\n$/);
  });

  it("exits 0 quietly when standard output is closed before the first write", async () => {
    const child = spawn(process.execPath, [bin, "decode", "--emit-defaults", "stream.bin"], {
      cwd: dir,
    });
    child.stdout.destroy();
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(err).toBe("");
    expect(code).toBe(0);
  });
});

describe("when the reader is slower than the output", () => {
  /**
   * Runs `decode --split lines` on `lines` lines of garbage with a preload that watches `stream`:
   * when a write to it first returns false (its buffer full), the preload says so on fd 3 and the
   * test starts reading `stream` only then. On exit the preload gives, for each stream, the
   * most it held unwritten when a write was made: a loop that waits for 'drain' never writes
   * to a stream holding a highWaterMark or more.
   */
  async function slowReader(stream: "stdout" | "stderr", args: string[], lines: number) {
    const preload = join(dir, "watch-output.mjs");
    writeFileSync(
      preload,
      `import { writeSync } from "node:fs";
const most = { stdout: 0, stderr: 0, highWaterMark: process.stdout.writableHighWaterMark };
let told = false;
for (const name of ["stdout", "stderr"]) {
  const output = process[name];
  const write = output.write.bind(output);
  output.write = (...args) => {
    most[name] = Math.max(most[name], output.writableLength);
    const ok = write(...args);
    if (!ok && name === ${JSON.stringify(stream)} && !told) {
      told = true;
      writeSync(3, "full\\n");
    }
    return ok;
  };
}
process.on("exit", () => writeSync(3, JSON.stringify(most)));
`,
    );
    const child = spawn(process.execPath, [bin, "decode", "--split", "lines", ...args], {
      cwd: dir,
      env: { ...process.env, NODE_OPTIONS: `--import=${preload}` },
      stdio: ["pipe", "pipe", "pipe", "pipe"],
    });
    const text = { stdout: "", stderr: "", watch: "" };
    const read = (name: "stdout" | "stderr") =>
      child[name].on("data", (chunk: Buffer) => {
        text[name] += chunk.toString();
      });
    read(stream === "stdout" ? "stderr" : "stdout");
    let reading = false;
    const readWatched = () => {
      if (!reading) read(stream);
      reading = true;
    };
    // A run that never fills the stream is read at its exit, and fails on `full` below.
    child.on("exit", readWatched);
    (child.stdio[3] as NodeJS.ReadableStream).on("data", (chunk: Buffer) => {
      text.watch += chunk.toString();
      if (text.watch.startsWith("full\n")) readWatched();
    });
    child.stdin.end("garbage\n".repeat(lines));
    const code = await new Promise((resolve) => child.on("close", resolve));
    const [full, report] = text.watch.split("\n");
    const most = JSON.parse(report as string) as Record<string, number>;
    return { code, full, most, out: text.stdout, err: text.stderr };
  }

  it("waits for standard output to drain: --facts lines of 5000 bad records", async () => {
    const { code, full, most, out, err } = await slowReader("stdout", ["--facts"], 5000);
    expect(full).toBe("full");
    expect(most.stdout).toBeLessThan(most.highWaterMark as number);
    expect(code).toBe(1);
    expect(out.split("\n")).toHaveLength(5001);
    expect(err.split("\n")).toHaveLength(5001);
  });

  it("waits for standard error to drain: the error lines of 5000 bad records", async () => {
    const { code, full, most, out, err } = await slowReader("stderr", [], 5000);
    expect(full).toBe("full");
    expect(most.stderr).toBeLessThan(most.highWaterMark as number);
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err.split("\n")).toHaveLength(5001);
    expect(err.split("\n")[4999]).toBe(
      "vehicle-update-codec decode: record 5000 (line 5000): [truncated] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: fixed64 value at offset 4 runs past the end of the input",
    );
  });

  it("endless bad input | head -n 1 prints the line and exits 0 (EPIPE)", () => {
    const { out, err } = shell(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash expansion, not a template.
      'yes garbage | vehicle-update-codec decode --split lines --facts 2>/dev/null | head -n 1; echo "status ${PIPESTATUS[1]}"',
    );
    expect(err).toBe("");
    expect(out).toBe(
      '{"record":1,"line":1,"split":"lines","input":"base64","error":{"code":"truncated","message":"cannot decode kafka_grpc.GRPC_AttendantPayload from binary: fixed64 value at offset 4 runs past the end of the input"}}\nstatus 0\n',
    );
  });
});

describe("when standard output cannot be written", () => {
  it("prints one line and exits 74 on a full disk (/dev/full: ENOSPC)", () => {
    const full = openSync("/dev/full", "w");
    try {
      const result = spawnSync(process.execPath, [bin, "demo"], { stdio: ["pipe", full, "pipe"] });
      expect(result.stderr.toString()).toBe(
        "vehicle-update-codec: cannot write standard output: ENOSPC (no space left on device)\n",
      );
      expect(result.status).toBe(74);
    } finally {
      closeSync(full);
    }
  });

  it.runIf(process.platform === "linux")(
    "prints one line and exits 74 when it is closed (>&-)",
    () => {
      const { out, err } = shell('vehicle-update-codec sample dtcEntry >&-; echo "status $?"');
      expect(err).toBe("vehicle-update-codec: cannot write standard output: it is closed\n");
      expect(out).toBe("status 74\n");
    },
  );

  it("writes to /dev/null as to any file: exit 0", () => {
    const { code, out, err } = shell(
      'vehicle-update-codec sample dtcEntry >/dev/null; echo "status $?"',
    );
    expect(err).toBe("");
    expect(out).toBe("status 0\n");
    expect(code).toBe(0);
  });
});

describe("--max-elements", () => {
  // updateManifest { ecu_updates: [{}, {}, {}] }: 4 elements below the envelope
  const manifest = encodeEnvelope(createEnvelope("updateManifest", { ecuUpdates: [{}, {}, {}] }));

  it("refuses an envelope of more elements, in decode and inspect", () => {
    const { code, err } = run(["decode", "--max-elements", "3"], manifest);
    expect(code).toBe(1);
    expect(err).toMatch(
      /^vehicle-update-codec decode: \[too_large\] .*more than maxElements 3 elements at offset \d+\n$/,
    );
    expect(run(["decode", "--max-elements", "4"], manifest).code).toBe(0);
    expect(run(["inspect", "--max-elements", "3"], manifest).code).toBe(1);
    expect(run(["inspect", "--max-elements", "4"], manifest).code).toBe(0);
  });

  it("takes a whole number only", () => {
    const { code, err } = run(["decode", "--max-elements", "1e3"], manifest);
    expect(code).toBe(2);
    expect(err).toContain('--max-elements must be a whole number, got "1e3"');
  });
});

describe("--max-bytes", () => {
  const dtc = encodeEnvelope(sampleEnvelope("dtcEntry"));

  it("lowers the limit: input of exactly n bytes is read, n + 1 is refused", () => {
    expect(run(["decode", "--max-bytes", String(dtc.length)], dtc).code).toBe(0);
    const { code, err } = run(["decode", "--max-bytes", String(dtc.length - 1)], dtc);
    expect(code).toBe(1);
    expect(err).toBe(
      `vehicle-update-codec decode: [too_large] input is larger than maxBytes ${dtc.length - 1} (--max-bytes), the limit of a raw envelope; stopped reading after ${dtc.length} bytes, and it is no size-delimited stream either: its first message does not read (--split delimited says why)\n`,
    );
    const raw = run(["decode", "--framing", "raw", "--max-bytes", String(dtc.length - 1)], dtc);
    expect(raw.code).toBe(1);
    expect(raw.err).toBe(
      `vehicle-update-codec decode: [too_large] input is larger than maxBytes ${dtc.length - 1} (--max-bytes), the limit of a raw envelope; stopped reading after ${dtc.length} bytes\n`,
    );
  });

  it("refuses one envelope over --max-bytes as too large, in words, with the sizes", () => {
    // docs/cli.md's `decode --max-bytes 10 dtc.binpb`
    for (const command of ["decode", "inspect"]) {
      expect(run([command, "--max-bytes", "10"], dtc)).toEqual({
        code: 1,
        stdout: Buffer.alloc(0),
        out: "",
        err: `vehicle-update-codec ${command}: [too_large] input is larger than maxBytes 10 (--max-bytes), the limit of a raw envelope; stopped reading after ${dtc.length} bytes, and it is no size-delimited stream either: its first message does not read (--split delimited says why)\n`,
      });
    }
  });

  it("says why the first message does not read with --split delimited", () => {
    expect(run(["decode", "--split", "delimited", "--max-bytes", "10"], dtc)).toMatchObject({
      code: 1,
      err: [
        "vehicle-update-codec decode: record 1 (offset 1): [malformed] cannot decode kafka_grpc.GRPC_AttendantPayload from binary: unexpected END_GROUP for field 1 at offset 0",
        "vehicle-update-codec decode: [too_large] cannot decode size-delimited envelopes: length prefix at offset 11 announces a message of 116 bytes, which exceeds maxBytes 10",
        "",
      ].join("\n"),
    });
  });

  it("bounds each message of a delimited stream, not the stream: longer input is streamed", () => {
    const one = encodeDelimited(sampleEnvelope("dtcEntry"));
    const stream = Buffer.concat(Array.from({ length: 50 }, () => one));
    const limit = ["--max-bytes", String(one.length * 2)];
    const decoded = run(["decode", "--compact", ...limit], stream);
    expect(decoded.err).toBe("");
    expect(decoded.code).toBe(0);
    expect(decoded.out.trimEnd().split("\n")).toHaveLength(50);
    const inspected = run(["inspect", ...limit], stream);
    expect(inspected.code).toBe(0);
    expect(inspected.out.match(/^record: /gm)).toHaveLength(50);
    expect(inspected.out).toContain(
      `\n\nrecord:         50 (message of a size-delimited stream, at offset ${49 * one.length + 1})\nkind:           dtcEntry\n`,
    );
    const tooSmall = run(["decode", "--max-bytes", String(one.length - 2)], stream);
    expect(tooSmall.code).toBe(1);
    expect(tooSmall.err).toBe(
      `vehicle-update-codec decode: [too_large] cannot decode size-delimited envelopes: length prefix at offset 0 announces a message of ${one.length - 1} bytes, which exceeds maxBytes ${one.length - 2}\n`,
    );
  });

  it("bounds the whole input only when --max-total-bytes asks", () => {
    const one = encodeDelimited(sampleEnvelope("dtcEntry"));
    const stream = Buffer.concat(Array.from({ length: 1000 }, () => one));
    writeFileSync(join(dir, "dtc-stream.bin"), stream);
    expect(
      run(["inspect", "--max-total-bytes", String(stream.length), "dtc-stream.bin"]).code,
    ).toBe(0);
    const refused = run(["decode", "--max-total-bytes", "64K", "dtc-stream.bin"]);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `vehicle-update-codec decode: [too_large] input is larger than --max-total-bytes 65536; stopped reading after ${stream.length} bytes\n`,
    );
    expect(run(["decode", "--max-total-bytes", "2P"], dtc).err).toContain(
      '--max-total-bytes must be a number of bytes from 0 to 1125899906842624 (1P), with K, M or G for KiB, MiB or GiB, got "2P"',
    );
  });

  it("reads a 300 MiB stream through a pipe in about one message of memory", () => {
    const envelope = sampleEnvelope("dtcEntry");
    if (envelope.Data.case === "dtcEntry") envelope.Data.value.ecu = "e".repeat(1024 * 1024);
    writeFileSync(join(dir, "one-mib.bin"), encodeDelimited(envelope));
    const file = join(dir, "measure.json");
    writeFileSync(file, "");
    const env = measuring(dir, file);
    const result = shell(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash expansion, not a template.
      'for i in $(seq 300); do cat one-mib.bin; done | vehicle-update-codec inspect --max-bytes 2M | grep -c "^kind:"; echo "status ${PIPESTATUS[1]}"',
      { NODE_OPTIONS: `${env.NODE_OPTIONS} --max-old-space-size=32` },
    );
    expect(result.err).toBe("");
    expect(result.out).toBe("300\nstatus 0\n");
    const { maxRssKiB } = JSON.parse(readFileSync(file, "utf8")) as { maxRssKiB: number };
    expect(maxRssKiB).toBeLessThan(150 * 1024); // the input is 300 MiB
  });

  it("raises the limit above 16 MiB, with K, M or G", () => {
    const big = sampleEnvelope("dtcEntry");
    big.handler = "h".repeat(17 * 1024 * 1024);
    const bytes = encodeEnvelope(big);
    writeFileSync(join(dir, "big.binpb"), bytes);
    const refused = run(["inspect", "big.binpb"]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("[too_large] input is larger than maxBytes 16777216");
    const read = run(["inspect", "--max-bytes", "18M", "big.binpb"]);
    expect(read.err).toBe("");
    expect(read.out).toContain(`size:           ${bytes.length} bytes\n`);
  });

  it.each([
    [
      "lots",
      '--max-bytes must be a number of bytes from 0 to 268435456 (256M), with K, M or G for KiB, MiB or GiB, got "lots"',
    ],
    [
      "1G",
      "--max-bytes must be a number of bytes from 0 to 268435456 (256M), with K, M or G for KiB, MiB or GiB, got 1G",
    ],
    [
      "-5",
      '--max-bytes must be a number of bytes from 0 to 268435456 (256M), with K, M or G for KiB, MiB or GiB, got "-5"',
    ],
  ])("refuses --max-bytes %s", (value, message) => {
    const { code, err } = run(["decode", "--max-bytes", value], dtc);
    expect(code).toBe(2);
    expect(err.split("\n")[0]).toBe(`vehicle-update-codec decode: ${message}`);
  });

  it("stops reading /dev/zero at the limit: too_large quickly, memory bounded", () => {
    const result = measured("vehicle-update-codec decode /dev/zero");
    expect(result.err).toMatch(
      // A first byte 0x00: a schema-registry frame, which must fit in --max-bytes.
      /^vehicle-update-codec decode: \[too_large\] input is larger than maxBytes 16777216 \(--max-bytes\), the limit of a schema-registry frame; stopped reading after \d+ bytes\n$/,
    );
    expect(result.code).toBe(1);
    expect(result.ms).toBeLessThan(5000);
    expect(result.maxRssKiB).toBeLessThan(250 * 1024); // reading it all took 12 GB and a minute
  });

  it("stops reading an endless pipe (yes, bounded at 1 GB by head) at the limit", () => {
    const result = measured(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash expansion, not a template.
      'yes | head -c 1000000000 | vehicle-update-codec decode -; echo "status ${PIPESTATUS[2]}"',
    );
    expect(result.err).toMatch(
      /^vehicle-update-codec decode: \[too_large\] input is larger than maxBytes 16777216 \(--max-bytes\), the limit of base64 input, which is read whole; stopped reading after \d+ bytes\n$/,
    );
    expect(result.out).toBe("status 1\n");
    expect(result.ms).toBeLessThan(5000);
    expect(result.maxRssKiB).toBeLessThan(250 * 1024);
  });
});

describe("--input auto", () => {
  it.each([
    ["1 MB of spaces and a !", `${" ".repeat(1_000_000)}!`],
    ["1 MB of newlines", "\n".repeat(1_000_000)],
    ["1 MB of spaces and A=", `${" ".repeat(1_000_000)}A=`],
  ])("decides %s in linear time", (_, input) => {
    writeFileSync(join(dir, "spaces.txt"), input);
    const result = measured("vehicle-update-codec decode --input auto spaces.txt");
    expect(result.code).toBe(1);
    expect(result.err.split("\n")).toHaveLength(2);
    expect(result.ms).toBeLessThan(2000); // 100 KB took 7.5 to 14 s with the old regular expression
  });
});
