import autocannon from 'autocannon';
import type { LoadOptions, LoadResult } from './types.js';

const DEFAULT_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** Drives one URL with autocannon (loopback only) and keeps the figures we report. */
export async function loadUrl(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url))
    throw new Error(`refusing to load ${url}: loopback only`);
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 10,
    duration: options.duration ?? DEFAULT_SECONDS,
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    throughputBytesPerSecond: result.throughput.average,
    non2xx: result.non2xx,
  };
}

export async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  return times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
}
