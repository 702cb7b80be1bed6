import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/database.js';

const dir = mkdtempSync(join(tmpdir(), 'kizuna-sqlite-mode-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the SQLite file', { skip: process.platform === 'win32' && 'POSIX modes' }, () => {
  it('is created 0600, and so are its WAL and shared-memory files', async () => {
    const path = join(dir, 'fresh.sqlite');
    const { db } = createDatabase({ sqlitePath: path });
    await sql`CREATE TABLE t (x INTEGER)`.execute(db);
    await sql`INSERT INTO t VALUES (1)`.execute(db);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      assert.ok(existsSync(file), file);
      assert.equal(mode(file).toString(8), '600', file);
    }
    await db.destroy();
  });

  it('narrows an older file that others could read', async () => {
    const path = join(dir, 'old.sqlite');
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    const { db } = createDatabase({ sqlitePath: path });
    assert.equal(mode(path).toString(8), '600');
    await db.destroy();
  });
});
