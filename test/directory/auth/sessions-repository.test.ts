import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  createSession,
  deleteExpiredSessions,
  findSessionUser,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '../../../src/directory/auth/sessions-repository.js';
import { createUser } from '../../../src/directory/users/users-repository.js';
import { buildTestApp } from '../../helpers/test-app.js';

describe('server-side sessions', () => {
  let app: FastifyInstance;
  let userId: number;
  before(async () => {
    app = await buildTestApp();
    userId = (await createUser(app.db, { username: 'sora', email: 'sora@example.org', passwordHash: 'x' }))
      .id;
  });

  it('finds the user of a live session and stores only a hash of its id', async () => {
    const rawId = await createSession(app.db, userId);
    assert.equal((await findSessionUser(app.db, rawId))?.username, 'sora');
    const rows = await app.db.selectFrom('sessions').select('id_hash').execute();
    assert.ok(rows.every((r) => r.id_hash !== rawId));
    assert.equal(await findSessionUser(app.db, `${rawId}x`), undefined);
  });

  it('ends a session idle for 7 days', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const rawId = await createSession(app.db, userId, start);
    const justBefore = new Date(start.getTime() + SESSION_IDLE_MS - 60_000);
    assert.ok(await findSessionUser(app.db, rawId, justBefore), 'still alive just before the idle limit');
    const idle = new Date(justBefore.getTime() + SESSION_IDLE_MS);
    assert.equal(await findSessionUser(app.db, rawId, idle), undefined);
  });

  it('ends a session after 30 days even when used every day', async () => {
    const start = new Date('2026-02-01T00:00:00Z');
    const rawId = await createSession(app.db, userId, start);
    for (let day = 1; day < 30; day++) {
      assert.ok(
        await findSessionUser(app.db, rawId, new Date(start.getTime() + day * 86_400_000)),
        `day ${day}`,
      );
    }
    assert.equal(
      await findSessionUser(app.db, rawId, new Date(start.getTime() + SESSION_ABSOLUTE_MS)),
      undefined,
    );
  });

  it('sweeps expired sessions away', async () => {
    await createSession(app.db, userId, new Date('2020-01-01T00:00:00Z'));
    const live = await createSession(app.db, userId);
    await deleteExpiredSessions(app.db);
    const left = await app.db.selectFrom('sessions').select('expires_at').execute();
    assert.ok(left.every((r) => Date.parse(r.expires_at) > Date.now()));
    assert.ok(await findSessionUser(app.db, live));
  });
});
