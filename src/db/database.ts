import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import { switchToWal } from './sqlite-wal.js';
import type { AccountTables } from './tables/accounts.js';
import type { AnimeTables } from './tables/anime.js';
import type { DownloadsTables } from './tables/downloads.js';
import type { GenshinTables } from './tables/genshin.js';
import type { GroupsTables } from './tables/groups.js';
import type { MediaTables } from './tables/media.js';
import type { MediaImportTables } from './tables/media-imports.js';
import type { StatsTables } from './tables/stats.js';

export interface Database
  extends AccountTables,
    GroupsTables,
    MediaTables,
    MediaImportTables,
    AnimeTables,
    DownloadsTables,
    GenshinTables,
    StatsTables {}

export type Dialect = 'sqlite' | 'postgres';

// The PostgreSQL client loads only when DATABASE_URL is set (require: createDatabase is synchronous).
const require = createRequire(import.meta.url);
let pgModule: typeof import('pg') | undefined;
function loadPg(): typeof import('pg') {
  if (!pgModule) {
    pgModule = require('pg') as typeof import('pg');
    // COUNT(*) and BIGINT come back from pg as strings; every count we make fits in a double.
    pgModule.types.setTypeParser(20, (value) => Number(value));
  }
  return pgModule;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  sqlitePath: string;
  /** Most PostgreSQL connections of this process (DATABASE_POOL_MAX); 10 when not given. */
  databasePoolMax?: number;
  /** Told about errors of idle pooled connections (e.g. a server restart), which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
}

export function createDatabase(options: DatabaseOptions): { db: Kysely<Database>; dialect: Dialect } {
  if (options.databaseUrl) {
    // Without a connect timeout a request waits for ever on a database host that does not answer.
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.databasePoolMax ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // The pool drops the broken connection and opens a new one when next needed.
    pool.on('error', (error) => options.onPoolError?.(error));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (options.sqlitePath !== ':memory:') {
    mkdirSync(dirname(options.sqlitePath), { recursive: true });
    keepPrivate(options.sqlitePath);
  }
  const sqlite = new SqliteDatabase(options.sqlitePath);
  sqlite.pragma('busy_timeout = 5000');
  switchToWal(sqlite);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
  };
}

/**
 * The database file is readable by its owner only, like the session secret (it holds password
 * hashes and session hashes). Created 0600 before SQLite opens it, SQLite gives its WAL and
 * shared-memory files the same mode; an older, wider file is narrowed.
 */
function keepPrivate(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a small
 * indexed lookup, so the same SQL text reuses its prepared statement. Bounded, oldest out first.
 * Our own because neither Kysely nor better-sqlite3 offers it.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, limit = 500) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= limit) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Now as the ISO-8601 UTC text every timestamp column holds. */
export const nowIso = () => new Date().toISOString();

/** Booleans are 0/1 integers in the database. */
export const toFlag = (value: boolean) => (value ? 1 : 0);
