import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseSubmission } from '../../../src/directory/groups/group-submission.js';
import { insertGroup } from '../../../src/directory/groups/groups-repository.js';
import { logoDir } from '../../../src/directory/groups/logo-store.js';
import { sweepOrphanLogos } from '../../../src/directory/groups/logo-sweep.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { VALID_FIELDS } from './group-fixtures.js';

test('sweepOrphanLogos removes old unreferenced logos and temp files, and nothing else', async () => {
  const app = await buildTestApp();
  const dir = logoDir(app.config.dataDir);
  mkdirSync(dir, { recursive: true });
  const used = `${'a'.repeat(32)}.png`;
  const orphan = `${'b'.repeat(32)}.webp`;
  const temp = `.${'c'.repeat(32)}.gif.part`;
  const foreign = 'README.txt';
  for (const name of [used, orphan, temp, foreign]) writeFileSync(join(dir, name), 'x');
  const parsed = parseSubmission(VALID_FIELDS);
  assert.ok(parsed.ok);
  await insertGroup(app.db, { ...parsed.value, logoFile: used, submittedBy: null });

  assert.deepEqual(await sweepOrphanLogos(app.db, app.config.dataDir), [], 'fresh files are left alone');
  const later = Date.now() + 16 * 60_000;
  assert.deepEqual((await sweepOrphanLogos(app.db, app.config.dataDir, later)).sort(), [temp, orphan].sort());
  assert.ok(existsSync(join(dir, used)));
  assert.ok(existsSync(join(dir, foreign)));
  assert.equal(existsSync(join(dir, orphan)), false);
  assert.equal(existsSync(join(dir, temp)), false);
});
