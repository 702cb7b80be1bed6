import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../src/db/database.js';
import { createTestResources } from '../helpers/test-app.js';

describe('the PostgreSQL connection pool', {
  skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL',
}, () => {
  it('opens no more connections than DATABASE_POOL_MAX, however many queries wait', async () => {
    const resources = await createTestResources();
    const { db } = createDatabase({ databaseUrl: resources.databaseUrl, sqlitePath: '', databasePoolMax: 2 });
    const observer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    after(async () => {
      await observer.end().catch(() => undefined);
      await db.destroy();
      await resources.release();
    });
    await observer.connect();
    const name = new URL(resources.databaseUrl!).pathname.slice(1);
    const busy = Promise.all(Array.from({ length: 6 }, () => sql`select pg_sleep(0.3)`.execute(db)));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const { rows } = await observer.query(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    await busy;
    assert.equal(rows[0].n, 2);
  });
});
