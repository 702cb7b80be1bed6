/**
 * A heavy dependency (a native image library, a cloud SDK, a queue client) imported on first use
 * instead of at start-up, once: `const loadSharp = loadOnce(async () => (await import('sharp')).default)`
 * then `const sharp = await loadSharp()` where it is needed. Start-up time and the idle footprint
 * then pay only for what this instance's configuration and traffic use. A failed import is tried
 * again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending)
      pending = load().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
}
