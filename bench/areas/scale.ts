/**
 * npm run bench -- scale: the directory at 10k, 100k and 1M groups (BENCH_SCALE_SIZES), on SQLite
 * and, when BENCH_DATABASE_URL names a PostgreSQL server, on a database of its own there
 * (BENCH_SCALE_ENGINES=sqlite,postgres picks). The database grows from one size to the next;
 * at each, a fresh server (page cache off) is measured with 10 connections per request kind.
 * Prints per size p50/p99 and req/s, the event-loop delay p99 during the loads, the database
 * size and the start-up time, and which targets were met at the largest size.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { encodeCursor } from '../../src/directory/groups/cursor.js';
import { loadUrl } from '../lib/load.js';
import type { BenchArea, BenchRow } from '../lib/types.js';
import {
  ADMIN,
  COMMON_WORD,
  MEMBER,
  MISSING_WORD,
  PASSWORD,
  RARE_WORD,
  seedGroups,
  seedUsers,
} from './scale/seed.js';
import { eventLoopP99Ms, type Figures, loadLikes, logIn, startServer } from './scale/server.js';

export type Engine = 'sqlite' | 'postgres';

const scaleSizes = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000')
  .split(',')
  .map((n) => Number(n.trim()));
const adminUrl = process.env.BENCH_DATABASE_URL || undefined;
export const engines = (process.env.BENCH_SCALE_ENGINES ?? (adminUrl ? 'sqlite,postgres' : 'sqlite'))
  .split(',')
  .map((e) => e.trim()) as Engine[];

const log = (line: string) => console.log(line);

interface Scratch {
  db: Kysely<Database>;
  dataDir: string;
  databaseUrl?: string;
  size(): Promise<number>;
  drop(): Promise<void>;
}

/** A new, empty database for one engine, schema migrated. */
async function scratchDatabase(engine: Engine, scratchDir: string): Promise<Scratch> {
  const dataDir = join(scratchDir, `scale-${engine}`);
  if (engine === 'sqlite') {
    const sqlitePath = join(dataDir, 'kizuna.sqlite');
    const { db } = createDatabase({ sqlitePath });
    await migrateToLatest(db);
    const bytes = (file: string) => {
      try {
        return statSync(file).size;
      } catch {
        return 0;
      }
    };
    return {
      db,
      dataDir,
      size: async () => bytes(sqlitePath) + bytes(`${sqlitePath}-wal`),
      drop: () => db.destroy(),
    };
  }
  if (!adminUrl) throw new Error('BENCH_DATABASE_URL is needed for postgres');
  const name = `kizuna_bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const { db } = createDatabase({ databaseUrl, sqlitePath: '' });
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    databaseUrl,
    size: async () =>
      Number(
        (await sql<{ n: number }>`select pg_database_size(current_database()) as n`.execute(db)).rows[0].n,
      ),
    drop: async () => {
      await db.destroy();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** A position deep in the public list (nine tenths down), a group in the middle, groups to like. */
async function fixtures(db: Kysely<Database>) {
  const verified = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_verified', '=', 1)
    .executeTakeFirstOrThrow();
  const deep = await db
    .selectFrom('groups')
    .select(['created_at', 'id'])
    .where('is_verified', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .offset(Math.floor(Number(verified.n) / 10))
    .limit(1)
    .executeTakeFirstOrThrow();
  const likeable = await db
    .selectFrom('groups')
    .select('id')
    .where('is_verified', '=', 1)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  return {
    deepCursor: encodeCursor({ createdAt: deep.created_at, id: deep.id }),
    groupId: likeable[250].id,
    likeIds: likeable.map((row) => row.id),
  };
}

export interface Measured {
  engine: Engine;
  size: number;
  figures: Array<{ name: string } & Figures>;
  eventLoopP99: number;
  databaseBytes: number;
  startupMs: number;
  seedSeconds: number;
}

async function measure(
  engine: Engine,
  size: number,
  scratch: Scratch,
  seedSeconds: number,
  only?: string[],
): Promise<Measured> {
  const fixture = await fixtures(scratch.db);
  const server = await startServer(scratch.dataDir, scratch.databaseUrl);
  try {
    const admin = await logIn(server.url, ADMIN, PASSWORD);
    const member = await logIn(server.url, MEMBER, PASSWORD);
    const requests: Array<{
      name: string;
      path: string;
      headers?: Record<string, string>;
      expect?: (n: number) => boolean;
    }> = [
      { name: 'GET /api/groups (first page)', path: '/api/groups', expect: (n) => n === 50 },
      {
        name: 'GET /api/groups?platform=telegram&category=anime',
        path: '/api/groups?platform=telegram&category=anime',
        expect: (n) => n > 0,
      },
      {
        name: `search common (${COMMON_WORD})`,
        path: `/api/groups?search=${COMMON_WORD}`,
        expect: (n) => n === 50,
      },
      {
        name: `search rare (${RARE_WORD})`,
        path: `/api/groups?search=${RARE_WORD}`,
        expect: (n) => n > 0 && n <= 50,
      },
      {
        name: `search none (${MISSING_WORD})`,
        path: `/api/groups?search=${MISSING_WORD}`,
        expect: (n) => n === 0,
      },
      {
        name: 'deep cursor page (9/10 down)',
        path: `/api/groups?cursor=${fixture.deepCursor}`,
        expect: (n) => n === 50,
      },
      { name: 'GET /api/public/stats', path: '/api/public/stats' },
      { name: 'GET /api/admin/stats', path: '/api/admin/stats', headers: admin.headers },
      { name: 'GET /api/groups/:id', path: `/api/groups/${fixture.groupId}` },
    ];
    if (only)
      requests.splice(0, requests.length, ...requests.filter((r) => only.some((o) => r.name.startsWith(o))));
    const figures: Measured['figures'] = [];
    let eventLoopP99 = 0;
    // Warm the JIT and the database caches, then reset the event-loop histogram.
    for (const request of requests)
      await loadUrl(`${server.url}${request.path}`, { duration: 1, headers: request.headers });
    for (const request of requests) {
      const check = await fetch(`${server.url}${request.path}`, { headers: request.headers });
      const body = (await check.json()) as unknown;
      if (check.status !== 200) throw new Error(`${request.path}: ${check.status}`);
      if (request.expect && !request.expect((body as unknown[]).length))
        throw new Error(`${request.path}: ${(body as unknown[]).length} groups`);
      await eventLoopP99Ms(server.url);
      const result = await loadUrl(`${server.url}${request.path}`, { headers: request.headers }, server.pid);
      if (result.non2xx > 0) throw new Error(`${request.path}: ${result.non2xx} non-2xx answers`);
      eventLoopP99 = Math.max(eventLoopP99, await eventLoopP99Ms(server.url));
      figures.push({
        name: request.name,
        p50: result.latencyP50Ms,
        p99: result.latencyP99Ms,
        rps: result.requestsPerSecond,
        cpuMicros: result.serverCpuMicrosPerRequest,
      });
      log(
        `    ${request.name.padEnd(48)} p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, ${Math.round(result.requestsPerSecond)} req/s, ${Math.round(result.serverCpuMicrosPerRequest ?? 0)} µs CPU`,
      );
    }
    if (only)
      return {
        engine,
        size,
        figures,
        eventLoopP99,
        databaseBytes: await scratch.size(),
        startupMs: server.startupMs,
        seedSeconds,
      };
    await eventLoopP99Ms(server.url);
    const likes = await loadLikes(server.url, member, fixture.likeIds, server.pid);
    eventLoopP99 = Math.max(eventLoopP99, await eventLoopP99Ms(server.url));
    figures.push({ name: 'POST + DELETE /api/groups/:id/like', ...likes });
    log(
      `    ${'like / unlike'.padEnd(48)} p50 ${likes.p50} ms, p99 ${likes.p99} ms, ${Math.round(likes.rps)} req/s, ${Math.round(likes.cpuMicros ?? 0)} µs CPU`,
    );
    return {
      engine,
      size,
      figures,
      eventLoopP99,
      databaseBytes: await scratch.size(),
      startupMs: server.startupMs,
      seedSeconds,
    };
  } finally {
    await server.stop();
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

function table(results: Measured[]): string {
  const lines = [
    '| engine | groups | request | p50 ms | p99 ms | req/s | server CPU µs/request |',
    '|---|---:|---|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    for (const f of r.figures) {
      const cpu = f.cpuMicros === undefined ? '' : Math.round(f.cpuMicros);
      lines.push(
        `| ${r.engine} | ${r.size.toLocaleString('en')} | ${f.name} | ${f.p50} | ${f.p99} | ${Math.round(f.rps)} | ${cpu} |`,
      );
    }
    lines.push(
      `| ${r.engine} | ${r.size.toLocaleString('en')} | event-loop delay p99 (worst load) | | ${r.eventLoopP99.toFixed(1)} | | |`,
      `| ${r.engine} | ${r.size.toLocaleString('en')} | database size ${mb(r.databaseBytes)}, start-up ${(r.startupMs / 1000).toFixed(1)} s, seeded at ${Math.round(r.size / Math.max(r.seedSeconds, 0.001)).toLocaleString('en')} groups/s | | | | |`,
    );
  }
  return lines.join('\n');
}

/** The targets of the largest size measured, met or not. */
function targets(results: Measured[], engines: Engine[]): string[] {
  const lines: string[] = [];
  for (const engine of engines) {
    const mine = results.filter((r) => r.engine === engine);
    const largest = mine.at(-1);
    if (!largest) continue;
    const worst = largest.figures.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    const stats = largest.figures.find((f) => f.name === 'GET /api/public/stats');
    const at = `${engine} at ${largest.size.toLocaleString('en')}`;
    lines.push(
      `${at}: every request p99 < 20 ms: ${worst.p99 < 20 ? 'met' : 'NOT met'} (worst ${worst.name}, ${worst.p99} ms)`,
      `${at}: public stats p99 < 5 ms: ${stats && stats.p99 < 5 ? 'met' : 'NOT met'} (${stats?.p99} ms)`,
      `${at}: event-loop delay p99 < 20 ms: ${largest.eventLoopP99 < 20 ? 'met' : 'NOT met'} (${largest.eventLoopP99.toFixed(1)} ms)`,
    );
  }
  return lines;
}

/**
 * Seeds each engine from empty through `sizes` and measures at each size (only the requests whose
 * name starts with one of `only`, when given). Returns what it measured.
 */
export async function measureGrowth(
  scratchDir: string,
  sizes: number[],
  only?: string[],
  engineList: Engine[] = engines,
): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const engine of engineList) {
    log(`${engine}: empty database, ${sizes.map((s) => s.toLocaleString('en')).join(' → ')} groups`);
    const scratch = await scratchDatabase(engine, scratchDir);
    try {
      await seedUsers(scratch.db);
      let seeded = 0;
      let seedSeconds = 0;
      for (const size of sizes) {
        log(`  ${engine}: seeding to ${size.toLocaleString('en')} groups`);
        const started = Date.now();
        await seedGroups(scratch.db, seeded, size, log);
        seedSeconds += (Date.now() - started) / 1000;
        seeded = size;
        log(`  ${engine}: measuring at ${size.toLocaleString('en')} groups`);
        results.push(await measure(engine, size, scratch, seedSeconds, only));
      }
    } finally {
      await scratch.drop();
    }
  }
  return results;
}

export const area: BenchArea = {
  name: 'scale',
  // 1M groups take minutes to seed: only when named (`npm run bench -- scale`).
  optIn: true,
  async run(ctx) {
    const results = await measureGrowth(ctx.scratchDir, scaleSizes);
    console.log(`\n${table(results)}\n`);
    for (const line of targets(results, engines)) console.log(line);
    const rows: BenchRow[] = [];
    for (const r of results) {
      for (const f of r.figures) {
        rows.push({
          area: 'scale',
          name: `${r.engine} ${r.size}: ${f.name} p99`,
          value: f.p99,
          unit: 'ms',
          target: '< 20 ms at 1M',
        });
      }
      rows.push({
        area: 'scale',
        name: `${r.engine} ${r.size}: event-loop delay p99`,
        value: r.eventLoopP99,
        unit: 'ms',
        target: '< 20 ms at 1M',
      });
    }
    return rows;
  },
};
