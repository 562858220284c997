import * as z from "zod";
import type { JsonValue } from "./json-value.js";
import { type OperationId, operations } from "./operations.js";
import { specRecords, TwinCarStateBody } from "./records.js";

/** An OpenAPI document as plain JSON: `openapi`, `info`, `servers`, `paths`, `components`. */
export type OpenApiDocument = { readonly openapi: "3.1.1" } & { readonly [key: string]: JsonValue };

/**
 * Example bodies for {@link openApiDocument}: by operation id, then by status. Each body is a JSON
 * value (the records' types are open objects, hence `unknown` here), written into the document as
 * it is.
 */
export type OpenApiExamples = {
  readonly [Id in OperationId]?: { readonly [status: number]: unknown };
};

/** Options of {@link openApiDocument}. */
export interface OpenApiDocumentOptions {
  /**
   * Bodies shown as the `examples.sample` of each operation's responses, by operation id and
   * status (the shape of `sampleHttpBodies()` of `vehicle-update-codec/fixtures`). Default: none.
   */
  examples?: OpenApiExamples | undefined;
  /**
   * The default of the `{base_url}` server variable (the spec's base address).
   * Default `"http://127.0.0.1:4010"`.
   */
  baseUrl?: string | undefined;
}

/** The named schemas of `components.schemas`: the spec's records and the bodies it does not name. */
function namedSchemas(): Readonly<Record<string, z.ZodType>> {
  return {
    ...specRecords,
    ApiCallListBody: operations.listApiCalls.responseSchema,
    ApiTokenListBody: operations.listApiTokens.responseSchema,
    VehicleListBody: operations.listVehicles.responseSchema,
    IssueListBody: operations.listIssues.responseSchema,
    TwinCarStateBody,
  };
}

/** What an error status means, from the spec's Errors table. */
const statusMeanings: Readonly<Record<number, string>> = {
  200: "Success",
  400: "Bad request",
  401: "Unauthorized",
  408: "Request timeout",
  503: "Service unavailable",
};

const summaries: Readonly<Record<OperationId, string>> = {
  sendSms: "Send an SMS",
  listApiCalls: "List the recorded API calls",
  listApiTokens: "List the API tokens",
  listVehicles: "List the vehicles",
  listIssues: "List the issues",
  getManifestMigrateVersion: "Read the manifest migration version",
  deleteImmobilizeCommand: "Delete the immobilize command of a vehicle",
  deleteSubscriptionConfig: "Delete a subscription configuration",
  postCarStateMulti: "Post the state of several cars",
  getTwinCarState: "Read a car state",
  deleteIssue: "Delete an issue",
  deleteApiToken: "Delete an API token",
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * Returns the OpenAPI 3.1 document of the service's HTTP API, generated from the zod schemas of
 * this module (zod's `z.toJSONSchema`, `io: "input"`: bodies as they are on the wire): the 12
 * {@link operations} with their declared statuses (200, 400, 401, 503, and 408 for `sendSms`),
 * every error as a `CommonJSONError`, the records as named `components.schemas` (the recursive
 * JSON value of GET /twin/carstate as `JsonValue`), and the `examples` you pass. A new object
 * each call; it never throws.
 *
 * The package ships it, with the fixtures as examples, as `vehicle-update-codec/openapi.json`.
 *
 * ```ts
 * const document = openApiDocument({ examples: sampleHttpBodies() });
 * writeFileSync("openapi.json", JSON.stringify(document, null, 2));
 * ```
 */
export function openApiDocument(options: OpenApiDocumentOptions = {}): OpenApiDocument {
  const baseUrl = options.baseUrl ?? "http://127.0.0.1:4010";
  const paths: Record<string, Record<string, JsonValue>> = {};
  const schemas = namedSchemas();
  for (const id of Object.keys(operations) as OperationId[]) {
    const op = operations[id];
    const schemaName = nameOf(schemas, op.responseSchema);
    const examples = options.examples?.[id];
    const responses: Record<string, JsonValue> = {};
    for (const status of [200, ...op.errorStatuses]) {
      const media: Record<string, JsonValue> = {
        schema: ref(status === 200 ? schemaName : "CommonJSONError"),
      };
      const example = examples?.[status];
      if (example !== undefined) media.examples = { sample: { value: example as JsonValue } };
      responses[String(status)] = {
        description: statusMeanings[status] ?? `Status ${status}`,
        content: { "application/json": media },
      };
    }
    const operation: Record<string, JsonValue> = {
      operationId: id,
      summary: summaries[id],
      tags: ["service"],
      responses,
    };
    if (op.path.includes("{id}")) {
      operation.parameters = [
        {
          name: "id",
          in: "path",
          required: true,
          description: "The spec does not give the type or format of `id`.",
          schema: { type: "string" },
        },
      ];
    }
    if (op.method === "POST") {
      operation.requestBody = {
        description: "Any JSON value: the spec does not show the request body.",
        required: true,
        content: { "application/json": { schema: {} } },
      };
    }
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Vehicle update service",
      version: "1.0.0",
      description:
        "The HTTP JSON operations of the vehicle OTA update service. The spec names the records and shows none of their fields, so every record is an open JSON object.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [
      {
        url: "{base_url}",
        description: "The service; the spec calls its address {base_url}.",
        variables: { base_url: { default: baseUrl } },
      },
    ],
    tags: [{ name: "service", description: "The 12 operations of the service." }],
    // The spec does not name the credentials' scheme: no security requirement is declared.
    security: [],
    paths,
    components: { schemas: componentSchemas(schemas) },
  };
}

/** The name under `components.schemas` of a response schema of the operations table. */
function nameOf(schemas: Readonly<Record<string, z.ZodType>>, schema: z.ZodType): string {
  for (const [name, named] of Object.entries(schemas)) if (named === schema) return name;
  throw new Error("an operation's response schema is not a named record");
}

/** Every record and `JsonValue` as JSON Schema, referring to one another by `$ref`. */
function componentSchemas(named: Readonly<Record<string, z.ZodType>>): Record<string, JsonValue> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(named)) registry.add(schema, { id: name });
  registry.add(TwinCarStateBody.element, { id: "JsonValue" });
  const generated = z.toJSONSchema(registry, {
    io: "input",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const schemas: Record<string, JsonValue> = {};
  for (const [name, schema] of Object.entries(generated.schemas)) {
    const { $schema: _draft, $id: _id, ...rest } = schema as Record<string, JsonValue>;
    // A list body is CommonJSONDBQueryResult's fields beside `data`: said with allOf.
    schemas[name] = name.endsWith("ListBody")
      ? { allOf: [ref("CommonJSONDBQueryResult")], ...rest }
      : rest;
  }
  return schemas;
}
