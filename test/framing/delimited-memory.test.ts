import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const exec = promisify(execFile);
const child = fileURLToPath(new URL("./delimited-memory-child.ts", import.meta.url));
const MiB = 1024 * 1024;

describe("decodeDelimitedStream() memory", () => {
  // 4-byte chunks: 16 MiB in 1-byte chunks takes 6.5 s through the async generator (2 s in
  // 4-byte ones) and the splitter's cost does not depend on the chunk size. Kept as one piece
  // per chunk, 4-byte chunks cost 465 MiB; collected in a doubling buffer, about 40 MiB, of
  // which about 24 MiB are the chunks' garbage not yet collected. The young generation is fixed
  // at 16 MiB semi-spaces, so that an engine with a larger default does not count against it.
  it("follows the bytes, not the chunk count: a 16 MiB message in 4-byte chunks costs < 100 MiB", async () => {
    const { stdout } = await exec(
      process.execPath,
      ["--expose-gc", "--max-semi-space-size=16", "--import", "tsx", child, "4"],
      {
        cwd: fileURLToPath(new URL("../..", import.meta.url)),
      },
    );
    const { extraBytes } = JSON.parse(stdout) as { extraBytes: number };
    expect(extraBytes).toBeLessThan(100 * MiB);
  });
});
