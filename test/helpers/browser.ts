import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/directory/auth/passwords.js';
import { createUser, type Role } from '../../src/directory/users/users-repository.js';

/**
 * A client that keeps cookies between requests, like a browser, and sends the CSRF token from
 * GET /api/auth/me on state-changing requests.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  csrfToken?: string;

  constructor(
    readonly app: FastifyInstance,
    readonly remoteAddress = '127.0.0.1',
  ) {}

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, ...rest } = options;
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) };
    const method = (rest.method ?? 'GET').toUpperCase();
    // The token first: fetching it sets the cookie its secret lives in.
    if (csrf && method !== 'GET' && method !== 'HEAD' && !('x-csrf-token' in headers)) {
      headers['x-csrf-token'] = await this.token();
    }
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await this.app.inject({ remoteAddress: this.remoteAddress, ...rest, headers });
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options: Omit<InjectOptions, 'url' | 'method'> = {}) {
    return this.request({ ...options, method: 'GET', url });
  }

  post(
    url: string,
    payload?: InjectOptions['payload'],
    options: Omit<InjectOptions, 'url' | 'method'> & { csrf?: boolean } = {},
  ) {
    return this.request({ ...options, method: 'POST', url, payload });
  }

  delete(url: string, options: Omit<InjectOptions, 'url' | 'method'> & { csrf?: boolean } = {}) {
    return this.request({ ...options, method: 'DELETE', url });
  }

  /** The CSRF token, fetched once from GET /api/auth/me, as the UI's client flow does. */
  async token(): Promise<string> {
    if (!this.csrfToken) {
      const me = await this.request({ method: 'GET', url: '/api/auth/me' });
      this.csrfToken = me.json().csrfToken as string;
    }
    return this.csrfToken;
  }

  async login(usernameOrEmail: string, password: string) {
    const response = await this.post('/api/auth/login', { usernameOrEmail, password });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}

let counter = 0;

/** Creates an account straight in the database and returns a browser logged in as it. */
export async function loggedInBrowser(
  app: FastifyInstance,
  options: { role?: Role; username?: string; verified?: boolean; remoteAddress?: string } = {},
): Promise<Browser & { userId: number; username: string }> {
  counter += 1;
  const username = options.username ?? `${options.role ?? 'user'}${counter}_${process.pid}`;
  const password = 'correct horse battery staple';
  const user = await createUser(app.db, {
    username,
    email: `${username}@example.org`,
    passwordHash: await hashPassword(password),
    role: options.role ?? 'user',
    isVerified: options.verified ?? options.role === 'admin',
  });
  const browser = new Browser(app, options.remoteAddress);
  await browser.login(username, password);
  return Object.assign(browser, { userId: user.id, username });
}
