import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { sessionCookieName } from '../../../src/plugins/sessions.js';
import { assertBadRequest, assertProblem } from '../../helpers/assert-problem.js';
import { Browser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';

const PASSWORD = 'a good long password';

describe('accounts: /api/auth', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });

  const countUsers = async () =>
    Number(
      (
        await app.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('GET /api/auth/me', () => {
    it('tells an anonymous visitor loggedIn: false and issues a CSRF token', async () => {
      const res = await new Browser(app).get('/api/auth/me');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.loggedIn, false);
      assert.equal(body.user, undefined);
      assert.match(body.csrfToken, /^\S{20,}$/);
      assert.equal(res.headers['cache-control'], 'no-store');
    });

    it("sets the secret's cookie signed, Path=/, HttpOnly, SameSite=Lax, and Secure with __Host- over HTTPS", async () => {
      const secureApp = await buildTestApp({ secureCookies: true });
      for (const [server, name, attributes] of [
        [app, 'kizuna-csrf', 'Path=/; HttpOnly; SameSite=Lax'],
        [secureApp, '__Host-kizuna-csrf', 'Path=/; HttpOnly; Secure; SameSite=Lax'],
      ] as const) {
        const header = (await server.inject({ url: '/api/auth/me' })).headers['set-cookie'];
        // Exactly what @fastify/cookie's serializer writes for these options (the cookie package's
        // attribute order), one header, the value signed with the cookie secret.
        assert.match(String(header), new RegExp(`^${name}=([^;]+); ${attributes}$`));
        const value = String(header).slice(`${name}=`.length).split(';')[0];
        assert.equal(fastifyCookie.unsign(value, server.config.sessionSecret).valid, true);
      }
      await secureApp.close();
    });

    it('keeps the secret of a browser that has one, and replaces a cookie that is not ours', async () => {
      const browser = new Browser(app);
      const first = await browser.get('/api/auth/me');
      assert.equal(first.cookies.length, 1, 'the secret is set once');
      const again = await browser.get('/api/auth/me');
      assert.equal(again.cookies.length, 0, 'and then kept');
      assert.notEqual(again.json().csrfToken, first.json().csrfToken, 'every token is salted anew');
      const forged = new Browser(app);
      forged.cookies.set('kizuna-csrf', 'chosen-by-someone-else.not-signed-by-us');
      const replaced = await forged.get('/api/auth/me');
      assert.equal(replaced.cookies.length, 1);
      assert.notEqual(
        (replaced.cookies[0] as { value: string }).value,
        'chosen-by-someone-else.not-signed-by-us',
      );
      // Its token works with the new secret only.
      assert.equal((await forged.post('/api/auth/logout', undefined)).statusCode, 204);
    });

    it('checks every cookie it has not seen signed by us, even one like a cookie it has seen', async () => {
      const browser = new Browser(app);
      const first = await browser.get('/api/auth/me');
      const signed = (first.cookies[0] as { value: string }).value;
      assert.equal((await browser.get('/api/auth/me')).cookies.length, 0, 'a signed cookie is kept');
      // The same secret under another signature, and another secret under the same signature.
      const [secret, signature] = signed.split('.');
      const flipped = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
      for (const altered of [`${secret}.${flipped(signature)}`, `${flipped(secret)}.${signature}`]) {
        const forged = new Browser(app);
        forged.cookies.set('kizuna-csrf', altered);
        const replaced = await forged.get('/api/auth/me');
        assert.equal(replaced.cookies.length, 1, altered);
        assert.notEqual((replaced.cookies[0] as { value: string }).value, altered);
      }
      // And the browser with the real cookie still has its secret.
      assert.equal((await browser.get('/api/auth/me')).cookies.length, 0);
      assert.equal((await browser.post('/api/auth/logout', undefined)).statusCode, 204);
    });
  });

  describe('POST /api/auth/register', () => {
    it('creates an unverified user, answers 201 {user} without any secret, and does not log in', async () => {
      const browser = new Browser(app);
      const res = await browser.post('/api/auth/register', {
        username: 'Hana',
        email: 'hana@example.org',
        password: PASSWORD,
      });
      assert.equal(res.statusCode, 201);
      const { user } = res.json();
      assert.deepEqual(Object.keys(user).sort(), [
        'createdAt',
        'email',
        'id',
        'isVerified',
        'role',
        'username',
      ]);
      assert.equal(user.username, 'Hana');
      assert.equal(user.role, 'user');
      assert.equal(user.isVerified, false);
      assert.doesNotMatch(res.body, /argon2|password/i);
      assert.equal((await browser.get('/api/auth/me')).json().loggedIn, false);
    });

    const refusals: Array<[string, Record<string, unknown>, string]> = [
      [
        'a username under 3 characters',
        { username: 'ab', email: 'ab@example.org', password: PASSWORD },
        'username',
      ],
      [
        'a username over 50 characters',
        { username: 'x'.repeat(51), email: 'x@example.org', password: PASSWORD },
        'username',
      ],
      ['a username with an @', { username: 'a@b', email: 'ab2@example.org', password: PASSWORD }, 'username'],
      [
        'a password under 8 characters',
        { username: 'shorty', email: 'shorty@example.org', password: '1234567' },
        'password',
      ],
      [
        'a password over 128 characters',
        { username: 'longpw', email: 'longpw@example.org', password: 'p'.repeat(129) },
        'password',
      ],
      ['a malformed e-mail', { username: 'mailless', email: 'not-an-email', password: PASSWORD }, 'email'],
      ['a missing e-mail', { username: 'mailless', password: PASSWORD }, 'email'],
    ];
    for (const [what, payload, field] of refusals) {
      it(`refuses ${what} with 400 naming ${field}, and stores nothing`, async () => {
        const before = await countUsers();
        assertBadRequest(await new Browser(app).post('/api/auth/register', payload), field);
        assert.equal(await countUsers(), before);
      });
    }

    it('accepts the boundary lengths: 3 and 50 character usernames, 8 and 128 character passwords', async () => {
      const browser = new Browser(app);
      for (const [username, password] of [
        ['abc', '12345678'],
        ['y'.repeat(50), 'q'.repeat(128)],
      ]) {
        const res = await browser.post('/api/auth/register', {
          username,
          email: `${username}@example.org`,
          password,
        });
        assert.equal(res.statusCode, 201, res.body);
      }
    });

    describe('usernames of every script, and no look-alikes', () => {
      const registerAs = (username: string) =>
        new Browser(app).post('/api/auth/register', {
          username,
          email: `${Buffer.from(username).toString('hex').slice(0, 40)}@example.org`,
          password: PASSWORD,
        });

      it('accepts letters with combining marks of any script, and stores a decomposed é composed (NFC)', async () => {
        const devanagari = await registerAs('नमस्ते');
        assert.equal(devanagari.statusCode, 201, devanagari.body);
        assert.equal(devanagari.json().user.username, 'नमस्ते');
        const decomposed = await registerAs('rene\u0301e');
        assert.equal(decomposed.statusCode, 201, decomposed.body);
        assert.equal(decomposed.json().user.username, 'ren\u00e9e');
        const login = await new Browser(app).login('rene\u0301e', PASSWORD);
        assert.equal(login.json().user.username, 'ren\u00e9e', 'either spelling logs in');
      });

      it('refuses names of only punctuation, or beginning with a combining mark, with 400', async () => {
        for (const username of ['...', '_-.', '\u0301abc']) {
          const before = await countUsers();
          assertBadRequest(await registerAs(username), 'username');
          assert.equal(await countUsers(), before, username);
        }
      });

      it('refuses look-alikes of a taken name as taken (409), and stores nothing', async () => {
        assert.equal((await registerAs('sakura')).statusCode, 201);
        for (const lookAlike of ['ѕаkurа', 'ｓａｋｕｒａ', '𝐬𝐚𝐤𝐮𝐫𝐚', 'SAKURA']) {
          const before = await countUsers();
          const res = await registerAs(lookAlike);
          assertProblem(res, 409, 'CONFLICT', lookAlike);
          assert.equal(res.json().errors[0].field, 'username');
          assert.equal(await countUsers(), before);
        }
      });

      it('refuses reserved names and their look-alikes (409)', async () => {
        for (const reserved of [
          'admin',
          'аdmin',
          'ａｄｍｉｎ',
          '𝐚𝐝𝐦𝐢𝐧',
          'Administrator',
          'root',
          'r00t',
          'support',
          'KlZUNA',
          'moderator',
          'system',
        ]) {
          const before = await countUsers();
          assertProblem(await registerAs(reserved), 409, 'CONFLICT', reserved);
          assert.equal(await countUsers(), before, reserved);
        }
      });

      it('lets the unique index decide between two look-alikes written at once', async () => {
        const answers = await Promise.all([registerAs('kaede'), registerAs('kаede')]);
        assert.deepEqual(answers.map((r) => r.statusCode).sort(), [201, 409]);
      });
    });

    it('refuses a duplicate username or e-mail in another letter case with 409', async () => {
      const browser = new Browser(app);
      await browser.post('/api/auth/register', {
        username: 'Kenji',
        email: 'kenji@example.org',
        password: PASSWORD,
      });
      const before = await countUsers();
      const sameName = await browser.post('/api/auth/register', {
        username: 'KENJI',
        email: 'other@example.org',
        password: PASSWORD,
      });
      assertProblem(sameName, 409, 'CONFLICT');
      assert.equal(sameName.json().errors[0].field, 'username');
      const sameMail = await browser.post('/api/auth/register', {
        username: 'kenji2',
        email: 'Kenji@Example.ORG',
        password: PASSWORD,
      });
      assert.equal(sameMail.statusCode, 409);
      assert.equal(sameMail.json().errors[0].field, 'email');
      assert.equal(await countUsers(), before);
    });

    it('needs the CSRF token: missing, invalid or another browser’s token → 403, nothing stored', async () => {
      const before = await countUsers();
      const payload = { username: 'csrfless', email: 'csrfless@example.org', password: PASSWORD };
      const browser = new Browser(app);
      await browser.token();
      const missing = await browser.post('/api/auth/register', payload, { csrf: false });
      assertProblem(missing, 403, 'CSRF_INVALID');
      const invalid = await browser.post('/api/auth/register', payload, {
        headers: { 'x-csrf-token': 'forged' },
      });
      assert.equal(invalid.statusCode, 403);
      const othersToken = await new Browser(app).token();
      const foreign = await browser.post('/api/auth/register', payload, {
        headers: { 'x-csrf-token': othersToken },
      });
      assert.equal(foreign.statusCode, 403);
      const noCookieAtAll = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload,
        headers: { 'x-csrf-token': othersToken },
      });
      assert.equal(noCookieAtAll.statusCode, 403);
      assert.equal(await countUsers(), before);
    });

    it('refuses malformed JSON with 400, a body over 1 MiB with 413 and a form body with 415', async () => {
      const browser = new Browser(app);
      const malformed = await browser.request({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "x",',
      });
      assert.equal(malformed.statusCode, 400);
      assert.equal(malformed.json().errors[0].field, 'body');
      const huge = await browser.request({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          username: 'big',
          email: 'big@example.org',
          password: 'p'.repeat(2 * 1024 * 1024),
        }),
      });
      assertProblem(huge, 413, 'PAYLOAD_TOO_LARGE');
      const form = await browser.request({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=formy&email=f@example.org&password=12345678',
      });
      assert.equal(form.statusCode, 415);
    });
  });

  describe('login and logout', () => {
    before(async () => {
      const res = await new Browser(app).post('/api/auth/register', {
        username: 'Mei',
        email: 'mei@example.org',
        password: PASSWORD,
      });
      assert.equal(res.statusCode, 201);
    });

    it('follows the documented client flow: one token from /me works for login, a like-style write and logout', async () => {
      const browser = new Browser(app);
      const token = await browser.token();
      const login = await browser.post('/api/auth/login', { usernameOrEmail: 'mei', password: PASSWORD });
      assert.equal(login.statusCode, 200);
      assert.equal(login.json().user.username, 'Mei');
      assert.equal(browser.csrfToken, token);
      const me = (await browser.get('/api/auth/me')).json();
      assert.equal(me.loggedIn, true);
      assert.equal(me.user.email, 'mei@example.org');
      const logout = await browser.post('/api/auth/logout');
      assert.equal(logout.statusCode, 204);
      assert.equal((await browser.get('/api/auth/me')).json().loggedIn, false);
      // The same first token still works after logout.
      const again = await browser.post('/api/auth/login', {
        usernameOrEmail: 'MEI@example.org',
        password: PASSWORD,
      });
      assert.equal(again.statusCode, 200);
    });

    it('accepts the e-mail address in any letter case as the login name', async () => {
      const res = await new Browser(app).post('/api/auth/login', {
        usernameOrEmail: 'Mei@Example.Org',
        password: PASSWORD,
      });
      assert.equal(res.statusCode, 200);
    });

    it('gives the same 401 for an unknown user and a wrong password', async () => {
      const unknown = await new Browser(app, '10.0.0.1').post('/api/auth/login', {
        usernameOrEmail: 'nobody',
        password: PASSWORD,
      });
      const wrong = await new Browser(app, '10.0.0.1').post('/api/auth/login', {
        usernameOrEmail: 'mei',
        password: 'not the password',
      });
      assert.equal(unknown.statusCode, 401);
      assert.equal(wrong.statusCode, 401);
      assert.deepEqual(unknown.json(), wrong.json());
    });

    it('rotates the session id at login and destroys the session at logout', async () => {
      const browser = new Browser(app);
      await browser.login('mei', PASSWORD);
      const first = browser.cookies.get(sessionCookieName(app.config))!;
      await browser.login('mei', PASSWORD);
      const second = browser.cookies.get(sessionCookieName(app.config))!;
      assert.notEqual(first, second);
      // The old id no longer opens a session.
      const replay = await app.inject({
        url: '/api/auth/me',
        cookies: { [sessionCookieName(app.config)]: first },
      });
      assert.equal(replay.json().loggedIn, false);
      await browser.post('/api/auth/logout');
      const afterLogout = await app.inject({
        url: '/api/auth/me',
        cookies: { [sessionCookieName(app.config)]: second },
      });
      assert.equal(afterLogout.json().loggedIn, false);
      const stored = await app.db.selectFrom('sessions').select('id_hash').execute();
      assert.ok(
        stored.every((s) => s.id_hash !== first && s.id_hash !== second),
        'raw ids are never stored',
      );
    });

    it('sets HttpOnly, SameSite=Lax cookies', async () => {
      const browser = new Browser(app);
      const res = await browser.post('/api/auth/login', { usernameOrEmail: 'mei', password: PASSWORD });
      const cookies = [res.headers['set-cookie']].flat().join('\n');
      assert.match(cookies, /kizuna-session=[^;]+;.*HttpOnly/);
      assert.match(cookies, /SameSite=Lax/);
    });

    it('needs the CSRF token for login and logout', async () => {
      const browser = new Browser(app);
      const login = await browser.post(
        '/api/auth/login',
        { usernameOrEmail: 'mei', password: PASSWORD },
        { csrf: false },
      );
      assert.equal(login.statusCode, 403);
      await browser.login('mei', PASSWORD);
      const logout = await browser.post('/api/auth/logout', undefined, {
        headers: { 'x-csrf-token': 'nope' },
      });
      assert.equal(logout.statusCode, 403);
      assert.equal((await browser.get('/api/auth/me')).json().loggedIn, true);
    });

    it('holds back one address guessing one account with 429 and Retry-After, even for the right password', async () => {
      await new Browser(app).post('/api/auth/register', {
        username: 'target',
        email: 'target@example.org',
        password: PASSWORD,
      });
      const attacker = new Browser(app, '198.51.100.20');
      for (let i = 0; i < 5; i++) {
        const res = await attacker.post('/api/auth/login', {
          usernameOrEmail: 'target',
          password: `wrong-${i}-guess`,
        });
        assert.equal(res.statusCode, 401);
      }
      const blocked = await attacker.post('/api/auth/login', {
        usernameOrEmail: 'target',
        password: PASSWORD,
      });
      assertProblem(blocked, 429, 'RATE_LIMITED');
      const retryAfter = Number(blocked.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 30, `Retry-After ${retryAfter}`);
      const owner = await new Browser(app, '198.51.100.21').post('/api/auth/login', {
        usernameOrEmail: 'target',
        password: PASSWORD,
      });
      assert.equal(owner.statusCode, 200, 'the stranger cannot lock the owner out');
    });

    it('checks only five of sixty parallel guesses, and refuses the rest without looking', async () => {
      await new Browser(app).post('/api/auth/register', {
        username: 'burst',
        email: 'burst@example.org',
        password: PASSWORD,
      });
      const attacker = new Browser(app, '198.51.100.40');
      await attacker.token();
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          attacker.post('/api/auth/login', { usernameOrEmail: 'burst', password: `wrong-${i}-guess` }),
        ),
      );
      const counts = new Map<number, number>();
      for (const answer of answers) counts.set(answer.statusCode, (counts.get(answer.statusCode) ?? 0) + 1);
      assert.deepEqual(Object.fromEntries(counts), { 401: 5, 429: 55 });
    });

    it('holds an account guessed from many addresses back for new browsers, never for one that logged in before', async () => {
      await new Browser(app).post('/api/auth/register', {
        username: 'famous',
        email: 'famous@example.org',
        password: PASSWORD,
      });
      const ownersBrowser = new Browser(app, '192.0.2.1');
      assert.equal((await ownersBrowser.login('famous', PASSWORD)).statusCode, 200);
      await ownersBrowser.post('/api/auth/logout');
      for (let i = 0; i < 50; i++) {
        const res = await new Browser(app, `203.0.113.${i + 1}`).post('/api/auth/login', {
          usernameOrEmail: 'famous',
          password: `wrong-${i}-guess`,
        });
        assert.equal(res.statusCode, 401, `guess ${i}`);
      }
      const newBrowser = await new Browser(app, '192.0.2.2').post('/api/auth/login', {
        usernameOrEmail: 'famous',
        password: PASSWORD,
      });
      assert.equal(newBrowser.statusCode, 429, 'a distributed attack holds the account back');
      const forged = new Browser(app, '192.0.2.3');
      forged.cookies.set(
        'kizuna-device',
        String((await ownersBrowser.get('/api/auth/me')).json().user?.id ?? 1),
      );
      assert.equal(
        (await forged.post('/api/auth/login', { usernameOrEmail: 'famous', password: PASSWORD })).statusCode,
        429,
        'an unsigned device cookie counts for nothing',
      );
      assert.equal(
        (await ownersBrowser.login('famous', PASSWORD)).statusCode,
        200,
        'the owner’s browser gets in',
      );
    });

    it('counts an IPv6 client by its /64, so rotating addresses earns no new guesses', async () => {
      await new Browser(app).post('/api/auth/register', {
        username: 'sixer',
        email: 'sixer@example.org',
        password: PASSWORD,
      });
      for (let i = 0; i < 5; i++) {
        const res = await new Browser(app, `2001:db8:77:1::${i + 1}`).post('/api/auth/login', {
          usernameOrEmail: 'sixer',
          password: `wrong-${i}-guess`,
        });
        assert.equal(res.statusCode, 401);
      }
      const rotated = await new Browser(app, '2001:db8:77:1:abcd::9').post('/api/auth/login', {
        usernameOrEmail: 'sixer',
        password: PASSWORD,
      });
      assert.equal(rotated.statusCode, 429);
      const elsewhere = await new Browser(app, '2001:db8:77:2::1').post('/api/auth/login', {
        usernameOrEmail: 'sixer',
        password: PASSWORD,
      });
      assert.equal(elsewhere.statusCode, 200);
    });

    it('counts failures per account, whether it is named by username or by e-mail', async () => {
      await new Browser(app).post('/api/auth/register', {
        username: 'twonames',
        email: 'twonames@example.org',
        password: PASSWORD,
      });
      const attacker = new Browser(app, '198.51.100.30');
      for (let i = 0; i < 5; i++) {
        const login = i % 2 === 0 ? 'twonames' : 'TwoNames@example.org';
        assert.equal(
          (await attacker.post('/api/auth/login', { usernameOrEmail: login, password: `wrong-${i}-guess` }))
            .statusCode,
          401,
        );
      }
      const blocked = await attacker.post('/api/auth/login', {
        usernameOrEmail: 'twonames@example.org',
        password: PASSWORD,
      });
      assert.equal(blocked.statusCode, 429);
    });

    it('takes logout from clients that label every request as JSON, and still refuses an empty register body', async () => {
      const browser = new Browser(app);
      await browser.login('mei', PASSWORD);
      const logout = await browser.post('/api/auth/logout', undefined, {
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(logout.statusCode, 204);
      const register = await browser.post('/api/auth/register', undefined, {
        headers: { 'content-type': 'application/json' },
      });
      assertProblem(register, 400, 'VALIDATION_FAILED');
    });

    it('holds back an address that fails on many accounts', async () => {
      const sprayer = new Browser(app, '198.51.100.99');
      let last = 0;
      for (let i = 0; i < 31; i++) {
        last = (
          await sprayer.post('/api/auth/login', { usernameOrEmail: `spray${i}`, password: 'whatever1' })
        ).statusCode;
        if (last === 429) break;
      }
      assert.equal(last, 429);
      const other = await new Browser(app, '198.51.100.100').post('/api/auth/login', {
        usernameOrEmail: 'mei',
        password: PASSWORD,
      });
      assert.equal(other.statusCode, 200, 'other addresses are not affected');
    });
  });
});
