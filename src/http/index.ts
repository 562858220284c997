export { formatIssuePath } from "./format-issue-path.js";
export { type JsonValue, MAX_JSON_DEPTH } from "./json-value.js";
export {
  ApiCallListBody,
  ApiTokenListBody,
  IssueListBody,
  listBody,
  VehicleListBody,
} from "./list-body.js";
export {
  type OpenApiDocument,
  type OpenApiDocumentOptions,
  type OpenApiExamples,
  openApiDocument,
} from "./openapi-document.js";
export {
  type DeclaredStatus,
  type HttpMethod,
  type Operation,
  type OperationId,
  type OperationOf,
  operations,
  type ResponseBody,
} from "./operations.js";
export {
  parseResponse,
  type ResponseKind,
  type ResponseResult,
  type ZodIssue,
} from "./parse-response.js";
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
  TwinCarStateBody,
} from "./records.js";
