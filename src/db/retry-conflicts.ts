/**
 * PostgreSQL's answers to transactions that got in each other's way: 40P01 (deadlock detected: it
 * chose this transaction as the victim) and 40001 (serialization failure). Both mean "nothing was
 * done, run it again"; neither is the client's fault nor ours to report.
 */
const RETRYABLE = new Set(['40P01', '40001']);

export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/**
 * Runs `work` again when the database refused it as a conflict with another transaction, at most
 * `attempts` times in all, with a short random pause so that the two do not meet again at once.
 * Our own lock order makes such conflicts rare; this covers what it cannot (other writers).
 */
export async function retryConflicts<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
