import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadOptions, LoadResult } from './types.js';

/** CPU time (user + system) a process has used, in µs; undefined where /proc is not there. */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses; clock ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

const DEFAULT_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/**
 * Drives one URL with autocannon (loopback only) and keeps the figures we report; with the server's
 * pid, also the server's CPU time per request, which the load generator sharing the machine
 * cannot blur.
 */
export async function loadUrl(
  url: string,
  options: LoadOptions = {},
  serverPid?: number,
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url))
    throw new Error(`refusing to load ${url}: loopback only`);
  const cpuBefore = cpuMicros(serverPid);
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 10,
    duration: options.duration ?? DEFAULT_SECONDS,
  });
  const cpuAfter = cpuMicros(serverPid);
  return {
    serverCpuMicrosPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? undefined
        : (cpuAfter - cpuBefore) / result.requests.total,
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
