// node:diagnostics_channel, reached without an import: the package is bundled for browsers too,
// where a static `import "node:diagnostics_channel"` would not resolve. `process.getBuiltinModule`
// (Node.js 20.16+, 22.3+, and Deno and Bun) hands the module over synchronously; where it is
// missing (a browser, an older Node.js) every channel is silent: it never has subscribers and
// publishes nothing.

type DiagnosticsChannelModule = typeof import("node:diagnostics_channel");

/** The part of a `Channel` of node:diagnostics_channel that a publisher uses. */
export interface PublishingChannel {
  readonly hasSubscribers: boolean;
  publish(message: unknown): void;
}

/** The part of a `TracingChannel` of node:diagnostics_channel that a synchronous operation uses. */
export interface SyncTracingChannel {
  readonly start: PublishingChannel;
  readonly end: PublishingChannel;
  readonly error: PublishingChannel;
  traceSync<T>(fn: () => T, context: object): T;
}

const silent: PublishingChannel = { hasSubscribers: false, publish: () => undefined };

/** node:diagnostics_channel, or undefined where `process.getBuiltinModule` is missing. */
export function diagnosticsChannel(): DiagnosticsChannelModule | undefined {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process;
  return process?.getBuiltinModule?.("node:diagnostics_channel") as
    | DiagnosticsChannelModule
    | undefined;
}

/** The channel named `name`, or a silent one where node:diagnostics_channel is missing. */
export function createChannel(name: string): PublishingChannel {
  return diagnosticsChannel()?.channel(name) ?? silent;
}

/**
 * The tracing channels of `name` (`tracing:${name}:start`, `:end`, `:error`, …), or silent ones
 * where node:diagnostics_channel or its `tracingChannel` is missing.
 */
export function createTracingChannel(name: string): SyncTracingChannel {
  const module = diagnosticsChannel();
  if (module?.tracingChannel === undefined) {
    return { start: silent, end: silent, error: silent, traceSync: (fn) => fn() };
  }
  return module.tracingChannel(name) as unknown as SyncTracingChannel;
}

/** Whether any of the tracing channels that a synchronous operation publishes on has a subscriber. */
export function isTraced(channel: SyncTracingChannel): boolean {
  return channel.start.hasSubscribers || channel.end.hasSubscribers || channel.error.hasSubscribers;
}
