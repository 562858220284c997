// The wire contract against the schema as last released: `buf breaking` with buf.yaml's rules
// (WIRE_JSON: nothing that changes the binary or JSON encoding) and the committed image
// test/schema/baseline.binpb. Refresh the image on each release with `npm run schema:baseline`.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const exec = promisify(execFile);
const root = join(import.meta.dirname, "../..");
const buf = join(root, "node_modules/.bin/buf");
const baseline = join(root, "test/schema/baseline.binpb");
const protoFile = "proto/kafka_grpc/kafka_grpc.proto";

/** Runs `buf breaking` in `cwd` against the baseline; resolves to its exit code and output. */
async function breaking(cwd: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await exec(buf, ["breaking", "--against", baseline], { cwd });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

describe("buf breaking against test/schema/baseline.binpb", () => {
  it("finds nothing in proto/", async () => {
    expect(await breaking(root)).toEqual({ code: 0, output: "" });
  });

  describe("bites on a copy of proto/ with a breaking change", () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "vuc-schema-"));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** Copies buf.yaml and proto/ to a fresh folder and applies one edit to the .proto file. */
    function copyWith(name: string, from: string, to: string): string {
      const copy = join(dir, name);
      cpSync(join(root, "buf.yaml"), join(copy, "buf.yaml"));
      cpSync(join(root, "proto"), join(copy, "proto"), { recursive: true });
      const source = readFileSync(join(copy, protoFile), "utf8");
      expect(source, `${protoFile} no longer holds ${JSON.stringify(from)}`).toContain(from);
      writeFileSync(join(copy, protoFile), source.replace(from, to));
      return copy;
    }

    it("a renumbered field", async () => {
      const copy = copyWith(
        "renumbered",
        "message VehicleData {\n  string vin = 1;",
        "message VehicleData {\n  string vin = 2;",
      );
      const { code, output } = await breaking(copy);
      expect(code).not.toBe(0);
      expect(output).toMatch(
        /kafka_grpc\.proto:\d+:\d+:Previously present field "1" with name "vin" on message "VehicleData" was deleted/,
      );
    });

    it("a field whose type changed", async () => {
      const copy = copyWith(
        "retyped",
        "message UpdateData {\n  int64 id = 1;",
        "message UpdateData {\n  string id = 1;",
      );
      const { code, output } = await breaking(copy);
      expect(code).not.toBe(0);
      expect(output).toMatch(/Field "1" with name "id" on message "UpdateData" changed type/);
    });
  });
});
