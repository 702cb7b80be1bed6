import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from '../../../src/config.js';
import { adminSpecProblems, ensureAdmin } from '../../../src/directory/admin/bootstrap-admin.js';
import { hashPassword } from '../../../src/directory/auth/passwords.js';
import { createUser, findUserByLogin } from '../../../src/directory/users/users-repository.js';
import { Browser } from '../../helpers/browser.js';
import { buildTestApp, SOURCES_ONLY } from '../../helpers/test-app.js';

describe('admin bootstrap from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('creates the admin at start, and it can log in', async () => {
    const app = await buildTestApp({
      admin: { username: 'boss', email: 'boss@example.org', password: 'boss-password-1' },
    });
    const user = await findUserByLogin(app.db, 'boss');
    assert.equal(user?.role, 'admin');
    assert.equal(user?.is_verified, 1);
    const res = await new Browser(app).post('/api/auth/login', {
      usernameOrEmail: 'boss@example.org',
      password: 'boss-password-1',
    });
    assert.equal(res.json().user.role, 'admin');
  });

  it('promotes an existing account and sets the configured password; a second run changes nothing', async () => {
    const app = await buildTestApp();
    await createUser(app.db, {
      username: 'chief',
      email: 'chief@example.org',
      passwordHash: await hashPassword('old-password-1'),
    });
    const spec = { username: 'chief', email: 'chief@example.org', password: 'new-password-1' };
    assert.equal(await ensureAdmin(app.db, spec), 'promoted');
    assert.equal(await ensureAdmin(app.db, spec), 'unchanged');
    assert.equal((await findUserByLogin(app.db, 'chief'))?.role, 'admin');
    const login = await new Browser(app).post('/api/auth/login', {
      usernameOrEmail: 'chief',
      password: 'new-password-1',
    });
    assert.equal(login.statusCode, 200);
  });

  it('holds the ADMIN_* variables to the rules of registration', () => {
    const good = { username: 'root', email: 'root@example.org', password: 'long enough' };
    assert.deepEqual(adminSpecProblems(good), []);
    for (const [name, value] of [
      ['ADMIN_USERNAME', 'ro'],
      ['ADMIN_USERNAME', 'root@example.org'],
      ['ADMIN_EMAIL', 'not-an-email'],
      ['ADMIN_PASSWORD', 'short'],
    ]) {
      const field = name.slice('ADMIN_'.length).toLowerCase();
      const problems = adminSpecProblems({ ...good, [field]: value });
      assert.equal(problems.length, 1, `${name}=${value}`);
      assert.ok(problems[0].startsWith(`${name} `), problems[0]);
      // The password itself never appears in the message.
      if (name === 'ADMIN_PASSWORD') assert.ok(!problems[0].includes(value));
    }
  });

  it('stops start-up with a ConfigError that names the variable, before the admin is created', {
    skip: SOURCES_ONLY,
  }, async () => {
    await assert.rejects(
      buildTestApp({ admin: { username: 'root', email: 'root@example.org', password: 'short' } }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.length === 1 &&
        error.problems[0].startsWith('ADMIN_PASSWORD must have') &&
        !error.message.includes('short'),
    );
  });

  it('instances bootstrapping the same admin at once: one creates it, the others find it', async () => {
    const app = await buildTestApp();
    const spec = { username: 'racer', email: 'racer@example.org', password: 'racer-password-1' };
    const outcomes = await Promise.all([
      ensureAdmin(app.db, spec),
      ensureAdmin(app.db, spec),
      ensureAdmin(app.db, spec),
    ]);
    assert.deepEqual(outcomes.sort(), ['created', 'unchanged', 'unchanged']);
    const admins = await app.db.selectFrom('users').select(['username', 'role']).execute();
    assert.deepEqual(admins, [{ username: 'racer', role: 'admin' }]);
  });

  it('refuses when the username and the e-mail belong to two different accounts', async () => {
    const app = await buildTestApp();
    await createUser(app.db, { username: 'one', email: 'one@example.org', passwordHash: 'x' });
    await createUser(app.db, { username: 'two', email: 'two@example.org', passwordHash: 'x' });
    await assert.rejects(
      ensureAdmin(app.db, { username: 'one', email: 'two@example.org', password: 'password-123' }),
    );
  });
});
