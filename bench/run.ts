/**
 * npm run bench [-- area …]: starts a bare-Fastify baseline and, for each benchmark area in turn, a
 * Kizuna server set up for that area, as separate processes on loopback, and prints one table.
 * Ratios compare with a baseline measured right before, in the same run, because these machines
 * are shared and noisy.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAreas } from './lib/areas.js';
import { recordAnswer, replayAnswer } from './lib/contract-floor.js';
import { loadUrl, medianMs } from './lib/load.js';
import { onServerCore, pinLoadGenerator } from './lib/pinning.js';
import { youngGenerationFlags } from './lib/start-flags.js';
import type { BenchContext, BenchRow, LoadOptions } from './lib/types.js';

const areaFilter = process.argv.slice(2);
if (areaFilter[0] === 'node-lines') {
  // Node 24 beside Node 22 on the hot paths: a run of its own (bench/node-lines.ts).
  const { runNodeLines } = await import('./node-lines.js');
  await runNodeLines();
  process.exit(0);
}
const scratchDir = mkdtempSync(join(tmpdir(), 'kizuna-bench-'));
const children: ChildProcess[] = [];

interface Server {
  url: string;
  pid: number | undefined;
  child: ChildProcess;
}

function startServer(args: string[]): Promise<Server> {
  const [command, commandArgs] = onServerCore(process.execPath, [
    '--import',
    'tsx',
    // The young generation of `npm start` (package.json), so the figures are production's.
    ...youngGenerationFlags(),
    'bench/server.ts',
    ...args,
  ]);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /READY (\d+)/.exec(out);
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, pid: child.pid, child });
    });
    child.on('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
  });
}

function stopServer({ child }: Server): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function stopServers() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

function format(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

const verdict = (row: BenchRow) => (row.met === undefined ? '' : row.met ? ': met' : ': NOT met');

async function main() {
  const areas = await loadAreas(areaFilter);
  if (areas.length === 0) throw new Error(`no benchmark area matches ${areaFilter.join(', ')}`);
  // The Kizuna server runs the compiled app (dist/app.js); the build is skipped when up to date.
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const started = Date.now();
  console.log(pinLoadGenerator());
  const baselineServer = await startServer(['baseline']);
  console.log(
    `baseline ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ${process.env.BENCH_SECONDS ?? 5} s per load\n`,
  );
  const baseline = (path: string, options: LoadOptions = {}) =>
    loadUrl(
      `${baselineServer.url}${path}`,
      { ...options, method: 'GET', body: undefined, headers: undefined },
      baselineServer.pid,
    );

  const rows: BenchRow[] = [];
  const dataDir = join(scratchDir, 'data');
  for (const area of areas) {
    // A Kizuna server of its own for every area, prepared by that area's setup() alone: what one
    // area leaves in a process (a second app, a heap grown by drawing cards) is not another's cost.
    const kizuna = await startServer(['kizuna', dataDir, area.name]);
    const ctx: BenchContext = {
      baseUrl: kizuna.url,
      scratchDir,
      load: (path, options) => loadUrl(`${kizuna.url}${path}`, options, kizuna.pid),
      baseline: (options) => baseline('/baseline', options),
      floor: async (path, options = {}) => {
        const answer = await recordAnswer(`${kizuna.url}${path}`, options.headers);
        await replayAnswer(`${baselineServer.url}/floor`, answer);
        return baseline('/floor', options);
      },
      medianMs,
    };
    let areaRows: BenchRow[];
    try {
      areaRows = await area.run(ctx);
    } finally {
      await stopServer(kizuna);
      rmSync(dataDir, { recursive: true, force: true });
    }
    for (const row of areaRows) {
      console.log(
        `  ${row.area.padEnd(10)} ${row.name.padEnd(52)} ${format(row.value).padStart(9)} ${row.unit.padEnd(8)}` +
          `${row.ratio === undefined ? '' : ` ratio ${format(row.ratio)}`}${row.target ? `  (target ${row.target}${verdict(row)})` : ''}`,
      );
    }
    rows.push(...areaRows);
  }

  const judged = rows.filter((row) => row.met !== undefined);
  if (judged.length > 0) {
    console.log('\ntargets:');
    for (const row of judged)
      console.log(
        `  ${row.met ? 'met    ' : 'NOT met'}  ${row.area} ${row.name}: ${format(row.ratio ?? row.value)} (target ${row.target})`,
      );
  }
  console.log('\n| area | measurement | value | unit | ratio to baseline | target |');
  console.log('|---|---|---:|---|---:|---|');
  for (const row of rows) {
    console.log(
      `| ${row.area} | ${row.name} | ${format(row.value)} | ${row.unit} | ${row.ratio === undefined ? '' : format(row.ratio)} | ${row.target ? `${row.target}${verdict(row)}` : ''} |`,
    );
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    stopServers();
    rmSync(scratchDir, { recursive: true, force: true });
  });
