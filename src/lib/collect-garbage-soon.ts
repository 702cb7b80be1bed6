const DELAY_MS = 5000;

let timer: NodeJS.Timeout | undefined;

/**
 * One full garbage collection a few seconds from now (calls in the meantime share it), where the
 * process runs with --expose-gc, as `npm start` does. After start-up, or a burst of work such as
 * drawing the demo content, its garbage would otherwise sit in the old generation until the next
 * major collection, which an idle server may not have for hours: about 6 MB of idle memory
 * (docs/benchmarks.md). Elsewhere (tests, `npm run dev`) it does nothing.
 */
export function collectGarbageSoon(delayMs = DELAY_MS): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect || timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    collect();
  }, delayMs);
  timer.unref();
}
