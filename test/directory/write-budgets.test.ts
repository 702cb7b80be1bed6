import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { imageDecoding } from '../../src/lib/work-gate.js';
import { assertProblem } from '../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../helpers/browser.js';
import { buildTestApp, SOURCES_ONLY } from '../helpers/test-app.js';
import { imageBytes, submitGroup, VALID_FIELDS } from './groups/group-fixtures.js';

const count = async (app: FastifyInstance, table: 'users' | 'groups') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let registered = 0;
const register = (app: FastifyInstance, remoteAddress: string) => {
  registered += 1;
  return new Browser(app, remoteAddress).post('/api/auth/register', {
    username: `budget${registered}`,
    email: `budget${registered}@example.org`,
    password: 'a good long password',
  });
};

describe('write budgets', () => {
  describe('registrations per client network', () => {
    it('lets the budget in from one /64, then 429 + Retry-After with nothing written; another /64 still registers', async () => {
      const app = await buildTestApp({ registrationsPerHour: 3 });
      for (let host = 1; host <= 3; host++)
        assert.equal((await register(app, `2001:db8:77:1::${host}`)).statusCode, 201);
      const before = await count(app, 'users');
      const refused = await register(app, '2001:db8:77:1::99');
      assertProblem(refused, 429, 'RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= 3600, String(retryAfter));
      assert.equal(await count(app, 'users'), before, 'the refused registration wrote nothing');
      assert.equal((await register(app, '2001:db8:77:2::1')).statusCode, 201);
    });

    it('counts only registrations that happened: a refused one (409) gives its unit back', async () => {
      const app = await buildTestApp({ registrationsPerHour: 1 });
      const browser = new Browser(app, '203.0.113.40');
      const body = { username: 'taken', email: 'taken@example.org', password: 'a good long password' };
      assert.equal((await browser.post('/api/auth/register', body)).statusCode, 201);
      const other = new Browser(app, '203.0.113.41');
      assertProblem(await other.post('/api/auth/register', body), 409, 'CONFLICT');
      assert.equal((await register(app, '203.0.113.41')).statusCode, 201);
    });

    it('defaults to 5 per hour', async () => {
      const { loadConfig } = await import('../../src/config.js');
      const config = loadConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent-kizuna' });
      assert.equal(config.registrationsPerHour, 5);
      assert.equal(config.groupSubmissionsPerHour, 10);
    });

    it('shares the budget between instances through the database', {
      skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL',
    }, async () => {
      const a = await buildTestApp({ registrationsPerHour: 2 });
      const b = await buildTestApp({
        registrationsPerHour: 2,
        databaseUrl: a.config.databaseUrl,
        redisPrefix: a.config.redisPrefix,
      });
      assert.equal((await register(a, '198.51.100.5')).statusCode, 201);
      assert.equal((await register(b, '198.51.100.5')).statusCode, 201);
      assertProblem(await register(a, '198.51.100.5'), 429, 'RATE_LIMITED');
      assertProblem(await register(b, '198.51.100.5'), 429, 'RATE_LIMITED');
    });
  });

  describe('group submissions per account and per client network', () => {
    it('refuses the account past its budget with 429 and writes nothing', async () => {
      const app = await buildTestApp({ groupSubmissionsPerHour: 2 });
      const user = await loggedInBrowser(app, { remoteAddress: '203.0.113.60' });
      for (let i = 0; i < 2; i++)
        assert.equal((await submitGroup(user, { ...VALID_FIELDS, title: `Budget ${i}` })).statusCode, 201);
      const before = await count(app, 'groups');
      const refused = await submitGroup(user, { ...VALID_FIELDS, title: 'One too many' });
      assertProblem(refused, 429, 'RATE_LIMITED');
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal(await count(app, 'groups'), before);
    });

    it('refuses a second account on the same network once the network has spent its budget', async () => {
      const app = await buildTestApp({ groupSubmissionsPerHour: 1 });
      const first = await loggedInBrowser(app, { remoteAddress: '2001:db8:88:1::1' });
      const second = await loggedInBrowser(app, { remoteAddress: '2001:db8:88:1::2' });
      const elsewhere = await loggedInBrowser(app, { remoteAddress: '2001:db8:88:2::1' });
      assert.equal((await submitGroup(first, { ...VALID_FIELDS, title: 'First' })).statusCode, 201);
      assertProblem(await submitGroup(second, { ...VALID_FIELDS, title: 'Second' }), 429, 'RATE_LIMITED');
      assert.equal((await submitGroup(elsewhere, { ...VALID_FIELDS, title: 'Elsewhere' })).statusCode, 201);
      assert.equal(await count(app, 'groups'), 2);
    });
  });

  describe('image decoding under load', () => {
    it('answers 503 + Retry-After when the decoders and their line are full, writes nothing and spends no budget', {
      skip: SOURCES_ONLY,
    }, async () => {
      const app = await buildTestApp({ groupSubmissionsPerHour: 1 });
      const user = await loggedInBrowser(app);
      const logo = { bytes: await imageBytes('png', 200, 200), filename: 'logo.png' };
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const { concurrency, queue } = imageDecoding.options;
      const blockers = Array.from({ length: concurrency + queue }, () => imageDecoding.run(() => held));
      try {
        const refused = await submitGroup(user, { ...VALID_FIELDS, title: 'Busy', logo });
        assertProblem(refused, 503, 'SERVICE_UNAVAILABLE');
        assert.ok(Number(refused.headers['retry-after']) > 0);
        assert.equal(await count(app, 'groups'), 0);
      } finally {
        release();
        await Promise.all(blockers);
      }
      const later = await submitGroup(user, { ...VALID_FIELDS, title: 'Later', logo });
      assert.equal(later.statusCode, 201, 'the refused upload did not spend the budget of 1');
    });
  });
});
