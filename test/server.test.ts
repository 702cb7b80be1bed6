import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/** Starts src/server.ts on a free port with `env` added, and resolves once it listens. */
async function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, dataDir, output: '', address: '' };
  server.address = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      server.output += chunk;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited early (${code}): ${server.output}`)));
  });
  // From here on the caller watches the exit.
  child.removeAllListeners('exit');
  return server;
}

describe('src/server.ts', () => {
  it('starts on a fresh data directory, answers /healthz, and exits cleanly on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({});
    const { child, dataDir, address } = server;
    const health = await fetch(`${address}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    const exitCode = await new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
    assert.equal(exitCode, 0, server.output);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM lets a request in flight finish, closes its keep-alive connection, and exits 0', {
    timeout: 120_000,
  }, async () => {
    // A stand-in for the anime database that answers after a second, so a request is in flight.
    const slowUpstream = createServer((_request, response) => {
      setTimeout(() => response.writeHead(404, { 'content-type': 'application/json' }).end('{}'), 1000);
    });
    await new Promise<void>((resolve) => slowUpstream.listen(0, '127.0.0.1', resolve));
    const server = await startServer({
      DEMO_CONTENT: 'false',
      JIKAN_URL: `http://127.0.0.1:${(slowUpstream.address() as AddressInfo).port}`,
    });
    const { child, dataDir, address } = server;
    const exited = new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
    });
    try {
      // fetch keeps its connection alive, as a reverse proxy does.
      const inFlight = fetch(`${address}/api/v1/anime/lookup?title=drain`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.kill('SIGTERM');
      const answer = await inFlight;
      assert.equal(answer.status, 404, 'the request in flight got its answer');
      await answer.arrayBuffer();
      assert.equal(await exited, 0, server.output);
      assert.doesNotMatch(server.output, /killed by timeout/);
    } finally {
      // Whatever failed above, leave nothing running that would keep the test file alive.
      if (child.exitCode === null) child.kill('SIGKILL');
      slowUpstream.closeAllConnections();
      slowUpstream.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a few seconds of light load on the default SQLite database without a native abort, then exits 0', {
    timeout: 120_000,
  }, async () => {
    // Small young generation: many collections in a few seconds, so native finalisers run (see
    // test/db/native-teardown.test.ts for the abort this guards against).
    const server = await startServer({ DEMO_CONTENT: 'false', NODE_OPTIONS: '--max-semi-space-size=1' });
    const { child, dataDir, address } = server;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      child.on('exit', (code, signal) => resolve({ code, signal }));
    });
    try {
      const paths = [
        '/healthz',
        '/api/v1/util/uuid',
        '/api/groups',
        '/api/auth/me',
        '/api/public/stats',
        '/api/v1/endpoints',
      ];
      const until = Date.now() + 4000;
      let answered = 0;
      await Promise.all(
        [0, 1, 2, 3].map(async (worker) => {
          for (let i = worker; Date.now() < until && child.exitCode === null; i++) {
            const answer = await fetch(`${address}${paths[i % paths.length]}`);
            await answer.arrayBuffer();
            assert.ok(answer.status < 500, `${paths[i % paths.length]} answered ${answer.status}`);
            answered++;
          }
        }),
      );
      assert.ok(answered > 20, `only ${answered} answers in 4 s`);
      child.kill('SIGTERM');
      const { code, signal } = await exited;
      assert.equal(signal, null, server.output);
      assert.equal(code, 0, server.output);
      assert.doesNotMatch(server.output, /Assertion failed|Segmentation fault/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with an ADMIN_* account that breaks the rules of registration, naming the variable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-server-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_USERNAME: 'root',
        ADMIN_EMAIL: 'not-an-email',
        ADMIN_PASSWORD: 'long enough',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    assert.equal(code, 1);
    assert.match(stderr, /Invalid configuration:\n {2}- ADMIN_EMAIL must be an e-mail address/);
  });

  it('refuses to start with an invalid setting and says which', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-server-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    assert.equal(code, 1);
    assert.match(stderr, /PORT must be a whole number/);
  });
});
