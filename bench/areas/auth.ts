import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/directory/auth/passwords.js';
import { createUser } from '../../src/directory/users/users-repository.js';
import { againstBaseline } from '../lib/against-baseline.js';
import type { BenchArea, BenchRow } from '../lib/types.js';

const USERNAME = 'bench-user';
const PASSWORD = 'bench-password-1';

/** Logs in through the real routes and returns the cookie header and CSRF token of that browser. */
async function session(baseUrl: string): Promise<{ cookie: string; token: string }> {
  const me = await fetch(`${baseUrl}/api/auth/me`);
  const token = ((await me.json()) as { csrfToken: string }).csrfToken;
  const jar = me.headers.getSetCookie().map((c) => c.split(';')[0]);
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: jar.join('; ') },
    body: JSON.stringify({ usernameOrEmail: USERNAME, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
  jar.push(...login.headers.getSetCookie().map((c) => c.split(';')[0]));
  return { cookie: jar.join('; '), token };
}

export const area: BenchArea = {
  name: 'auth',
  async setup(app: FastifyInstance) {
    await createUser(app.db, {
      username: USERNAME,
      email: 'bench@example.org',
      passwordHash: await hashPassword(PASSWORD),
    });
  },
  async run(ctx) {
    const rows: BenchRow[] = [];
    const measure = async (name: string, path: string, target: string, headers?: Record<string, string>) => {
      rows.push(...(await againstBaseline(ctx, 'auth', name, path, { target, load: { headers } })));
    };
    await measure('GET /api/auth/me anonymous', '/api/auth/me', '≥ 0.6');
    const { cookie, token } = await session(ctx.baseUrl);
    await measure('GET /api/auth/me logged in', '/api/auth/me', '≥ 0.5', { cookie });
    const loginMs = await ctx.medianMs(15, async () => {
      const res = await fetch(`${ctx.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
        body: JSON.stringify({ usernameOrEmail: USERNAME, password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login ${res.status}`);
    });
    rows.push({ area: 'auth', name: 'POST /api/auth/login median (argon2id)', value: loginMs, unit: 'ms' });
    return rows;
  },
};
