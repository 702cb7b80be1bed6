import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type Fixture, spawnFixture } from '../helpers/spawn-fixture.js';

const LOAD_CONFIG = new URL('./fixtures/load-config.ts', import.meta.url);

describe('the generated session secret on a DATA_DIR shared by instances that start together', () => {
  const fixtures: Fixture[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-secret-'));
  after(async () => {
    for (const fixture of fixtures) await fixture.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the same in every instance, whole, and the only file left behind', {
    timeout: 120_000,
  }, async () => {
    const env = { DATA_DIR: dataDir, SESSION_SECRET: '', DATABASE_URL: '', REDIS_URL: '' };
    for (let i = 0; i < 6; i++) fixtures.push(spawnFixture(LOAD_CONFIG, env));
    await Promise.all(fixtures.map((fixture) => fixture.said('loaded')));
    for (const fixture of fixtures) fixture.go();
    const outcomes = await Promise.all(
      fixtures.map((fixture) => Promise.race([fixture.said('secret'), fixture.said('failed')])),
    );
    assert.deepEqual(
      outcomes.filter((o) => 'failed' in o),
      [],
    );
    const secrets = new Set(outcomes.map((o) => o.secret));
    assert.equal(secrets.size, 1, 'one secret');
    const [secret] = secrets;
    assert.ok(secret.length >= 32);
    assert.equal(readFileSync(join(dataDir, 'session-secret'), 'utf8'), secret);
    assert.deepEqual(readdirSync(dataDir), ['session-secret'], 'no candidate files left');
  });
});
