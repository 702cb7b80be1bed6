import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { onServerCore } from '../../lib/pinning.js';
import { youngGenerationFlags } from '../../lib/start-flags.js';

/** A Kizuna server process of the scale benchmark, on one seeded database. */
export interface ScaleServer {
  url: string;
  pid: number | undefined;
  /** Milliseconds from spawn to listening (includes loading the TypeScript sources with tsx). */
  startupMs: number;
  stop(): Promise<void>;
}

/**
 * Starts bench/server.ts on the data directory (SQLite) or database URL, page cache off, demo
 * content off, rate limit out of the way, as every measurement here wants the database's work.
 */
export function startServer(dataDir: string, databaseUrl: string | undefined): Promise<ScaleServer> {
  const started = Date.now();
  const [command, args] = onServerCore(process.execPath, [
    '--import',
    'tsx',
    ...youngGenerationFlags(),
    'bench/server.ts',
    'kizuna',
    dataDir,
    'scale',
  ]);
  const child: ChildProcess = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_REDIS_URL: '',
      GROUPS_PAGE_CACHE_MS: '0',
      DEMO_CONTENT: 'false',
    },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const match = /READY (\d+)/.exec(out);
      if (match) {
        resolve({
          url: `http://127.0.0.1:${match[1]}`,
          pid: child.pid,
          startupMs: Date.now() - started,
          stop,
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`scale server exited with ${code}`)));
  });
}

/** A logged-in session: its cookies and CSRF token, as a browser holds them. */
export interface Session {
  headers: Record<string, string>;
}

/** Logs in over HTTP as a browser would (GET /api/auth/me for the token, then POST login). */
export async function logIn(baseUrl: string, username: string, password: string): Promise<Session> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair.split('=');
      jar.set(name, value);
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const me = await fetch(`${baseUrl}/api/auth/me`);
  keep(me);
  const { csrfToken } = (await me.json()) as { csrfToken: string };
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookie() },
    body: JSON.stringify({ usernameOrEmail: username, password }),
  });
  if (login.status !== 200) throw new Error(`login as ${username}: ${login.status} ${await login.text()}`);
  keep(login);
  return { headers: { cookie: cookie(), 'x-csrf-token': csrfToken } };
}

export interface Figures {
  p50: number;
  p99: number;
  rps: number;
  /** Server CPU time per request, in µs: what the machine's other load cannot blur. */
  cpuMicros?: number;
}

/** CPU time (user + system) a process has used, in µs, from /proc (Linux). */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/**
 * Likes and takes back likes as fast as 10 connections can, each connection on groups of its
 * own (one like, then its unlike), so that every request writes.
 */
export async function loadLikes(
  baseUrl: string,
  session: Session,
  groupIds: number[],
  pid?: number,
): Promise<Figures> {
  if (!/^http:\/\/127\.0\.0\.1:/.test(baseUrl)) throw new Error('loopback only');
  let next = 0;
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({
    url: baseUrl,
    connections: 10,
    duration: SECONDS,
    headers: session.headers,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const group = groupIds[next++ % groupIds.length];
          (context as { group?: number }).group = group;
          return { ...request, path: `/api/groups/${group}/like` };
        },
      },
      {
        method: 'DELETE',
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/groups/${(context as { group?: number }).group}/like`,
        }),
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`likes: ${result.non2xx} non-2xx answers`);
  const cpuAfter = cpuMicros(pid);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    cpuMicros:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : (cpuAfter - cpuBefore) / result.requests.total,
  };
}

/** p99 of the event-loop delay since the last scrape, from the server's own /metrics (prom-client). */
export async function eventLoopP99Ms(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const match = /^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(text);
  return match ? Number(match[1]) * 1000 : Number.NaN;
}
