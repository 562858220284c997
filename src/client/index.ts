export type { Client, ClientMethodArgs, PathId } from "./client.js";
export {
  type ClientOptions,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TIMEOUT_MS,
  type FetchFunction,
  type HeadersInit,
  type HeadersSource,
  MAX_REDIRECTS,
  MAX_TIMEOUT_MS,
  type QueryParams,
  type QueryValue,
  type RedirectMode,
  type RequestOptions,
} from "./client-options.js";
export type {
  ClientFailureKind,
  ClientResult,
  ClientResultKind,
} from "./client-result.js";
export { createClient } from "./create-client.js";
