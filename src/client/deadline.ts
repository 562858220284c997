/** Why a {@link Deadline} ended: its time ran out, or the caller's signal aborted. */
export type DeadlineEnd = "timeout" | "aborted";

/**
 * The time left to one request: a signal for fetch, and a `race` for every other step, so that a
 * step which ignores the signal (a headers function that never settles, a custom fetch, a body
 * stream) still ends on time. Internal.
 */
export interface Deadline {
  /** Aborts when the time runs out or the caller's signal aborts. */
  readonly signal: AbortSignal;
  /** Why it ended, or undefined while there is time. */
  readonly ended: DeadlineEnd | undefined;
  /** Settles as `step` does, or rejects with the abort reason when the deadline ends first. */
  race<T>(step: PromiseLike<T>): Promise<T>;
  /** Throws the abort reason when the deadline has ended. */
  check(): void;
  /** Clears the timer and stops listening to the caller's signal. Call it once, when done. */
  dispose(): void;
}

/**
 * Starts a {@link Deadline} of `timeoutMs` that also ends when `callerSignal` aborts (at once if it
 * already has). Throws what the signal throws when reading `aborted` or adding a listener (a
 * signal-like object can); nothing is started then. Nothing of it outlives `dispose()`: no timer, no listener on the caller's signal,
 * so a long-lived signal shared by many requests does not collect listeners.
 */
export function startDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let ended: DeadlineEnd | undefined;
  const end = (why: DeadlineEnd, reason: unknown) => {
    if (ended !== undefined) return;
    ended = why;
    controller.abort(reason);
  };
  const onCallerAbort = () => end("aborted", callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener("abort", onCallerAbort); // may throw: before the timer
  const timer = setTimeout(() => {
    end("timeout", new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError"));
  }, timeoutMs);
  const { signal } = controller;
  return {
    signal,
    get ended() {
      return ended;
    },
    race<T>(step: PromiseLike<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (signal.aborted) {
          Promise.resolve(step).catch(() => {}); // settles later, unheard
          reject(signal.reason);
          return;
        }
        const onAbort = () => reject(signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
        Promise.resolve(step).then(
          (value) => {
            signal.removeEventListener("abort", onAbort);
            resolve(value);
          },
          (error: unknown) => {
            signal.removeEventListener("abort", onAbort);
            reject(error);
          },
        );
      });
    },
    check() {
      if (signal.aborted) throw signal.reason;
    },
    dispose() {
      clearTimeout(timer);
      try {
        callerSignal?.removeEventListener("abort", onCallerAbort);
      } catch {
        // a signal-like object whose removeEventListener throws keeps its listener; nothing else
      }
    },
  };
}
