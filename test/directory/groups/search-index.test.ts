import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { dialectOf } from '../../../src/db/database.js';
import { rewriteSearchColumn } from '../../../src/db/search-column.js';
import { listGroups } from '../../../src/directory/groups/groups-repository.js';
import {
  rebuildSearchIndex,
  searchIndexIsIntact,
} from '../../../src/directory/groups/search-index-repository.js';
import { searchTerms } from '../../../src/directory/groups/search-text.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup } from './group-fixtures.js';

const terms = (search: string) => {
  const result = searchTerms(search);
  assert.ok(result.ok);
  return result.terms;
};

test('the index is rebuilt in slices while groups are added, edited and deleted between them', async (t) => {
  const app = await buildTestApp();
  if (dialectOf(app.db) === 'postgres') {
    t.skip('PostgreSQL rebuilds its index concurrently in one statement (below)');
    return;
  }
  const ids: number[] = [];
  for (let i = 0; i < 23; i++) ids.push((await seedGroup(app, { title: `Slice ${i} naruto` })).id);
  let step = 0;
  const added: number[] = [];
  await rebuildSearchIndex(app.db, {
    batch: 4,
    onProgress: async () => {
      step += 1;
      // Writes between slices, on groups already copied, not yet copied, and new ones.
      added.push((await seedGroup(app, { title: `Added ${step} naruto` })).id);
      await app.db
        .updateTable('groups')
        .set({ search_text: ' edited ' })
        .where('id', '=', ids[step])
        .execute();
      await app.db
        .deleteFrom('groups')
        .where('id', '=', ids[22 - step])
        .execute();
    },
  });
  assert.ok(step >= 5, `${step} slices`);
  const blocks = await sql`select block, min_created_at, max_created_at, newest_so_far
    from groups_feed_blocks`.execute(app.db);
  const bounds = await sql<{ min_created_at: string; max_created_at: string }>`
    select min(created_at) as min_created_at, max(created_at) as max_created_at from groups`.execute(app.db);
  const { min_created_at, max_created_at } = bounds.rows[0];
  assert.deepEqual(blocks.rows, [
    { block: 0, min_created_at, max_created_at, newest_so_far: max_created_at },
  ]);
  assert.equal(await searchIndexIsIntact(app.db), true);

  const found = await listGroups(app.db, { search: terms('naruto'), limit: 1000 });
  const expected = await app.db
    .selectFrom('groups')
    .select('id')
    .where('search_text', 'like', '% naruto %')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  assert.deepEqual(
    found.map((row) => row.id),
    expected.map((row) => row.id),
  );
  assert.equal((await listGroups(app.db, { search: terms('edited'), limit: 1000 })).length, step);
  // The triggers are back as they were: a new group is found at once.
  await seedGroup(app, { title: 'After the rebuild zanzibar' });
  assert.equal((await listGroups(app.db, { search: terms('zanzibar'), limit: 10 })).length, 1);
  assert.equal(await searchIndexIsIntact(app.db), true);
});

test('a damaged index is made whole again', async (t) => {
  const app = await buildTestApp();
  for (let i = 0; i < 5; i++) await seedGroup(app, { title: `Damaged ${i} naruto` });
  if (dialectOf(app.db) === 'postgres') {
    // The tsvector column is derived by the database; its index is built anew concurrently.
    await rebuildSearchIndex(app.db);
    assert.equal((await listGroups(app.db, { search: terms('naruto'), limit: 10 })).length, 5);
    t.diagnostic('PostgreSQL: REINDEX CONCURRENTLY');
    return;
  }
  // The index forgets everything: searches find nothing.
  await sql`insert into groups_fts (groups_fts) values ('delete-all')`.execute(app.db);
  assert.equal(await searchIndexIsIntact(app.db), false);
  assert.equal((await listGroups(app.db, { search: terms('naruto'), limit: 10 })).length, 0);
  await rebuildSearchIndex(app.db, { batch: 2 });
  assert.equal(await searchIndexIsIntact(app.db), true);
  assert.equal((await listGroups(app.db, { search: terms('naruto'), limit: 10 })).length, 5);
});

test('the search column is brought to the current normalisation, in slices', async () => {
  const app = await buildTestApp();
  const a = await seedGroup(app, { title: 'Øl og λόγος' });
  const b = await seedGroup(app, { title: 'Plain words' });
  // As an older normalisation wrote it: the words themselves.
  await app.db
    .updateTable('groups')
    .set({ search_text: ' øl og λογος just a group ' })
    .where('id', '=', a.id)
    .execute();
  const progress: Array<[number, number]> = [];
  const changed = await rewriteSearchColumn(app.db, {
    batch: 1,
    onProgress: (done, rewritten) => progress.push([done, rewritten]),
  });
  assert.equal(changed, 1);
  assert.deepEqual(progress, [
    [1, 1],
    [2, 1],
  ]);
  const rows = await app.db.selectFrom('groups').select(['id', 'search_text']).orderBy('id').execute();
  assert.deepEqual(rows, [
    { id: a.id, search_text: ' ~006wl og λογο~00qq just a group ' },
    { id: b.id, search_text: ' plain words just a group ' },
  ]);
  assert.equal((await listGroups(app.db, { search: terms('ØL'), limit: 10 })).length, 1);
  assert.equal(await searchIndexIsIntact(app.db), true);
});
