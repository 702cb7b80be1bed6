/**
 * Lets a progress report through at most once per interval, so a fast tool cannot flood the
 * store and every socket; a report at 100 % or after a long silence always passes.
 */
export class ProgressThrottle {
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  pass(percent: number): boolean {
    const at = this.now();
    if (percent < 100 && at - this.lastAt < this.intervalMs) return false;
    this.lastAt = at;
    return true;
  }
}
