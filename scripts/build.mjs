// npm run build: the browser UI (vite → web/dist) and the server (esbuild → dist/), each only when
// a source file is newer than its last build, so `npm start` on a warm checkout starts at once.
//
// The server is bundled: dist/server.js (and the operator commands, dist/cli/*.js) plus a chunk per
// module loaded on first use (the canvas,
// image and cloud libraries behind them stay external). Node then loads one file instead of some
// 1,200 (our sources, typebox's 680 and kysely's 260 modules), which took a third of start-up and
// tens of MB for module records. Other npm packages stay in node_modules (native addons, files
// they read beside themselves). Types are checked by `npm run typecheck`, not here.
//
// dist/ mirrors src/ at the same depth: the data files that modules read beside themselves are
// copied there, and each module's import.meta.url is its own place in that mirror, so paths such
// as '../../config' and './data/' resolve alike from both.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

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

/**
 * npm packages that stay in node_modules, loaded from there at run time: native addons, packages
 * that read files beside themselves (swagger-ui's assets, BullMQ's Lua scripts), and those only
 * some configurations load (the AWS SDK, ioredis, BullMQ, pg), which would only make the build
 * slower. Everything else is bundled.
 */
const EXTERNAL_PACKAGES = new Set([
  'better-sqlite3',
  'sharp',
  '@napi-rs/canvas',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  '@fastify/static',
  'bullmq',
  'ioredis',
  'pg',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'file-type',
  'pino',
  'thread-stream',
]);
const srcRoot = resolve('src');

/**
 * Every package import stays external except BUNDLED_PACKAGES; in our sources, import.meta.url
 * and import.meta.dirname become the module's own place in the dist/ mirror, relative to dist/
 * itself (__kizunaRoot, defined by the banner of each output file: chunks and the server sit in
 * dist/, the commands in dist/cli/).
 */
const kizunaPlugin = {
  name: 'kizuna',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const name = args.path.startsWith('@')
        ? args.path.split('/').slice(0, 2).join('/')
        : args.path.split('/')[0];
      return EXTERNAL_PACKAGES.has(name) ? { external: true } : undefined;
    });
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const mirrored = `./${relative(srcRoot, args.path).replace(/\.ts$/, '.js')}`;
      const url = `new URL(${JSON.stringify(mirrored)}, __kizunaRoot).href`;
      const contents = source
        .replaceAll('import.meta.url', url)
        .replaceAll('import.meta.dirname', `__kizunaDirname(${url})`);
      const helper = contents.includes('__kizunaDirname(')
        ? "\nimport { dirname as __kizunaDir } from 'node:path';\nimport { fileURLToPath as __kizunaPath } from 'node:url';\nconst __kizunaDirname = (url: string) => __kizunaDir(__kizunaPath(url));\n"
        : '';
      return { contents: helper + contents, loader: 'ts' };
    });
  },
};

async function bundleServer() {
  const started = Date.now();
  const { build } = await import('esbuild');
  // What an earlier build left (a per-file tsc output, old chunks) must not linger beside the bundle.
  rmSync('dist', { recursive: true, force: true });
  await build({
    entryPoints: [
      'src/server.ts',
      // buildApp() alone, for the benchmark's server (bench/server.ts), so that its figures are
      // those of the compiled code `npm start` runs; the service itself never loads this file.
      'src/app.ts',
      ...readdirSync('src/cli')
        .filter((name) => name.endsWith('.ts') && name !== 'open-database.ts')
        .map((name) => `src/cli/${name}`),
      // Forked by the demo content job as a process of its own (src/media/demo-content.ts).
      'src/media/demo-worker.ts',
    ],
    outbase: 'src',
    outdir: 'dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    legalComments: 'none',
    // Bundled CommonJS packages call require() for Node's modules; ES modules have none of their own.
    banner: {
      js: [
        "import { createRequire as __kizunaCreateRequire } from 'node:module';",
        'const require = __kizunaCreateRequire(import.meta.url);',
        // dist/ itself, from an output file in dist/ (server, chunks) or one folder down
        // (dist/cli/ for the commands, dist/media/ for the demo generator).
        "const __kizunaRoot = new URL(/\\/(cli|media)\\/[^/]*$/.test(import.meta.url) ? '../' : './', import.meta.url);",
      ].join(' '),
    },
    // Whitespace and syntax only, names kept: V8 holds each module's source text for as long as it runs.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [kizunaPlugin],
  });
  // V8 keeps a source with any non-ASCII character (a '…' in a regular expression) as UTF-16,
  // twice its size, for as long as the process runs; escaped, it stays one byte a character.
  // esbuild escapes strings but leaves regular expression literals as written.
  for (const name of readdirSync('dist')) {
    if (!name.endsWith('.js')) continue;
    const path = join('dist', name);
    const code = readFileSync(path, 'utf8');
    const escaped = code.replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    if (escaped !== code) writeFileSync(path, escaped);
  }
  // Data files that modules read beside themselves (import.meta.url) travel with them.
  cpSync('src', 'dist', {
    recursive: true,
    filter: (path) => statSync(path).isDirectory() || !path.endsWith('.ts'),
  });
  console.log(`build: server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const serverStamp = join('dist', '.built');
if (force || newest('src', 'scripts/build.mjs', ...inputs) > stampTime(serverStamp)) {
  await bundleServer();
  writeFileSync(serverStamp, new Date().toISOString());
}
