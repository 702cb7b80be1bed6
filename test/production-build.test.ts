import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { buildApp as BuildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startLoopbackHttps } from './lib/safe-fetch/loopback-https.js';

/**
 * `npm start` runs the esbuild bundle (scripts/build.mjs), not the sources the other tests run
 * through tsx: this proves the bundle starts and that what it loads on first use (image and canvas
 * libraries, the QR encoder, argon2), reads beside itself (data sets, the bundled menu, the UI) or
 * compiles on first request (schemas) works from dist/ as it does from src/.
 */
describe('the production bundle (dist/server.js)', () => {
  it('builds, starts, answers the routes that load code on first use, and exits 0 on SIGTERM', {
    timeout: 180_000,
  }, async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' });
    assert.equal(build.status, 0, build.stdout + build.stderr);
    const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-dist-'));
    const child = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/server.js'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        REDIS_URL: '',
        STORAGE_URL: '',
        DEMO_CONTENT: 'false',
        JIKAN_REFRESH_MINUTES: '0',
        NODE_COMPILE_CACHE: join(dataDir, 'compile-cache'),
        NODE_DISABLE_COMPILE_CACHE: undefined,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      const address = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk;
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) resolve(match[1]);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', (code) => reject(new Error(`dist/server.js exited early (${code}): ${output}`)));
      });
      child.removeAllListeners('exit');
      const get = async (path: string, init?: RequestInit) => {
        const response = await fetch(`${address}${path}`, init);
        return {
          status: response.status,
          type: response.headers.get('content-type') ?? '',
          body: Buffer.from(await response.arrayBuffer()),
        };
      };
      assert.equal((await get('/readyz')).status, 200);
      const png = [0x89, 0x50, 0x4e, 0x47];
      for (const path of ['/api/v1/canvas/xp?name=Aki&level=3', '/api/v1/util/qr?text=kizuna&format=png']) {
        const answer = await get(path);
        assert.equal(answer.status, 200, `${path}: ${answer.body}`);
        assert.deepEqual([...answer.body.subarray(0, 4)], png, path);
      }
      for (const path of [
        '/api/v1/util/uuid',
        '/api/v1/fun/trivia',
        '/api/v1/genshin/characters',
        '/api/v1/anime/quote',
        '/api/auth/me',
        '/api/groups',
        '/api/v1/openapi.json',
      ]) {
        const answer = await get(path);
        assert.equal(answer.status, 200, `${path}: ${answer.body}`);
        assert.match(answer.type, /json/, path);
      }
      // Schemas compile on first use and still refuse bad input with the problem shape.
      const bad = await get('/api/v1/util/uuid?count=0');
      assert.equal(bad.status, 400);
      assert.match(bad.type, /problem\+json/);
      // argon2 loads with the first registration.
      const csrf = await fetch(`${address}/api/auth/me`);
      const token = ((await csrf.json()) as { csrfToken: string }).csrfToken;
      const cookie = (csrf.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
      const registered = await get('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
        body: JSON.stringify({
          username: 'bundle_user',
          email: 'bundle@example.com',
          password: 'a long enough password 1',
        }),
      });
      assert.equal(registered.status, 201, String(registered.body));
      const html = await get('/');
      assert.equal(html.status, 200);
      assert.match(html.type, /html/);
      const exitCode = await new Promise<number | null>((resolve) => {
        child.on('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      });
      assert.equal(exitCode, 0, output);
      // The entry switched on Node's compile cache before it loaded the service: the next start
      // reads the service's bytecode from there instead of compiling it again.
      const cached = readdirSync(join(dataDir, 'compile-cache'), { recursive: true });
      assert.ok(
        cached.some((name) => String(name).includes('/') || String(name).includes('\\')),
        `compile cache: ${cached.join(', ')}`,
      );
      // The operator commands are bundled too (the README runs dist/cli/admin.js in the container).
      const list = spawnSync(process.execPath, ['dist/cli/admin.js', 'list'], {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      assert.equal(list.status, 0, list.stdout + list.stderr);
      assert.match(list.stdout, /bundle_user/);
      // The demo generator is forked from dist/ as a process of its own: it is built beside the
      // server and its imports resolve there (without orders on an IPC channel it exits at once).
      const worker = spawnSync(process.execPath, ['dist/media/demo-worker.js'], { encoding: 'utf8' });
      assert.equal(worker.status, 0, worker.stdout + worker.stderr);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('fetches through the bundled HTTP client (undici, loaded on first fetch from a chunk of its own)', {
    timeout: 120_000,
  }, async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' });
    assert.equal(build.status, 0, build.stdout + build.stderr);
    // The compiled app (dist/app.js is built for the benchmark's server), fetching an avatar.
    const { buildApp } = (await import('../dist/app.js' as string)) as { buildApp: typeof BuildApp };
    const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-dist-fetch-'));
    const avatar = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 120 } },
    })
      .png()
      .toBuffer();
    const upstream = await startLoopbackHttps((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(avatar.length) });
      response.end(avatar);
    });
    const app = await buildApp(
      { ...loadConfig({ DATA_DIR: dataDir, DEMO_CONTENT: 'false' }), allowLoopbackFetchForTests: true },
      { logger: false },
    );
    try {
      const response = await app.inject({
        url: `/api/v1/canvas/xp?name=Aki&level=2&xp=10&needed=20&avatar=${encodeURIComponent(`${upstream.origin}/a.png`)}`,
      });
      assert.equal(response.statusCode, 200, response.body);
      // Before the fix, undici's chunk had no named exports and every fetch failed at once (NETWORK).
      assert.equal(response.headers['x-avatar-status'], 'fetched');
      assert.equal(upstream.connections(), 1);
    } finally {
      await app.close();
      await upstream.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('loads no heavy library at start: they are imported where first used', () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' });
    assert.equal(build.status, 0, build.stdout + build.stderr);
    // The files the server's static imports reach, and the packages they import statically.
    const packages = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(join('dist', file), 'utf8');
      for (const [, from] of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*${}\s,]+from\s*)?"([^"]+)"/g)) {
        if (from.startsWith('./')) visit(from.slice(2));
        else if (!from.startsWith('node:')) packages.add(from);
      }
    };
    visit('server.js');
    // The entry switches on the compile cache, then loads the service with one dynamic import.
    const entry = readFileSync(join('dist', 'server.js'), 'utf8');
    const main = /import\("\.\/(main-[\w-]+\.js)"\)/.exec(entry)?.[1];
    assert.ok(main, 'dist/server.js loads the main chunk');
    visit(main);
    assert.ok(seen.size > 5, `the walk reached ${seen.size} files`);
    const heavy = [
      'sharp',
      '@napi-rs/canvas',
      '@aws-sdk/client-s3',
      '@aws-sdk/lib-storage',
      'bullmq',
      'ioredis',
      'pg',
      '@node-rs/argon2',
      'file-type',
    ];
    assert.deepEqual(
      heavy.filter((name) => packages.has(name)),
      [],
      `imported at start: ${[...packages].join(', ')}`,
    );
  });
});
