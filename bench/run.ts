/**
 * npm run bench [-- area …]: starts a bare-Fastify baseline and Kizuna as two separate processes on
 * loopback, runs every benchmark area against them, and prints one table. Ratios compare with a
 * baseline measured right before, in the same run, because these machines are shared and noisy.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAreas } from './lib/areas.js';
import { recordAnswer, replayAnswer } from './lib/contract-floor.js';
import { loadUrl, medianMs } from './lib/load.js';
import { onServerCore, pinLoadGenerator } from './lib/pinning.js';
import type { BenchContext, BenchRow } from './lib/types.js';

const areaFilter = process.argv.slice(2);
if (areaFilter[0] === 'node-lines') {
  // Node 24 beside Node 22 on the hot paths: a run of its own (bench/node-lines.ts).
  const { runNodeLines } = await import('./node-lines.js');
  await runNodeLines();
  process.exit(0);
}
const scratchDir = mkdtempSync(join(tmpdir(), 'kizuna-bench-'));
const children: ChildProcess[] = [];

function startServer(args: string[]): Promise<{ url: string; pid: number | undefined }> {
  const [command, commandArgs] = onServerCore(process.execPath, [
    '--import',
    'tsx',
    // The young generation of `npm start` (package.json), so the figures are production's.
    '--max-semi-space-size=2',
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
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, pid: child.pid });
    });
    child.on('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
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
  const [baselineServer, kizunaServer] = await Promise.all([
    startServer(['baseline']),
    startServer(['kizuna', join(scratchDir, 'data'), ...areaFilter]),
  ]);
  const baseUrl = kizunaServer.url;
  console.log(
    `servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ${process.env.BENCH_SECONDS ?? 5} s per load\n`,
  );

  const ctx: BenchContext = {
    baseUrl,
    scratchDir,
    load: (path, options) => loadUrl(`${baseUrl}${path}`, options, kizunaServer.pid),
    baseline: (options) =>
      loadUrl(
        `${baselineServer.url}/baseline`,
        { ...options, method: 'GET', body: undefined, headers: undefined },
        baselineServer.pid,
      ),
    floor: async (path, options = {}) => {
      const answer = await recordAnswer(`${baseUrl}${path}`, options.headers);
      await replayAnswer(`${baselineServer.url}/floor`, answer);
      return loadUrl(
        `${baselineServer.url}/floor`,
        { ...options, method: 'GET', body: undefined, headers: undefined },
        baselineServer.pid,
      );
    },
    medianMs,
  };

  const rows: BenchRow[] = [];
  for (const area of areas) {
    const areaRows = await area.run(ctx);
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
