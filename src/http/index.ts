export { formatIssuePath } from "./format-issue-path.js";
export { type JsonValue, MAX_JSON_DEPTH } from "./json-value.js";
export type { ListBody, ObjectSchema } from "./list-body.js";
export {
  type OpenApiDocument,
  type OpenApiDocumentOptions,
  type OpenApiExamples,
  openApiDocument,
} from "./openapi-document.js";
export {
  createOperations,
  type DeclaredStatus,
  type HttpMethod,
  type Operation,
  type OperationId,
  type OperationOf,
  type Operations,
  operations,
  type ResponseBody,
} from "./operations.js";
export {
  type ParseResponseOptions,
  parseResponse,
  type ResponseKind,
  type ResponseResult,
  type ZodIssue,
} from "./parse-response.js";
export type { RecordName, RecordOf, RecordSchemas } from "./record-schemas.js";
export {
  CommonAPICall,
  CommonAPIToken,
  CommonCar,
  CommonIssue,
  CommonJSONDBQueryResult,
  CommonJSONError,
  CommonJSONMessage,
  HandlersJSONCarStateMultiMessage,
  HandlersManifestMigrateVersion,
  SmsSMSDetailsResponse,
  specRecords,
  TwinCarStateBody,
} from "./records.js";
