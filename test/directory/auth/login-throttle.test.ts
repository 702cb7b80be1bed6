import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  blockDurationMs,
  deleteStaleThrottles,
  PAIR_POLICY,
  refundAttempt,
  reserveAttempt,
} from '../../../src/directory/auth/login-throttle.js';
import { buildTestApp } from '../../helpers/test-app.js';

describe('blockDurationMs', () => {
  it('lets the first failures through free', () => {
    for (let n = 1; n < PAIR_POLICY.freeFailures; n++) assert.equal(blockDurationMs(n, PAIR_POLICY), 0);
  });
  it('holds one address back from one account from 30 s, doubling, never beyond 15 minutes', () => {
    assert.equal(blockDurationMs(5, PAIR_POLICY), 30_000);
    assert.equal(blockDurationMs(6, PAIR_POLICY), 60_000);
    assert.equal(blockDurationMs(7, PAIR_POLICY), 120_000);
    assert.equal(blockDurationMs(50, PAIR_POLICY), 15 * 60_000);
    assert.equal(blockDurationMs(10_000, PAIR_POLICY), 15 * 60_000);
  });
  it('holds an address back for 15 minutes after 30 failures', () => {
    assert.equal(blockDurationMs(29, ADDRESS_POLICY), 0);
    assert.equal(blockDurationMs(30, ADDRESS_POLICY), 15 * 60_000);
  });
  it('holds a whole account back only after 50 failures, from one minute', () => {
    assert.equal(blockDurationMs(49, ACCOUNT_POLICY), 0);
    assert.equal(blockDurationMs(50, ACCOUNT_POLICY), 60_000);
  });
});

describe('reserveAttempt', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });
  const failuresOf = async (key: string) =>
    (await app.db.selectFrom('login_throttle').select('failures').where('key', '=', key).executeTakeFirst())
      ?.failures;

  it('lets exactly the free budget of sixty parallel attempts through, and loses no count', async () => {
    const keys = [
      { key: 'pair:burst', policy: PAIR_POLICY },
      { key: 'address:burst', policy: ADDRESS_POLICY },
    ];
    const waits = await Promise.all(Array.from({ length: 60 }, () => reserveAttempt(app.db, keys)));
    assert.equal(waits.filter((wait) => wait === 0).length, PAIR_POLICY.freeFailures);
    assert.ok(
      waits.every((wait) => wait === 0 || (wait >= 1 && wait <= 30)),
      waits.join(),
    );
    assert.equal(await failuresOf('pair:burst'), PAIR_POLICY.freeFailures);
    assert.equal(
      await failuresOf('address:burst'),
      PAIR_POLICY.freeFailures,
      'a refused attempt counts nowhere',
    );
  });

  it('starts a new window once the old one is over', async () => {
    const keys = [{ key: 'pair:window', policy: PAIR_POLICY }];
    const start = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 4; i++) assert.equal(await reserveAttempt(app.db, keys, start), 0);
    const later = new Date(start.getTime() + PAIR_POLICY.windowMs + 1);
    assert.equal(await reserveAttempt(app.db, keys, later), 0);
    assert.equal(await failuresOf('pair:window'), 1);
  });

  it('takes a count back for an attempt that turned out right, and lifts a hold it set', async () => {
    const keys = [{ key: 'address:refund', policy: ADDRESS_POLICY }];
    for (let i = 0; i < ADDRESS_POLICY.freeFailures; i++) await reserveAttempt(app.db, keys);
    assert.ok((await reserveAttempt(app.db, keys)) > 0, 'the 30th failure holds the address');
    await refundAttempt(app.db, keys);
    assert.equal(await failuresOf('address:refund'), ADDRESS_POLICY.freeFailures - 1);
    assert.equal(await reserveAttempt(app.db, keys), 0);
  });

  it('sweeps counts whose window and hold are over, and keeps the others', async () => {
    const old = new Date(Date.now() - 2 * PAIR_POLICY.windowMs);
    await reserveAttempt(app.db, [{ key: 'pair:stale', policy: PAIR_POLICY }], old);
    for (let i = 0; i < 5; i++)
      await reserveAttempt(app.db, [{ key: 'pair:held', policy: PAIR_POLICY }], old);
    await app.db
      .updateTable('login_throttle')
      .set({ blocked_until: new Date(Date.now() + 60_000).toISOString() })
      .where('key', '=', 'pair:held')
      .execute();
    await reserveAttempt(app.db, [{ key: 'pair:fresh', policy: PAIR_POLICY }]);
    assert.ok((await deleteStaleThrottles(app.db)) >= 1);
    assert.equal(await failuresOf('pair:stale'), undefined);
    assert.equal(await failuresOf('pair:held'), 5, 'a hold still running is kept');
    assert.equal(await failuresOf('pair:fresh'), 1);
  });
});
