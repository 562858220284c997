import { channel, tracingChannel } from "node:diagnostics_channel";
import { afterEach, describe, expect, it } from "vitest";
import {
  createChannel,
  createTracingChannel,
  isTraced,
} from "../../src/internal/diagnostics-channel.js";

const getBuiltinModule = process.getBuiltinModule;
afterEach(() => {
  process.getBuiltinModule = getBuiltinModule;
});

describe("createChannel()", () => {
  it("is node:diagnostics_channel's channel of that name", () => {
    expect(createChannel("vehicle-update-codec:test:a")).toBe(
      channel("vehicle-update-codec:test:a"),
    );
  });

  it("is silent where process.getBuiltinModule is missing, as in a browser", () => {
    process.getBuiltinModule = undefined as never;
    const silent = createChannel("vehicle-update-codec:test:b");
    expect(silent).not.toBe(channel("vehicle-update-codec:test:b"));
    expect(silent.hasSubscribers).toBe(false);
    expect(silent.publish({})).toBeUndefined();
  });
});

describe("createTracingChannel()", () => {
  it("traces through node:diagnostics_channel's tracing channel of that name", () => {
    const traced = createTracingChannel("vehicle-update-codec:test:c");
    const seen: string[] = [];
    const handlers = {
      start: () => seen.push("start"),
      end: () => seen.push("end"),
      asyncStart: () => undefined,
      asyncEnd: () => undefined,
      error: () => seen.push("error"),
    };
    expect(isTraced(traced)).toBe(false);
    tracingChannel("vehicle-update-codec:test:c").subscribe(handlers);
    expect(isTraced(traced)).toBe(true);
    expect(traced.traceSync(() => 42, {})).toBe(42);
    tracingChannel("vehicle-update-codec:test:c").unsubscribe(handlers);
    expect(seen).toStrictEqual(["start", "end"]);
  });

  it("is silent where process.getBuiltinModule is missing, and still runs the function", () => {
    process.getBuiltinModule = undefined as never;
    const silent = createTracingChannel("vehicle-update-codec:test:d");
    expect(isTraced(silent)).toBe(false);
    expect(silent.traceSync(() => 42, {})).toBe(42);
  });
});
