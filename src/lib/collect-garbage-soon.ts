const DELAY_MS = 5000;

let timer: NodeJS.Timeout | undefined;

/**
 * V8's "last resort" collection: full collections until nothing more is freed, made to reduce the
 * footprint, which also shrinks the young generation back to its smallest size.
 */
export const LAST_RESORT_COLLECTION = { type: 'major', execution: 'sync', flavor: 'last-resort' } as const;

/**
 * One full garbage collection a few seconds from now (calls in the meantime share it), where the
 * process runs with --expose-gc, as `npm start` does. After start-up, or a burst of work such as
 * drawing the demo content, its garbage would otherwise sit in the old generation until the next
 * major collection, which an idle server may not have for hours: about 6 MB of idle memory. And
 * the young generation, which start-up's allocations grow to the most `npm start` allows (8 MB
 * halves, so that under load it is collected a quarter as often as with 2 MB), would stay that big
 * while the server idles: the last-resort flavour shrinks it too (docs/benchmarks.md). Elsewhere
 * (tests, `npm run dev`) it does nothing.
 */
export function collectGarbageSoon(delayMs = DELAY_MS): void {
  const collect = (globalThis as { gc?: (options: typeof LAST_RESORT_COLLECTION) => void }).gc;
  if (!collect || timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    collect(LAST_RESORT_COLLECTION);
  }, delayMs);
  timer.unref();
}
