// Writes openapi.json (shipped as vehicle-update-codec/openapi.json): the OpenAPI document of
// openApiDocument() with the fixtures' bodies as examples. Run it (`npm run openapi`) after a
// change to the schemas, the operations or the fixtures; test/http/openapi-document.test.ts
// fails until the file matches again.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sampleHttpBodies } from "../src/fixtures/index.js";
import { openApiDocument } from "../src/http/index.js";

const file = fileURLToPath(new URL("../openapi.json", import.meta.url));
const text = `${JSON.stringify(openApiDocument({ examples: sampleHttpBodies() }), null, 2)}\n`;
writeFileSync(file, text);
console.log(`openapi.json: ${text.length} characters`);
