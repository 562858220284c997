// "./mock": MSW handlers of the service's operations, typed replies (data or msw resolvers) for
// per-test overrides, and a real mock server built on the same handlers. Built on the public API of "./http" and
// "./fixtures"; msw is an optional peer dependency, imported only by this subpath.
export {
  type CreateHandlersOptions,
  createHandlers,
  type MockOperationOptions,
  type MockReplies,
  mockOperation,
} from "./create-handlers.js";
export type {
  JsonReply,
  MockReply,
  MockResolver,
  MockResolverInfo,
  RawReply,
  ReplyHeaders,
  ResolvedReply,
} from "./mock-reply.js";
export {
  DEFAULT_MOCK_HOST,
  DEFAULT_MOCK_MAX_BODY_BYTES,
  DEFAULT_MOCK_REQUEST_TIMEOUT_MS,
  MAX_RECORDED_REQUESTS,
  type MockServer,
  type MockServerOptions,
  type RecordedRequest,
  startMockServer,
} from "./start-mock-server.js";
