import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Kysely, Migrator } from 'kysely';
import type { Database } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { migrations } from '../../../src/db/migrations/index.js';
import { usernameSkeleton } from '../../../src/lib/username-skeleton.js';
import { buildTestApp } from '../../helpers/test-app.js';

describe('migration 009-username-skeletons', () => {
  it('backfills every account; of two that already look alike, the older keeps the skeleton', async () => {
    const app = await buildTestApp();
    const migrator = new Migrator({ db: app.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('008-write-budgets');
    assert.equal(down.error, undefined);

    const old = app.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const row = (username: string) => ({
      username,
      username_key: username.toLowerCase(),
      email: `${Buffer.from(username).toString('hex')}@example.org`,
      email_key: `${Buffer.from(username).toString('hex')}@example.org`,
      password_hash: 'x',
      role: 'user',
      is_verified: 0,
      created_at: new Date().toISOString(),
    });
    await old
      .insertInto('users')
      .values([row('sakura'), row('ѕаkurа'), row('hana')])
      .execute();

    await migrateToLatest(app.db as Kysely<Database>);
    const users = await app.db
      .selectFrom('users')
      .select(['id', 'username', 'username_skeleton'])
      .orderBy('id')
      .execute();
    const [sakura, lookAlike, hana] = users;
    assert.equal(sakura.username_skeleton, usernameSkeleton('sakura'));
    assert.equal(lookAlike.username_skeleton, `${usernameSkeleton('sakura')}#${lookAlike.id}`);
    assert.equal(hana.username_skeleton, usernameSkeleton('hana'));
  });
});
