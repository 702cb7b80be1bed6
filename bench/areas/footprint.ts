/**
 * npm run bench (default suite): what `npm start` costs before any request. On the build that
 * bench/run.ts made as `npm start` does (scripts/build.mjs), starts the command of package.json's
 * start script on a scratch data directory, on the server core: the time from spawn to the first
 * /readyz 200 on a fresh data directory (migrations included) and again on the same directory (a
 * restart, the warm case the target is about), median of BENCH_FOOTPRINT_STARTS (3); and the
 * resident memory of the one server process once idle, BENCH_FOOTPRINT_IDLE_SECONDS (10) after
 * ready, with the demo content on (the default) and off.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { median } from '../lib/against-baseline.js';
import { onServerCore } from '../lib/pinning.js';
import { npmStartFlags } from '../lib/start-flags.js';
import type { BenchArea, BenchRow } from '../lib/types.js';

const STARTS = Math.max(1, Number(process.env.BENCH_FOOTPRINT_STARTS ?? 3));
const IDLE_SECONDS = Number(process.env.BENCH_FOOTPRINT_IDLE_SECONDS ?? 10);
const RSS_TARGET_MB = 120;
const READY_TARGET_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

interface Started {
  child: ChildProcess;
  readyMs: number;
}

async function start(dataDir: string, demo: boolean, port: number): Promise<Started> {
  const [command, args] = onServerCore(process.execPath, [...npmStartFlags(), 'dist/server.js']);
  const began = performance.now();
  const child = spawn(command, args, {
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      STORAGE_URL: '',
      DEMO_CONTENT: String(demo),
      ADMIN_USERNAME: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    },
  });
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error(`dist/server.js exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return { child, readyMs: performance.now() - began };
    await sleep(5);
  }
  child.kill('SIGKILL');
  throw new Error('dist/server.js was not ready within 15 s');
}

/**
 * The demo content is drawn by child processes of the server (src/media/demo-content.ts), which
 * start before it is ready: it is done when the server has none left.
 */
async function demoContentDone(pid: number, timeoutMs = 300_000): Promise<number> {
  const began = performance.now();
  while (performance.now() - began < timeoutMs) {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    if (children === '') return performance.now() - began;
    await sleep(500);
  }
  throw new Error(`demo content not done within ${timeoutMs / 1000} s`);
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export const area: BenchArea = {
  name: 'footprint',
  async run(ctx) {
    const port = 40_000 + (process.pid % 10_000);
    const rows: BenchRow[] = [];
    const fresh: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const dataDir = mkdtempSync(join(ctx.scratchDir, 'footprint-'));
      try {
        const first = await start(dataDir, false, port);
        fresh.push(first.readyMs);
        await stop(first.child);
        const again = await start(dataDir, false, port);
        warm.push(again.readyMs);
        await stop(again.child);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const warmMs = median(warm);
    rows.push(
      {
        area: 'footprint',
        name: `npm start: spawn to /readyz 200, restart on an existing data directory (median of ${STARTS})`,
        value: warmMs,
        unit: 'ms',
        target: `< ${READY_TARGET_MS} ms`,
        met: warmMs < READY_TARGET_MS,
      },
      {
        area: 'footprint',
        name: `npm start: spawn to /readyz 200, fresh data directory, migrations included (median of ${STARTS})`,
        value: median(fresh),
        unit: 'ms',
      },
    );
    for (const demo of [true, false]) {
      const dataDir = mkdtempSync(join(ctx.scratchDir, 'footprint-'));
      const server = await start(dataDir, demo, port);
      try {
        if (demo) {
          const drawingMs = await demoContentDone(server.child.pid as number);
          rows.push({
            area: 'footprint',
            name: 'demo content drawn after ready, fresh data directory',
            value: drawingMs / 1000,
            unit: 's',
          });
        }
        await sleep(IDLE_SECONDS * 1000);
        const rss = rssMb(server.child.pid as number);
        rows.push({
          area: 'footprint',
          name: `idle RSS ${IDLE_SECONDS} s after ready${demo ? ' and the demo content' : ''}, DEMO_CONTENT=${demo} (one process)`,
          value: rss,
          unit: 'MB',
          target: `< ${RSS_TARGET_MB} MB`,
          met: rss < RSS_TARGET_MB,
        });
      } finally {
        await stop(server.child);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    return rows;
  },
};
