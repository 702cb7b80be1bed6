export interface ProgressState {
  total: number;
  done: number;
  failed: number;
  bytes: number;
  elapsedMs: number;
}

function formatBytes(bytes: number): string {
  // A rate is a fraction of bytes per second: whole bytes are enough.
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** "12/100 rows, 1 failed, 3.4 MiB, 1.2 MiB/s, ETA 42s": the same words on a terminal and in a log. */
export function progressText(state: ProgressState): string {
  const seconds = state.elapsedMs / 1000;
  const rate = seconds > 0 ? state.bytes / seconds : 0;
  const eta =
    state.done > 0 && state.done < state.total
      ? `, ETA ${formatDuration((seconds / state.done) * (state.total - state.done))}`
      : '';
  return `${state.done}/${state.total} rows, ${state.failed} failed, ${formatBytes(state.bytes)}, ${formatBytes(rate)}/s${eta}`;
}

/** A bar of `width` cells for the share of rows done. */
export function progressBar(state: ProgressState, width = 24): string {
  const filled = state.total ? Math.round((state.done / state.total) * width) : width;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}
