import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { migrations } from '../../src/db/migrations/index.js';
import { type Fixture, spawnFixture } from '../helpers/spawn-fixture.js';
import { createTestResources, type TestResources } from '../helpers/test-app.js';

const MIGRATE = new URL('./fixtures/migrate-on-go.ts', import.meta.url);

describe('migrations started by several processes at once', () => {
  const fixtures: Fixture[] = [];
  let resources: TestResources;
  after(async () => {
    for (const fixture of fixtures) await fixture.stop();
    await resources?.release();
  });

  it('on one fresh database, one process applies them all and the others find nothing left', {
    timeout: 120_000,
  }, async () => {
    resources = await createTestResources();
    const env = {
      DATABASE_URL: resources.databaseUrl ?? '',
      SQLITE_PATH: join(resources.dataDir, 'shared.sqlite'),
    };
    for (let i = 0; i < 4; i++) fixtures.push(spawnFixture(MIGRATE, env));
    await Promise.all(fixtures.map((fixture) => fixture.said('loaded')));
    for (const fixture of fixtures) fixture.go();
    const outcomes = await Promise.all(
      fixtures.map((fixture) => Promise.race([fixture.said('applied'), fixture.said('failed')])),
    );
    assert.deepEqual(
      outcomes.filter((o) => 'failed' in o),
      [],
      'no process failed',
    );
    const applied = outcomes.map((o) => Number(o.applied)).sort();
    assert.deepEqual(applied, [0, 0, 0, Object.keys(migrations).length]);
  });
});
