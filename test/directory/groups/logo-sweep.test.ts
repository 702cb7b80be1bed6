import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSubmission } from '../../../src/directory/groups/group-submission.js';
import { insertGroup } from '../../../src/directory/groups/groups-repository.js';
import { logoKey } from '../../../src/directory/groups/logo-store.js';
import { sweepOrphanLogos } from '../../../src/directory/groups/logo-sweep.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { VALID_FIELDS } from './group-fixtures.js';

test('sweepOrphanLogos removes old unreferenced logos, and nothing else', async () => {
  const app = await buildTestApp();
  const used = `${'a'.repeat(32)}.png`;
  const orphan = `${'b'.repeat(32)}.webp`;
  const foreign = 'README.txt';
  for (const name of [used, orphan, foreign]) await app.blobs.put(logoKey(name), Buffer.from('x'));
  const parsed = parseSubmission(VALID_FIELDS);
  assert.ok(parsed.ok);
  await insertGroup(app.db, { ...parsed.value, logoFile: used, submittedBy: null });

  assert.deepEqual(await sweepOrphanLogos(app.db, app.blobs), [], 'fresh files are left alone');
  const later = Date.now() + 16 * 60_000;
  assert.deepEqual(await sweepOrphanLogos(app.db, app.blobs, later), [orphan]);
  assert.ok(await app.blobs.exists(logoKey(used)));
  assert.ok(await app.blobs.exists(logoKey(foreign)));
  assert.equal(await app.blobs.exists(logoKey(orphan)), false);
});
