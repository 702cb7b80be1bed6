import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The event loop's recent delay, as the readiness check reads it. */
export interface LagMonitor {
  /** p99 of the event-loop delay over the last few seconds, in ms (0 before anything is known). */
  p99Ms(): number;
  stop(): void;
}

/**
 * perf_hooks' delay histogram, read per window: every `windowMs` the window's p99 is kept and the
 * histogram starts over, so a stall shows for one to two windows and then is forgotten, rather
 * than for the life of the process (the histogram alone never forgets).
 */
export function eventLoopLagMonitor(windowMs = 2500): LagMonitor {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const current = () => (histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0);
  let previous = 0;
  const timer = setInterval(() => {
    previous = current();
    histogram.reset();
  }, windowMs);
  timer.unref();
  return {
    p99Ms: () => Math.max(previous, current()),
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
