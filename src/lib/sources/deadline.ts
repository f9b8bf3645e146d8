/**
 * One time bound over several awaits (a download, then hashing, then unpacking).
 *
 * A timer aborts a private controller with a `bound` error, and every await goes through `race`,
 * so a server that stalls mid-body, or a stream implementation that ignores the fetch's signal once
 * the headers are in, still cannot outlive the bound. A caller's own signal aborts it too, with the
 * caller's reason, so a cancellation is never reported as a timeout.
 */
import { boundError } from "./errors";

export interface Deadline {
  /** Aborts when the time is up or the caller cancels; pass it to fetch. */
  readonly signal: AbortSignal;
  /** Settles with `promise`, or rejects with the abort reason as soon as the signal aborts. */
  race<T>(promise: Promise<T>): Promise<T>;
  /** Throws the abort reason if the signal has aborted (for synchronous loops between awaits). */
  check(): void;
  /** Stops the timer and forgets the caller's signal; call it in a `finally`. */
  dispose(): void;
}

/** Starts a deadline of `ms` milliseconds for `what` (used in the refusal's message). */
export function startDeadline(ms: number, what: string, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const started = Date.now();
  const onOuterAbort = () => controller.abort(outer?.reason);
  const timer = Number.isFinite(ms)
    ? setTimeout(() => {
        controller.abort(boundError("timeMs", ms, Date.now() - started, `${what} took longer than ${ms} ms`));
      }, ms)
    : undefined;
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener("abort", onOuterAbort, { once: true });
  const signal = controller.signal;

  return {
    signal,
    race<T>(promise: Promise<T>): Promise<T> {
      if (signal.aborted) {
        // The losing promise may still reject later; nobody awaits it, so keep that quiet.
        promise.catch(() => {});
        return Promise.reject(signal.reason);
      }
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
        promise.then(
          (value) => {
            signal.removeEventListener("abort", onAbort);
            resolve(value);
          },
          (error) => {
            signal.removeEventListener("abort", onAbort);
            reject(error);
          },
        );
      });
    },
    check(): void {
      if (signal.aborted) throw signal.reason;
    },
    dispose(): void {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
    },
  };
}
