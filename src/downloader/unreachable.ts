/**
 * The shared download state (Redis) did not answer: refused while disconnected, or timed out.
 * Not the client's fault and not a bug; the connection comes back by itself, so the answer is a
 * 503 with Retry-After.
 */
export class UnreachableError extends Error {
  constructor(cause?: unknown) {
    super('The shared download queue (Redis) cannot be reached.', { cause });
    this.name = 'UnreachableError';
  }
}

/** Runs one command against the shared state; its failure becomes an UnreachableError. */
export async function reach<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    throw error instanceof UnreachableError ? error : new UnreachableError(error);
  }
}
