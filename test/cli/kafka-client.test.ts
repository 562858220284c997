import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { drainInGroup, HEARTBEAT_WHILE_WAITING_MS } from "../../src/cli/kafka-client.js";

describe("drainInGroup()", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A drain that resolves when `drain()` is called, and a heartbeat that counts its calls. */
  function waiting() {
    let drain = () => {};
    const drained = new Promise<void>((resolve) => {
      drain = resolve;
    });
    const heartbeat = vi.fn(async () => {});
    return { drained, drain, heartbeat };
  }

  it("sends no heartbeat when the output has room at once", async () => {
    const { heartbeat } = waiting();
    await drainInGroup(Promise.resolve(), heartbeat, () => false);
    expect(heartbeat).not.toHaveBeenCalled();
  });

  it("sends a heartbeat each interval while the reader is slow, and returns once drained", async () => {
    const { drained, drain, heartbeat } = waiting();
    let returned = false;
    const wait = drainInGroup(drained, heartbeat, () => false).then(() => {
      returned = true;
    });
    await vi.advanceTimersByTimeAsync(45 * HEARTBEAT_WHILE_WAITING_MS + 10);
    expect(heartbeat).toHaveBeenCalledTimes(45);
    expect(returned).toBe(false);
    drain();
    await wait;
    expect(heartbeat).toHaveBeenCalledTimes(45);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops waiting when the consumer stops, though the output never drains", async () => {
    const { drained, heartbeat } = waiting();
    let stopping = false;
    const wait = drainInGroup(drained, heartbeat, () => stopping);
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_WHILE_WAITING_MS + 10);
    stopping = true;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_WHILE_WAITING_MS);
    await wait;
    expect(heartbeat).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("lets a heartbeat's error out (kafkajs rejoins the group on a rebalance)", async () => {
    const { drained } = waiting();
    const error = new Error("The group is rebalancing");
    const wait = drainInGroup(
      drained,
      () => Promise.reject(error),
      () => false,
    );
    const outcome = expect(wait).rejects.toBe(error);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_WHILE_WAITING_MS + 10);
    await outcome;
  });
});
