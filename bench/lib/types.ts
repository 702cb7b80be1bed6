import type { FastifyInstance } from 'fastify';

/** One load measurement: autocannon against a URL of the running Kizuna or baseline server. */
export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Response bytes per second. */
  throughputBytesPerSecond: number;
  non2xx: number;
  /** The server process's CPU time per request, in µs (Linux; undefined elsewhere). */
  serverCpuMicrosPerRequest?: number;
}

export interface LoadOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Concurrent connections (default 10). */
  connections?: number;
  /** Seconds (default BENCH_SECONDS or 5). */
  duration?: number;
}

export interface BenchRow {
  area: string;
  name: string;
  value: number;
  unit: string;
  /** Value divided by the baseline's in the same run, where that makes sense. */
  ratio?: number;
  target?: string;
  /** Whether the target was met, where the row has one that can be judged. */
  met?: boolean;
}

export interface BenchContext {
  /** http://127.0.0.1:PORT of the Kizuna server under test (separate process). */
  baseUrl: string;
  /** Loads a Kizuna path (e.g. '/api/v1/util/uuid') and returns the figures. */
  load(path: string, options?: LoadOptions): Promise<LoadResult>;
  /** Loads the bare-Fastify baseline route (a constant JSON object), measured right before the caller's load. */
  baseline(options?: LoadOptions): Promise<LoadResult>;
  /**
   * The contract floor of a Kizuna path: the baseline server (bare Fastify, no hook) replaying the
   * answer Kizuna gives to one GET of it (same status, headers and body bytes) from memory, loaded
   * like the baseline. What no implementation of the same answers can undercut on this machine.
   */
  floor(path: string, options?: LoadOptions): Promise<LoadResult>;
  /** Median of `runs` calls of an async function, in milliseconds. */
  medianMs(runs: number, fn: () => Promise<unknown>): Promise<number>;
  /** A directory for scratch files, removed after the run. */
  scratchDir: string;
}

export interface BenchArea {
  name: string;
  /** Left out of the default suite (`npm run bench`); runs when named (`npm run bench -- scale`). */
  optIn?: boolean;
  /** Runs inside the server process before it listens (seed data, import media, …). */
  setup?(app: FastifyInstance): Promise<void>;
  /** Runs in the bench process; returns the rows it measured. */
  run(ctx: BenchContext): Promise<BenchRow[]>;
}
