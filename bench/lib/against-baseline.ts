import type { BenchContext, BenchRow, LoadOptions, LoadResult } from './types.js';

export interface AgainstBaselineOptions {
  /** The target of the ratio to the baseline, as text for the table ('≥ 0.8'); judged met or not. */
  target?: string;
  /** The target of the p99 latency, as text. */
  p99Target?: string;
  /** Unit of the throughput row (default req/s). */
  unit?: string;
  load?: LoadOptions;
}

/** Rounds per measured path (BENCH_ROUNDS, default 3): each a baseline load, then ours. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** '≥ 0.8' → 0.8; anything else (report, < 20 ms) → undefined, not judged here. */
export function ratioThreshold(target: string | undefined): number | undefined {
  const match = /^≥\s*([\d.]+)$/.exec(target?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * Loads a Kizuna path right after a fresh baseline load, ROUNDS times, and returns the medians.
 * The primary figure is the server's CPU time per request (from /proc, over the same load): the
 * load generator and whatever else runs on a shared machine cannot blur it the way they blur
 * req/s. Its ratio, the baseline's µs over ours, is the throughput ratio the two servers would
 * show on cores of their own; the target is judged on it. req/s and p99 follow.
 */
export async function againstBaseline(
  ctx: BenchContext,
  area: string,
  name: string,
  path: string,
  options: AgainstBaselineOptions = {},
): Promise<BenchRow[]> {
  const baselines: LoadResult[] = [];
  const floors: LoadResult[] = [];
  const ours: LoadResult[] = [];
  const threshold = ratioThreshold(options.target);
  for (let round = 0; round < ROUNDS; round++) {
    baselines.push(await ctx.baseline());
    // Where a ratio is a target, also what the same answers cost with nothing behind them.
    if (threshold !== undefined) floors.push(await ctx.floor(path, options.load));
    const result = await ctx.load(path, options.load);
    if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers`);
    ours.push(result);
  }
  const cpu = (results: LoadResult[]) =>
    results.every((r) => r.serverCpuMicrosPerRequest !== undefined)
      ? median(results.map((r) => r.serverCpuMicrosPerRequest as number))
      : undefined;
  // Round by round: the baseline's CPU µs over theirs (NaN where one could not be read).
  const cpuRatiosOf = (results: LoadResult[]) =>
    results.map((r, i) =>
      r.serverCpuMicrosPerRequest && baselines[i].serverCpuMicrosPerRequest
        ? baselines[i].serverCpuMicrosPerRequest / r.serverCpuMicrosPerRequest
        : Number.NaN,
    );
  const cpuRatios = cpuRatiosOf(ours);
  const rpsRatios = ours.map((r, i) => r.requestsPerSecond / baselines[i].requestsPerSecond);
  const ourCpu = cpu(ours);
  const theirCpu = cpu(baselines);
  const floorCpu = cpu(floors);
  const rows: BenchRow[] = [];
  if (ourCpu !== undefined && theirCpu !== undefined) {
    const ratio = median(cpuRatios);
    rows.push({
      area,
      name: `${name}: server CPU per request (baseline ${theirCpu.toFixed(0)} µs)`,
      value: ourCpu,
      unit: 'µs',
      ratio,
      target: options.target,
      met: threshold === undefined ? undefined : ratio >= threshold,
    });
    if (floors.length > 0 && floorCpu !== undefined) {
      // Its ratio is the highest any server giving these answers could reach against the baseline.
      rows.push({
        area,
        name: `${name}: contract floor, bare Fastify replaying our answer (ours costs ${(ourCpu / floorCpu).toFixed(2)}×)`,
        value: floorCpu,
        unit: 'µs',
        ratio: median(cpuRatiosOf(floors)),
      });
    }
  }
  const rpsRatio = median(rpsRatios);
  rows.push(
    {
      area,
      name: `${name}: throughput (baseline ${median(baselines.map((b) => b.requestsPerSecond)).toFixed(0)} req/s)`,
      value: median(ours.map((r) => r.requestsPerSecond)),
      unit: options.unit ?? 'req/s',
      ratio: rpsRatio,
      // Judged here only where the CPU time could not be read.
      ...(ourCpu === undefined
        ? { target: options.target, met: threshold === undefined ? undefined : rpsRatio >= threshold }
        : {}),
    },
    {
      area,
      name: `${name}: p99`,
      value: median(ours.map((r) => r.latencyP99Ms)),
      unit: 'ms',
      ratio: median(ours.map((r, i) => r.latencyP99Ms / Math.max(baselines[i].latencyP99Ms, 1))),
      target: options.p99Target,
    },
  );
  return rows;
}
