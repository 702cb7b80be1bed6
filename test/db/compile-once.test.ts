import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { compileOnce } from '../../src/db/compile-once.js';
import type { Database } from '../../src/db/database.js';
import { createUser } from '../../src/directory/users/users-repository.js';
import { buildTestApp } from '../helpers/test-app.js';

describe('compileOnce', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
    for (const username of ['ann', 'ben', 'cay'])
      await createUser(app.db, { username, email: `${username}@example.org`, passwordHash: 'x' });
  });

  const usersByName = compileOnce((db: Kysely<Database>, slot) =>
    db
      .selectFrom('users')
      .select(['username', 'role'])
      .where('username', 'in', [slot<string>('first'), slot<string>('second')])
      .where('role', '=', 'user')
      .orderBy('username'),
  );

  it('runs the same compiled SQL with each call’s values, fixed values kept', async () => {
    const a = usersByName(app.db, { first: 'ann', second: 'cay' });
    const b = usersByName(app.db, { first: 'ben', second: 'nobody' });
    assert.equal(a.sql, b.sql, 'one SQL text for every call');
    assert.deepEqual(
      (await app.db.executeQuery(a)).rows.map((r) => r.username),
      ['ann', 'cay'],
    );
    assert.deepEqual(
      (await app.db.executeQuery(b)).rows.map((r) => r.username),
      ['ben'],
    );
    assert.ok(a.parameters.includes('user'), 'a value written into the builder stays as it is');
  });

  it('gives the same rows as the query built anew', async () => {
    const built = await app.db
      .selectFrom('users')
      .select(['username', 'role'])
      .where('username', 'in', ['ann', 'ben'])
      .where('role', '=', 'user')
      .orderBy('username')
      .execute();
    const reused = (await app.db.executeQuery(usersByName(app.db, { first: 'ann', second: 'ben' }))).rows;
    assert.deepEqual(reused, built);
  });

  it('treats a value that looks like SQL as a value', async () => {
    const hostile = usersByName(app.db, { first: "ann' OR '1'='1", second: 'x' });
    assert.deepEqual((await app.db.executeQuery(hostile)).rows, []);
  });

  it('refuses to compile when a slot has no value, naming it', () => {
    const query = compileOnce((db: Kysely<Database>, slot) =>
      db.selectFrom('users').select('id').where('email', '=', slot<string>('email')),
    );
    assert.throws(() => query(app.db, {}), /no value for slot email/);
  });
});
