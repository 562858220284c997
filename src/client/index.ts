export {
  type Client,
  type ClientFailureKind,
  type ClientOptions,
  type ClientResult,
  createClient,
  DEFAULT_TIMEOUT_MS,
  type FetchFunction,
  type HeadersSource,
  MAX_TIMEOUT_MS,
  type QueryParams,
  type QueryValue,
  type RequestOptions,
} from "./create-client.js";
