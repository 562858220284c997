import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const exec = promisify(execFile);
const child = fileURLToPath(new URL("./decode-memory-child.ts", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));

/** Runs decode-memory-child.ts on 256 KiB of one shape; returns retained heap per input byte. */
async function heapPerByte(shape: string, readUnknownFields: boolean): Promise<number> {
  const args = ["--expose-gc", "--import", "tsx", child, shape, "256", String(readUnknownFields)];
  const { stdout } = await exec(process.execPath, args, { cwd: root });
  return (JSON.parse(stdout) as { perByte: number }).perByte;
}

// docs/reliability.md, "Memory per input byte": the factors measured are 167 for rollback chains
// (the worst shape) and 0.1 for unknown fields dropped. The bounds leave room for other engines.
describe("decodeEnvelope() memory", () => {
  it("retains < 250 bytes of heap per input byte on the worst shape (rollback chains 97 deep)", async () => {
    expect(await heapPerByte("rollback-chains", true)).toBeLessThan(250);
  });

  it("retains < 5 bytes per input byte of unknown varint fields with readUnknownFields: false", async () => {
    expect(await heapPerByte("unknown-varints", false)).toBeLessThan(5);
  });

  // Without maxElements, 16 MB of rollback chains take 2.6 GiB of heap (docs/reliability.md):
  // the default of 1,000,000 elements refuses them at about 390 MB, so a 640 MiB heap survives.
  it.each(["rollback-chains", "unknown-varints"])(
    "refuses 16 MB of %s as too_large under the default maxElements, within a 640 MiB heap",
    async (shape) => {
      const args = [
        "--expose-gc",
        "--max-old-space-size=640",
        "--import",
        "tsx",
        child,
        shape,
        "16000",
      ];
      const { stdout } = await exec(process.execPath, args, { cwd: root });
      const result = JSON.parse(stdout) as { refused?: string; heldBytes: number };
      expect(result.refused).toBe("too_large");
      expect(result.heldBytes).toBeLessThan(500 * 1024 * 1024);
    },
  );
});
