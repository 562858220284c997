// The OpenAPI document checked by two independent validators, and the shipped openapi.json
// checked against what the schemas generate.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { sampleHttpBodies } from "../../src/fixtures/index.js";
import { type OperationId, openApiDocument, operations } from "../../src/http/index.js";

const root = join(import.meta.dirname, "../..");
const shipped = () => openApiDocument({ examples: sampleHttpBodies() });

/** Redocly's recommended rules over `document`; every problem, warnings included, as one line. */
async function redocly(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: "/openapi.json",
    config,
  });
  return problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ""}`);
}

type Paths = Record<string, Record<string, { operationId: string; responses: object }>>;

describe("openApiDocument()", () => {
  it("is valid OpenAPI 3.1 for @seriousme/openapi-schema-validator", async () => {
    const validator = new Validator();
    expect(await validator.validate(shipped())).toEqual({ valid: true });
    expect(validator.version).toBe("3.1");
  });

  it("passes Redocly's recommended rules with no problem, examples validated", async () => {
    expect(await redocly(shipped())).toEqual([]);
  });

  it("makes Redocly report an example that breaks its schema", async () => {
    const bad = openApiDocument({
      examples: { listVehicles: { 200: { data: "not a list" } }, sendSms: { 408: [1] } },
    });
    const problems = await redocly(bad);
    expect(problems).toContain(
      "no-invalid-media-type-examples #/paths/~1vehicles/get/responses/200/content/application~1json/examples/sample/value/data",
    );
    expect(problems).toContain(
      "no-invalid-media-type-examples #/paths/~1sms/post/responses/408/content/application~1json/examples/sample/value",
    );
  });

  it("makes the schema validator reject a broken document", async () => {
    const broken = { ...shipped(), paths: { "/vehicles": { get: { responses: 7 } } } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("lists the 12 operations, each with 200 and exactly its declared error statuses", () => {
    const paths = shipped().paths as unknown as Paths;
    const found: Record<string, string[]> = {};
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        found[op.operationId] = [`${method.toUpperCase()} ${path}`, ...Object.keys(op.responses)];
      }
    }
    const expected: Record<string, string[]> = {};
    for (const id of Object.keys(operations) as OperationId[]) {
      const op = operations[id];
      expected[id] = [`${op.method} ${op.path}`, "200", ...op.errorStatuses.map(String)];
    }
    expect(found).toEqual(expected);
  });

  it("names the recursive JSON value of /twin/carstate as a component that refers to itself", () => {
    const components = shipped().components as { schemas: Record<string, unknown> };
    expect(components.schemas.TwinCarStateBody).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/JsonValue" },
    });
    expect(JSON.stringify(components.schemas.JsonValue)).toContain(
      '"$ref":"#/components/schemas/JsonValue"',
    );
    expect(JSON.stringify(shipped())).not.toContain("$defs");
  });

  it("gives every error status the CommonJSONError schema", () => {
    const paths = shipped().paths as unknown as Paths;
    const sms = paths["/sms"]?.post?.responses as Record<string, unknown>;
    expect(sms["408"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/CommonJSONError" } } },
    });
  });

  it("is what openapi.json holds (run npm run openapi after changing the schemas)", () => {
    const file = JSON.parse(readFileSync(join(root, "openapi.json"), "utf8"));
    expect(file).toEqual(shipped());
  });

  it("is exported by package.json as ./openapi.json and shipped in files", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(pkg.exports["./openapi.json"]).toBe("./openapi.json");
    expect(pkg.files).toContain("openapi.json");
  });
});
