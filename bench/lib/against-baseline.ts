import type { BenchContext, BenchRow, LoadOptions } from './types.js';

export interface AgainstBaselineOptions {
  /** The target of the throughput ratio, as text for the table. */
  target?: string;
  /** The target of the p99 latency, as text. */
  p99Target?: string;
  /** Unit of the throughput row (default req/s). */
  unit?: string;
  load?: LoadOptions;
}

/**
 * Loads a Kizuna path right after a fresh baseline load and returns three rows: the baseline's
 * req/s, the path's throughput with its ratio to the baseline, and the path's p99.
 */
export async function againstBaseline(
  ctx: BenchContext,
  area: string,
  name: string,
  path: string,
  options: AgainstBaselineOptions = {},
): Promise<BenchRow[]> {
  const baseline = await ctx.baseline();
  const result = await ctx.load(path, options.load);
  if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers`);
  return [
    {
      area,
      name: `baseline (bare Fastify) before ${name}`,
      value: baseline.requestsPerSecond,
      unit: 'req/s',
    },
    {
      area,
      name,
      value: result.requestsPerSecond,
      unit: options.unit ?? 'req/s',
      ratio: result.requestsPerSecond / baseline.requestsPerSecond,
      target: options.target,
    },
    {
      area,
      name: `${name} p99`,
      value: result.latencyP99Ms,
      unit: 'ms',
      ratio: result.latencyP99Ms / Math.max(baseline.latencyP99Ms, 1),
      target: options.p99Target,
    },
  ];
}
