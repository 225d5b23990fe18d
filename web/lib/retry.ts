// Retries a send that the network lost (issue 37): safe only for requests the server recognises when
// they come twice (an Idempotency-Key). A refusal (4xx) is final; a lost connection or a server
// error is tried again after 1, 2, 4 then 8 seconds.
import { ApiError } from "./api.ts";

export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000] as const;

/** Worth another try: nothing answered, a timeout, or the server failed. */
export function isTransient(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.status === 408 || err.status >= 500);
}

export async function withRetries<T>(
  send: () => Promise<T>,
  delays: readonly number[] = RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      const delay = delays[attempt];
      if (delay === undefined || !isTransient(err)) throw err;
      await wait(delay);
    }
  }
}
