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
 * Loads a Kizuna path right after a fresh baseline load and returns the rows: the baseline's req/s,
 * the path's throughput with its ratio to the baseline, the path's p99, and (on Linux) the server's
 * CPU time per request, whose ratio (baseline's over ours) is the throughput ratio the two servers
 * would show if neither shared its core with the load generator.
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
  const rows: BenchRow[] = [
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
  const ours = result.serverCpuMicrosPerRequest;
  const theirs = baseline.serverCpuMicrosPerRequest;
  if (ours !== undefined && theirs !== undefined && ours > 0)
    rows.push({
      area,
      name: `${name} server CPU per request (baseline ${theirs.toFixed(0)} µs)`,
      value: ours,
      unit: 'µs',
      ratio: theirs / ours,
    });
  return rows;
}
