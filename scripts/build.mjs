// npm run build: the browser UI (vite → web/dist) and the server (tsc → dist/), each only when a
// source file is newer than its last build, so `npm start` on a warm checkout starts at once.
// dist/ mirrors src/ at the same depth, so paths such as '../../config' resolve alike from both.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time of any file below the given paths. */
function newest(...paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const path of paths) visit(path);
  return latest;
}

const stampTime = (path) => (existsSync(path) ? statSync(path).mtimeMs : -1);

function run(label, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build: ${label} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`build: ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const bin = (name) => join('node_modules', '.bin', name);
const force = process.argv.includes('--force');
const inputs = ['package-lock.json', 'tsconfig.json'];

const webStamp = join('web', 'dist', '.built');
if (force || newest('web/src', 'web/index.html', 'web/vite.config.ts', ...inputs) > stampTime(webStamp)) {
  run('browser UI', bin('vite'), ['build', 'web', '--logLevel', 'warn']);
  writeFileSync(webStamp, new Date().toISOString());
}

const serverStamp = join('dist', '.built');
if (force || newest('src', 'tsconfig.build.json', ...inputs) > stampTime(serverStamp)) {
  run('server', bin('tsc'), ['-p', 'tsconfig.build.json']);
  // Data files that modules read beside themselves (import.meta.url) travel with them.
  cpSync('src', 'dist', {
    recursive: true,
    filter: (path) => statSync(path).isDirectory() || !path.endsWith('.ts'),
  });
  writeFileSync(serverStamp, new Date().toISOString());
}
