import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { type PragmaRunner, switchToWal } from '../../src/db/sqlite-wal.js';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

/** A connection whose first `busyTimes` asks are refused as SQLite refuses the loser of the race. */
function refusing(busyTimes: number, error: () => Error = busy): PragmaRunner & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    pragma(source: string) {
      asked.push(source);
      if (asked.length <= busyTimes) throw error();
      return 'wal';
    },
  };
}

describe('switchToWal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kizuna-wal-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('puts a fresh file in WAL mode', () => {
    const sqlite = new SqliteDatabase(join(dir, 'fresh.sqlite'));
    switchToWal(sqlite);
    assert.equal(sqlite.pragma('journal_mode', { simple: true }), 'wal');
    sqlite.close();
  });

  it('asks again while another instance holds the file, and succeeds once it lets go', () => {
    const connection = refusing(3);
    switchToWal(connection, 5000, 1);
    assert.deepEqual(connection.asked, Array(4).fill('journal_mode = WAL'));
  });

  it('gives up with SQLite’s error once the time is over', () => {
    const connection = refusing(Number.POSITIVE_INFINITY);
    assert.throws(() => switchToWal(connection, 30, 5), { code: 'SQLITE_BUSY' });
    assert.ok(connection.asked.length >= 2);
  });

  it('throws any other error at once', () => {
    const connection = refusing(1, () =>
      Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' }),
    );
    assert.throws(() => switchToWal(connection, 5000, 1), { code: 'SQLITE_IOERR' });
    assert.equal(connection.asked.length, 1);
  });
});
