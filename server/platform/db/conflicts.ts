// PostgreSQL's « try again » errors: a deadlock (40P01) or a serialization failure (40001). Either
// one rolled the whole transaction back, so running it again is safe and usually succeeds; a
// request that still meets one after a few tries is told to try again later (503), never a 500.

/** SQLSTATE codes of a transaction to run again. */
const TRANSIENT = new Set(["40P01", "40001"]);

/** The error and its causes (drizzle wraps the driver's error), five deep at most. */
export function* causeChain(err: unknown): Generator<{ code: unknown; error: unknown }> {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield { code: (e as { code?: unknown }).code, error: e };
  }
}

/** Whether the error is a deadlock or a serialization failure. */
export function isTransientConflict(err: unknown): boolean {
  for (const { code } of causeChain(err)) if (typeof code === "string" && TRANSIENT.has(code)) return true;
  return false;
}

/** Tries of a transaction that meets a transient conflict, the first included. */
export const TRANSACTION_ATTEMPTS = 4;

/** A short random wait before the next try, longer each time: the two sides rarely meet again. */
export function conflictBackoff(attempt: number): Promise<void> {
  const ms = 5 * 2 ** attempt + Math.random() * 20 * attempt;
  return new Promise((resolve) => setTimeout(resolve, ms));
}
