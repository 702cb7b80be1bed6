import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { dialectOf } from '../../src/db/database.js';
import { countedStatCounters, storedStatCounters } from '../../src/directory/stats/stats-repository.js';
import { seedGroup } from '../directory/groups/group-fixtures.js';
import { createTestResources, testConfig } from '../helpers/test-app.js';

test('npm run admin -- reindex rebuilds the search column, the search index and the counters, with progress', async () => {
  const resources = await createTestResources();
  const app = await buildApp(testConfig(resources), { logger: false });
  after(async () => {
    await app.close();
    await resources.release();
  });
  for (let i = 0; i < 12; i++) await seedGroup(app, { title: `Reindexed ${i} øl` });
  // What drifted: a search column in an older form, and counters that no longer add up.
  await app.db
    .updateTable('groups')
    .set({ search_text: ' reindexed 0 øl just a group ' })
    .where('id', '=', 1)
    .execute();
  await app.db.updateTable('stat_counters').set({ count: 999 }).execute();

  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'reindex'], {
    env: { ...process.env, DATA_DIR: resources.dataDir, DATABASE_URL: resources.databaseUrl ?? '' },
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /12 groups read, 1 rewritten/);
  assert.match(result.stdout, /search column: 1 rewritten/);
  if (dialectOf(app.db) === 'sqlite') assert.match(result.stdout, /12 of 12 groups indexed/);
  assert.match(result.stdout, /search index: done/);
  assert.match(result.stdout, /statistics: done/);

  const row = await app.db
    .selectFrom('groups')
    .select('search_text')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  assert.equal(row.search_text, ' reindexed 0 ~006wl just a group ');
  const found = await app.inject({ url: `/api/groups?search=${encodeURIComponent('ØL')}&limit=100` });
  assert.equal(found.json().length, 12);
  const sorted = (rows: Array<{ metric: string; key: string; name: string; verified: number }>) =>
    rows.map((r) => JSON.stringify(r)).sort();
  assert.deepEqual(sorted(await storedStatCounters(app.db)), sorted(await countedStatCounters(app.db)));
  if (dialectOf(app.db) === 'sqlite') {
    await sql`insert into groups_fts (groups_fts, rank) values ('integrity-check', 1)`.execute(app.db);
  }
});
