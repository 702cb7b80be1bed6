/**
 * npm run bench -- node-lines: the same Kizuna build under Node 24 and Node 22 (both installed by
 * scripts/install-node.sh), side by side in one run, on the hot paths. The two servers are loaded
 * in turn, 24 then 22, several rounds, and each round's ratio 24/22 is kept: the median ratio is
 * the figure to quote, since the machine's speed drifts between rounds.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadUrl } from './lib/load.js';

const LINES = ['24', '22'] as const;
const PATHS = ['/api/v1/util/uuid', '/api/v1/neko', '/api/groups'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const scratchDir = mkdtempSync(join(tmpdir(), 'kizuna-bench-lines-'));
const children: ChildProcess[] = [];

/** The node binary of a supported line, installed into the cache on first use. */
function nodeBinary(line: string): string {
  const exports = execFileSync('bash', ['scripts/install-node.sh', line], { encoding: 'utf8' });
  const bin = /export PATH="([^":]+):/.exec(exports)?.[1];
  if (!bin) throw new Error(`scripts/install-node.sh ${line} printed no PATH`);
  return join(bin, 'node');
}

function startServer(line: string): Promise<{ url: string; pid?: number; version: string }> {
  const node = nodeBinary(line);
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const child = spawn(
    node,
    ['--import', 'tsx', 'bench/server.ts', 'kizuna', join(scratchDir, line), 'groups', 'media'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /READY (\d+)/.exec(out);
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, pid: child.pid, version });
    });
    child.on('exit', (code) => reject(new Error(`Node ${line} bench server exited with ${code}`)));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runNodeLines() {
  try {
    await compareLines();
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

async function compareLines() {
  const servers = [];
  for (const line of LINES) servers.push(await startServer(line)); // one at a time: seeding is CPU-bound
  console.log(`servers: ${servers.map((s) => `Node ${s.version}`).join(', ')}; ${ROUNDS} rounds\n`);
  console.log(
    '| path | Node 24 req/s | Node 22 req/s | ratio 24/22 (median of rounds) | CPU µs/req 24 | CPU µs/req 22 |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const path of PATHS) {
    const rps: number[][] = [[], []];
    const cpu: number[][] = [[], []];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results = [];
      for (const [i, server] of servers.entries()) {
        const result = await loadUrl(`${server.url}${path}`, {}, server.pid);
        rps[i].push(result.requestsPerSecond);
        cpu[i].push(result.serverCpuMicrosPerRequest ?? Number.NaN);
        results.push(result);
      }
      ratios.push(results[0].requestsPerSecond / results[1].requestsPerSecond);
    }
    console.log(
      `| ${path} | ${median(rps[0]).toFixed(0)} | ${median(rps[1]).toFixed(0)} | ${median(ratios).toFixed(2)} | ${median(cpu[0]).toFixed(1)} | ${median(cpu[1]).toFixed(1)} |`,
    );
  }
}
